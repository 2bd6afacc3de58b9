// The stored images (assets) and their variant files, as the media pipeline writes and checks
// them: ingest, repair, backups and file sizes. What an audience may load is read through
// images.server.ts; these are the studio's own bookkeeping, never shown to anyone.

import type { Insertable } from "kysely";
import type { Database } from "../../platform/db/db.server.ts";
import type { AssetVariant, CaptureTime, DB } from "../../platform/db/schema.server.ts";
import {
  type FileRef,
  fileChecksums,
  KEYS_PER_QUERY,
  keptChecksums,
  refId,
  type StoreName,
} from "../media/checksums.server.ts";
import type { MediaStorage } from "../media/storage.server.ts";

type NewVariant = Omit<Insertable<DB["asset_variants"]>, "asset_id">;

/** The asset stored with these bytes (its SHA-256), if any. */
export async function findAssetByHash(db: Database, sha256: string) {
  return db
    .selectFrom("assets")
    .select(["id", "mime", "width", "height"])
    .where("sha256", "=", sha256)
    .executeTakeFirst();
}

/** Records variant files an existing asset lacked (a second plan's); rows it has are kept. */
export async function addVariants(db: Database, assetId: number, variants: readonly NewVariant[]): Promise<void> {
  if (variants.length === 0) return;
  await db
    .insertInto("asset_variants")
    .values(variants.map((v) => ({ ...v, asset_id: assetId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Records a new asset with its variants in one transaction. When another ingest of the same
 * bytes won the race, its row (already complete) is the answer.
 */
export async function insertAsset(
  db: Database,
  asset: Omit<Insertable<DB["assets"]>, "id" | "created_at">,
  variants: readonly NewVariant[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("assets")
      .values(asset)
      .onConflict((oc) => oc.column("sha256").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) {
      const row = await trx
        .selectFrom("assets")
        .select("id")
        .where("sha256", "=", asset.sha256)
        .executeTakeFirstOrThrow();
      return row.id;
    }
    if (variants.length > 0) {
      await trx
        .insertInto("asset_variants")
        .values(variants.map((v) => ({ ...v, asset_id: inserted.id })))
        .execute();
    }
    return inserted.id;
  });
}

/** Every asset's original and variant keys, in a stable order: what a backup must hold. */
export async function listStoredKeys(db: Database): Promise<{ originals: string[]; media: string[] }> {
  const [originals, media] = await Promise.all([
    db.selectFrom("assets").select("original_key").orderBy("id").execute(),
    db.selectFrom("asset_variants").select("key").orderBy("asset_id").orderBy("key").execute(),
  ]);
  return { originals: originals.map((r) => r.original_key), media: media.map((r) => r.key) };
}

/** The recorded sizes of these originals (by key). */
async function originalSizes(db: Database, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom("assets")
    .select(["original_key", "original_bytes"])
    .where("original_key", "in", [...keys])
    .execute();
  return new Map(rows.map((r) => [r.original_key, r.original_bytes]));
}

/** The recorded sizes of these variant files (by key). */
async function variantSizes(db: Database, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom("asset_variants")
    .select(["key", "bytes"])
    .where("key", "in", [...keys])
    .execute();
  return new Map(rows.map((r) => [r.key, r.bytes]));
}

/**
 * The size of every file named, by refId, reading as few files as it can: a kept checksum's
 * size, else the size the asset's row recorded when the file was stored (an original, an
 * unwatermarked variant), else the file's checksum computed and kept. For showing a download's
 * size before it starts, without reading gigabytes to say so.
 */
export async function fileSizes(
  db: Database,
  storage: MediaStorage,
  refs: readonly FileRef[],
): Promise<Map<string, number>> {
  const sizes = new Map([...(await keptChecksums(db, refs))].map(([id, sum]) => [id, sum.bytes]));
  const unknown = (store: StoreName) => [
    ...new Set(refs.filter((r) => r.store === store && !sizes.has(refId(r))).map((r) => r.key)),
  ];
  const recorded = [
    ["originals", originalSizes],
    ["public", variantSizes],
  ] as const;
  for (const [store, recordedSizes] of recorded) {
    const keys = unknown(store);
    for (let i = 0; i < keys.length; i += KEYS_PER_QUERY) {
      const found = await recordedSizes(db, keys.slice(i, i + KEYS_PER_QUERY));
      for (const [key, bytes] of found) sizes.set(refId({ store, key }), bytes);
    }
  }
  const rest = refs.filter((r) => !sizes.has(refId(r)));
  if (rest.length > 0) {
    for (const [id, sum] of await fileChecksums(db, storage, rest)) sizes.set(id, sum.bytes);
  }
  return sizes;
}

/** Every asset with its variant rows, for the repair's check of the files. */
export async function listAssetsWithVariants(db: Database) {
  const [assets, variants] = await Promise.all([
    db.selectFrom("assets").select(["id", "sha256", "original_key", "original_name"]).orderBy("id").execute(),
    db.selectFrom("asset_variants").select(["asset_id", "format", "width", "key"]).execute(),
  ]);
  const byAsset = Map.groupBy(variants, (row) => row.asset_id);
  return assets.map((a) => ({ ...a, variants: byAsset.get(a.id) ?? [] }));
}

/** A variant row rewritten under the current encoder's file name and size. */
export async function updateVariantFile(
  db: Database,
  assetId: number,
  variant: Pick<AssetVariant, "format" | "width" | "key" | "height" | "bytes">,
): Promise<void> {
  await db
    .updateTable("asset_variants")
    .set({ key: variant.key, height: variant.height, bytes: variant.bytes })
    .where("asset_id", "=", assetId)
    .where("format", "=", variant.format)
    .where("width", "=", variant.width)
    .execute();
}

/** The assets of these galleries' live photos, sets in the trash included (they come back whole). */
export async function assetsOfGalleries(db: Database, galleryIds: readonly number[]) {
  if (galleryIds.length === 0) return [];
  return db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select(["shoots.gallery_id", "assets.id", "assets.sha256", "assets.width", "assets.height"])
    .where("shoots.gallery_id", "in", [...galleryIds])
    .where("photos.deleted_at", "is", null)
    .execute();
}

/** Assets whose capture time is unknown (uploaded before ingest read it). */
export async function assetsWithoutCaptureTime(db: Database) {
  return db
    .selectFrom("assets")
    .select(["id", "original_key", "original_name"])
    .where("captured_at", "is", null)
    .orderBy("id")
    .execute();
}

export async function setCaptureTime(db: Database, assetId: number, capturedAt: CaptureTime): Promise<void> {
  await db.updateTable("assets").set({ captured_at: capturedAt }).where("id", "=", assetId).execute();
}

/** What an asset's files are named by and planned from. */
export function assetPlanFacts(db: Database, assetId: number) {
  return db
    .selectFrom("assets")
    .select(["sha256", "original_key", "mime", "width", "height"])
    .where("id", "=", assetId)
    .executeTakeFirstOrThrow();
}

/** A photo not in the trash, with what its files are made from. */
export function livePhotoWithAsset(db: Database, photoId: number) {
  return db
    .selectFrom("photos")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select([
      "photos.shoot_id",
      "assets.id as assetId",
      "assets.sha256",
      "assets.original_key",
      "assets.original_name",
      "assets.mime",
      "assets.width",
      "assets.height",
    ])
    .where("photos.id", "=", photoId)
    .where("photos.deleted_at", "is", null)
    .executeTakeFirst();
}

/** How many originals and variant files are recorded, and their bytes: what a bench's run stored. */
export async function storedTotals(db: Database) {
  const [originals, variants] = await Promise.all([
    db
      .selectFrom("assets")
      .select(({ fn }) => [fn.countAll<number>().as("n"), fn.sum<number>("original_bytes").as("bytes")])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("asset_variants")
      .select(({ fn }) => [fn.countAll<number>().as("n"), fn.sum<number>("bytes").as("bytes")])
      .executeTakeFirstOrThrow(),
  ]);
  // SUM of no rows is NULL; PostgreSQL answers counts and sums as text.
  return {
    originals: Number(originals.n),
    originalBytes: Number(originals.bytes ?? 0),
    variants: Number(variants.n),
    variantBytes: Number(variants.bytes ?? 0),
  };
}

/**
 * Original file names starting with `nameStart` that are stored as more than one asset, with how
 * many: ingest keeps one asset per content, so a file uploaded again (a retried upload) must not
 * show here.
 */
export async function namesStoredMoreThanOnce(
  db: Database,
  nameStart: string,
): Promise<{ originalName: string; count: number }[]> {
  const rows = await db
    .selectFrom("assets")
    .select(({ fn }) => ["original_name", fn.countAll<number>().as("n")])
    .where("original_name", "like", `${nameStart}%`)
    .groupBy("original_name")
    .having(({ fn }) => fn.countAll(), ">", 1)
    .execute();
  // LIKE narrows the rows (SQLite's ignores case, and _ in a name matches any character): the
  // start itself decides.
  return rows
    .filter((r) => r.original_name.startsWith(nameStart))
    .map((r) => ({ originalName: r.original_name, count: Number(r.n) }));
}
