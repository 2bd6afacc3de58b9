// `npm run bench`: what the media pipeline costs on this machine. Ingests a 24-megapixel photo
// (6000 × 4000) into all its variants, times the whole demo import, and compares the bytes of
// the variants with the original's. Each timing is on a fresh temporary data directory.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { storedTotals } from "#domain/catalog/assets.server.ts";
import { STUDIO } from "#domain/catalog/audience.server.ts";
import { loadStoredImages } from "#domain/catalog/images.server.ts";
import { ingestImage } from "#domain/catalog/ingest.server.ts";
import { importDemoIfEmpty } from "#domain/demo/import.server.ts";
import { deriveSource } from "#domain/media/pipeline.server.ts";
import { diskMediaStorage } from "#domain/media/storage.server.ts";
import { migrate, openDatabase } from "#platform/db/db.server.ts";
import { readEnv, readScriptVariable, startEnv } from "#platform/env.server.ts";
import { logger } from "#platform/logger.server.ts";
import { runAdminBench } from "./bench-admin.ts";
import { runAlbumBench } from "./bench-albums.ts";
import { runClusterBench } from "./bench-cluster.ts";
import { runContentApiBench } from "./bench-content-api.ts";
import { runFacesBench } from "./bench-faces.ts";
import { runFacesAccuracyBench } from "./bench-faces-accuracy.ts";
import { runGalleryProcessingBench, runGalleryZipBench } from "./bench-gallery.ts";
import { runGalleryAdminBench } from "./bench-gallery-admin.ts";
import { runGalleryPageBench } from "./bench-gallery-page.ts";
import { runLighthouseBench } from "./bench-lighthouse.ts";
import { runMemoryBench } from "./bench-memory.ts";
import { runPhotoManagerBench } from "./bench-photo-manager.ts";
import { runSsrBench } from "./bench-ssr.ts";

const INGEST_RUNS = 3;
const root = path.resolve(import.meta.dirname, "../..");

async function freshStore() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-"));
  const db = openDatabase(path.join(dataDir, "studio.db"));
  await migrate(db);
  return {
    db,
    storage: diskMediaStorage(dataDir),
    async dispose() {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function kb(bytes: number): string {
  return `${Math.round(bytes / 1024).toLocaleString("en")} KB`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

startEnv();
// The figures are the output; the pipeline's per-photo info lines would bury them.
logger.level = readScriptVariable("LOG_LEVEL") ? readEnv().logLevel : "warn";

console.log(`Machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}\n`);

// `node scripts/bench/bench.ts --only=lighthouse` skips the media pipeline section.
if (process.argv.includes("--only=lighthouse")) {
  await runLighthouseBench();
  process.exit();
}
// `node scripts/bench/bench.ts --only=admin` prints only the admin's photos-per-minute figure.
if (process.argv.includes("--only=admin")) {
  await runAdminBench(root);
  process.exit();
}
// `node scripts/bench/bench.ts --only=photo-manager` prints only the 3,000-photo shoot's figures.
if (process.argv.includes("--only=photo-manager")) {
  await runPhotoManagerBench();
  process.exit();
}

// `node scripts/bench/bench.ts --only=gallery-admin`: a 3,000-photo gallery's admin first screen.
if (process.argv.includes("--only=gallery-admin")) {
  await runGalleryAdminBench();
  process.exit();
}

// `--only=gallery-processing` (with `--photos=N`) and `--only=gallery-zip` (with
// `--zip-bytes=N`): the client galleries' delivery figures (ADR 027).
if (process.argv.includes("--only=gallery-processing")) {
  await runGalleryProcessingBench(root);
  process.exit();
}
if (process.argv.includes("--only=gallery-zip")) {
  await runGalleryZipBench();
  process.exit();
}
// `node scripts/bench/bench.ts --only=ssr`: the public pages' throughput beside nginx (issue 17).
if (process.argv.includes("--only=ssr")) {
  await runSsrBench();
  process.exit();
}
// `node scripts/bench/bench.ts --only=cluster`: SSR throughput on SQLite, PostgreSQL and two instances
// behind nginx, and upload to processed on the folder and the bucket (issue 18).
if (process.argv.includes("--only=cluster")) {
  await runClusterBench();
  process.exit();
}
// `node scripts/bench/bench.ts --only=content-api`: the content API on 5,000 shoots.
if (process.argv.includes("--only=content-api")) {
  await runContentApiBench();
  process.exit();
}

// `node scripts/bench/bench.ts --only=memory`: the server's RSS over the demo import and 300 uploads (ADR 030).
if (process.argv.includes("--only=memory")) {
  await runMemoryBench();
  process.exit();
}

// `--only=gallery-page` (with `--lighthouse-runs=N`, 0 to skip): a 5,000-photo gallery's first
// screen and scroll on a phone.
if (process.argv.includes("--only=gallery-page")) {
  await runGalleryPageBench();
  process.exit();
}

// `--only=albums` (with `--spreads=N`): a 40-spread album's processing (issue 32).
if (process.argv.includes("--only=albums")) {
  await runAlbumBench(root);
  process.exit();
}

// `--only=faces-accuracy` (with `--labelled=DIR`): the face search's true- and false-match rates
// on the model's sample photos and selfies made from them (ADR 044).
if (process.argv.includes("--only=faces-accuracy")) {
  await runFacesAccuracyBench();
  process.exit();
}
// `--only=faces`: a gallery's face indexing (photos a minute, memory, pages and uploads meanwhile)
// and a 20,000-face wedding's matching, from a selfie to the guest's first page (ADR 044).
if (process.argv.includes("--only=faces")) {
  await runFacesBench();
  process.exit();
}

const source = await deriveSource(fs.readFileSync(path.join(root, "demo/photos/04-forest-stream.jpg")), {
  width: 6000,
  height: 4000,
});
const timings: number[] = [];
let bytesByFormat: Record<string, { count: number; bytes: number }> = {};
let placeholderBytes = 0;
for (let run = 0; run < INGEST_RUNS; run++) {
  const store = await freshStore();
  const started = performance.now();
  const { assetId } = await ingestImage(store, source, "bench-24mp.jpg");
  timings.push(performance.now() - started);
  const image = (await loadStoredImages(store.db, STUDIO, [assetId])).get(assetId);
  if (!image) throw new Error("the ingested photo is not stored");
  bytesByFormat = {};
  for (const v of image.variants) {
    const entry = bytesByFormat[v.format] ?? { count: 0, bytes: 0 };
    bytesByFormat[v.format] = entry;
    entry.count++;
    entry.bytes += v.bytes;
  }
  placeholderBytes = image.placeholder.length;
  await store.dispose();
}
console.log("Ingest of one 24 MP photo (6000 × 4000 JPEG) into every variant");
console.log(`  runs: ${timings.map(seconds).join(", ")}; median ${seconds(median(timings))}`);
console.log(`  original: ${kb(source.byteLength)}`);
for (const [format, { count, bytes }] of Object.entries(bytesByFormat)) {
  console.log(
    `  ${format.padEnd(5)} ${String(count).padStart(2)} files, ${kb(bytes).padStart(9)} (${((bytes / source.byteLength) * 100).toFixed(1)}% of the original)`,
  );
}
console.log(`  placeholder: ${placeholderBytes} bytes as a data URI\n`);

const store = await freshStore();
const started = performance.now();
await importDemoIfEmpty(store, () => {});
const importMs = performance.now() - started;
const stored = await storedTotals(store.db);
await store.dispose();
console.log("Demo import (empty database to ready)");
console.log(`  ${seconds(importMs)} for ${stored.originals} images (${seconds(importMs / stored.originals)} each)`);
console.log(`  originals ${kb(stored.originalBytes)} → ${stored.variants} variants, ${kb(stored.variantBytes)}\n`);

await runAdminBench(root);
await runMemoryBench();

await runPhotoManagerBench();
await runGalleryAdminBench();

await runContentApiBench();
await runSsrBench();
await runClusterBench();

await runGalleryProcessingBench(root);
await runGalleryZipBench();
await runGalleryPageBench();
await runAlbumBench(root);

await runFacesAccuracyBench();
await runFacesBench();

await runLighthouseBench();
