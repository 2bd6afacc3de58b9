// Album proofing's part of `npm run bench` (issue 32, "Performance"): "A 40-spread album (each
// 7,200 x 3,600 px, 10-20 MB): processed at the admin's photo rate or better."
//
// On a fresh data directory: 40 distinct spreads made at bench time from two demo photos and a
// camera's grain (7,200 x 3,600 JPEG at quality 97: 15-20 MB, as a SmartAlbums export is), each
// made a spread of a gallery's album as the upload's finish does (ingestSpread: the check, then the
// pipeline's spread plan, WebP at 640 and 1280 px and the viewing JPEG at 2,048, watermarked), one
// after another, as the server makes an album's spreads however many the uploader sends at once.
// Beside it, the admin's photo rate measured the same way on 24 MP photos under a gallery set's
// plan (the photo worker's one at a time).
//
//   node scripts/bench/bench.ts --only=albums [--spreads=N]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createAlbum } from "#domain/albums/proofing.server.ts";
import { ingestSpread } from "#domain/albums/spreads.server.ts";
import { updateGalleryAccess } from "#domain/galleries/access-settings.server.ts";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { deriveSource } from "#domain/media/pipeline.server.ts";
import { freshDeps, makeSources, processAll } from "./bench-gallery.ts";
import { median, ms } from "./figures.ts";

const SPREAD_WIDTH_PX = 7_200;
const SPREAD_HEIGHT_PX = 3_600;
/** A print export's quality: 7,200 x 3,600 at 97 is 10-20 MB, as the spreads are. */
const SPREAD_JPEG_QUALITY = 97;
const DEFAULT_SPREADS = 40;
/** The grain's strength: with it a spread at quality 97 is 15-20 MB. */
const GRAIN_SIGMA = 9;
/** 24 MP photos timed under the gallery plan for the comparison. */
const PHOTO_SAMPLE = 8;
const MB = 1024 ** 2;

function argValue(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
}

/** `count` distinct spreads: two demo photos side by side, the index drawn in as a row of squares. */
async function makeSpreads(root: string, dir: string, count: number): Promise<string[]> {
  const page = (file: string) =>
    deriveSource(fs.readFileSync(path.join(root, "demo/photos", file)), {
      width: SPREAD_WIDTH_PX / 2,
      height: SPREAD_HEIGHT_PX,
    });
  const [left, right] = await Promise.all([page("04-forest-stream.jpg"), page("05-two-dogs-at-a-window.jpg")]);
  // A camera's grain over the upscaled demo photos, or the export would be a third of its size.
  const grain = await sharp({
    create: {
      width: SPREAD_WIDTH_PX,
      height: SPREAD_HEIGHT_PX,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: GRAIN_SIGMA },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const marks = Array.from({ length: 8 }, (_, bit) => ({
      input: { create: { width: 60, height: 60, channels: 3 as const, background: (i >> bit) & 1 ? "#fff" : "#000" } },
      left: 80 + bit * 72,
      top: 80,
    }));
    const file = path.join(dir, `Priya-Karthik_${String(i + 1).padStart(2, "0")}.jpg`);
    const data = await sharp({
      create: { width: SPREAD_WIDTH_PX, height: SPREAD_HEIGHT_PX, channels: 3, background: "#000" },
    })
      .composite([
        { input: left, left: 0, top: 0 },
        { input: right, left: SPREAD_WIDTH_PX / 2, top: 0 },
        { input: grain, blend: "soft-light" },
        ...marks,
      ])
      .jpeg({ quality: SPREAD_JPEG_QUALITY, chromaSubsampling: "4:4:4" })
      .toBuffer();
    fs.writeFileSync(file, data);
    files.push(file);
  }
  return files;
}

/** Makes each file a spread of a new album, one after another; the times of each and of all. */
async function ingestAll(files: readonly string[], watermark: boolean) {
  const deps = await freshDeps("studio-bench-album-");
  try {
    const galleryId = await createGallery(deps.db, { title: "Bench wedding" });
    if (watermark)
      await updateGalleryAccess(deps.db, galleryId, {
        expiresOn: null,
        downloads: "web",
        watermarkText: "Studio Bench",
        watermarkPosition: "center",
        watermarkOpacity: 40,
      });
    const { albumId } = await createAlbum(deps.db, galleryId, "Priya and Karthik");
    const each: number[] = [];
    const started = performance.now();
    for (const [i, file] of files.entries()) {
      const at = performance.now();
      await ingestSpread(deps, galleryId, {
        uploadId: `bench-${i}`,
        albumId,
        fileName: path.basename(file),
        place: i + 1,
        data: fs.readFileSync(file),
      });
      each.push(performance.now() - at);
    }
    return { totalMs: performance.now() - started, each };
  } finally {
    await deps.dispose();
  }
}

export async function runAlbumBench(root: string): Promise<void> {
  const count = Number(argValue("spreads") ?? DEFAULT_SPREADS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-spreads-"));
  try {
    console.log(`Album spreads: ${count} distinct spreads of ${SPREAD_WIDTH_PX} x ${SPREAD_HEIGHT_PX} px`);
    const files = await makeSpreads(root, dir, count);
    const sizes = files.map((f) => fs.statSync(f).size / MB);
    console.log(`  files: ${Math.min(...sizes).toFixed(1)}-${Math.max(...sizes).toFixed(1)} MB each`);
    const perMinute = (n: number, totalMs: number) => ((n * 60_000) / totalMs).toFixed(1);
    const one = await ingestAll(files, true);
    console.log(
      `  one at a time, watermarked: ${ms(one.totalMs)} for ${count} = ${perMinute(count, one.totalMs)} spreads/min (median ${ms(median(one.each))} each)`,
    );
    // The admin's photo rate on this machine, measured the same way: the gallery plan, one at a time.
    const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-album-photos-"));
    const deps = await freshDeps("studio-bench-album-photos-");
    try {
      const photos = await makeSources(root, photoDir, PHOTO_SAMPLE);
      const galleryId = await createGallery(deps.db, { title: "Bench wedding" });
      const setId = await addGallerySet(deps.db, galleryId, "Muhurtham");
      const photoMs = await processAll(deps, setId, photos);
      console.log(
        `  the admin's photo rate (24 MP, gallery plan, one at a time): ${perMinute(PHOTO_SAMPLE, photoMs)} photos/min; spreads ${
          one.totalMs / count <= photoMs / PHOTO_SAMPLE ? "meet" : "MISS"
        } it one at a time\n`,
      );
    } finally {
      await deps.dispose();
      fs.rmSync(photoDir, { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
