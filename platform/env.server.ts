// The server's configuration: every variable it reads, checked by one zod schema. The entries
// (server/main.ts, server/dev.ts, the CLI scripts) call startEnv() first: it loads ./.env when
// there is one, parses the environment once and refuses a bad value with one line naming the
// variable and what it accepts, before anything else runs. Every other module reads the parsed
// values through readEnv(); none reads process.env. Every variable is listed in .env.example.
// See docs/decisions/019-environment.md. The server's entries also have startEnv() hand glibc's
// allocator MALLOC_ARENA_MAX, which it reads only at process start (docs/decisions/030-server-memory.md).
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";

/** The env file the entries load from the working directory; variables already set win. */
export const ENV_FILE_NAME = ".env";

/** APP_SECRET's floor: 32 characters of `openssl rand -base64 32` carry 192 bits. */
export const MIN_APP_SECRET_LENGTH = 32;
/** Secrets APP_SECRET may hold at once: the one that signs, and the ones still accepted while rotating. */
export const MAX_APP_SECRETS = 4;

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * glibc's malloc arenas for the server's process (MALLOC_ARENA_MAX) unless the variable says
 * otherwise. glibc's own default is 8 per core, and every libvips thread that ever decoded or
 * encoded a photo keeps its arena's freed memory: 1 GB held for good after the demo import.
 * See docs/decisions/030-server-memory.md.
 */
export const DEFAULT_MALLOC_ARENA_MAX = 2;
/** Two: a wedding's 3,000 photos are searched in about half an hour on two cores (ADR 044). */
export const DEFAULT_FACE_PROCESSES = 2;
const MAX_FACE_PROCESSES = 64;
const MAX_MALLOC_ARENA_MAX = 1024;

/** The named ranges Express's "trust proxy" (proxy-addr) knows. */
export const TRUST_PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"] as const;

/**
 * What Express's "trust proxy" is given: false (trust no proxy), true (trust every hop: the
 * client is the left-most X-Forwarded-For address), a number of hops to trust, or the named
 * ranges, addresses and subnets of the proxies to trust.
 */
export type TrustProxy = boolean | number | string[];

/** MEDIA_STORE's choices: a folder under DATA_DIR (the default), or an S3-compatible bucket. */
export const MEDIA_STORES = ["folder", "s3"] as const;

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Garage, Ceph) holding the media. */
export interface S3Settings {
  bucket: string;
  /** S3_ENDPOINT; undefined: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket as <endpoint>/<bucket>/ rather than <bucket>.<endpoint>/. */
  forcePathStyle: boolean;
  /** What every key starts with: "" or a path ending in "/" (one bucket, several studios). */
  prefix: string;
}

export interface MediaEnv {
  /** MEDIA_STORE=s3's bucket; undefined: the folders under DATA_DIR. */
  s3: S3Settings | undefined;
  /** MEDIA_PUBLIC_URL (ending in "/"): where pages link public images; undefined: /media/ on this site. */
  publicUrl: string | undefined;
}

export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  /** Public origin used in absolute URLs (canonical links, social cards). */
  publicUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** TRUST_PROXY as Express's "trust proxy" setting takes it. */
  trustProxy: TrustProxy;
  /**
   * APP_SECRET's secrets, newest first: the first signs, every one verifies, so a new secret can be
   * put in front and the old one dropped once what it signed has expired (ADR 036). Unset: the
   * server keeps a generated one under DATA_DIR (platform/secret.server.ts).
   */
  appSecrets: string[] | undefined;
  /** DATABASE_URL: a PostgreSQL server (postgres://…); unset: SQLite in DATA_DIR (platform/db). */
  databaseUrl: string | undefined;
  /** Skip the demo import on an empty database (for a studio starting from scratch). */
  skipDemo: boolean;
  /**
   * DEMO_PHOTOS_DIR: a folder of other photographs under the demo's manifest, imported instead of
   * the demo's own; unset: demo/photos. The tests give a production server small ones (ADR 040).
   */
  demoPhotosDir: string | undefined;
  /** Origins allowed to call the content API from a browser ("*" for any); empty: CORS off. */
  apiCorsOrigins: string[];
  /** Content API requests allowed per token per window. */
  apiRateLimit: number;
  apiRateWindowS: number;
  /** How long a shared cache (a CDN) may keep an API response; 0 keeps it private. */
  apiSharedCacheS: number;
  /**
   * API_STRICT=on: the content API refuses with a 400 what Strapi 4 ignores (an unknown
   * parameter or relation to populate, find's parameters on findOne); off (the default), it
   * ignores them as Strapi does.
   */
  apiStrict: boolean;
  /** MALLOC_ARENA_MAX that glibc gets: startEnv({ allocator: true }) restarts the process with it. */
  mallocArenaMax: number;
  /** The face model's processes at most (guest face search, ADR 044): each uses a core and ~250 MB while busy. */
  faceProcesses: number;
  /** Where media bytes live and where public images are linked from (docs/decisions/031-object-storage.md). */
  media: MediaEnv;
  /** Contact inquiries: mail delivery and spam limits (see domain/inquiries/). */
  inquiries: {
    /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587; unset: mail is off. */
    smtpUrl: string | undefined;
    /** Who receives inquiries; unset: the studio's first e-mail address. */
    inquiryTo: string | undefined;
    /** The From of every mail; unset: the recipient address. */
    mailFrom: string | undefined;
    /** Send the visitor a short acknowledgement (INQUIRY_ACK=on). */
    ack: boolean;
    /** Inquiries one client address may send per hour. */
    ratePerHour: number;
    /** Seconds a visitor must have had the form before a submission counts. */
    minFillSeconds: number;
    /** First retry delay of a failed delivery; it doubles per attempt. */
    retryBaseSeconds: number;
  };
}

/**
 * Variables whose value a refusal does not repeat: a secret, a URL with a password, and a list
 * whose refusal names the bad entry itself.
 */
const NOT_REPEATED = new Set([
  "APP_SECRET",
  "SMTP_URL",
  "API_CORS_ORIGINS",
  "DATABASE_URL",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
]);

const TRUST_PROXY_ALLOWED =
  "must be true, false, a number of proxy hops (1 for one proxy in front), or a comma-separated list of " +
  `${TRUST_PROXY_NAMES.join(", ")}, IP addresses and subnets (e.g. 10.0.0.0/8)`;

/** An empty value counts as unset, as `VAR=` in .env or a shell means "nothing here". */
function blankIsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema);
}

function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  const allowed = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
  const error = `must be a whole number ${allowed}`;
  return z
    .string()
    .trim()
    .regex(/^\d{1,15}$/, { error })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });
}

function onOff(hint: string) {
  return z.enum(["on", "off"], { error: `must be "on" or "off" (${hint})` });
}

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, host } = new URL(value);
  return (protocol === "http:" || protocol === "https:") && host !== "";
}

/** One entry of a TRUST_PROXY list: a named range, an address, or a subnet (prefix or IPv4 netmask). */
function isTrustProxyEntry(entry: string): boolean {
  if ((TRUST_PROXY_NAMES as readonly string[]).includes(entry)) return true;
  const [address = "", range, ...extra] = entry.split("/");
  const family = net.isIP(address);
  if (family === 0 || extra.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  // An IPv4 netmask (10.0.0.0/255.0.0.0): contiguous ones, as proxy-addr requires.
  if (family !== 4 || net.isIP(range) !== 4) return false;
  const bits = range
    .split(".")
    .map((octet) => Number(octet).toString(2).padStart(8, "0"))
    .join("");
  return /^1*0*$/.test(bits);
}

/**
 * TRUST_PROXY as Express takes it, or undefined when Express would misread it. A bare number is
 * a hop count: given as a string, Express would read "1" as the address 0.0.0.1 and trust no
 * real proxy, so every visitor would look like the proxy.
 */
export function parseTrustProxy(raw: string): TrustProxy | undefined {
  const value = raw.trim();
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  return entries.every(isTrustProxyEntry) ? entries : undefined;
}

/** Whether any proxy is trusted: the tus server then honours X-Forwarded-Proto and -Host too. */
export function trustsAProxy(trustProxy: TrustProxy): boolean {
  return trustProxy === true || (typeof trustProxy === "number" && trustProxy > 0) || Array.isArray(trustProxy);
}

const CORS_ALLOWED = `must be * or a comma-separated list of origins (scheme, host and port only, e.g. https://app.example.com)`;

function corsOrigins(raw: string, ctx: z.RefinementCtx): string[] {
  const origins = raw
    .split(",")
    .map((o) => o.trim().replace(/\/+$/, ""))
    .filter((o) => o !== "");
  const bad = origins.find((o) => o !== "*" && !(isHttpUrl(o) && new URL(o).origin === o));
  if (bad !== undefined) ctx.addIssue({ code: "custom", message: `${CORS_ALLOWED}; "${bad}" is not one` });
  return origins;
}

/** A PostgreSQL connection URL: postgres:// or postgresql://, a host and a database name. */
function isPostgresUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return ["postgres:", "postgresql:"].includes(url.protocol) && url.pathname.length > 1;
}

/** AWS's rule for new bucket names, which R2, MinIO, Garage and Ceph keep too. */
const S3_BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_REGION_NAME = /^[a-z0-9][a-z0-9-]{0,31}$/;
/** S3_REGION unset: what AWS's SDKs and most S3-compatible services take when a region is irrelevant. */
export const DEFAULT_S3_REGION = "us-east-1";

/** S3_PREFIX: path segments of the characters our storage keys use, so a prefixed key stays one. */
function isKeyPrefix(value: string): boolean {
  return /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/.test(value) && !value.split("/").includes("..");
}

/** MEDIA_PUBLIC_URL: a base a key is appended to, so it ends in / and carries no query or fragment. */
function isMediaBaseUrl(value: string): boolean {
  if (!isHttpUrl(value) || !value.endsWith("/")) return false;
  const url = new URL(value);
  return url.search === "" && url.hash === "" && !value.includes("?") && !value.includes("#");
}

/** MEDIA_STORE=s3 cannot work without a bucket and the keys to it: one line per missing variable. */
function missingMediaSettings(v: z.infer<typeof envSchema>): string[] {
  if (v.MEDIA_STORE !== "s3") return [];
  const required = {
    S3_BUCKET: v.S3_BUCKET,
    S3_ACCESS_KEY_ID: v.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: v.S3_SECRET_ACCESS_KEY,
  };
  return Object.entries(required)
    .filter(([, value]) => value === undefined)
    .map(([name]) => `${name} must be set when MEDIA_STORE=s3 (the bucket, and the keys to it)`);
}

/** The bucket's settings when MEDIA_STORE=s3 (missingMediaSettings made sure they are there). */
function s3Settings(v: z.infer<typeof envSchema>): S3Settings | undefined {
  if (v.MEDIA_STORE !== "s3" || !v.S3_BUCKET || !v.S3_ACCESS_KEY_ID || !v.S3_SECRET_ACCESS_KEY) return undefined;
  return {
    bucket: v.S3_BUCKET,
    endpoint: v.S3_ENDPOINT,
    region: v.S3_REGION,
    accessKeyId: v.S3_ACCESS_KEY_ID,
    secretAccessKey: v.S3_SECRET_ACCESS_KEY,
    // A self-hosted service (MinIO, Garage) is usually reached by address, without a DNS name per bucket.
    forcePathStyle: (v.S3_FORCE_PATH_STYLE ?? (v.S3_ENDPOINT ? "on" : "off")) === "on",
    prefix: v.S3_PREFIX ?? "",
  };
}

/**
 * APP_SECRET: one secret, or several separated by commas while rotating, newest first (as the
 * Epic Stack's SESSION_SECRET). Base64 has no comma, so `openssl rand -base64 32` output is one
 * secret. Each must be long enough; the refusal says which and how long, never what.
 */
function appSecretList(raw: string, ctx: z.RefinementCtx): string[] {
  const secrets = raw.split(",").map((secret) => secret.trim());
  const make = "make one with `openssl rand -base64 32`";
  const short = secrets.findIndex((secret) => secret.length < MIN_APP_SECRET_LENGTH);
  if (short !== -1) {
    const length = secrets[short]?.length ?? 0;
    const which = secrets.length === 1 ? `it has ${length}` : `secret ${short + 1} of ${secrets.length} has ${length}`;
    ctx.addIssue({
      code: "custom",
      message: `must be at least ${MIN_APP_SECRET_LENGTH} characters (${which}); ${make}, or leave it unset to have one kept in DATA_DIR`,
    });
  } else if (secrets.length > MAX_APP_SECRETS) {
    ctx.addIssue({
      code: "custom",
      message: `holds at most ${MAX_APP_SECRETS} comma-separated secrets, newest first (it has ${secrets.length}): drop the oldest once what it signed has expired`,
    });
  } else if (new Set(secrets).size !== secrets.length) {
    ctx.addIssue({ code: "custom", message: "names the same secret twice: list each once, newest first" });
  }
  return secrets;
}

/** The schema of the environment: each key is a variable's name, parsed from its string. */
export const envSchema = z.object({
  PORT: blankIsUnset(wholeNumber(1, 65535).default(3000)),
  HOST: blankIsUnset(z.string().default("127.0.0.1")),
  DATA_DIR: blankIsUnset(z.string().default("./data")).transform((dir) => path.resolve(dir)),
  PUBLIC_URL: blankIsUnset(
    z
      .string()
      .trim()
      .refine(isHttpUrl, {
        error: "must be the site's absolute http:// or https:// address, e.g. https://studio.example.com",
      })
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
  ),
  DEMO_CONTENT: blankIsUnset(onOff("off starts with an empty studio").optional()),
  DEMO_PHOTOS_DIR: blankIsUnset(
    z
      .string()
      .transform((dir) => path.resolve(dir))
      .refine((dir) => fs.existsSync(path.join(dir, "manifest.json")), {
        error: "must be a folder holding the demo's manifest.json and the photographs it names",
      })
      .optional(),
  ),
  LOG_LEVEL: blankIsUnset(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info")),
  TRUST_PROXY: blankIsUnset(
    z
      .string()
      .transform((raw, ctx): TrustProxy => {
        const parsed = parseTrustProxy(raw);
        if (parsed === undefined) ctx.addIssue({ code: "custom", message: TRUST_PROXY_ALLOWED });
        return parsed ?? false;
      })
      .default(false),
  ),
  APP_SECRET: blankIsUnset(z.string().transform(appSecretList).optional()),
  DATABASE_URL: blankIsUnset(
    z
      .string()
      .trim()
      .refine(isPostgresUrl, {
        error:
          "must be a PostgreSQL address with a database name, e.g. postgres://studio:password@db.example.com:5432/studio, or unset for SQLite in DATA_DIR",
      })
      .optional(),
  ),
  API_CORS_ORIGINS: blankIsUnset(z.string().transform(corsOrigins).default([])),
  API_RATE_LIMIT: blankIsUnset(wholeNumber(1).default(300)),
  API_RATE_WINDOW_S: blankIsUnset(wholeNumber(1).default(60)),
  API_SHARED_CACHE_S: blankIsUnset(wholeNumber(0).default(60)),
  API_STRICT: blankIsUnset(onOff("on refuses the unknown parameters Strapi ignores").optional()),
  MALLOC_ARENA_MAX: blankIsUnset(wholeNumber(1, MAX_MALLOC_ARENA_MAX).default(DEFAULT_MALLOC_ARENA_MAX)),
  FACE_PROCESSES: blankIsUnset(wholeNumber(1, MAX_FACE_PROCESSES).default(DEFAULT_FACE_PROCESSES)),
  SMTP_URL: blankIsUnset(
    z
      .string()
      .refine((url) => URL.canParse(url) && ["smtp:", "smtps:"].includes(new URL(url).protocol), {
        error: "must be an smtp:// or smtps:// address, e.g. smtp://user:password@mail.example.com:587",
      })
      .optional(),
  ),
  INQUIRY_TO: blankIsUnset(z.string().optional()),
  MAIL_FROM: blankIsUnset(z.string().optional()),
  INQUIRY_ACK: blankIsUnset(onOff("on acknowledges visitors").optional()),
  INQUIRY_RATE_LIMIT: blankIsUnset(wholeNumber(1).default(5)),
  INQUIRY_MIN_FILL_S: blankIsUnset(wholeNumber(0).default(3)),
  MAIL_RETRY_BASE_S: blankIsUnset(wholeNumber(1).default(30)),
  MEDIA_STORE: blankIsUnset(
    z
      .enum(MEDIA_STORES, { error: `must be "folder" (under DATA_DIR) or "s3" (an S3-compatible bucket)` })
      .default("folder"),
  ),
  S3_BUCKET: blankIsUnset(
    z
      .string()
      .trim()
      .regex(S3_BUCKET_NAME, { error: "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens" })
      .optional(),
  ),
  S3_ENDPOINT: blankIsUnset(
    z
      .string()
      .trim()
      .refine(isHttpUrl, {
        error:
          "must be the storage service's absolute http:// or https:// address, e.g. https://<account>.r2.cloudflarestorage.com, or unset for AWS",
      })
      .optional(),
  ),
  S3_REGION: blankIsUnset(
    z
      .string()
      .trim()
      .regex(S3_REGION_NAME, { error: "must be a region name such as us-east-1 (Cloudflare R2: auto)" })
      .default(DEFAULT_S3_REGION),
  ),
  S3_ACCESS_KEY_ID: blankIsUnset(z.string().trim().optional()),
  S3_SECRET_ACCESS_KEY: blankIsUnset(z.string().optional()),
  S3_FORCE_PATH_STYLE: blankIsUnset(
    onOff("on addresses the bucket as <endpoint>/<bucket>; the default is on with S3_ENDPOINT").optional(),
  ),
  S3_PREFIX: blankIsUnset(
    z
      .string()
      .trim()
      .refine(isKeyPrefix, {
        error: "must be a key prefix of letters, digits, '.', '_', '-' and '/', e.g. studio-a/ (no '..', no leading /)",
      })
      .transform((prefix) => (prefix.endsWith("/") ? prefix : `${prefix}/`))
      .optional(),
  ),
  MEDIA_PUBLIC_URL: blankIsUnset(
    z
      .string()
      .trim()
      .refine(isMediaBaseUrl, {
        error:
          "must be an absolute http:// or https:// address ending in /, without ? or #, e.g. https://media.example.com/ or https://cdn.example.com/studio-a/media/",
      })
      .optional(),
  ),
});

export type ParsedEnv = { ok: true; env: ServerEnv } | { ok: false; problems: string[] };

/**
 * On PostgreSQL several instances may serve the site, and each would otherwise make and keep a
 * signing key of its own in its DATA_DIR: a session or a form token signed by one would be
 * refused by the next. So the key must be given (docs/decisions/033-several-instances.md).
 */
function severalInstancesNeedASecret(v: z.infer<typeof envSchema>, ctx: z.RefinementCtx): void {
  if (v.DATABASE_URL !== undefined && v.APP_SECRET === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["APP_SECRET"],
      message: `must be set when DATABASE_URL is set: every instance on that database signs with the same key (at least ${MIN_APP_SECRET_LENGTH} characters; make one with \`openssl rand -base64 32\`)`,
    });
  }
}

/** Parses an environment: the typed configuration, or one line per bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): ParsedEnv {
  const result = envSchema.superRefine(severalInstancesNeedASecret).safeParse(source);
  if (!result.success) {
    const problems = new Map<string, string>();
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      if (problems.has(name)) continue;
      const raw = source[name];
      const got = raw === undefined || NOT_REPEATED.has(name) ? "" : ` (got "${raw}")`;
      problems.set(name, `${name} ${issue.message}${got}`);
    }
    return { ok: false, problems: [...problems.values()] };
  }
  const v = result.data;
  const missing = missingMediaSettings(v);
  if (missing.length > 0) return { ok: false, problems: missing };
  return {
    ok: true,
    env: {
      port: v.PORT,
      host: v.HOST,
      dataDir: v.DATA_DIR,
      publicUrl: v.PUBLIC_URL,
      logLevel: v.LOG_LEVEL,
      trustProxy: v.TRUST_PROXY,
      appSecrets: v.APP_SECRET,
      databaseUrl: v.DATABASE_URL,
      skipDemo: v.DEMO_CONTENT === "off",
      demoPhotosDir: v.DEMO_PHOTOS_DIR,
      apiCorsOrigins: v.API_CORS_ORIGINS,
      apiRateLimit: v.API_RATE_LIMIT,
      apiRateWindowS: v.API_RATE_WINDOW_S,
      apiSharedCacheS: v.API_SHARED_CACHE_S,
      apiStrict: v.API_STRICT === "on",
      mallocArenaMax: v.MALLOC_ARENA_MAX,
      faceProcesses: v.FACE_PROCESSES,
      media: { s3: s3Settings(v), publicUrl: v.MEDIA_PUBLIC_URL },
      inquiries: {
        smtpUrl: v.SMTP_URL,
        inquiryTo: v.INQUIRY_TO,
        mailFrom: v.MAIL_FROM,
        ack: v.INQUIRY_ACK === "on",
        ratePerHour: v.INQUIRY_RATE_LIMIT,
        minFillSeconds: v.INQUIRY_MIN_FILL_S,
        retryBaseSeconds: v.MAIL_RETRY_BASE_S,
      },
    },
  };
}

/** A bad environment met after start (the entries refuse it before): its lines, one per variable. */
export class EnvError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join("\n"));
    this.name = "EnvError";
    this.problems = problems;
  }
}

let parsed: ParsedEnv | undefined;

/** The configuration, parsed from process.env on first use and kept. */
export function readEnv(): ServerEnv {
  parsed ??= parseEnv(process.env);
  if (!parsed.ok) throw new EnvError(parsed.problems);
  return parsed.env;
}

/** Forgets the parsed configuration, so the next readEnv() parses process.env again (tests). */
export function resetEnv(): void {
  parsed = undefined;
}

/**
 * A variable that only a script reads, for its own defaults (ADMIN_EMAIL, ADMIN_PASSWORD,
 * CHROMIUM_PATH): the raw string, or undefined when unset or empty. The server reads none.
 */
export function readScriptVariable(name: string): string | undefined {
  const value = process.env[name];
  return value === "" ? undefined : value;
}

/**
 * Loads `.env` from `dir` into process.env when the file exists (Node's own parser); a variable
 * already set in the real environment keeps its value. Returns the file it loaded, if any.
 */
export function loadEnvFile(dir = process.cwd()): string | undefined {
  const file = path.join(dir, ENV_FILE_NAME);
  if (!fs.existsSync(file)) return undefined;
  process.loadEnvFile(file);
  parsed = undefined;
  return file;
}

/**
 * Makes sure DATA_DIR is a directory this process can write, creating what is missing. Bounded:
 * it walks up to the nearest existing ancestor and creates each missing level on its own, never
 * with a recursive mkdir (which on Linux spins for ever under /proc), then proves the directory
 * takes a file by writing one. Returns the refusal, or undefined when the directory is fine.
 */
export function prepareDataDir(dataDir: string): string | undefined {
  const refuse = (why: string) => `DATA_DIR must be a directory this process can create and write; ${why}`;
  const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);
  const missing: string[] = [];
  for (let dir = dataDir; ; dir = path.dirname(dir)) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(dir);
    } catch (error) {
      if (code(error) === "ENOTDIR") return refuse(`a parent of ${dataDir} is a file`);
      if (code(error) !== "ENOENT") return refuse(`${dir} cannot be read (${code(error)})`);
      if (path.dirname(dir) === dir) return refuse(`${dir} does not exist`);
      missing.unshift(dir);
      continue;
    }
    if (!stat.isDirectory()) return refuse(`${dir} is a file`);
    break;
  }
  for (const dir of missing) {
    try {
      fs.mkdirSync(dir);
    } catch (error) {
      if (code(error) !== "EEXIST") return refuse(`${dir} cannot be created (${code(error)})`);
    }
  }
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (error) {
    return refuse(`${dataDir} does not take a file (${code(error)})`);
  }
  return undefined;
}

/** Loads `.env`, parses the environment and (with dataDir) prepares DATA_DIR: the problems, if any. */
export function checkEnv({ dataDir = false }: { dataDir?: boolean } = {}): ParsedEnv {
  const problems: string[] = [];
  try {
    loadEnvFile();
  } catch (error) {
    problems.push(`${ENV_FILE_NAME} in ${process.cwd()} cannot be read (${(error as Error).message})`);
  }
  const result = parseEnv(process.env);
  if (!result.ok) problems.push(...result.problems);
  if (dataDir) {
    const dir = envSchema.shape.DATA_DIR.safeParse(process.env.DATA_DIR);
    const refused = dir.success ? prepareDataDir(dir.data) : undefined;
    if (refused) problems.push(refused);
  }
  parsed = problems.length === 0 ? result : { ok: false, problems };
  return parsed;
}

/**
 * A variable as the process was started with it (/proc/self/environ), not as .env or code set it
 * since: its value, undefined when unset, null when that cannot be told (no /proc).
 */
function startedWith(name: string): string | undefined | null {
  let environ: string;
  try {
    environ = fs.readFileSync("/proc/self/environ", "latin1");
  } catch {
    return null;
  }
  const entry = environ.split("\0").find((e) => e.startsWith(`${name}=`));
  return entry?.slice(name.length + 1);
}

/** Whether this Node runs on glibc (its malloc is the one MALLOC_ARENA_MAX is for; musl's is not). */
function runsOnGlibc(): boolean {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return report.header?.glibcVersionRuntime !== undefined;
}

/**
 * The environment to start this process again with so that glibc's allocator gets
 * MALLOC_ARENA_MAX, or undefined when there is nothing to do: not Linux with glibc, or the
 * process already started with that value. glibc reads the variable once, when the process
 * starts: a value from .env, or set by code, would never reach it. `started` and `glibc` are
 * for tests.
 */
export function allocatorRestartEnv(
  env: ServerEnv,
  started: (name: string) => string | undefined | null = startedWith,
  glibc: () => boolean = runsOnGlibc,
): NodeJS.ProcessEnv | undefined {
  if (process.platform !== "linux") return undefined;
  const wanted = String(env.mallocArenaMax);
  const got = started("MALLOC_ARENA_MAX");
  // null: what the process started with cannot be told; never restart then, rather than risk a loop.
  if (got === wanted || got === null || !glibc()) return undefined;
  return { ...process.env, MALLOC_ARENA_MAX: wanted };
}

/**
 * What an entry calls first: checkEnv(), then, when anything is wrong, one line per problem on
 * standard error (no stack trace) and exit code 1. With `allocator`, a process on glibc that did
 * not start with MALLOC_ARENA_MAX as configured replaces itself (same process id, arguments and
 * environment, plus that variable) before doing anything else: `npm start`, a systemd unit or a
 * container running `node server/main.ts` all get the bounded allocator without being told.
 */
export function startEnv(options: { dataDir?: boolean; production?: boolean; allocator?: boolean } = {}): ServerEnv {
  // Production unless NODE_ENV says otherwise: React Router and Express then never put an
  // error's message or stack in a response. Set before anything reads it (the build's modules).
  if (options.production && !process.env.NODE_ENV) process.env.NODE_ENV = "production";
  const result = checkEnv(options);
  if (result.ok) {
    const restart = options.allocator ? allocatorRestartEnv(result.env) : undefined;
    if (restart && process.execve) {
      process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], restart);
    }
    return result.env;
  }
  for (const problem of result.problems) process.stderr.write(`Cannot start: ${problem}\n`);
  process.exit(1);
}
