// The production server as a visitor and an operator meet it: first start with the demo
// import killed half way, a restart that finishes it, the home page over HTTP, shutdown. The
// demo's manifest with small photographs (DEMO_PHOTOS_DIR): what is tested here is the server
// around the import; the real photos' import is domain/demo/import.server.test.ts's, and the
// browser tests' server shows them (ADR 040).
import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEmbeddedMetadata } from "#domain/media/pipeline.server.ts";
import { ROOT, type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { smallDemoPhotos } from "#fixtures/small-demo.ts";
import { makeTempDir, testDatabaseTarget } from "#fixtures/test-store.ts";
import { openDatabase } from "#platform/db/db.server.ts";

/**
 * Wide enough for every rung the home page's assertions name (the banners' 320 w portrait crops),
 * and slow enough to encode that the first start is still importing when it is killed at 8 of 38.
 */
const DEMO_PHOTO_WIDTH_PX = 640;

const dataDir = makeTempDir("studio-server-");
let server: ServerProcess;
let demoEnv: { DEMO_PHOTOS_DIR: string };

beforeAll(async () => {
  demoEnv = { DEMO_PHOTOS_DIR: await smallDemoPhotos(DEMO_PHOTO_WIDTH_PX) };
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (demoEnv) fs.rmSync(demoEnv.DEMO_PHOTOS_DIR, { recursive: true, force: true });
});

describe("first start, killed during the demo import", () => {
  it("answers /healthz with 503 while importing, then dies without cleanup", async () => {
    server = await startServer(dataDir, demoEnv);
    await server.waitForOutput(/Importing demo studio: 3\/38/);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "starting" });
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    const api = await fetch(`${server.url}/api/galleries`);
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ data: null, error: { status: 503, name: "ServiceUnavailableError" } });
    await server.waitForOutput(/Importing demo studio: 8\/38/);
    expect(await server.stop("SIGKILL")).toBe(null);
  });
});

describe("the next start", () => {
  beforeAll(async () => {
    server = await startServer(dataDir, demoEnv);
    await server.waitUntilReady();
  });

  it("finished the import instead of starting over", () => {
    expect(server.output()).toMatch(/Resuming the demo import/);
    expect(server.output()).toMatch(/Demo studio ready: 4 collections, 20 shoots, 38 images/);
    expect(
      fs.readdirSync(dataDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".partial")),
    ).toEqual([]);
  });

  it("reports health as JSON", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ status: "ok", database: "ok" });
  });

  it("renders the home page on the server with responsive images from the pipeline", async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h2[^>]*>Browse By Collection<\/h2>/);
    for (const name of ["Wedding", "Baby Shoot", "Motherhood", "Outdoor"]) expect(html).toContain(`>${name}</span>`);
    expect(html).toMatch(/<source media="\(max-width: 768px\)" type="image\/avif" srcSet="\/media\/[^"]+ 320w/);
    expect(html).toMatch(/<source type="image\/webp" srcSet="\/media\/[^"]+ 320w/);
    const all = html.match(/<img [^>]*>/g) ?? [];
    // The studio's logo in the header, the phone bar and the footer, lazy: the visible ones are in view.
    const logos = all.filter((img) => img.includes('alt="Nila Studio"'));
    expect(logos).toHaveLength(3);
    for (const img of logos) expect(img).toMatch(/loading="lazy"/);
    // Every banner slide, but only the first with a file to load (the others name theirs in
    // data- attributes until the slideshow makes them ready), four collections, three stories,
    // the showreel poster.
    const imgs = all.filter((img) => !logos.includes(img));
    expect(imgs.length).toBe(14);
    const unnamed = imgs.filter((img) => !/ src="/.test(img));
    expect(unnamed).toHaveLength(5);
    for (const img of unnamed) expect(img).toMatch(/ data-src="\/media\//);
    for (const img of imgs) expect(img).toMatch(/ width="\d+" height="\d+"/);
    expect(imgs[0]).toMatch(/fetchPriority="high"/);
    expect(imgs[0]).toMatch(/loading="eager"/);
    for (const img of imgs.slice(1)) expect(img).toMatch(/loading="lazy"/);
    expect(html).toMatch(/<link rel="preload" as="image" type="image\/avif" fetchPriority="high" imageSrcSet=/);
  });

  it("serves variants immutable and without EXIF", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const urls = [...html.matchAll(/\/media\/[^ ",]+\.(?:avif|webp|jpg)/g)].map((m) => m[0]);
    expect(urls.length).toBeGreaterThan(10);
    for (const url of [urls[0], urls.find((u) => u.endsWith(".jpg"))]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await readEmbeddedMetadata(new Uint8Array(await res.arrayBuffer()));
      expect(meta).toMatchObject({ hasExif: false, hasXmp: false, hasIptc: false });
    }
    expect((await fetch(`${server.url}/media/00/missing.avif`)).status).toBe(404);
  });

  it("sets a CSP by the hashes of a public page's inline scripts, by nonce on the admin's, and security headers", async () => {
    const res = await fetch(`${server.url}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).not.toMatch(/'nonce-/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const html = await res.text();
    // Every inline script that runs is listed by its hash (JSON-LD data blocks are not executed).
    const inline = Array.from(html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g))
      .filter(([, attributes]) => !attributes?.includes("application/ld+json"))
      .map(
        ([, , body]) =>
          `'sha256-${createHash("sha256")
            .update(body ?? "")
            .digest("base64")}'`,
      );
    expect(inline.length).toBeGreaterThan(0);
    for (const hash of inline) expect(csp).toContain(hash);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // The same page, the same policy; the admin's pages get a fresh nonce each.
    expect((await fetch(`${server.url}/`)).headers.get("content-security-policy")).toBe(csp);
    const admin = (await fetch(`${server.url}/admin/login`)).headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(admin)?.[1];
    expect(nonce).toBeTruthy();
    expect((await fetch(`${server.url}/admin/login`)).headers.get("content-security-policy")).not.toBe(admin);
  });

  it("lets any cache keep HTML but revalidate it by ETag, so a content change shows at the next request", async () => {
    const first = await fetch(`${server.url}/about`);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"/);
    const second = await fetch(`${server.url}/about`, { headers: { "If-None-Match": etag ?? "" } });
    expect(second.status).toBe(304);
    // The same bytes always come with the same policy, so a 304 may repeat it.
    expect([null, first.headers.get("content-security-policy")]).toContain(
      second.headers.get("content-security-policy"),
    );

    // The studio edits its tagline (as the admin would): the cached copy no longer matches.
    const db = openDatabase(await testDatabaseTarget(dataDir));
    const { tagline } = await db.selectFrom("studio_settings").select("tagline").executeTakeFirstOrThrow();
    try {
      await db.updateTable("studio_settings").set({ tagline: "Portraits by the sea" }).execute();
      const third = await fetch(`${server.url}/about`, { headers: { "If-None-Match": etag ?? "" } });
      expect(third.status).toBe(200);
      expect(await third.text()).toContain("Portraits by the sea");
    } finally {
      await db.updateTable("studio_settings").set({ tagline }).execute();
      await db.destroy();
    }
  });

  it("compresses with brotli and serves hashed assets for a year", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${server.url}${asset}`, { headers: { "Accept-Encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The copy compressed at build time (brotli 11), not a per-request one.
    const precompressed = fs.statSync(path.join(ROOT, "build/client", `${asset}.br`)).size;
    expect(Number(res.headers.get("content-length"))).toBe(precompressed);
    const gzipped = await fetch(`${server.url}${asset}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
  });

  it("answers an unknown path with 404", async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps React Router's data requests (.data) away from the content API", async () => {
    const res = await fetch(`${server.url}/api/galleries.data`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ data: null, error: { status: 404, name: "NotFoundError" } });
    // Pages keep theirs: client-side navigation loads them.
    expect((await fetch(`${server.url}/gallery/wedding.data`)).status).toBe(200);
  });

  it("answers a broken database with a branded 500 that is logged and shows no stack trace", async () => {
    // Another process breaks the schema under the running server: the loaders' queries fail.
    const db = openDatabase(await testDatabaseTarget(dataDir));
    await sql`alter table collections rename to collections_gone`.execute(db);
    try {
      const res = await fetch(`${server.url}/gallery/wedding`);
      expect(res.status).toBe(500);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const html = await res.text();
      expect(html).toContain("Something went wrong");
      // Neither engine's words for it (SQLite's, PostgreSQL's) reach the page; they reach the log.
      expect(html).not.toMatch(/no such table|does not exist|SqliteError|DatabaseError|\bat [\w.<>]+ \(|\.ts:\d+/);
      await server.waitForOutput(/"level":50[^\n]*(no such table|relation \\"collections\\" does not exist)/);
    } finally {
      await sql`alter table collections_gone rename to collections`.execute(db);
      await db.destroy();
    }
    expect((await fetch(`${server.url}/gallery/wedding`)).status).toBe(200);
  });

  it("shuts down cleanly on SIGTERM", async () => {
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.output()).toMatch(/"msg":"stopped"/);
  });
});

describe("a later start", () => {
  it("imports nothing again", async () => {
    server = await startServer(dataDir, demoEnv);
    await server.waitUntilReady();
    expect(server.output()).not.toMatch(/Importing demo studio/);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  it("refuses a second copy on the same port with one line that says what to do", async () => {
    const port = new URL(server.url).port;
    const otherDir = makeTempDir("studio-server-second-");
    const second = await startServer(otherDir, { PORT: port });
    try {
      const [code] = await once(second.child, "exit");
      expect(code).toBe(1);
      expect(second.output()).toContain(`127.0.0.1:${port} is already in use`);
      expect(second.output()).toContain("set PORT to a free port");
      expect(second.output()).not.toMatch(/"stack"/);
    } finally {
      await second.stop("SIGKILL");
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await server.stop("SIGTERM")).toBe(0);
  });
});
