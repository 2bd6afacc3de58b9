// The admin's processing rate for `npm run bench`: distinct 12 MP camera-sized JPEGs go
// through what an upload goes through after its last byte (the upload check, the queue, the
// background worker into every variant and a photo row), and the figure is photos per minute.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { addCollection } from "#domain/catalog/seed.server.ts";
import { createShoot } from "#domain/catalog/shoots.server.ts";
import { jobProgress } from "#domain/jobs/queue.server.ts";
import { deriveSource } from "#domain/media/pipeline.server.ts";
import { diskMediaStorage } from "#domain/media/storage.server.ts";
import { enqueueUploadedPhoto } from "#domain/processing/photo-jobs.server.ts";
import { startPhotoWorker } from "#domain/processing/photo-worker.server.ts";
import { migrate, openDatabase } from "#platform/db/db.server.ts";

/** Enough photos for a steady rate without making the bench long. */
const PHOTOS = 8;
const WIDTH_PX = 4000;
const HEIGHT_PX = 3000;
const POLL_MS = 50;

export async function runAdminBench(root: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-admin-"));
  const db = openDatabase(path.join(dataDir, "studio.db"));
  try {
    await migrate(db);
    const collectionId = await addCollection(db, { slug: "bench", name: "Bench" });
    const shootId = await createShoot(db, { title: "Bench", location: "", description: "", collectionId });
    const source = fs.readFileSync(path.join(root, "demo/photos/04-forest-stream.jpg"));
    const uploads = new Map<string, Buffer>();
    // A pixel's difference in size makes each photo distinct bytes (no duplicate shortcut).
    for (let i = 0; i < PHOTOS; i++) {
      uploads.set(`bench-${i}`, await deriveSource(source, { width: WIDTH_PX - i, height: HEIGHT_PX }));
    }

    const started = performance.now();
    for (const [uploadId, data] of uploads) {
      const batchIndex = Number(uploadId.split("-")[1]);
      await enqueueUploadedPhoto(db, {
        uploadId,
        shootId,
        batchId: "bench-batch",
        batchIndex,
        fileName: `${uploadId}.jpg`,
        data,
      });
    }
    const worker = startPhotoWorker(
      { db, storage: diskMediaStorage(dataDir) },
      {
        read: async (id) => uploads.get(id) ?? Buffer.alloc(0),
        remove: async () => {},
      },
    );
    let progress = await jobProgress(db, shootId, 0);
    while (progress.queued + progress.running > 0) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      progress = await jobProgress(db, shootId, 0);
    }
    const elapsedMs = performance.now() - started;
    await worker.stop();
    const perMinute = (progress.done / elapsedMs) * 60_000;
    console.log(`Admin uploads: ${PHOTOS} distinct 12 MP JPEGs checked, queued and processed in the background`);
    console.log(
      `  ${(elapsedMs / 1000).toFixed(1)} s, ${progress.done} done, ${progress.failed.length} failed: ` +
        `${perMinute.toFixed(1)} photos processed per minute (a 300-photo wedding in ${(300 / perMinute).toFixed(0)} min)\n`,
    );
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
