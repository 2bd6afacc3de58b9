// The typed environment: defaults, one refusal per bad variable naming it, every TRUST_PROXY
// form, .env loading, the parse kept until reset, DATA_DIR's bounded check,
// and no other module reading process.env.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv as parseDotEnv } from "node:util";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ROOT } from "#fixtures/server-process.ts";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import { TRUST_PROXY_FORMS } from "#tests/helpers/trust-proxy-forms.ts";
import {
  allocatorRestartEnv,
  DEFAULT_FACE_PROCESSES,
  DEFAULT_MALLOC_ARENA_MAX,
  envSchema,
  loadEnvFile,
  MIN_APP_SECRET_LENGTH,
  parseEnv,
  parseTrustProxy,
  prepareDataDir,
  readEnv,
  resetEnv,
  trustsAProxy,
} from "./env.server.ts";

const temp: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-env-"));
  temp.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(restoreEnv);

function problems(source: Record<string, string>): string[] {
  const result = parseEnv(source);
  return result.ok ? [] : result.problems;
}

describe("parseEnv", () => {
  it("gives the documented defaults for an empty environment, and treats an empty value as unset", () => {
    const expected = {
      port: 3000,
      host: "127.0.0.1",
      dataDir: path.resolve("./data"),
      publicUrl: undefined,
      logLevel: "info",
      trustProxy: false,
      appSecrets: undefined,
      skipDemo: false,
      demoPhotosDir: undefined,
      apiCorsOrigins: [],
      apiRateLimit: 300,
      apiRateWindowS: 60,
      apiSharedCacheS: 60,
      apiStrict: false,
      mallocArenaMax: DEFAULT_MALLOC_ARENA_MAX,
      faceProcesses: DEFAULT_FACE_PROCESSES,
      media: { s3: undefined, publicUrl: undefined },
      inquiries: {
        smtpUrl: undefined,
        inquiryTo: undefined,
        mailFrom: undefined,
        ack: false,
        ratePerHour: 5,
        minFillSeconds: 3,
        retryBaseSeconds: 30,
      },
    };
    expect(parseEnv({})).toEqual({ ok: true, env: expected });
    const blank = Object.fromEntries(
      ["PORT", "DATA_DIR", "LOG_LEVEL", "TRUST_PROXY", "APP_SECRET", "API_RATE_LIMIT", "API_STRICT", "INQUIRY_ACK"].map(
        (k) => [k, ""],
      ),
    );
    expect(parseEnv(blank)).toEqual({ ok: true, env: expected });
  });

  it("reads every variable", () => {
    const result = parseEnv({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATA_DIR: "/srv/studio",
      PUBLIC_URL: "https://studio.example.com/",
      DEMO_CONTENT: "off",
      DEMO_PHOTOS_DIR: "demo/photos",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      APP_SECRET: "s".repeat(MIN_APP_SECRET_LENGTH),
      API_CORS_ORIGINS: "https://a.example.com/, *",
      API_RATE_LIMIT: "10",
      API_RATE_WINDOW_S: "5",
      API_SHARED_CACHE_S: "0",
      API_STRICT: "on",
      MALLOC_ARENA_MAX: "4",
      FACE_PROCESSES: "3",
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      INQUIRY_TO: "desk@example.com",
      MAIL_FROM: "Nila <mail@example.com>",
      INQUIRY_ACK: "on",
      INQUIRY_RATE_LIMIT: "2",
      INQUIRY_MIN_FILL_S: "0",
      MAIL_RETRY_BASE_S: "1",
      MEDIA_STORE: "s3",
      S3_BUCKET: "studio-media",
      S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
      S3_REGION: "auto",
      S3_ACCESS_KEY_ID: "key-id",
      S3_SECRET_ACCESS_KEY: "key-secret",
      S3_FORCE_PATH_STYLE: "off",
      S3_PREFIX: "studio-a",
      MEDIA_PUBLIC_URL: "https://media.example.com/studio-a/media/",
    });
    expect(result).toEqual({
      ok: true,
      env: {
        port: 8080,
        host: "0.0.0.0",
        dataDir: "/srv/studio",
        publicUrl: "https://studio.example.com",
        logLevel: "warn",
        trustProxy: 1,
        appSecrets: ["s".repeat(MIN_APP_SECRET_LENGTH)],
        skipDemo: true,
        demoPhotosDir: path.resolve("demo/photos"),
        apiCorsOrigins: ["https://a.example.com", "*"],
        apiRateLimit: 10,
        apiRateWindowS: 5,
        apiSharedCacheS: 0,
        apiStrict: true,
        mallocArenaMax: 4,
        faceProcesses: 3,
        media: {
          s3: {
            bucket: "studio-media",
            endpoint: "https://account.r2.cloudflarestorage.com",
            region: "auto",
            accessKeyId: "key-id",
            secretAccessKey: "key-secret",
            forcePathStyle: false,
            prefix: "studio-a/",
          },
          publicUrl: "https://media.example.com/studio-a/media/",
        },
        inquiries: {
          smtpUrl: "smtps://user:pass@mail.example.com:465",
          inquiryTo: "desk@example.com",
          mailFrom: "Nila <mail@example.com>",
          ack: true,
          ratePerHour: 2,
          minFillSeconds: 0,
          retryBaseSeconds: 1,
        },
      },
    });
  });

  it.each([
    ["PORT", "abc", /^PORT must be a whole number from 1 to 65535 \(got "abc"\)$/],
    ["PORT", "70000", /^PORT must be a whole number from 1 to 65535/],
    ["PORT", "0", /^PORT must be a whole number from 1 to 65535/],
    ["PUBLIC_URL", "studio.example.com", /^PUBLIC_URL must be the site's absolute http:\/\/ or https:\/\/ address/],
    ["DEMO_CONTENT", "no", /^DEMO_CONTENT must be "on" or "off"/],
    ["DEMO_PHOTOS_DIR", "demo", /^DEMO_PHOTOS_DIR must be a folder holding the demo's manifest.json .*\(got "demo"\)$/],
    ["MALLOC_ARENA_MAX", "0", /^MALLOC_ARENA_MAX must be a whole number from 1 to 1024 \(got "0"\)$/],
    ["FACE_PROCESSES", "0", /^FACE_PROCESSES must be a whole number from 1 to 64 \(got "0"\)$/],
    [
      "LOG_LEVEL",
      "verbose",
      /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent \(got "verbose"\)$/,
    ],
    ["TRUST_PROXY", "yes", /^TRUST_PROXY must be true, false, a number of proxy hops .* \(got "yes"\)$/],
    ["APP_SECRET", "short", /^APP_SECRET must be at least 32 characters \(it has 5\)/],
    [
      "API_CORS_ORIGINS",
      "https://a.example.com/path",
      /^API_CORS_ORIGINS must be \* or .*"https:\/\/a.example.com\/path" is not one$/,
    ],
    ["API_RATE_LIMIT", "0", /^API_RATE_LIMIT must be a whole number of at least 1 \(got "0"\)$/],
    ["API_RATE_WINDOW_S", "1.5", /^API_RATE_WINDOW_S must be a whole number of at least 1/],
    ["API_SHARED_CACHE_S", "-1", /^API_SHARED_CACHE_S must be a whole number of at least 0/],
    ["API_STRICT", "yes", /^API_STRICT must be "on" or "off"/],
    ["SMTP_URL", "http://user:secret@mail.example.com", /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address/],
    ["INQUIRY_ACK", "yes", /^INQUIRY_ACK must be "on" or "off"/],
    ["INQUIRY_RATE_LIMIT", "five", /^INQUIRY_RATE_LIMIT must be a whole number of at least 1/],
    ["INQUIRY_MIN_FILL_S", "3s", /^INQUIRY_MIN_FILL_S must be a whole number of at least 0/],
    ["MAIL_RETRY_BASE_S", "0", /^MAIL_RETRY_BASE_S must be a whole number of at least 1/],
  ])("refuses %s=%s in one line naming it and what it accepts", (name, value, line) => {
    const found = problems({ [name]: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(line);
  });

  it("takes several comma-separated APP_SECRET secrets, newest first, each long enough, none twice", () => {
    const [a, b] = ["a".repeat(MIN_APP_SECRET_LENGTH), "b".repeat(MIN_APP_SECRET_LENGTH)];
    const parsed = parseEnv({ APP_SECRET: `${a}, ${b}` });
    expect(parsed.ok && parsed.env.appSecrets).toEqual([a, b]);
    expect(problems({ APP_SECRET: `${a},hunter2` })).toEqual([
      expect.stringMatching(/^APP_SECRET must be at least 32 characters \(secret 2 of 2 has 7\)/),
    ]);
    expect(problems({ APP_SECRET: `${a},${a}` })).toEqual([
      expect.stringMatching(/^APP_SECRET names the same secret twice/),
    ]);
    expect(problems({ APP_SECRET: [a, b, `${a}1`, `${b}1`, `${a}2`].join(",") })).toEqual([
      expect.stringMatching(/^APP_SECRET holds at most 4 comma-separated secrets/),
    ]);
  });

  it("never repeats a secret or a mail password in a refusal", () => {
    const [secret, smtp] = problems({ APP_SECRET: "hunter2", SMTP_URL: "http://user:hunter2@mail.example.com" });
    expect(secret).not.toContain("hunter2");
    expect(smtp).not.toContain("hunter2");
  });

  it("lists every bad variable, one line each", () => {
    expect(problems({ APP_SECRET: "short", LOG_LEVEL: "verbose", TRUST_PROXY: "yes", PORT: "abc" })).toEqual([
      expect.stringMatching(/^PORT /),
      expect.stringMatching(/^LOG_LEVEL /),
      expect.stringMatching(/^TRUST_PROXY /),
      expect.stringMatching(/^APP_SECRET /),
    ]);
  });
});

describe("the media store's variables", () => {
  const bucket = {
    MEDIA_STORE: "s3",
    S3_BUCKET: "studio-media",
    S3_ACCESS_KEY_ID: "id",
    S3_SECRET_ACCESS_KEY: "secret",
  };
  const s3Of = (source: Record<string, string>) => {
    const result = parseEnv(source);
    return result.ok ? result.env.media.s3 : result.problems;
  };

  it("MEDIA_STORE=s3 without its bucket or keys is refused, naming each missing variable and no secret", () => {
    expect(problems({ MEDIA_STORE: "s3" })).toEqual([
      "S3_BUCKET must be set when MEDIA_STORE=s3 (the bucket, and the keys to it)",
      "S3_ACCESS_KEY_ID must be set when MEDIA_STORE=s3 (the bucket, and the keys to it)",
      "S3_SECRET_ACCESS_KEY must be set when MEDIA_STORE=s3 (the bucket, and the keys to it)",
    ]);
    expect(problems({ ...bucket, S3_SECRET_ACCESS_KEY: "" })).toEqual([
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY must be set/),
    ]);
  });

  it("the folder ignores the bucket's settings; AWS by default; path style by default with an endpoint", () => {
    expect(s3Of({ S3_BUCKET: "studio-media" })).toBeUndefined();
    expect(s3Of(bucket)).toEqual({
      bucket: "studio-media",
      endpoint: undefined,
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: false,
      prefix: "",
    });
    expect(s3Of({ ...bucket, S3_ENDPOINT: "http://127.0.0.1:9000" })).toMatchObject({ forcePathStyle: true });
    expect(s3Of({ ...bucket, S3_PREFIX: "studios/a/" })).toMatchObject({ prefix: "studios/a/" });
  });

  it.each([
    ["MEDIA_STORE", "bucket", /^MEDIA_STORE must be "folder" \(under DATA_DIR\) or "s3" .*\(got "bucket"\)$/],
    ["S3_BUCKET", "My_Bucket", /^S3_BUCKET must be a bucket name: 3 to 63 lowercase letters/],
    ["S3_ENDPOINT", "minio.local:9000", /^S3_ENDPOINT must be the storage service's absolute http:\/\/ or https:\/\//],
    ["S3_REGION", "US East", /^S3_REGION must be a region name such as us-east-1 \(Cloudflare R2: auto\)/],
    ["S3_FORCE_PATH_STYLE", "yes", /^S3_FORCE_PATH_STYLE must be "on" or "off"/],
    ["S3_PREFIX", "../other-studio/", /^S3_PREFIX must be a key prefix/],
    ["S3_PREFIX", "/studio-a/", /^S3_PREFIX must be a key prefix/],
    [
      "MEDIA_PUBLIC_URL",
      "https://cdn.example.com/media",
      /^MEDIA_PUBLIC_URL must be an absolute http:\/\/ or https:\/\/ address ending in \//,
    ],
    ["MEDIA_PUBLIC_URL", "https://cdn.example.com/?v=1/", /^MEDIA_PUBLIC_URL must be /],
    ["MEDIA_PUBLIC_URL", "ftp://cdn.example.com/", /^MEDIA_PUBLIC_URL must be /],
  ])("refuses %s=%s in one line naming it", (name, value, line) => {
    const found = problems({ ...bucket, [name]: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(line);
  });

  it("never repeats the bucket's keys in a refusal", () => {
    const refusals = problems({
      ...bucket,
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "hunter2",
      S3_BUCKET: "Bad",
    });
    expect(refusals).toHaveLength(1);
    expect(refusals.join("\n")).not.toMatch(/hunter2|AKIAEXAMPLE/);
  });
});

describe("the database's variables", () => {
  const secret = "s".repeat(MIN_APP_SECRET_LENGTH);
  const url = "postgres://studio:pa55word@db.example.com:5432/studio";

  it("SQLite in DATA_DIR without DATABASE_URL; PostgreSQL with it, and then APP_SECRET", () => {
    const sqlite = parseEnv({});
    expect(sqlite.ok && sqlite.env.databaseUrl).toBeUndefined();
    const postgres = parseEnv({ DATABASE_URL: url, APP_SECRET: secret });
    expect(postgres.ok && postgres.env.databaseUrl).toBe(url);
    expect(parseEnv({ DATABASE_URL: `postgresql://db.example.com/studio`, APP_SECRET: secret }).ok).toBe(true);
  });

  it("refuses DATABASE_URL without a key every instance shares, in one line naming APP_SECRET", () => {
    const found = problems({ DATABASE_URL: url });
    expect(found).toEqual([expect.stringMatching(/^APP_SECRET must be set when DATABASE_URL is set: every instance/)]);
  });

  it.each([
    ["mysql://db.example.com/studio"],
    ["postgres://db.example.com"],
    ["postgres://db.example.com/"],
    ["studio.db"],
  ])("refuses DATABASE_URL=%s in one line that does not repeat it", (value) => {
    const found = problems({ DATABASE_URL: value, APP_SECRET: secret });
    expect(found).toEqual([expect.stringMatching(/^DATABASE_URL must be a PostgreSQL address with a database name/)]);
    expect(found[0]).not.toContain(value);
  });

  it("never repeats the database's password", () => {
    const found = problems({ DATABASE_URL: "postgres://studio:hunter2@db.example.com:5432/", APP_SECRET: secret });
    expect(found).toHaveLength(1);
    expect(found.join("\n")).not.toContain("hunter2");
  });
});

describe(".env.example", () => {
  const text = fs.readFileSync(path.join(ROOT, ".env.example"), "utf8");

  it("copied to .env as it is, gives exactly the defaults", () => {
    expect(parseEnv(parseDotEnv(text))).toEqual(parseEnv({}));
  });

  it("offers only accepted values in its commented examples", () => {
    const uncommented = text.replace(/^# ([A-Z][A-Z0-9_]*=)/gm, "$1");
    const result = parseEnv(parseDotEnv(uncommented));
    expect(result.ok ? [] : result.problems).toEqual([]);
  });

  it("lists every variable the server reads", () => {
    const listed = new Set([...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    for (const name of Object.keys(envSchema.shape)) expect(listed, name).toContain(name);
  });
});

describe("allocatorRestartEnv", () => {
  const env = (mallocArenaMax: number) => {
    const parsed = parseEnv({ MALLOC_ARENA_MAX: String(mallocArenaMax) });
    if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
    return parsed.env;
  };
  const startedWith = (value: string | undefined | null) => () => value;

  it.runIf(process.platform === "linux")(
    "restarts a glibc process that started without the configured value, with it and the rest of its environment",
    () => {
      setEnv({ APP_SECRET: "kept as it is" });
      for (const started of [undefined, "", "8"]) {
        const restart = allocatorRestartEnv(env(2), startedWith(started), () => true);
        expect(restart?.MALLOC_ARENA_MAX).toBe("2");
        expect(restart?.APP_SECRET).toBe("kept as it is");
      }
      expect(allocatorRestartEnv(env(4), startedWith("2"), () => true)?.MALLOC_ARENA_MAX).toBe("4");
    },
  );

  it("does nothing when the process started with the value, is not on glibc, or cannot tell", () => {
    expect(allocatorRestartEnv(env(2), startedWith("2"), () => true)).toBeUndefined();
    expect(allocatorRestartEnv(env(2), startedWith(undefined), () => false)).toBeUndefined();
    expect(allocatorRestartEnv(env(2), startedWith(null), () => true)).toBeUndefined();
  });

  it.runIf(process.platform === "linux")("reads what the process started with, not process.env", () => {
    // Set now, as .env would set it: too late for glibc, so it still takes a restart.
    setEnv({ MALLOC_ARENA_MAX: "7" });
    expect(fs.readFileSync("/proc/self/environ", "latin1").split("\0")).not.toContain("MALLOC_ARENA_MAX=7");
    expect(allocatorRestartEnv(env(7), undefined, () => true)?.MALLOC_ARENA_MAX).toBe("7");
  });
});

describe("TRUST_PROXY", () => {
  it.each(TRUST_PROXY_FORMS)("takes %s as Express does", (raw, value) => {
    expect(parseTrustProxy(raw)).toEqual(value);
  });

  it.each([
    "yes",
    "on",
    "Loopback",
    "1.2.3",
    "10.0.0.0/33",
    "::/129",
    "10.0.0.0/255.0.255.0",
    "loopback,yes",
    "loopback,",
    "1000",
  ])("refuses %s", (raw) => {
    expect(parseTrustProxy(raw)).toBeUndefined();
    expect(problems({ TRUST_PROXY: raw })[0]).toMatch(/^TRUST_PROXY must be/);
  });

  it("tells the upload server to honour forwarded headers exactly when Express trusts a proxy", () => {
    expect([false, 0, true, 1, ["loopback"]].map(trustsAProxy)).toEqual([false, false, true, true, true]);
  });
});

describe("readEnv", () => {
  it("parses once and keeps it until resetEnv()", () => {
    setEnv({ INQUIRY_RATE_LIMIT: "7" });
    expect(readEnv().inquiries.ratePerHour).toBe(7);
    process.env.INQUIRY_RATE_LIMIT = "8";
    expect(readEnv().inquiries.ratePerHour).toBe(7);
    resetEnv();
    expect(readEnv().inquiries.ratePerHour).toBe(8);
  });

  it("throws every problem when the environment is bad", () => {
    setEnv({ LOG_LEVEL: "verbose", APP_SECRET: "short" });
    expect(() => readEnv()).toThrow(/LOG_LEVEL must be one of[^\n]*\nAPP_SECRET must be at least 32/);
  });
});

describe("loadEnvFile", () => {
  it("loads .env from the directory; what the real environment already has wins, even when empty", () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, ".env"),
      '# a comment\nINQUIRY_RATE_LIMIT=9\nINQUIRY_MIN_FILL_S=4\nAPI_RATE_LIMIT=11\nMAIL_FROM="Nila <mail@example.com>"\n',
    );
    setEnv({ INQUIRY_RATE_LIMIT: undefined, MAIL_FROM: undefined, INQUIRY_MIN_FILL_S: "1", API_RATE_LIMIT: "" });
    expect(readEnv().inquiries.ratePerHour).toBe(5);
    expect(loadEnvFile(dir)).toBe(path.join(dir, ".env"));
    // The parse is redone after loading.
    expect(readEnv().inquiries).toMatchObject({
      ratePerHour: 9,
      minFillSeconds: 1,
      mailFrom: "Nila <mail@example.com>",
    });
    expect(process.env.API_RATE_LIMIT).toBe("");
    expect(readEnv().apiRateLimit).toBe(300);
  });

  it("does nothing without a .env file", () => {
    expect(loadEnvFile(tempDir())).toBeUndefined();
  });
});

describe("prepareDataDir", () => {
  it("creates a missing directory, several levels deep, and leaves no probe behind", () => {
    const dir = path.join(tempDir(), "a", "b", "data");
    expect(prepareDataDir(dir)).toBeUndefined();
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(prepareDataDir(dir)).toBeUndefined();
  });

  it("refuses a path under a file", () => {
    const file = path.join(tempDir(), "file");
    fs.writeFileSync(file, "");
    expect(prepareDataDir(file)).toMatch(/^DATA_DIR must be a directory .*; .*file is a file$/);
    expect(prepareDataDir(path.join(file, "data"))).toMatch(/^DATA_DIR must be .*a parent of .* is a file$/);
  });

  it.runIf(process.platform === "linux")(
    "refuses /proc/nonexistent at once, where a recursive mkdir spins for ever",
    () => {
      const started = Date.now();
      expect(prepareDataDir("/proc/nonexistent")).toMatch(/^DATA_DIR must be .*\/proc\/nonexistent cannot be created/);
      expect(prepareDataDir("/proc")).toMatch(/^DATA_DIR must be .*\/proc does not take a file/);
      expect(Date.now() - started).toBeLessThan(1000);
    },
  );
});

describe("process.env", () => {
  it("is read by no module under app/, domain/, platform/ or server/ but the environment module", () => {
    const files = execFileSync(
      "git",
      ["ls-files", "--cached", "--others", "--exclude-standard", "app", "domain", "platform", "server"],
      {
        cwd: ROOT,
        encoding: "utf8",
      },
    )
      .split("\n")
      .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== "platform/env.server.ts")
      .filter((f) => fs.existsSync(path.join(ROOT, f)));
    const readers = files.filter((f) => /process\.env\b/.test(fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(readers).toEqual([]);
  });
});
