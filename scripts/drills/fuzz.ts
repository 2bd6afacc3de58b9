// Hostile input against a running server: a fixed corpus of every kind of request issue #13 found
// answered with a 500, a stack trace or a held connection, then generated variants of them,
// seeded so a run can be repeated exactly. Every request goes over its own raw TCP connection
// (node:net), so what a browser or curl would refuse to send (absolute-form and "*" targets,
// TRACE, HTTP/1.0 without Host, bad Host headers, Content-Length that lies, raw bytes in the
// path) is sent as written. Each answer is checked: no 5xx, no stack trace, no file path of the
// server's; /healthz is polled throughout and must stay 200.
//
//   npm run fuzz -- --count 20000                       # against http://127.0.0.1:$PORT (3000)
//   npm run fuzz -- --url http://127.0.0.1:3317 --seed 7 --concurrency 16
//   npm run fuzz -- --token nst_... --cookie 'nila_admin=...'   # also the API and the admin
//
// Options: --url, --count (generated requests after the corpus, 2000), --seed (random unless
// given; printed, so a run can be repeated), --concurrency (8), --timeout-ms (per request, 30000),
// --token (a content API token: the API past its 401), --cookie (an admin session cookie: the
// admin's forms and uploads past sign-in, with the page's CSRF token; only against a copy of the
// data, since valid forms change it), --secret (a path or string, e.g. the data directory, that no
// answer may contain). Prints the status counts and every finding; exits 1 on any.
// Automated in server/hostile-input.test.ts.
import net from "node:net";
import { parseArgs } from "node:util";
import zlib from "node:zlib";

export interface FuzzRequest {
  /** What the request is, for the report: its kind and method and target. */
  label: string;
  /** The bytes sent, as they go on the wire. */
  raw: Buffer;
}

export interface FuzzFinding {
  label: string;
  status: string;
  problem: string;
  excerpt: string;
}

export interface FuzzReport {
  seed: number;
  sent: number;
  /** Answers by status ("200", "404", …) or outcome ("closed" without an answer, "timeout", "reset"). */
  statuses: Record<string, number>;
  findings: FuzzFinding[];
  /** Requests the server closed without an answer (or did not answer in time), by label. */
  unanswered: string[];
  health: { checks: number; failures: number };
  durationMs: number;
}

export interface FuzzOptions {
  url: string;
  count: number;
  seed: number;
  concurrency?: number;
  timeoutMs?: number;
  apiToken?: string;
  adminCookie?: string;
  /** Strings no answer may contain (the server's directories). */
  secrets?: string[];
  /** How often /healthz is asked while the run goes on. */
  healthEveryMs?: number;
  onProgress?: (done: number, total: number) => void;
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = ReturnType<typeof prng>;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const chance = (rand: Rand, p: number) => rand() < p;

// ---------------------------------------------------------------------------------------------
// Building requests

interface Spec {
  label?: string;
  method: string;
  target: string;
  version?: string;
  /** Host header; null leaves it out. Defaults to the server's. */
  host?: string | null;
  headers?: [string, string][];
  body?: Buffer | string;
  /** Content-Length to declare instead of the body's (a lie); null sends none. */
  contentLength?: number | null;
  chunked?: boolean;
}

interface Context {
  host: string;
  origin: string;
  apiToken?: string;
  adminCookie?: string;
  csrf?: string;
}

export function build(spec: Spec, ctx: Context): FuzzRequest {
  const version = spec.version ?? "HTTP/1.1";
  const lines = [`${spec.method} ${spec.target} ${version}`];
  const host = spec.host === undefined ? ctx.host : spec.host;
  if (host !== null) lines.push(`Host: ${host}`);
  for (const [name, value] of spec.headers ?? []) lines.push(`${name}: ${value}`);
  const body = spec.body === undefined ? Buffer.alloc(0) : Buffer.from(spec.body);
  let payload = body;
  if (spec.chunked) {
    lines.push("Transfer-Encoding: chunked");
    payload = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")]);
  } else if (spec.contentLength !== null && (spec.contentLength !== undefined || body.length > 0)) {
    lines.push(`Content-Length: ${spec.contentLength ?? body.length}`);
  }
  lines.push("Connection: close");
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  return { label: spec.label ?? `${spec.method} ${spec.target.slice(0, 80)}`, raw: Buffer.concat([head, payload]) };
}

const FORM = "application/x-www-form-urlencoded";
const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];
const API_NAMES = ["banners", "galleries", "collections", "recent-storys", "blocks", ...PROTOTYPE_KEYS];
const PAGES = [
  "/",
  "/about",
  "/contactUs",
  "/search?q=wedding",
  "/credits",
  "/gallery/wedding",
  "/gallery/babyShoot",
  "/galleryList/1",
  "/galleryList/999999",
  "/sitemap.xml",
  "/robots.txt",
  "/favicon.svg",
  "/healthz",
  "/media/00/missing.avif",
  "/assets/missing.js",
  "/api/openapi.json",
  "/api/collections?populate=*",
  "/api/galleries",
  "/admin",
  "/admin/login",
  "/admin/shoots",
  "/admin/shoots/1",
  "/admin/shoots/new",
  "/admin/settings",
  "/admin/tokens",
  "/admin/inquiries",
  "/admin/inquiries.csv",
  "/admin/trash",
  "/admin/uploads",
  "/admin/uploads/abc",
  "/contactUs.data",
  "/admin/shoots.data",
  "/_root.data",
];
const FORM_TARGETS = [
  "/contactUs",
  "/admin/login",
  "/admin/logout",
  "/admin/shoots/new",
  "/admin/shoots/1",
  "/admin/settings",
  "/admin/tokens",
  "/admin/trash",
  "/admin/stories",
  "/admin/collections",
  "/admin/inquiries",
  "/admin/banners",
];
const FIELD_NAMES = [
  "name",
  "email",
  "password",
  "message",
  "phoneNumber",
  "formToken",
  "website",
  "intent",
  "id",
  "title",
  "slug",
  "position",
  "photoId",
  "token",
  "csrf",
  ...PROTOTYPE_KEYS,
  "a[__proto__][x]",
  "filters[$eq]",
];
const WEIRD_VALUES = [
  "",
  "1",
  "-1",
  "0",
  "99999999999999999999",
  "NaN",
  "true",
  "null",
  "[]",
  "{}",
  "%00",
  "\u0000",
  "é",
  "👍🏽",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "a".repeat(5000),
  "publish",
  "trash",
  "delete",
  "restore",
  "photo-up",
];

function randomForm(rand: Rand, ctx: Context, withCsrf: boolean): string {
  const params = new URLSearchParams();
  const n = 1 + Math.floor(rand() * 6);
  for (let i = 0; i < n; i++) params.append(pick(rand, FIELD_NAMES), pick(rand, WEIRD_VALUES));
  if (withCsrf && ctx.csrf) params.set("csrf", ctx.csrf);
  return params.toString();
}

function multipart(rand: Rand, ctx: Context, withCsrf: boolean): { type: string; body: Buffer } {
  const boundary = pick(rand, ["----fuzz", "x", "", "a".repeat(80), '----fuzz"bad']);
  const parts: string[] = [];
  if (withCsrf && ctx.csrf)
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${ctx.csrf}\r\n`);
  const n = Math.floor(rand() * 4);
  for (let i = 0; i < n; i++) {
    const file = chance(rand, 0.5);
    const disposition = file
      ? `form-data; name="${pick(rand, ["logo", "aboutPhoto", "image", "__proto__"])}"; filename="${pick(rand, ["a.jpg", "../../x.png", "", "é.png"])}"`
      : `form-data; name="${pick(rand, FIELD_NAMES)}"`;
    const content = file
      ? pick(rand, ["\xff\xd8\xff\xe0garbage", "GIF89a", "not an image", ""])
      : pick(rand, WEIRD_VALUES);
    parts.push(
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${file ? "Content-Type: image/jpeg\r\n" : ""}\r\n${content}\r\n`,
    );
  }
  const ending = pick(rand, [`--${boundary}--\r\n`, "", `--${boundary}`, "--wrong--\r\n"]);
  const type = pick(rand, [
    `multipart/form-data; boundary=${boundary}`,
    "multipart/form-data",
    `multipart/form-data; boundary="${boundary}"`,
  ]);
  return { type, body: Buffer.from(parts.join("") + ending, "latin1") };
}

function mutatePath(rand: Rand, path: string): string {
  switch (Math.floor(rand() * 12)) {
    case 0:
      return `${path}/${pick(rand, ["..", "%2e%2e", "..%2f..%2f", "%2e%2e%5c", "....//"])}/${pick(rand, ["etc/passwd", "package.json", "studio.db", "app-secret"])}`;
    case 1:
      return `${path}${pick(rand, ["%00", "%", "%zz", "%E0%A4%A", "%c0%af", "%ff", "%u0000"])}`;
    case 2:
      return `${path}/${"a".repeat(pick(rand, [300, 2000, 7000]))}`;
    case 3:
      return `${path}/${pick(rand, ["पुकार", "ü", "😀", "\u202e"]).normalize()}`; // raw UTF-8 bytes
    case 4:
      return `${path}${path.includes("?") ? "&" : "?"}${pick(rand, PROTOTYPE_KEYS)}[x]=1&a[b][c][d][e][f][g]=1`;
    case 5:
      return path.toUpperCase();
    case 6:
      return `/${path}`;
    case 7:
      return `${path}.data`;
    case 8:
      return `${path}?${pick(rand, ["filters[id][$in][]=1&filters[id][$in][]=x", "sort=__proto__:asc", "pagination[page]=-1", "pagination[pageSize]=999999", "populate[0]=constructor", "q=%00", `q=${"x".repeat(3000)}`])}`;
    case 9:
      return `${path}#frag`;
    case 10:
      return path.replace(/\//g, "\\");
    default:
      return path;
  }
}

function bearer(ctx: Context, rand: Rand): [string, string][] {
  if (!ctx.apiToken || chance(rand, 0.3)) {
    return chance(rand, 0.5)
      ? []
      : [["Authorization", pick(rand, ["Bearer nst_wrong", "Bearer ", "Basic YTpi", `Bearer ${"x".repeat(3000)}`])]];
  }
  return [["Authorization", `Bearer ${ctx.apiToken}`]];
}

function cookie(ctx: Context, rand: Rand): [string, string][] {
  if (ctx.adminCookie && chance(rand, 0.7)) return [["Cookie", ctx.adminCookie]];
  return chance(rand, 0.3)
    ? [
        [
          "Cookie",
          pick(rand, ["nila_admin=%zz", "nila_admin=", `nila_admin=${"a".repeat(4000)}`, "a=b; ; ;=;nila_admin"]),
        ],
      ]
    : [];
}

/** The fixed corpus: every class of request that issue #13 reports, and its neighbours. */
export function corpus(ctx: Context): Spec[] {
  const specs: Spec[] = [];
  const own: [string, string][] = [["Origin", ctx.origin]];
  // Sign-in with bodies that are not a form (issue: 80 × 500).
  for (const type of [undefined, "application/json", "text/plain", "multipart/form-data", "application/xml", FORM]) {
    for (const body of ['{"email":"a@b.co","password":"x"}', "email=a%40b.co&password=x", "", "\x00\xff"]) {
      const headers: [string, string][] = [...own];
      if (type) headers.push(["Content-Type", type]);
      specs.push({ label: `login ${type ?? "no type"}`, method: "POST", target: "/admin/login", headers, body });
    }
  }
  // Absolute-form and "*" targets (issue: 36 × 500).
  for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"]) {
    for (const target of [
      "http://evil.example/",
      `http://${ctx.host}/`,
      "https://evil.example/admin/login",
      "*",
      "evil.example:443",
    ]) {
      specs.push({ method, target, body: method === "POST" || method === "PUT" ? "a=1" : undefined });
    }
  }
  // TRACE and other methods the site does not speak (issue: 12 × 500).
  for (const method of ["TRACE", "TRACK", "CONNECT", "PROPFIND", "MKCOL", "LOCK", "PURGE", "SEARCH", "QUERY", "FOO"]) {
    for (const target of ["/", "/admin/login", "/api/galleries", "/contactUs"]) specs.push({ method, target });
  }
  // Prototype names in the API (issue: 4 × 500 with a token).
  for (const name of PROTOTYPE_KEYS) {
    for (const path of [
      `/api/${name}`,
      `/api/collections/${name}`,
      `/api/${name}/1`,
      `/api/collections?filters[${name}][x]=1`,
    ]) {
      specs.push({
        method: "GET",
        target: path,
        headers: ctx.apiToken ? [["Authorization", `Bearer ${ctx.apiToken}`]] : [],
      });
      specs.push({ method: "GET", target: path });
    }
  }
  // HTTP/1.0 without Host; empty and malformed Host (issue: 1 + 2 × 500).
  specs.push({ label: "HTTP/1.0 without Host", method: "GET", target: "/", version: "HTTP/1.0", host: null });
  specs.push({
    label: "HTTP/1.0 POST without Host",
    method: "POST",
    target: "/contactUs",
    version: "HTTP/1.0",
    host: null,
    body: "a=1",
  });
  specs.push({ label: "HTTP/1.0 with Host", method: "GET", target: "/", version: "HTTP/1.0" });
  for (const host of [
    "",
    " ",
    "a b",
    "[::1",
    "evil.example:abc",
    "a@b",
    "a/b",
    "x".repeat(300),
    "127.0.0.1:99999",
    "..",
    "ü.example",
    "%00",
  ]) {
    specs.push({ label: `Host "${host.slice(0, 20)}"`, method: "GET", target: "/", host });
    specs.push({ label: `POST Host "${host.slice(0, 20)}"`, method: "POST", target: "/contactUs", host, body: "a=1" });
  }
  specs.push({ label: "two Hosts", method: "GET", target: "/", headers: [["Host", "evil.example"]] });
  // Bodies over the limits, declared: refused before reading (issue item 1).
  for (const target of ["/admin/login", "/contactUs", "/api/galleries", "/", "/admin/shoots/new", "/admin/uploads"]) {
    specs.push({
      label: `declared 256 MiB to ${target}`,
      method: "POST",
      target,
      headers: [...own, ["Content-Type", FORM]],
      body: "email=a",
      contentLength: 268_435_456,
    });
  }
  // Chunked bodies, within and over the cap.
  specs.push({
    label: "chunked small login",
    method: "POST",
    target: "/admin/login",
    headers: [...own, ["Content-Type", FORM]],
    body: "email=a&password=b",
    chunked: true,
  });
  specs.push({
    label: "chunked 100 KiB contact",
    method: "POST",
    target: "/contactUs",
    headers: [["Content-Type", FORM]],
    body: `message=${"x".repeat(100 * 1024)}`,
    chunked: true,
  });
  // Content-Length lies: shorter than the body (the rest is a second, broken request), and
  // longer (the server waits for the rest, then refuses with 408).
  specs.push({
    label: "CL shorter than body",
    method: "POST",
    target: "/contactUs",
    headers: [["Content-Type", FORM]],
    body: "message=hello&name=x",
    contentLength: 3,
  });
  specs.push({
    label: "CL longer than body",
    method: "POST",
    target: "/contactUs",
    headers: [["Content-Type", FORM]],
    body: "message=hi",
    contentLength: 500,
  });
  specs.push({
    label: "CL not a number",
    method: "POST",
    target: "/contactUs",
    headers: [["Content-Length", "abc"]],
    contentLength: null,
  });
  specs.push({
    label: "CL and chunked",
    method: "POST",
    target: "/contactUs",
    headers: [["Content-Length", "5"]],
    body: "a=1",
    chunked: true,
  });
  specs.push({
    label: "negative CL",
    method: "POST",
    target: "/contactUs",
    headers: [["Content-Length", "-1"]],
    contentLength: null,
  });
  // Huge and many headers.
  specs.push({ label: "64 KiB header", method: "GET", target: "/", headers: [["X-Big", "a".repeat(64 * 1024)]] });
  specs.push({ label: "10 KiB header", method: "GET", target: "/", headers: [["X-Big", "a".repeat(10 * 1024)]] });
  specs.push({
    label: "500 headers",
    method: "GET",
    target: "/",
    headers: Array.from({ length: 500 }, (_, i) => [`X-H${i}`, "v"] as [string, string]),
  });
  specs.push({ label: "64 KiB path", method: "GET", target: `/${"a".repeat(64 * 1024)}` });
  // Paths: traversal, encodings, NUL, unicode.
  for (const target of [
    "/media/../../etc/passwd",
    "/media/..%2f..%2fstudio.db",
    "/assets/..%2f..%2fpackage.json",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/media/%2e%2e%5c%2e%2e%5capp-secret",
    "/galleryList/%00",
    "/gallery/%00",
    "/%",
    "/%zz",
    "/gallery/%E0%A4%A",
    "/gallery/%c0%af",
    "//evil.example/",
    "/\\evil.example",
    "/admin/login?next=//evil.example",
    "/admin/login?next=%2F%2Fevil.example",
    "/search?q=%00",
    "/search?q[]=1&q[__proto__]=x",
    "/galleryList/1e400",
    "/galleryList/-1",
    "/galleryList/0x10",
    "/api/collections/1e3",
    "/api/collections/99999999999",
    "/api/x.data",
    "/api/collections?sort[0]=__proto__&pagination[page]=1e9",
  ]) {
    specs.push({
      method: "GET",
      target,
      headers: ctx.apiToken && target.startsWith("/api") ? [["Authorization", `Bearer ${ctx.apiToken}`]] : [],
    });
  }
  specs.push({ label: "raw NUL in path", method: "GET", target: "/a\x00b" });
  specs.push({
    label: "raw UTF-8 in path",
    method: "GET",
    target: Buffer.from("/gallery/पुकार", "utf8").toString("latin1"),
  });
  specs.push({ label: "space in path", method: "GET", target: "/a b" });
  // Ranges and conditionals on files.
  for (const range of [
    "bytes=999999999-",
    "bytes=-0",
    "bytes=0-0,1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8,9-9,10-10",
    "bytes=a-b",
    "items=0-1",
  ]) {
    specs.push({ label: `Range ${range}`, method: "GET", target: "/favicon.svg", headers: [["Range", range]] });
  }
  specs.push({
    label: "If-None-Match garbage",
    method: "GET",
    target: "/",
    headers: [["If-None-Match", `"${"x".repeat(2000)}", *, W/`]],
  });
  // Forged proxy headers.
  specs.push({
    label: "X-Forwarded-Host garbage",
    method: "GET",
    target: "/",
    headers: [
      ["X-Forwarded-Host", "a b"],
      ["X-Forwarded-Proto", "javascript"],
      ["X-Forwarded-For", "not-an-ip"],
    ],
  });
  // Prototype keys in forms.
  for (const target of ["/contactUs", "/admin/login"]) {
    for (const key of PROTOTYPE_KEYS) {
      specs.push({
        label: `form ${key} to ${target}`,
        method: "POST",
        target,
        headers: [...own, ["Content-Type", FORM]],
        body: `${key}=1&${key}[x]=2&email=a@b.co&password=x`,
      });
    }
  }
  // tus uploads, with and without a session.
  for (const withCookie of [false, true]) {
    const auth: [string, string][] = withCookie && ctx.adminCookie ? [["Cookie", ctx.adminCookie]] : [];
    const csrf: [string, string][] = ctx.csrf ? [["X-CSRF-Token", ctx.csrf]] : [];
    const tus: [string, string][] = [["Tus-Resumable", "1.0.0"], ...auth, ...own, ...csrf];
    specs.push({
      label: "tus create huge",
      method: "POST",
      target: "/admin/uploads",
      headers: [...tus, ["Upload-Length", "99999999999999"]],
    });
    specs.push({
      label: "tus create bad metadata",
      method: "POST",
      target: "/admin/uploads",
      headers: [...tus, ["Upload-Length", "10"], ["Upload-Metadata", "filename !!!,shootId e30=,__proto__ eA=="]],
    });
    specs.push({
      label: "tus patch unknown",
      method: "PATCH",
      target: "/admin/uploads/nope",
      headers: [...tus, ["Upload-Offset", "0"], ["Content-Type", "application/offset+octet-stream"]],
      body: "abc",
    });
    specs.push({
      label: "tus patch traversal",
      method: "PATCH",
      target: "/admin/uploads/..%2f..%2fstudio.db",
      headers: [...tus, ["Upload-Offset", "-5"], ["Content-Type", "application/offset+octet-stream"]],
      body: "abc",
    });
    specs.push({ label: "tus head unknown", method: "HEAD", target: "/admin/uploads/nope", headers: tus });
    specs.push({ label: "tus delete unknown", method: "DELETE", target: "/admin/uploads/nope", headers: tus });
    specs.push({ label: "tus options", method: "OPTIONS", target: "/admin/uploads", headers: tus });
  }
  return specs;
}

/** One generated request: a random method, target, headers and body, from the same classes. */
export function generate(rand: Rand, ctx: Context): Spec {
  const kind = rand();
  const headers: [string, string][] = [];
  if (chance(rand, 0.6))
    headers.push(["Origin", chance(rand, 0.8) ? ctx.origin : pick(rand, ["https://evil.example", "null", ""])]);
  if (chance(rand, 0.3))
    headers.push(["Sec-Fetch-Site", pick(rand, ["same-origin", "cross-site", "none", "same-site", "garbage"])]);
  if (chance(rand, 0.3))
    headers.push(["Accept", pick(rand, ["text/html", "application/json", "*/*", "text/x-script", ""])]);
  if (kind < 0.3) {
    // A page or file, maybe mangled, with an odd method now and then.
    const method = chance(rand, 0.8)
      ? pick(rand, ["GET", "HEAD"])
      : pick(rand, ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"]);
    const target = chance(rand, 0.5) ? mutatePath(rand, pick(rand, PAGES)) : pick(rand, PAGES);
    return {
      method,
      target,
      headers: [...headers, ...cookie(ctx, rand)],
      body: method === "POST" ? randomForm(rand, ctx, false) : undefined,
    };
  }
  if (kind < 0.5) {
    // The API.
    const path = `/api/${pick(rand, API_NAMES)}${chance(rand, 0.3) ? `/${pick(rand, ["1", "0", "-1", "abc", "1.5", "999999999"])}` : ""}`;
    const method = chance(rand, 0.85) ? pick(rand, ["GET", "HEAD", "OPTIONS"]) : pick(rand, ["POST", "PUT", "DELETE"]);
    return {
      method,
      target: mutatePath(rand, path),
      headers: [...headers, ...bearer(ctx, rand)],
      body: method === "POST" ? '{"data":{}}' : undefined,
    };
  }
  if (kind < 0.85) {
    // A form: url-encoded, JSON, multipart, nothing, or something else; sometimes with a valid CSRF token.
    const target = pick(rand, FORM_TARGETS);
    // Never a valid sign-out: the rest of the run needs the session.
    const withCsrf = target !== "/admin/logout" && chance(rand, 0.5);
    const form = chance(rand, 0.1) ? mutatePath(rand, target) : target;
    const all = [...headers, ...cookie(ctx, rand)];
    const shape = rand();
    if (shape < 0.45)
      return {
        method: "POST",
        target: form,
        headers: [...all, ["Content-Type", FORM]],
        body: randomForm(rand, ctx, withCsrf),
      };
    if (shape < 0.65) {
      const { type, body } = multipart(rand, ctx, withCsrf);
      return { method: "POST", target: form, headers: [...all, ["Content-Type", type]], body };
    }
    if (shape < 0.75)
      return {
        method: "POST",
        target: form,
        headers: [...all, ["Content-Type", "application/json"]],
        body: pick(rand, ['{"__proto__":{"x":1}}', "[]", "{", "null"]),
      };
    if (shape < 0.85)
      return { method: "POST", target: form, headers: all, body: pick(rand, ["", "a=1", "\x00\x01\x02"]) };
    if (shape < 0.93)
      return {
        method: "POST",
        target: form,
        headers: [...all, ["Content-Type", FORM]],
        body: "x=1",
        contentLength: pick(rand, [400_000_000, 2 ** 31, 2 ** 53, 10 ** 20]),
      };
    return {
      method: "POST",
      target: form,
      headers: [...all, ["Content-Type", FORM]],
      body: randomForm(rand, ctx, withCsrf),
      chunked: true,
    };
  }
  if (kind < 0.93) {
    // tus.
    const method = pick(rand, ["POST", "PATCH", "HEAD", "DELETE", "OPTIONS", "GET"]);
    const tus: [string, string][] = [...headers, ...cookie(ctx, rand)];
    if (chance(rand, 0.8)) tus.push(["Tus-Resumable", pick(rand, ["1.0.0", "0.2.2", "x"])]);
    if (ctx.csrf && chance(rand, 0.6)) tus.push(["X-CSRF-Token", ctx.csrf]);
    if (method === "POST") {
      tus.push(["Upload-Length", pick(rand, ["0", "10", "-1", "abc", "62914561", "99999999999999999999"])]);
      if (chance(rand, 0.7))
        tus.push([
          "Upload-Metadata",
          pick(rand, [
            "filename YS5qcGc=,shootId MQ==,index MA==,batch YWJjZGVmZ2hpams=",
            "filename",
            "x y z",
            "shootId X19wcm90b19f",
          ]),
        ]);
    }
    if (method === "PATCH") {
      tus.push(["Upload-Offset", pick(rand, ["0", "-1", "abc", "99999"])]);
      tus.push(["Content-Type", pick(rand, ["application/offset+octet-stream", "text/plain"])]);
    }
    const id = pick(rand, ["", "/nope", "/..%2f..%2fstudio.db", "/%00", `/${"a".repeat(300)}`]);
    return { method, target: `/admin/uploads${id}`, headers: tus, body: method === "PATCH" ? "abcdef" : undefined };
  }
  // Transport oddities: targets, Hosts, versions, methods.
  const variant = Math.floor(rand() * 6);
  if (variant === 0)
    return {
      method: pick(rand, ["GET", "POST", "PUT", "HEAD"]),
      target: pick(rand, ["*", "http://evil.example/", "https://x/admin", "x:1"]),
    };
  if (variant === 1)
    return {
      method: "GET",
      target: pick(rand, PAGES),
      host: pick(rand, ["", "a b", "[", "x".repeat(500), "evil.example:0", "localhost"]),
    };
  if (variant === 2)
    return {
      method: "GET",
      target: pick(rand, PAGES),
      version: pick(rand, ["HTTP/1.0", "HTTP/0.9", "HTTP/2.0", "HTTP/1.2"]),
      host: chance(rand, 0.5) ? null : undefined,
    };
  if (variant === 3)
    return { method: pick(rand, ["TRACE", "CONNECT", "PROPFIND", "M-SEARCH", "get"]), target: pick(rand, PAGES) };
  if (variant === 4)
    return {
      method: "GET",
      target: pick(rand, PAGES),
      headers: [["X-Pad", "b".repeat(pick(rand, [8_000, 15_000, 20_000]))]],
    };
  return {
    method: "GET",
    target: pick(rand, PAGES),
    headers: [["Cookie", `${"c=d; ".repeat(pick(rand, [10, 1000]))}nila_admin=x`]],
  };
}

// ---------------------------------------------------------------------------------------------
// Sending and checking

interface Answer {
  status: string;
  head: string;
  body: Buffer;
}

/** Sends raw bytes over a fresh connection and reads the answer until the server closes it. */
export function send(url: URL, raw: Buffer, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = net.connect(Number(url.port || 80), url.hostname);
    const finish = (outcome?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const head = (split === -1 ? all : all.subarray(0, split)).toString("latin1");
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
      resolve({
        status: status ?? outcome ?? "closed",
        head,
        body: split === -1 ? Buffer.alloc(0) : all.subarray(split + 4),
      });
    };
    const timer = setTimeout(() => finish("timeout"), timeoutMs);
    socket.on("connect", () => socket.write(raw, () => undefined));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => finish());
    socket.on("close", () => finish());
    // A server may close while we still write (a refused body): what it answered still counts.
    socket.on("error", (error: NodeJS.ErrnoException) =>
      finish(chunks.length ? undefined : (error.code ?? "error").toLowerCase()),
    );
  });
}

function decodeBody(head: string, body: Buffer): string {
  let bytes = body;
  if (/^transfer-encoding:\s*chunked/im.test(head)) {
    const parts: Buffer[] = [];
    let at = 0;
    while (at < bytes.length) {
      const eol = bytes.indexOf("\r\n", at);
      if (eol === -1) break;
      const size = Number.parseInt(bytes.subarray(at, eol).toString("latin1"), 16);
      if (!Number.isFinite(size) || size === 0) break;
      parts.push(bytes.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
    bytes = Buffer.concat(parts);
  }
  const encoding = /^content-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  try {
    if (encoding === "gzip") bytes = zlib.gunzipSync(bytes);
    else if (encoding === "br") bytes = zlib.brotliDecompressSync(bytes);
    else if (encoding === "deflate") bytes = zlib.inflateSync(bytes);
  } catch {
    // A body cut short: check what there is.
  }
  return bytes.toString("utf8");
}

/** Signs of a stack trace, or of the server's files, in an answer. */
const LEAKS: [RegExp, string][] = [
  [/\n\s*at [^\n]*\((?:file:|node:|\/)/, "stack trace"],
  [/(?:&nbsp;|\s)at (?:new |async )?[\w$.<>]+ \(/, "stack trace"],
  [/node:internal\//, "stack trace (node:internal)"],
  [/file:\/\/\//, "file URL"],
  [/node_modules\//, "file path (node_modules)"],
  [/\.(?:[mc]?js|tsx?):\d+:\d+/, "file path with line"],
  [/(?:^|[\s"'(=>])\/(?:home|root|work|opt|srv|var|tmp|Users)\/[\w.-]+\//, "absolute file path"],
];

function check(request: FuzzRequest, answer: Answer, secrets: string[]): FuzzFinding[] {
  const findings: FuzzFinding[] = [];
  if (answer.status.startsWith("5")) {
    findings.push({
      label: request.label,
      status: answer.status,
      problem: "5xx answer",
      excerpt: answer.head.split("\r\n")[0] ?? "",
    });
  }
  const text = `${answer.head}\n${decodeBody(answer.head, answer.body)}`;
  for (const [pattern, problem] of LEAKS) {
    const match = pattern.exec(text);
    if (match) {
      findings.push({
        label: request.label,
        status: answer.status,
        problem,
        excerpt: text.slice(Math.max(0, match.index - 80), match.index + 120),
      });
      break;
    }
  }
  for (const secret of secrets) {
    const at = text.indexOf(secret);
    if (secret && at !== -1) {
      findings.push({
        label: request.label,
        status: answer.status,
        problem: `contains ${secret}`,
        excerpt: text.slice(Math.max(0, at - 80), at + 120),
      });
    }
  }
  return findings;
}

/** The admin's CSRF token for a session, read from a page of the admin, as a browser would get it. */
async function adminCsrf(url: URL, cookieHeader: string): Promise<string | undefined> {
  const res = await fetch(new URL("/admin/shoots", url), { headers: { Cookie: cookieHeader }, redirect: "manual" });
  return /name="csrf" value="([^"]+)"/.exec(await res.text())?.[1];
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const url = new URL(options.url);
  const ctx: Context = {
    host: url.host,
    origin: url.origin,
    apiToken: options.apiToken,
    adminCookie: options.adminCookie,
  };
  if (options.adminCookie) ctx.csrf = await adminCsrf(url, options.adminCookie);
  const rand = prng(options.seed);
  const specs = [...corpus(ctx), ...Array.from({ length: options.count }, () => generate(rand, ctx))];
  const requests = specs.map((spec) => build(spec, ctx));
  const report: FuzzReport = {
    seed: options.seed,
    sent: 0,
    statuses: {},
    findings: [],
    unanswered: [],
    health: { checks: 0, failures: 0 },
    durationMs: 0,
  };
  const secrets = options.secrets ?? [];
  const timeoutMs = options.timeoutMs ?? 30_000;

  let running = true;
  const health = (async () => {
    while (running) {
      const answer = await send(url, build({ method: "GET", target: "/healthz" }, ctx).raw, 10_000);
      report.health.checks++;
      if (answer.status !== "200") {
        report.health.failures++;
        report.findings.push({
          label: "GET /healthz",
          status: answer.status,
          problem: "health check failed",
          excerpt: answer.head.split("\r\n")[0] ?? "",
        });
      }
      await new Promise((r) => setTimeout(r, options.healthEveryMs ?? 250));
    }
  })();

  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++] as FuzzRequest;
      const answer = await send(url, request.raw, timeoutMs);
      report.sent++;
      report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
      report.findings.push(...check(request, answer, secrets));
      if (!/^\d{3}$/.test(answer.status)) report.unanswered.push(`${answer.status}: ${request.label}`);
      options.onProgress?.(report.sent, requests.length);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  running = false;
  await health;
  report.durationMs = Date.now() - started;
  return report;
}

export function formatReport(report: FuzzReport): string {
  const lines = [
    `fuzz: ${report.sent} requests in ${(report.durationMs / 1000).toFixed(1)} s (seed ${report.seed})`,
    `statuses: ${Object.entries(report.statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}: ${n}`)
      .join(", ")}`,
    `/healthz: ${report.health.checks - report.health.failures}/${report.health.checks} answered 200`,
  ];
  if (report.unanswered.length > 0) {
    lines.push(`closed without an answer: ${report.unanswered.length}`);
    for (const label of report.unanswered.slice(0, 20)) lines.push(`  ${label}`);
  }
  if (report.findings.length === 0) lines.push("findings: none");
  else {
    lines.push(`findings: ${report.findings.length}`);
    for (const f of report.findings.slice(0, 50))
      lines.push(`  ${f.status} ${f.problem}: ${f.label}\n    ${JSON.stringify(f.excerpt)}`);
  }
  return lines.join("\n");
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      url: { type: "string", default: `http://127.0.0.1:${process.env.PORT || 3000}` },
      count: { type: "string", default: "2000" },
      seed: { type: "string" },
      concurrency: { type: "string", default: "8" },
      "timeout-ms": { type: "string", default: "30000" },
      token: { type: "string" },
      cookie: { type: "string" },
      secret: { type: "string", multiple: true, default: [] },
    },
  });
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
  console.log(`fuzzing ${values.url} with seed ${seed} (repeat with --seed ${seed})`);
  let shown = 0;
  const report = await runFuzz({
    url: values.url,
    count: Number(values.count),
    seed,
    concurrency: Number(values.concurrency),
    timeoutMs: Number(values["timeout-ms"]),
    apiToken: values.token,
    adminCookie: values.cookie,
    secrets: values.secret,
    onProgress(done, total) {
      if (done - shown >= 1000 || done === total) {
        shown = done;
        console.log(`  ${done}/${total}`);
      }
    },
  });
  console.log(formatReport(report));
  process.exit(report.findings.length === 0 ? 0 : 1);
}
