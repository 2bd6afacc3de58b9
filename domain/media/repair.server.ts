// Puts back public variants that are missing from storage (a lost disk, a backup taken
// without `media/`, a folder deleted by hand), re-encoding them from the private originals.
// Variants are derivatives: the database and the originals are the studio's real data. Also
// fills in what ingest now reads from an original and older assets lack: the capture time.
import type { IngestDeps } from "./ingest.server.ts";
import { variantKey, writeMissingVariants } from "./ingest.server.ts";
import { ImageRejectedError, readCaptureTime } from "./pipeline.server.ts";

export interface RepairReport {
  /** Assets whose variants were all checked. */
  assets: number;
  /** Variant files written again. */
  rebuilt: number;
  /** Assets with missing variants that could not be rebuilt, with the reason. */
  unrecoverable: { assetId: number; fileName: string; reason: string }[];
}

export async function repairMissingVariants(
  { db, storage }: IngestDeps,
  progress: (line: string) => void = () => {},
): Promise<RepairReport> {
  const assets = await db
    .selectFrom("assets")
    .select(["id", "sha256", "original_key", "original_name"])
    .orderBy("id")
    .execute();
  const variants = Map.groupBy(
    await db.selectFrom("asset_variants").select(["asset_id", "format", "width", "key"]).execute(),
    (row) => row.asset_id,
  );
  const report: RepairReport = { assets: assets.length, rebuilt: 0, unrecoverable: [] };

  for (const asset of assets) {
    const rows = variants.get(asset.id) ?? [];
    const present = await Promise.all(rows.map((row) => storage.public.has(row.key)));
    const missing = rows.filter((_, i) => !present[i]);
    if (missing.length === 0) continue;

    const unrecoverable = (reason: string) =>
      report.unrecoverable.push({ assetId: asset.id, fileName: asset.original_name, reason });
    if (!(await storage.originals.has(asset.original_key))) {
      unrecoverable(`its original (${asset.original_key}) is missing too`);
      continue;
    }
    const original = await storage.originals.get(asset.original_key);
    try {
      const rendered = await writeMissingVariants(storage, asset.sha256, original, asset.original_name, missing);
      // A row written under older encoder settings gets the current file's name and size.
      for (const variant of rendered.variants) {
        await db
          .updateTable("asset_variants")
          .set({ key: variantKey(asset.sha256, variant), height: variant.height, bytes: variant.data.byteLength })
          .where("asset_id", "=", asset.id)
          .where("format", "=", variant.format)
          .where("width", "=", variant.width)
          .execute();
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
  const assets = await db
    .selectFrom("assets")
    .select(["id", "original_key", "original_name"])
    .where("captured_at", "is", null)
    .orderBy("id")
    .execute();
  const report: CaptureTimeReport = { checked: 0, filled: 0, missingOriginals: [] };
  for (const asset of assets) {
    if (!(await storage.originals.has(asset.original_key))) {
      report.missingOriginals.push({ assetId: asset.id, fileName: asset.original_name });
      continue;
    }
    report.checked += 1;
    const capturedAt = await readCaptureTime(await storage.originals.get(asset.original_key));
    if (capturedAt === null) continue;
    await db.updateTable("assets").set({ captured_at: capturedAt }).where("id", "=", asset.id).execute();
    report.filled += 1;
    progress(`Read when ${asset.original_name} was taken: ${capturedAt}`);
  }
  return report;
}
