// The production server with its media in the folder and in a bucket (MEDIA_STORE=s3, on the S3
// test server): /media/* answers the same from either (headers, 304, ranges, 404, nothing but
// media/ reachable); the demo studio imported into the bucket is served with its pages linking
// /media/ here, or every image on MEDIA_PUBLIC_URL with the CSP allowing it; a start without the
// bucket's settings is refused naming each, never repeating a key. Two server processes on one
// database (the test's SQLite file, or its PostgreSQL database on a run on PostgreSQL) and one
// bucket take the chunks of one upload in turn.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "#domain/content-api/tokens.server.ts";
import { importDemoIfEmpty } from "#domain/demo/import.server.ts";
import { s3Folder, s3MediaStorage } from "#domain/media/s3-store.server.ts";
import { type BlobStore, diskMediaStorage, keysIn, type MediaStorage } from "#domain/media/storage.server.ts";
import { UPLOAD_CSRF_HEADER, UPLOADS_PATH } from "#domain/media/upload-constants.ts";
import { type S3TestServer, startS3Server, uniquePrefix } from "#fixtures/s3-server.ts";
import { databaseEnv, type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { smallDemoPhotos } from "#fixtures/small-demo.ts";
import { makeTempDir, noisePng, testDatabaseTarget } from "#fixtures/test-store.ts";
import { migrate, openDatabase } from "#platform/db/db.server.ts";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import { MEDIA_STORE_KINDS } from "#tests/helpers/media-store.ts";
import { createUploadOwner } from "#tests/helpers/upload-owner.ts";

/** Wide enough for every public page's photographs, small enough to import in seconds. */
const DEMO_PHOTO_WIDTH_PX = 160;
/** A refused start ends well within this. */
const REFUSAL_MS = 10_000;
/** A CDN in front of the bucket's media/ folder: never fetched, only linked. */
const CDN = "https://cdn.example.test/studio-a/media/";

let s3: S3TestServer;
const dirs: string[] = [];
const servers: ServerProcess[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await s3?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = makeTempDir(prefix);
  dirs.push(dir);
  return dir;
}

async function serve(dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer(dataDir, { DEMO_CONTENT: "off", ...env });
  servers.push(server);
  await server.waitUntilReady();
  return server;
}

/**
 * A GET as a client sends it: the path not normalised (fetch would fold "/../"), and no
 * `Cache-Control: no-cache` added to a conditional request (fetch adds it, as the Fetch
 * standard says, and both the folder and the bucket then send the whole file).
 */
function rawGet(
  url: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${pathname}`, { method: "GET", headers });
    req.on("response", (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe.each(MEDIA_STORE_KINDS)("/media/* with the media in the %s", (kind) => {
  const key = "ab/abcdef0123456789abcdef01-320-1a2b3c4d.webp";
  const originalKey = "ab/abcdef0123456789.jpeg";
  const bytes = Buffer.from(Array.from({ length: 5_000 }, (_, i) => (i * 7) % 256));
  let server: ServerProcess;
  let storage: MediaStorage;

  beforeAll(async () => {
    const dataDir = tempDir("studio-media-serve-");
    const prefix = uniquePrefix();
    storage = kind === "s3" ? s3MediaStorage(s3.settings(prefix)) : diskMediaStorage(dataDir);
    await storage.public.put(key, bytes);
    await storage.originals.put(originalKey, Buffer.from("the original, with its GPS"));
    server = await serve(dataDir, kind === "s3" ? s3.env(prefix) : {});
  });

  it("sends the variant with a year's immutable cache, its type, validators and ranges on offer", async () => {
    const res = await fetch(`${server.url}/media/${key}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(res.headers.get("Accept-Ranges")).toBe("bytes");
    expect(res.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
    expect(res.headers.get("ETag")).toMatch(/^(W\/)?"[^"]+"$/);
    expect(Date.parse(res.headers.get("Last-Modified") ?? "")).not.toBeNaN();

    const head = await fetch(`${server.url}/media/${key}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(head.headers.get("ETag")).toBe(res.headers.get("ETag"));
  });

  it("answers a revalidation with 304 and no body, by ETag or by date", async () => {
    const first = await fetch(`${server.url}/media/${key}`);
    await first.arrayBuffer();
    const etag = first.headers.get("ETag") ?? "";
    const byTag = await rawGet(server.url, `/media/${key}`, { "If-None-Match": etag });
    expect(byTag.status).toBe(304);
    expect(byTag.body).toBe("");
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const lastModified = first.headers.get("Last-Modified") ?? "";
    const byDate = await rawGet(server.url, `/media/${key}`, { "If-Modified-Since": lastModified });
    expect(byDate.status).toBe(304);
    expect((await rawGet(server.url, `/media/${key}`, { "If-None-Match": '"another"' })).status).toBe(200);
    // A hard reload (and fetch() with any condition) says no-cache: the whole file, on both.
    const reload = await rawGet(server.url, `/media/${key}`, { "If-None-Match": etag, "Cache-Control": "no-cache" });
    expect(reload.status).toBe(200);
  });

  it("sends one byte range as 206, the whole file for several or a malformed one, 416 past the end", async () => {
    const ranged = async (range: string) => {
      const res = await fetch(`${server.url}/media/${key}`, { headers: { Range: range } });
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    };
    const middle = await ranged("bytes=100-199");
    expect(middle.res.status).toBe(206);
    expect(middle.res.headers.get("Content-Range")).toBe(`bytes 100-199/${bytes.length}`);
    expect(middle.body).toEqual(bytes.subarray(100, 200));
    const tail = await ranged("bytes=-10");
    expect(tail.res.status).toBe(206);
    expect(tail.body).toEqual(bytes.subarray(bytes.length - 10));
    const open = await ranged("bytes=4990-");
    expect(open.body).toEqual(bytes.subarray(4990));
    for (const range of ["bytes=0-1,5-6", "pages=1-2", "bytes=x-y"]) {
      const whole = await ranged(range);
      expect(whole.res.status, range).toBe(200);
      expect(whole.body).toEqual(bytes);
    }
    const past = await ranged("bytes=999999-");
    expect(past.res.status).toBe(416);
  });

  it("answers 404, never kept, for a missing key, a climb out of media/ or an original's key", async () => {
    const missing = await fetch(`${server.url}/media/ab/nothing-here.webp`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toBe("no-store");
    for (const pathname of [
      `/media/${originalKey}`,
      `/media/..%2Foriginals%2F${encodeURIComponent(originalKey)}`,
      `/media/%2e%2e/originals/${originalKey}`,
      "/media/",
    ]) {
      const answer = await rawGet(server.url, pathname);
      expect(answer.status, pathname).toBe(404);
      expect(answer.body).not.toContain("GPS");
    }
    expect((await fetch(`${server.url}/media/${key}`, { method: "POST" })).status).toBe(404);
  });
});

describe("the demo studio with its photographs in the bucket", () => {
  let dataDir: string;
  let prefix: string;
  let media: BlobStore;
  let token: string;

  beforeAll(async () => {
    dataDir = tempDir("studio-media-demo-");
    prefix = uniquePrefix();
    const storage = s3MediaStorage(s3.settings(prefix));
    media = storage.public;
    const photosDir = await smallDemoPhotos(DEMO_PHOTO_WIDTH_PX);
    dirs.push(photosDir);
    const db = openDatabase(await testDatabaseTarget(dataDir));
    try {
      await migrate(db);
      await importDemoIfEmpty({ db, storage }, () => {}, photosDir);
      token = (await createApiToken(db, "media test")).token;
    } finally {
      await db.destroy();
    }
    // Nothing of the media went to the folder.
    expect(fs.readdirSync(dataDir).filter((f) => ["media", "originals", "uploads"].includes(f))).toEqual([]);
  });

  /** Every image URL a page names: srcset entries, src and href attributes, og:image. */
  function imageUrls(html: string): string[] {
    const urls = new Set<string>();
    for (const [, list] of html.matchAll(/(?:srcset|srcSet|imagesrcset)="([^"]+)"/g)) {
      for (const entry of (list ?? "").split(",")) urls.add(entry.trim().split(/\s+/)[0] ?? "");
    }
    for (const [, url] of html.matchAll(/(?:src|content|href)="([^"]+\.(?:avif|webp|jpg))"/g)) urls.add(url ?? "");
    urls.delete("");
    return [...urls];
  }

  it("serves the pages with /media/ links that the app streams from the bucket", async () => {
    const server = await serve(dataDir, s3.env(prefix));
    const html = await (await fetch(`${server.url}/galleryList/1`)).text();
    const urls = imageUrls(html);
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url).toMatch(/^(\/media\/|http:\/\/127\.0\.0\.1:\d+\/media\/)/);
    const local = urls.find((url) => url.startsWith("/media/")) ?? "";
    const res = await fetch(`${server.url}${local}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(await media.get(local.slice("/media/".length)));
    await server.stop();
  });

  it("with MEDIA_PUBLIC_URL, links every image there, each a key in the bucket's media/, and the CSP allows it", async () => {
    const server = await serve(dataDir, { ...s3.env(prefix), MEDIA_PUBLIC_URL: CDN });
    const keysLinked = new Set<string>();
    const linked = (url: string) => {
      expect(url.startsWith(CDN), url).toBe(true);
      keysLinked.add(url.slice(CDN.length));
    };

    for (const page of ["/", "/galleryList/1", "/gallery/wedding"]) {
      const res = await fetch(`${server.url}${page}`);
      expect(res.status, page).toBe(200);
      const html = await res.text();
      const urls = imageUrls(html);
      expect(urls.length, page).toBeGreaterThan(0);
      for (const url of urls) linked(url);
      // No image is left on this site's /media/ (in the markup or the data the page hydrates from).
      expect(html, page).not.toMatch(/["'( ,]\/media\//);
      const imgSrc = (res.headers.get("Content-Security-Policy") ?? "")
        .split(";")
        .find((d) => d.trim().startsWith("img-src"));
      expect(imgSrc?.trim(), page).toBe("img-src 'self' data: https://cdn.example.test");
    }
    const shoot = await (await fetch(`${server.url}/galleryList/1`)).text();
    const ogImage = /property="og:image" content="([^"]+)"/.exec(shoot)?.[1] ?? "";
    linked(ogImage);

    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const images = [...sitemap.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((m) => m[1] ?? "");
    expect(images.length).toBeGreaterThan(10);
    for (const url of images) linked(url);

    const api = await fetch(`${server.url}/api/collections?populate=*`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(api.status).toBe(200);
    const apiUrls = [...JSON.stringify(await api.json()).matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(apiUrls.length).toBeGreaterThan(5);
    for (const url of apiUrls) linked(url);

    // What the CDN would fetch is there: each linked key is an object under <prefix>media/.
    for (const key of keysLinked) expect(await media.has(key), key).toBe(true);
    await server.stop();
  });
});

describe("two instances on one database and one bucket", () => {
  it("take the chunks of one upload in turn, and the photo arrives with its files in the bucket", async () => {
    const dataDir = tempDir("studio-media-two-");
    const prefix = uniquePrefix();
    const db = openDatabase(await testDatabaseTarget(dataDir));
    let shootId: number;
    let cookie: string;
    let csrf: string;
    try {
      await migrate(db);
      // Signed with the key both servers use: DATA_DIR's, or on PostgreSQL the APP_SECRET they are given.
      setEnv({ DATA_DIR: dataDir, ...(await databaseEnv(dataDir)) });
      ({ shootId, sessionCookie: cookie, csrf } = await createUploadOwner(db));
    } finally {
      await db.destroy();
      restoreEnv();
    }
    const [a, b] = await Promise.all([serve(dataDir, s3.env(prefix)), serve(dataDir, s3.env(prefix))]);
    const tus = (server: ServerProcess, extra: Record<string, string>) => ({
      Cookie: cookie,
      [UPLOAD_CSRF_HEADER]: csrf,
      Origin: server.url,
      "Sec-Fetch-Site": "same-origin",
      "Tus-Resumable": "1.0.0",
      ...extra,
    });
    const photo = noisePng(64, 64, 7);
    const metadata = Object.entries({
      filename: "first-dance.png",
      shootId: String(shootId),
      batch: "batch-two-instances",
      index: "0",
    })
      .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
      .join(",");
    const created = await fetch(`${a.url}${UPLOADS_PATH}`, {
      method: "POST",
      headers: tus(a, { "Upload-Length": String(photo.length), "Upload-Metadata": metadata }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("Location") ?? "";
    const third = Math.ceil(photo.length / 3);
    for (const [i, server] of [b, a, b].entries()) {
      const offset = i * third;
      const res = await fetch(`${server.url}${location}`, {
        method: "PATCH",
        headers: tus(server, { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" }),
        body: new Uint8Array(photo.subarray(offset, offset + third)),
      });
      expect(res.status, `chunk ${i + 1}`).toBe(204);
      if (i === 1) {
        // Staged in the bucket, not in the DATA_DIR the two happen to share here.
        const id = location.split("/").pop() ?? "";
        const staged = await keysIn(s3Folder(s3.settings(prefix), "uploads"));
        expect([...staged].sort()).toEqual([
          `${id}.info`,
          `${id}/000000000000`,
          `${id}/${String(third).padStart(12, "0")}`,
        ]);
        expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);
      }
    }

    const storage = s3MediaStorage(s3.settings(prefix));
    const check = openDatabase(await testDatabaseTarget(dataDir));
    try {
      const deadline = Date.now() + 60_000;
      let keys: string[] = [];
      while (keys.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const rows = await check
          .selectFrom("photos")
          .innerJoin("asset_variants", "asset_variants.asset_id", "photos.asset_id")
          .select("asset_variants.key")
          .where("photos.shoot_id", "=", shootId)
          .execute();
        keys = rows.map((row) => row.key);
      }
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(await storage.public.has(key), key).toBe(true);
      const uploads = s3Folder(s3.settings(prefix), "uploads");
      const stagedBy = Date.now() + 10_000;
      while ((await keysIn(uploads)).size > 0 && Date.now() < stagedBy) await new Promise((r) => setTimeout(r, 100));
      expect(await keysIn(uploads)).toEqual(new Set());
      expect(`${a.output()}${b.output()}`).toMatch(/processed an uploaded photo/);
    } finally {
      await check.destroy();
    }
  });
});

describe("a start with MEDIA_STORE=s3 and not all it needs", () => {
  async function refusedStart(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
    const server = await startServer(tempDir("studio-media-env-"), env);
    const timer = setTimeout(() => server.child.kill("SIGKILL"), REFUSAL_MS);
    const code = await server.exited;
    clearTimeout(timer);
    return {
      code,
      lines: server
        .output()
        .split("\n")
        .filter((line) => line.trim() !== ""),
    };
  }

  it("is refused at once, one line per missing variable, exit code 1", async () => {
    const { code, lines } = await refusedStart({ MEDIA_STORE: "s3", S3_BUCKET: "studio-media" });
    expect(code).toBe(1);
    expect(lines).toEqual([
      "Cannot start: S3_ACCESS_KEY_ID must be set when MEDIA_STORE=s3 (the bucket, and the keys to it)",
      "Cannot start: S3_SECRET_ACCESS_KEY must be set when MEDIA_STORE=s3 (the bucket, and the keys to it)",
    ]);
  });

  it("names a bad value without repeating the bucket's keys", async () => {
    const { code, lines } = await refusedStart({
      ...s3.env(),
      S3_ENDPOINT: "not-a-url",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLEKEYID",
      S3_SECRET_ACCESS_KEY: "hunter2-secret",
    });
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^Cannot start: S3_ENDPOINT must be .*\(got "not-a-url"\)$/)]);
    expect(lines.join("\n")).not.toMatch(/hunter2|AKIAEXAMPLEKEYID/);
  });
});
