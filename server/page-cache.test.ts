// The public page cache (ADR 004): a page is rendered once per content version and then served
// as it was rendered, compressed both ways, to every visitor; an edit is on the next request;
// nothing of one visitor reaches another; the policy lists the page's own inline scripts.
import { createHash } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerProcess } from "#fixtures/server-process.ts";
import { testDatabaseTarget } from "#fixtures/test-store.ts";
import { openDatabase } from "#platform/db/db.server.ts";
import { inlineHashes } from "#platform/http.server.ts";
import { type CachedPage, PageCache } from "#platform/page-cache.server.ts";
import { type DemoServer, startDemoServer } from "#tests/helpers/demo-server.ts";
import { PAGE_CACHE_HEADER } from "./page-cache.ts";

const page = (bytes: number, expiresAt: number | null = null): CachedPage => ({
  headers: [],
  etag: `W/"${bytes}"`,
  identity: Buffer.alloc(bytes),
  gzip: Buffer.alloc(0),
  br: Buffer.alloc(0),
  expiresAt,
});

describe("PageCache", () => {
  it("keeps pages by key for their version, forgets them all when the version moves", () => {
    const cache = new PageCache(1000);
    cache.set(1, "/", page(100));
    expect(cache.get(1, "/")?.identity.length).toBe(100);
    expect(cache.get(2, "/")).toBeUndefined();
    expect(cache.bytes).toBe(0);
    // A render that began before the content moved on is not kept.
    cache.set(1, "/", page(100));
    expect(cache.get(2, "/")).toBeUndefined();
  });

  it("drops the least recently used past its size, and an expired page", () => {
    const cache = new PageCache(250);
    cache.set(1, "/a", page(100));
    cache.set(1, "/b", page(100));
    cache.get(1, "/a");
    cache.set(1, "/c", page(100));
    expect(cache.get(1, "/b")).toBeUndefined();
    expect(cache.get(1, "/a")).toBeDefined();
    expect(cache.bytes).toBe(200);
    cache.set(1, "/big", page(300));
    expect(cache.get(1, "/big")).toBeUndefined();
    cache.set(1, "/soon", page(10, 5_000));
    expect(cache.get(1, "/soon", 4_999)).toBeDefined();
    expect(cache.get(1, "/soon", 5_000)).toBeUndefined();
  });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly these headers (fetch adds and decodes encodings on its own). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** The page's HTML, whatever its encoding. */
function html(answer: Answer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(answer.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(answer.body).toString("utf8");
  return answer.body.toString("utf8");
}

/** Asks until the cache answers (a page is kept once compressed, just after its first answer). */
async function cached(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await get(url, headers);
    if (answer.headers[PAGE_CACHE_HEADER.toLowerCase()] === "hit") return answer;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} never came from the cache`);
}

describe("public pages from the cache, on the production server", () => {
  let demo: DemoServer;
  let server: ServerProcess;

  beforeAll(async () => {
    demo = await startDemoServer("studio-page-cache-");
    ({ server } = demo);
  });
  afterAll(async () => {
    await demo?.stop();
  });

  it("renders a page once, then serves the same bytes in brotli, gzip or none, and 304s without rendering", async () => {
    const url = `${server.url}/galleryList/1`;
    const first = await get(url);
    expect(first.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("miss");
    const br = await cached(url, { "Accept-Encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    const gz = await cached(url, { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await cached(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(html(br)).toBe(html(plain));
    expect(html(gz)).toBe(html(plain));
    expect(html(plain)).toBe(html(first));
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers.etag).toBe(first.headers.etag);
      expect(answer.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
      expect(answer.headers["cache-control"]).toBe("public, no-cache");
    }
    const revalidated = await get(url, { "If-None-Match": String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("hit");
    expect(revalidated.body.length).toBe(0);
  });

  it("shows an edit on the next request: any change to the content moves its version", async () => {
    const url = `${server.url}/`;
    const before = html(await cached(url));
    const db = openDatabase(await testDatabaseTarget(demo.dataDir));
    try {
      await sql`update studio_settings set tagline = 'Light, kept honestly'`.execute(db);
    } finally {
      await db.destroy();
    }
    const after = await get(url);
    expect(after.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("miss");
    expect(html(after)).toContain("Light, kept honestly");
    expect(before).not.toContain("Light, kept honestly");
  });

  it("a revalidation that renders a page (the first request after any edit) keeps it whole for the next visitor", async () => {
    const url = `${server.url}/gallery/wedding`;
    const first = await cached(url);
    // An edit elsewhere moves the version; this page's bytes, and so its ETag, stay the same.
    const db = openDatabase(await testDatabaseTarget(demo.dataDir));
    try {
      await sql`update collections set name = name where slug = 'wedding'`.execute(db);
    } finally {
      await db.destroy();
    }
    // A browser revalidating its copy: rendered (a miss), matched, answered 304 without a type.
    const revalidated = await get(url, { "If-None-Match": String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers["content-type"]).toBeUndefined();
    // The copy kept from that render is served whole: a visitor without a copy gets a page, not text.
    const next = await cached(url);
    expect(next.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("hit");
    expect(next.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(next.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(html(next)).toBe(html(first));
  });

  it("keeps nothing of a visitor: a cookie changes nothing, and no kept page sets one", async () => {
    const url = `${server.url}/about`;
    const stranger = await cached(url);
    const visitor = await cached(url, { Cookie: "__session=someone-else; theme=dark" });
    expect(html(visitor)).toBe(html(stranger));
    expect(visitor.headers["set-cookie"]).toBeUndefined();
    expect(html(visitor)).not.toContain("someone-else");
  });

  it("keeps a page's English and Tamil apart: one entry per URL, whatever the visitor's Accept-Language", async () => {
    const lang = (answer: Answer) => /<html lang="([^"]+)"/.exec(html(answer))?.[1];
    const tamilPreload = /<link rel="preload" href="[^"]*noto-sans-tamil-[^"]*\.woff2"/;
    // Each language's first request renders it: the other's kept copy is not it.
    const english = await cached(`${server.url}/credits`);
    const firstTamil = await get(`${server.url}/ta/credits`);
    expect(firstTamil.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("miss");
    const tamil = await cached(`${server.url}/ta/credits`);
    expect(lang(english)).toBe("en");
    expect(lang(tamil)).toBe("ta");
    expect(tamil.headers.etag).not.toBe(english.headers.etag);
    expect(html(tamil)).toMatch(tamilPreload);
    expect(html(english)).not.toMatch(tamilPreload);
    // A public page's language is its URL's: a Tamil reader's browser is served the English copy at /credits.
    const askedInTamil = await cached(`${server.url}/credits`, { "Accept-Language": "ta-IN,ta;q=0.9" });
    expect(lang(askedInTamil)).toBe("en");
    expect(html(askedInTamil)).toBe(html(english));
    const askedInEnglish = await cached(`${server.url}/ta/credits`, { "Accept-Language": "en" });
    expect(html(askedInEnglish)).toBe(html(tamil));
  });

  it("gives the contact form a fresh token every second, never a kept one from before", async () => {
    const url = `${server.url}/contactUs`;
    const token = (answer: Answer) => /name="formToken" value="([^"]+)"/.exec(html(answer))?.[1];
    // Start just after a second begins, so both requests fall in it.
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
    const first = await get(url);
    const again = await cached(url);
    expect(token(again)).toBe(token(first));
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
    const later = await get(url);
    expect(later.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("miss");
    expect(token(later)).not.toBe(token(first));
  });

  it("allows exactly the page's own inline scripts and styles: their hashes, no nonce", async () => {
    const answer = await cached(`${server.url}/`);
    const policy = String(answer.headers["content-security-policy"]);
    expect(policy).not.toMatch(/nonce-/);
    const { scripts, styles } = inlineHashes(html(answer));
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    expect(policy).toContain(`script-src ${scripts.join(" ")} 'strict-dynamic'`);
    expect(policy).toContain(`style-src 'self' ${styles.join(" ")};`);
    // React Router writes nonce="" when it has none: no value, nothing to guess.
    expect(html(answer)).not.toMatch(/ nonce="[^"]/);
    // A data block never runs: the JSON-LD is not among the hashes.
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html(answer))?.[1] ?? "";
    expect(jsonLd).toContain("LocalBusiness");
    expect(policy).not.toContain(createHash("sha256").update(jsonLd).digest("base64"));
  });

  it("sends Cross-Origin-Opener-Policy on the personal pages only, not on a public page", async () => {
    for (const pathname of ["/", "/contactUs", "/galleryList/1"]) {
      const answer = await get(`${server.url}${pathname}`);
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers["cross-origin-opener-policy"], pathname).toBeUndefined();
    }
    for (const pathname of ["/admin/login", "/admin", "/g/no-such-gallery"]) {
      const answer = await get(`${server.url}${pathname}`);
      expect(answer.headers["cross-origin-opener-policy"], pathname).toBe("same-origin");
    }
  });

  it("never keeps a personal page: the admin and a client's gallery", async () => {
    for (const pathname of ["/admin/login", "/g/no-such-gallery"]) {
      const answer = await get(`${server.url}${pathname}`);
      expect(answer.headers[PAGE_CACHE_HEADER.toLowerCase()], pathname).toBeUndefined();
      expect(String(answer.headers["content-security-policy"]), pathname).toMatch(/'nonce-/);
    }
  });
});
