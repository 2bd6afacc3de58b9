// `npm run bench -- --only=gallery-processing` and `--only=gallery-zip`: the client galleries'
// delivery figures (ADR 027).
//
// Processing: distinct 24 MP JPEGs (6000 × 4000, made from a demo photo at bench time) queued
// into a portfolio shoot and into a gallery's set, then processed one at a time as the photo
// worker does (claim, process): photos per minute under today's public plan and under the
// gallery's delivery plan. The goal is 150 a minute (3,000 photos in 20 minutes).
//
// ZIP: a 2 GB gallery of originals (random bytes, written at bench time) streamed as one ZIP:
// the first layout (every CRC-32 computed once), MB/s and the process's peak RSS while streaming,
// and a download cut at 50% and resumed with Range + If-Range, checked byte for byte against
// the whole. Every file is deleted after.
import { createHash, randomFillSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { insertAsset, storedTotals } from "#domain/catalog/assets.server.ts";
import type { IngestDeps } from "#domain/catalog/ingest.server.ts";
import { appendPhotos } from "#domain/catalog/photos.server.ts";
import { addCollection } from "#domain/catalog/seed.server.ts";
import { createShoot } from "#domain/catalog/shoots.server.ts";
import { deliveryFiles, deliveryZip } from "#domain/galleries/downloads.server.ts";
import { addGallerySet, createGallery, readGallery } from "#domain/galleries/galleries.server.ts";
import { claimNextJob } from "#domain/jobs/queue.server.ts";
import { deriveSource } from "#domain/media/pipeline.server.ts";
import { diskMediaStorage } from "#domain/media/storage.server.ts";
import { enqueueUploadedPhoto, processJob } from "#domain/processing/photo-jobs.server.ts";
import { migrate, openDatabase } from "#platform/db/db.server.ts";
import { zipResponse } from "#platform/zip.server.ts";

const SOURCE_WIDTH_PX = 6000;
const SOURCE_HEIGHT_PX = 4000;
/** Photos processed under each plan; the public plan is slow enough that a smaller sample tells. */
const GALLERY_SAMPLE = 30;
const PUBLIC_SAMPLE = 8;
const ZIP_TOTAL_BYTES = 2 * 1024 ** 3;
/** About a 24 MP camera original. */
const ZIP_FILE_BYTES = 24 * 1024 ** 2;
const RSS_SAMPLE_MS = 50;
const MB = 1024 ** 2;

function argValue(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
}

export async function freshDeps(prefix: string): Promise<IngestDeps & { dataDir: string; dispose(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const db = openDatabase(path.join(dataDir, "studio.db"));
  await migrate(db);
  return {
    db,
    storage: diskMediaStorage(dataDir),
    dataDir,
    async dispose() {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** `count` distinct 24 MP JPEGs: the demo photo with the index drawn in as a row of squares. */
export async function makeSources(root: string, dir: string, count: number): Promise<string[]> {
  const sharp = (await import("sharp")).default;
  const base = await deriveSource(fs.readFileSync(path.join(root, "demo/photos/04-forest-stream.jpg")), {
    width: SOURCE_WIDTH_PX,
    height: SOURCE_HEIGHT_PX,
  });
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const marks = Array.from({ length: 12 }, (_, bit) => ({
      input: { create: { width: 40, height: 40, channels: 3 as const, background: (i >> bit) & 1 ? "#fff" : "#000" } },
      left: 40 + bit * 48,
      top: 40,
    }));
    const file = path.join(dir, `DSC_${String(i + 1).padStart(4, "0")}.jpg`);
    fs.writeFileSync(file, await sharp(base).composite(marks).jpeg({ quality: 92 }).toBuffer());
    files.push(file);
  }
  return files;
}

/** Queues the files into the shoot (the upload's check, not timed), then processes them as the worker does. */
export async function processAll(deps: IngestDeps, shootId: number, files: readonly string[]): Promise<number> {
  for (const [i, file] of files.entries()) {
    await enqueueUploadedPhoto(deps.db, {
      uploadId: `bench-${shootId}-${i}`,
      shootId,
      batchId: `bench-${shootId}`,
      batchIndex: i,
      fileName: path.basename(file),
      data: fs.readFileSync(file),
    });
  }
  const started = performance.now();
  for (;;) {
    const job = await claimNextJob(deps.db);
    if (!job) break;
    if (job.kind !== "photo-upload") throw new Error(`a ${job.kind} job in the bench's own database`);
    const state = await processJob(deps, job, fs.readFileSync(files[Number(job.uploadId.split("-").at(-1))] ?? ""));
    if (state !== "done") throw new Error(`${job.fileName} was not processed`);
  }
  return performance.now() - started;
}

export async function runGalleryProcessingBench(root: string): Promise<void> {
  const gallerySample = Number(argValue("photos") ?? GALLERY_SAMPLE);
  const publicSample = Math.min(gallerySample, PUBLIC_SAMPLE);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-24mp-"));
  try {
    console.log(
      `Gallery processing: ${gallerySample} distinct 24 MP JPEGs (6000 × 4000), one at a time as the worker does`,
    );
    const files = await makeSources(root, dir, gallerySample);
    const before = await freshDeps("studio-bench-public-");
    try {
      const collectionId = await addCollection(before.db, { slug: "weddings", name: "Weddings" });
      const shootId = await createShoot(before.db, { title: "Bench", location: "", description: "", collectionId });
      const ms = await processAll(before, shootId, files.slice(0, publicSample));
      console.log(
        `  before (public plan, 17 variants): ${publicSample} photos in ${(ms / 1000).toFixed(1)} s = ${((publicSample * 60_000) / ms).toFixed(0)} photos/min`,
      );
    } finally {
      await before.dispose();
    }
    const after = await freshDeps("studio-bench-gallery-");
    try {
      const galleryId = await createGallery(after.db, { title: "Bench wedding" });
      const setId = await addGallerySet(after.db, galleryId, "Muhurtham");
      const ms = await processAll(after, setId, files);
      const stored = await storedTotals(after.db);
      console.log(
        `  after (gallery plan, 3 variants): ${gallerySample} photos in ${(ms / 1000).toFixed(1)} s = ${((gallerySample * 60_000) / ms).toFixed(0)} photos/min (goal 150)`,
      );
      console.log(
        `  variants: ${stored.variants} files, ${Math.round(stored.variantBytes / gallerySample / 1024)} KB a photo; 3,000 photos would take ${((3000 * ms) / gallerySample / 60_000).toFixed(1)} min\n`,
      );
    } finally {
      await after.dispose();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function drain(body: ReadableStream<Uint8Array> | null, hash: ReturnType<typeof createHash>, limit = Infinity) {
  if (!body) return 0;
  const reader = body.getReader();
  let read = 0;
  while (read < limit) {
    const { value, done } = await reader.read();
    if (done) break;
    const take = Math.min(value.byteLength, limit - read);
    hash.update(value.subarray(0, take));
    read += take;
  }
  // A cut connection: the rest is never read.
  await reader.cancel();
  return read;
}

export async function runGalleryZipBench(): Promise<void> {
  const totalBytes = Number(argValue("zip-bytes") ?? ZIP_TOTAL_BYTES);
  const deps = await freshDeps("studio-bench-zip-");
  try {
    const count = Math.ceil(totalBytes / ZIP_FILE_BYTES);
    console.log(
      `Gallery ZIP: ${count} originals of ${ZIP_FILE_BYTES / MB} MB (${(totalBytes / 1024 ** 3).toFixed(1)} GB), STOREd`,
    );
    const galleryId = await createGallery(deps.db, { title: "Bench wedding" });
    const setId = await addGallerySet(deps.db, galleryId, "Reception");
    const chunk = Buffer.alloc(ZIP_FILE_BYTES);
    const assetIds: number[] = [];
    for (let i = 0; i < count; i++) {
      randomFillSync(chunk);
      const key = `zz/bench-${i}.jpeg`;
      await deps.storage.originals.put(key, chunk);
      // Only the originals: the ZIP is of them, and no variant is made.
      const assetId = await insertAsset(
        deps.db,
        {
          sha256: createHash("sha256").update(chunk).digest("hex"),
          original_key: key,
          original_name: `DSC_${String(i + 1).padStart(4, "0")}.jpg`,
          original_bytes: chunk.length,
          mime: "image/jpeg",
          width: SOURCE_WIDTH_PX,
          height: SOURCE_HEIGHT_PX,
          placeholder: "",
        },
        [],
      );
      assetIds.push(assetId);
    }
    await appendPhotos(deps.db, setId, assetIds);
    const gallery = await readGallery(deps.db, galleryId);
    if (!gallery) throw new Error("no gallery");
    const files = (await deliveryFiles(deps.db, deps.storage, gallery, { kind: "all" }, "original"))?.files ?? [];
    let started = performance.now();
    const layout = await deliveryZip(deps.db, deps.storage, files);
    const firstMs = performance.now() - started;
    started = performance.now();
    await deliveryZip(deps.db, deps.storage, files);
    console.log(
      `  layout: first ${(firstMs / 1000).toFixed(1)} s (every CRC-32 computed and kept), then ${(performance.now() - started).toFixed(0)} ms; ${layout.size.toLocaleString("en")} bytes, ZIP64 ${layout.zip64 ? "yes" : "no"}`,
    );

    const url = `http://bench.test/g/x/download/all.zip?size=original`;
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, RSS_SAMPLE_MS);
    const whole = createHash("sha256");
    started = performance.now();
    const read = await drain(zipResponse(new Request(url), layout, "all.zip").body, whole);
    const streamMs = performance.now() - started;
    clearInterval(sampler);
    if (read !== layout.size) throw new Error(`streamed ${read} of ${layout.size} bytes`);
    console.log(
      `  streamed: ${(read / MB / (streamMs / 1000)).toFixed(0)} MB/s; RSS ${Math.round(rssBefore / MB)} MB before, peak ${Math.round(peak / MB)} MB while streaming (files just written: mostly from the page cache)`,
    );

    const half = Math.floor(layout.size / 2);
    const resumedHash = createHash("sha256");
    await drain(zipResponse(new Request(url), layout, "all.zip").body, resumedHash, half);
    const resumed = zipResponse(
      new Request(url, { headers: { Range: `bytes=${half}-`, "If-Range": layout.etag } }),
      layout,
      "all.zip",
    );
    const rest = await drain(resumed.body, resumedHash);
    const same = resumedHash.digest("hex") === whole.digest("hex");
    console.log(
      `  cut at 50% and resumed: ${resumed.status} ${resumed.headers.get("Content-Range")}, ${rest.toLocaleString("en")} bytes; the joined download ${same ? "equals" : "DIFFERS FROM"} the whole archive\n`,
    );
    if (!same || resumed.status !== 206) process.exitCode = 1;
  } finally {
    await deps.dispose();
  }
}
