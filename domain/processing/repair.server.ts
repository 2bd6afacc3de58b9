// Puts back public variants that are missing from storage (a lost disk, a backup taken
// without `media/`, a folder deleted by hand), re-encoding them from the private originals.
// Variants are derivatives: the database and the originals are the studio's real data. Besides
// the files asset_variants names, the files without a row: a watermarked gallery's viewing
// JPEGs, named from its settings (ADR 027). Also
// fills in what ingest now reads from an original and older assets lack: the capture time.
import type { Database } from "../../platform/db/db.server.ts";
import {
  assetsOfGalleries,
  assetsWithoutCaptureTime,
  listAssetsWithVariants,
  setCaptureTime,
  updateVariantFile,
} from "../catalog/assets.server.ts";
import type { IngestDeps } from "../catalog/ingest.server.ts";
import { variantKey, writeMissingVariants } from "../catalog/ingest.server.ts";
import { galleryWatermarks } from "../galleries/galleries.server.ts";
import type { VariantFormat } from "../media/constants.ts";
import {
  ImageRejectedError,
  planGalleryVariants,
  readCaptureTime,
  type VariantSpec,
} from "../media/pipeline.server.ts";
import { keysIn } from "../media/storage.server.ts";

export interface RepairReport {
  /** Assets whose variants were all checked. */
  assets: number;
  /** Variant files written again. */
  rebuilt: number;
  /** Assets with missing variants that could not be rebuilt, with the reason. */
  unrecoverable: { assetId: number; fileName: string; reason: string }[];
}

/**
 * The files a photo has without a row: each watermarked gallery's viewing JPEG of its photos
 * (ADR 027), named from the gallery's settings as they are now. Photos in the trash are left out
 * (a watermark change does not render them either); sets and galleries in the trash are not,
 * since they come back whole.
 */
async function watermarkedSpecs(db: Database): Promise<Map<number, VariantSpec[]>> {
  const marks = await galleryWatermarks(db);
  const rows = await assetsOfGalleries(db, [...marks.keys()]);
  const specs = new Map<number, Map<string, VariantSpec>>();
  for (const row of rows) {
    const mark = row.gallery_id === null ? undefined : marks.get(row.gallery_id);
    if (!mark) continue;
    const byKey = specs.get(row.id) ?? new Map<string, VariantSpec>();
    specs.set(row.id, byKey);
    for (const spec of planGalleryVariants(row, mark)) {
      if (spec.watermark) byKey.set(variantKey(row.sha256, spec), spec);
    }
  }
  return new Map([...specs].map(([id, byKey]) => [id, [...byKey.values()]]));
}

/** The spec a variant row was made with: a gallery's delivery JPEG keeps its own settings. */
function specOfRow(sha256: string, row: { format: VariantFormat; width: number; key: string }): VariantSpec {
  const delivery: VariantSpec = { format: row.format, width: row.width, preset: "delivery" };
  return row.key === variantKey(sha256, delivery) ? delivery : { format: row.format, width: row.width };
}

export async function repairMissingVariants(
  { db, storage }: IngestDeps,
  progress: (line: string) => void = () => {},
): Promise<RepairReport> {
  const assets = await listAssetsWithVariants(db);
  const marked = await watermarkedSpecs(db);
  const report: RepairReport = { assets: assets.length, rebuilt: 0, unrecoverable: [] };
  // What the stores hold, listed once: on a bucket, a request per thousand files rather than per file.
  const variantsThere = await keysIn(storage.public);
  // Listed only once a variant is found missing: a healthy store's originals are never read.
  let originalsThere: Set<string> | undefined;

  for (const asset of assets) {
    const rows = asset.variants;
    const extra = marked.get(asset.id) ?? [];
    const missing = [
      ...rows.filter((row) => !variantsThere.has(row.key)).map((row) => specOfRow(asset.sha256, row)),
      ...extra.filter((spec) => !variantsThere.has(variantKey(asset.sha256, spec))),
    ];
    if (missing.length === 0) continue;

    const unrecoverable = (reason: string) =>
      report.unrecoverable.push({ assetId: asset.id, fileName: asset.original_name, reason });
    originalsThere ??= await keysIn(storage.originals);
    if (!originalsThere.has(asset.original_key)) {
      unrecoverable(`its original (${asset.original_key}) is missing too`);
      continue;
    }
    const original = await storage.originals.get(asset.original_key);
    try {
      // One decode for the asset's rows and every gallery's watermarked file alike.
      const rendered = await writeMissingVariants(storage, asset.sha256, original, asset.original_name, missing);
      // A row written under older encoder settings gets the current file's name and size.
      for (const variant of rendered.variants) {
        if (variant.watermark) continue;
        await updateVariantFile(db, asset.id, {
          format: variant.format,
          width: variant.width,
          key: variantKey(asset.sha256, variant),
          height: variant.height,
          bytes: variant.data.byteLength,
        });
      }
      report.rebuilt += rendered.variants.length;
      progress(`Rebuilt ${rendered.variants.length} variants of ${asset.original_name}`);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      unrecoverable(error.message);
    }
  }
  return report;
}

export interface CaptureTimeReport {
  /** Assets without a capture time whose original was read. */
  checked: number;
  /** Of those, the ones whose original had a usable date, now stored. */
  filled: number;
  /** Assets without a capture time whose original is missing. */
  missingOriginals: { assetId: number; fileName: string }[];
}

/**
 * Reads the capture time from the original of every asset that has none: those uploaded before
 * ingest read it (migration 0011). An original without a usable date stays null and is read
 * again on the next run; the command is run by hand and rarely, so that costs less than a
 * marker column would explain.
 */
export async function fillCaptureTimes(
  { db, storage }: IngestDeps,
  progress: (line: string) => void = () => {},
): Promise<CaptureTimeReport> {
  const assets = await assetsWithoutCaptureTime(db);
  const report: CaptureTimeReport = { checked: 0, filled: 0, missingOriginals: [] };
  for (const asset of assets) {
    if (!(await storage.originals.has(asset.original_key))) {
      report.missingOriginals.push({ assetId: asset.id, fileName: asset.original_name });
      continue;
    }
    report.checked += 1;
    const capturedAt = await readCaptureTime(await storage.originals.get(asset.original_key));
    if (capturedAt === null) continue;
    await setCaptureTime(db, asset.id, capturedAt);
    report.filled += 1;
    progress(`Read when ${asset.original_name} was taken: ${capturedAt}`);
  }
  return report;
}
