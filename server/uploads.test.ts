// The acceptance run, automated: 300 photos uploaded with tus-js-client (as the admin's
// browser does) through the real upload handler, over a connection that is cut twice mid-file,
// must each arrive exactly once, in the order given, with every variant on disk and in the
// database, and leave no job queued or failed. The media and the upload staging are in the folder
// or in a bucket (MEDIA_STORE=s3, on the S3 test server): the 300 go through the bucket on SQLite
// and through the folder on PostgreSQL (UPLOAD_RUN_STORES); the refusals run on both everywhere.
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPostgresUrl } from "#fixtures/postgres.ts";
import { uniquePrefix } from "#fixtures/s3-server.ts";
import { FIXTURES_DIR, makeTempDir, noisePng } from "#fixtures/test-store.ts";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import { MEDIA_STORE_KINDS, type MediaStoreKind, mediaTestStores } from "#tests/helpers/media-store.ts";
import { createUploadOwner } from "#tests/helpers/upload-owner.ts";
import { jobProgress } from "../domain/jobs/queue.server.ts";
import { MAX_SOURCE_BYTES } from "../domain/media/constants.ts";
import { deriveSource, planVariants } from "../domain/media/pipeline.server.ts";
import { s3Folder } from "../domain/media/s3-store.server.ts";
import { getMediaStorage, keysIn } from "../domain/media/storage.server.ts";
import { UPLOAD_CSRF_HEADER, UPLOADS_PATH } from "../domain/media/upload-constants.ts";
import { closeDb, getDb, migrate } from "../platform/db/db.server.ts";
import { readEnv } from "../platform/env.server.ts";
import { logger } from "../platform/logger.server.ts";
import { type CuttingProxy, startCuttingProxy } from "../scripts/drills/cutting-proxy.ts";
import { type BatchFile, uploadBatch } from "../scripts/drills/tus-batch.ts";
import { type BackgroundWork, createBackgroundWork } from "./startup.ts";
import { createUploads } from "./uploads.ts";

const PHOTO_COUNT = 300;
/**
 * Small enough to process quickly, big enough (about 3.9 KB) to need two chunks each, so a cut
 * can land inside a file. Every chunk is a request through the proxy, the upload handler and, on
 * the bucket, several of the bucket's own: at 48 px (four chunks) the run took minutes on a busy
 * machine for the same proof.
 */
const PHOTO_EDGE_PX = 36;
/** Smaller than a photo, so most open connections are inside a file when the cut comes. */
const TEST_CHUNK_BYTES = 2 * 1024;
/** The connection drops when this share of the bytes has gone up, and again at this share. */
const CUT_SHARES = [1 / 3, 2 / 3];
/** No waiting between retries: the test is about what happens, not how long it waits. */
const TEST_RETRY_DELAYS_MS = [0, 50, 100, 200, 500];
const POLL_MS = 100;
const PROCESSING_DEADLINE_MS = 150_000;
/** A limit on the whole run, uploads and processing, for a busy machine (not a measure of speed:
    that is `npm run bench`); beyond the processing deadline, which alone exceeds Vitest's 60 s. */
const RUN_TIMEOUT_MS = 300_000;

const stores = mediaTestStores();

/**
 * The store the 300 photos go through on this run's engine: each store once, each engine once
 * (ADR 040). The database's part of the run (the upload jobs, their claims, the photos' rows) is
 * the same whichever store holds the bytes, and the store's part (files or S3 traffic) the same
 * whichever database records them; the run through both stores on SQLite was the suite's longest
 * test file.
 */
const UPLOAD_RUN_STORES: readonly MediaStoreKind[] = testPostgresUrl() ? ["folder"] : ["s3"];

/** The variables that put the media and the upload staging in the folder (none) or in the bucket. */
async function mediaEnv(kind: MediaStoreKind): Promise<Record<string, string>> {
  return kind === "folder" ? {} : (await stores.server()).env(uniquePrefix());
}

describe.each(MEDIA_STORE_KINDS)("on the %s", (kind) => {
  if (UPLOAD_RUN_STORES.includes(kind))
    describe("300 photos through tus with the connection cut twice", { timeout: RUN_TIMEOUT_MS }, () => {
      let dataDir: string;
      let server: ReturnType<express.Express["listen"]>;
      let proxy: CuttingProxy;
      let background: BackgroundWork;
      let shootId: number;
      let sessionCookie: string;
      let csrf: string;
      const files: BatchFile[] = Array.from({ length: PHOTO_COUNT }, (_, i) => ({
        name: `wedding-${String(i + 1).padStart(3, "0")}.png`,
        type: "image/png",
        data: noisePng(PHOTO_EDGE_PX, PHOTO_EDGE_PX, i + 1),
      }));
      const totalBytes = files.reduce((sum, f) => sum + f.data.byteLength, 0);

      beforeAll(async () => {
        dataDir = makeTempDir("studio-uploads-");
        setEnv({ DATA_DIR: dataDir, ...(await mediaEnv(kind)) });
        logger.level = "warn";
        await closeDb();
        const db = getDb();
        await migrate(db);
        ({ shootId, sessionCookie, csrf } = await createUploadOwner(db));

        // The server's wiring: the lifecycle owns the workers; a queued upload wakes the job worker.
        background = createBackgroundWork(dataDir);
        const app = express();
        app.use(UPLOADS_PATH, createUploads(dataDir).handler);
        server = app.listen(0, "127.0.0.1");
        await new Promise((resolve) => server.once("listening", resolve));
        proxy = await startCuttingProxy({
          target: { host: "127.0.0.1", port: (server.address() as AddressInfo).port },
          cutAtBytes: CUT_SHARES.map((share) => Math.round(totalBytes * share)),
        });
        background.start();
      });

      afterAll(async () => {
        await background?.stop();
        await proxy?.close();
        await new Promise((resolve) => server?.close(resolve));
        await closeDb();
        restoreEnv();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });

      it("every photo arrives exactly once, in order, with its variants; no job left behind", async () => {
        expect(new Set(files.map((f) => f.data.toString("base64"))).size).toBe(PHOTO_COUNT);
        // Every file takes more than one request, so a cut can come between a file's chunks.
        for (const file of files) expect(file.data.byteLength).toBeGreaterThan(TEST_CHUNK_BYTES);
        const results = await uploadBatch(files, {
          origin: `http://127.0.0.1:${proxy.port}`,
          shootId,
          sessionCookie,
          csrf,
          chunkSize: TEST_CHUNK_BYTES,
          retryDelaysMs: TEST_RETRY_DELAYS_MS,
        });

        // The connection really was cut twice, with uploads in flight, and the client recovered.
        const cuts = proxy.cuts();
        expect(cuts).toHaveLength(2);
        for (const cut of cuts) expect(cut.connections).toBeGreaterThan(0);
        expect(results.every((r) => r.state === "uploaded")).toBe(true);
        expect(results.reduce((sum, r) => sum + r.retries, 0)).toBeGreaterThanOrEqual(cuts.length);

        const db = getDb();
        const deadline = Date.now() + PROCESSING_DEADLINE_MS;
        let progress = await jobProgress(db, shootId, 0);
        while (progress.queued + progress.running > 0 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, POLL_MS));
          progress = await jobProgress(db, shootId, 0);
        }
        expect(progress).toEqual({ queued: 0, running: 0, done: PHOTO_COUNT, failed: [] });
        const jobs = await db.selectFrom("jobs").select(["state", "upload_id"]).execute();
        expect(jobs).toHaveLength(PHOTO_COUNT);
        expect(new Set(jobs.map((j) => j.upload_id)).size).toBe(PHOTO_COUNT);

        const photos = await db
          .selectFrom("photos")
          .innerJoin("assets", "assets.id", "photos.asset_id")
          .select(["photos.id", "photos.asset_id", "assets.sha256", "assets.original_name", "assets.width"])
          .where("photos.shoot_id", "=", shootId)
          .where("photos.deleted_at", "is", null)
          .orderBy("photos.position")
          .execute();
        // Exactly once each, in the order given: the same bytes as the files, one for one.
        expect(photos.map((p) => p.original_name)).toEqual(files.map((f) => f.name));
        expect(photos.map((p) => p.sha256)).toEqual(
          files.map((f) => createHash("sha256").update(f.data).digest("hex")),
        );
        expect(new Set(photos.map((p) => p.asset_id)).size).toBe(PHOTO_COUNT);

        const variants = await db
          .selectFrom("asset_variants")
          .select(["asset_id", "format", "width", "key"])
          .where(
            "asset_id",
            "in",
            photos.map((p) => p.asset_id),
          )
          .execute();
        const stored = await keysIn(getMediaStorage(dataDir).public);
        for (const photo of photos) {
          const own = variants.filter((v) => v.asset_id === photo.asset_id);
          const expected = planVariants(photo.width).map((s) => `${s.format}-${s.width}`);
          expect(own.map((v) => `${v.format}-${v.width}`).sort()).toEqual(expected.sort());
          for (const v of own) expect(stored.has(v.key), v.key).toBe(true);
        }
        // Every finished upload was read back by the worker and removed from the staging (the last
        // one just after its job was marked done). What may stay is an upload a cut POST created
        // and its client never heard of: unfinished, it goes when unfinished uploads expire.
        const jobUploads = new Set(jobs.map((j) => j.upload_id));
        const stagedJobUploads = async () =>
          (await stagedUploads(dataDir)).filter((key) => jobUploads.has(key.split(/[./]/)[0] ?? ""));
        const removedBy = Date.now() + POLL_MS * 50;
        while ((await stagedJobUploads()).length > 0 && Date.now() < removedBy) {
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
        expect(await stagedJobUploads()).toEqual([]);
      });
    });

  describe("refusals at upload: too large, cut short, and no CORS", () => {
    let dataDir: string;
    let server: http.Server;
    let origin: string;
    let shootId: number;
    let session: Record<string, string>;
    /** Every answer the tests got, to check none of them speaks CORS. */
    const answers: { what: string; headers: http.IncomingHttpHeaders }[] = [];

    interface Answer {
      status: number;
      headers: http.IncomingHttpHeaders;
      body: string;
    }

    /** One request; `body` may be a function that streams chunks (no Content-Length) until told to stop. */
    function request(
      method: string,
      pathname: string,
      headers: Record<string, string>,
      body?: Buffer | ((req: http.ClientRequest) => void),
    ): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const req = http.request(`${origin}${pathname}`, { method, headers });
        req.on("response", (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const answer = {
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString(),
            };
            answers.push({ what: `${method} ${pathname} (${answer.status})`, headers: res.headers });
            resolve(answer);
          });
        });
        // A refused streaming body ends with the server closing the connection: that is expected.
        req.on("error", (error) => (typeof body === "function" ? undefined : reject(error)));
        if (typeof body === "function") body(req);
        else req.end(body);
      });
    }

    const tus = (extra: Record<string, string> = {}) => ({ ...session, "Tus-Resumable": "1.0.0", ...extra });
    const metadata = (fileName: string) =>
      Object.entries({ filename: fileName, shootId: String(shootId), batch: "batch-refusals", index: "0" })
        .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
        .join(",");
    const uploadFiles = () => stagedUploads(dataDir);

    beforeAll(async () => {
      dataDir = makeTempDir("studio-upload-refusals-");
      setEnv({ DATA_DIR: dataDir, ...(await mediaEnv(kind)) });
      await closeDb();
      const db = getDb();
      await migrate(db);
      const owner = await createUploadOwner(db, { collection: "Outdoor", title: "Hills" });
      shootId = owner.shootId;
      const app = express();
      // Refusals happen before a job exists: no worker is needed.
      app.use(UPLOADS_PATH, createUploads(dataDir).handler);
      server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      session = {
        Cookie: owner.sessionCookie,
        [UPLOAD_CSRF_HEADER]: owner.csrf,
        Origin: origin,
        "Sec-Fetch-Site": "same-origin",
      };
    });

    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await closeDb();
      restoreEnv();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("an upload of deferred length that outgrows the limit is refused with 413 and its bytes removed", async () => {
      const created = await request(
        "POST",
        UPLOADS_PATH,
        // The Host a request names never makes it into the upload's URL (the Origin matches it,
        // as it would for a page served under that name).
        tus({
          "Upload-Defer-Length": "1",
          "Upload-Metadata": metadata("endless.jpg"),
          Host: "evil.example",
          Origin: "http://evil.example",
        }),
      );
      expect(created.status).toBe(201);
      expect(created.headers.location).toMatch(new RegExp(`^${UPLOADS_PATH}/[\\w-]+$`));
      const url = created.headers.location ?? "";
      expect((await uploadFiles()).length).toBeGreaterThan(0);

      // A client that never says how long the file is, sending 1 MiB after 1 MiB.
      const chunk = Buffer.alloc(1024 * 1024, 0xab);
      let sent = 0;
      const refused = await request(
        "PATCH",
        url,
        tus({ "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }),
        (req) => {
          const more = () => {
            while (!req.destroyed && sent <= MAX_SOURCE_BYTES + 4 * chunk.length) {
              sent += chunk.length;
              if (!req.write(chunk)) return void req.once("drain", more);
            }
            req.end();
          };
          more();
        },
      );
      expect(refused.status).toBe(413);
      expect(refused.body).toBe("The file is too large: the limit is 60.0 MB.");
      expect(sent).toBeGreaterThan(MAX_SOURCE_BYTES);
      // Nothing of it stays in uploads/ for a week: not the bytes, not tus's record of them.
      expect(await uploadFiles()).toEqual([]);
      expect((await request("HEAD", url, tus())).status).toBe(404);
    });

    it("a JPEG cut short is refused when its upload finishes, saying why, and nothing is queued", async () => {
      const whole = await deriveSource(fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg")), {
        width: 400,
        height: 300,
      });
      const cut = whole.subarray(0, Math.floor(whole.length * 0.8));
      const created = await request(
        "POST",
        UPLOADS_PATH,
        tus({ "Upload-Length": String(cut.length), "Upload-Metadata": metadata("cut.jpg") }),
      );
      expect(created.status).toBe(201);
      const finished = await request(
        "PATCH",
        created.headers.location ?? "",
        tus({ "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }),
        cut,
      );
      // The uploader shows this text next to the file's name.
      expect(finished.status).toBe(422);
      expect(finished.body).toBe(
        "the file is cut short: the end of the image is missing (was it copied or saved completely?)",
      );
      expect(await uploadFiles()).toEqual([]);
      expect(await getDb().selectFrom("jobs").select("id").execute()).toEqual([]);
    });

    it("a finished upload whose instance died before queuing it is queued when its uploader asks where it stands", async () => {
      const photo = noisePng(32, 32, 99);
      const created = await request(
        "POST",
        UPLOADS_PATH,
        tus({ "Upload-Length": String(photo.length), "Upload-Metadata": metadata("last-dance.png") }),
      );
      const url = created.headers.location ?? "";
      const id = url.split("/").at(-1) ?? "";
      const finished = await request(
        "PATCH",
        url,
        tus({ "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }),
        photo,
      );
      expect(finished.status).toBe(204);
      // The state a killed instance leaves: every byte staged, no job (it died between the two).
      const jobs = () => getDb().selectFrom("jobs").select(["file_name"]).where("upload_id", "=", id).execute();
      await getDb().deleteFrom("jobs").where("upload_id", "=", id).execute();
      expect(await jobs()).toEqual([]);

      // The uploader, its last PATCH unanswered, asks (any instance) where the upload stands.
      const head = await request("HEAD", url, tus());
      expect(head.status).toBe(200);
      expect(head.headers["upload-offset"]).toBe(String(photo.length));
      expect(await jobs()).toEqual([{ file_name: "last-dance.png" }]);
      // Asked again, it is queued once.
      expect((await request("HEAD", url, tus())).status).toBe(200);
      expect(await jobs()).toHaveLength(1);
      await getDb().deleteFrom("jobs").where("upload_id", "=", id).execute();
    });

    it("no answer carries CORS headers: the admin's uploads are for its own pages only", async () => {
      const foreign = { Origin: "https://evil.example" };
      await request("OPTIONS", UPLOADS_PATH, { ...foreign, "Access-Control-Request-Method": "POST" });
      await request("OPTIONS", UPLOADS_PATH, tus({ "Access-Control-Request-Method": "POST" }));
      const created = await request(
        "POST",
        UPLOADS_PATH,
        tus({ "Upload-Length": "10", "Upload-Metadata": metadata("small.jpg") }),
      );
      expect(created.status).toBe(201);
      const url = created.headers.location ?? "";
      expect((await request("HEAD", url, tus())).status).toBe(200);
      expect((await request("HEAD", url, { ...tus(), Cookie: "" })).status).toBe(401);
      expect((await request("HEAD", url, tus({ Origin: "https://evil.example" }))).status).toBe(200);
      expect((await request("PATCH", url, tus({ ...foreign, "Upload-Offset": "0" }))).status).toBe(403);
      expect((await request("DELETE", url, tus())).status).toBe(204);
      // Every answer of these tests, the refusals above included.
      expect(answers.length).toBeGreaterThanOrEqual(10);
      for (const { what, headers } of answers) {
        expect(
          Object.keys(headers).filter((h) => h.startsWith("access-control-")),
          what,
        ).toEqual([]);
      }
    });
  });
});

/** What waits in the upload staging: DATA_DIR/uploads, or the bucket's uploads/ folder. */
async function stagedUploads(dataDir: string): Promise<string[]> {
  const bucket = readEnv().media.s3;
  if (bucket) return [...(await keysIn(s3Folder(bucket, "uploads")))];
  return fs.readdirSync(path.join(dataDir, "uploads")).filter((f) => !f.startsWith("."));
}
