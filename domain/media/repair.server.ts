// Puts back public variants that are missing from storage (a lost disk, a backup taken
// without `media/`, a folder deleted by hand), re-encoding them from the private originals.
// Variants are derivatives: the database and the originals are the studio's real data.
import type { IngestDeps } from "./ingest.server.ts";
import { variantKey, writeMissingVariants } from "./ingest.server.ts";
import { ImageRejectedError } from "./pipeline.server.ts";

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
