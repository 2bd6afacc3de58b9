// Client galleries with real photos for tests, the gallery drill and the bench: generated JPEGs
// (a distinct colour per seed, so distinct bytes) ingested with the set's own plan, as the photo
// worker does, and placed at the end of the set.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Database } from "#platform/db/db.server.ts";
import { POSITION_GAP } from "../../domain/catalog/photo-order.ts";
import { type IngestDeps, ingestImage, sha256Hex } from "../../domain/media/ingest.server.ts";
import { planForShoot } from "../../domain/media/photo-jobs.server.ts";
import type { DiskBlobStore, diskMediaStorage } from "../../domain/media/storage.server.ts";

/** Bits of the seed drawn as black or white squares along the top: they survive JPEG's rounding. */
const SEED_BITS = 24;

/**
 * A JPEG of `width` × `height` (at least 2 px per seed bit wide) whose pixels, and so bytes, are
 * unique to `seed` (below 2^24): a soft gradient with the seed's bits as squares along the top.
 */
/**
 * The first `limit` assets that have their variants (the demo studio's processed photos), oldest
 * first, with their file names: photos an e2e spec can put in a set without processing any.
 */
export function processedAssets(db: Database, limit: number) {
  return db
    .selectFrom("assets")
    .select(["id", "original_name"])
    .where((eb) => eb.exists(eb.selectFrom("asset_variants").select("asset_id").whereRef("asset_id", "=", "assets.id")))
    .orderBy("id")
    .limit(limit)
    .execute();
}

export function seededJpeg(seed: number, width = 48, height = 32): Promise<Buffer> {
  const cell = Math.max(2, Math.floor(width / SEED_BITS));
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const bit = Math.floor(x / cell);
      const inMark = y < cell && bit < SEED_BITS;
      const value = inMark ? ((seed >> bit) & 1) * 255 : 60 + Math.floor((120 * (x + y)) / (width + height));
      pixels[at] = value;
      pixels[at + 1] = inMark ? value : 100;
      pixels[at + 2] = inMark ? value : 140;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Ingests `data` into the set with its plan and adds it as the set's last photo; returns the photo id. */
export async function addPhotoToSet(
  deps: IngestDeps,
  setId: number,
  data: Uint8Array,
  fileName: string,
): Promise<number> {
  const plan = await planForShoot(deps.db, setId);
  const { assetId } = await ingestImage(deps, data, fileName, undefined, plan);
  const { max } = await deps.db
    .selectFrom("photos")
    .select((eb) => eb.fn.max("position").as("max"))
    .where("shoot_id", "=", setId)
    .executeTakeFirstOrThrow();
  const row = await deps.db
    .insertInto("photos")
    .values({ shoot_id: setId, asset_id: assetId, position: (max ?? -POSITION_GAP) + POSITION_GAP })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A visitor and a list of theirs holding these photos; returns the list's id. */
export async function makeSelectionList(db: Database, galleryId: number, name: string, photoIds: readonly number[]) {
  const visitor = await db
    .insertInto("gallery_visitors")
    .values({ gallery_id: galleryId, name, name_key: `${name.toLowerCase()}-${galleryId}`, pin_hash: "unused" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const list = await db
    .insertInto("selection_lists")
    .values({ gallery_id: galleryId, visitor_id: visitor.id, name: "Album" })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (let i = 0; i < photoIds.length; i += 500) {
    await db
      .insertInto("selection_items")
      .values(photoIds.slice(i, i + 500).map((photo_id) => ({ list_id: list.id, photo_id })))
      .execute();
  }
  return list.id;
}

/** A storage key's part before its variant or original suffix: "ab/" and 24 hex digits of the sha256. */
const KEY_SHA_CHARS = "ab/".length + 24;

/**
 * `count` new assets, each a copy of one of `templates` (in turn) under a sha256 of its own, so
 * that every copy has its own file names and URLs, as thousands of distinct photos would. The
 * copies' files are hard links to the templates' (the same bytes, written in no time), their
 * variant rows the templates' with the keys renamed. For the bench's and tests' big galleries:
 * ingesting a few real photos through the pipeline and copying them gives a page the real
 * srcsets and image bytes of a processed wedding in seconds instead of hours. Returns the new
 * asset ids in order.
 */
export async function copyAssets(
  { db, storage }: { db: Database; storage: ReturnType<typeof diskMediaStorage> },
  templates: readonly number[],
  count: number,
  label: string,
): Promise<number[]> {
  const assets = await db.selectFrom("assets").selectAll().where("id", "in", templates).execute();
  const variants = await db.selectFrom("asset_variants").selectAll().where("asset_id", "in", templates).execute();
  const byId = new Map(assets.map((a) => [a.id, a]));
  // One transaction: thousands of rows in one commit, not one fsync each.
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const template = byId.get(templates[i % templates.length] as number);
      if (!template) throw new Error(`no asset ${templates[i % templates.length]} to copy`);
      const sha256 = sha256Hex(Buffer.from(`${label}:${i}`));
      const renamed = (key: string) => `${sha256.slice(0, 2)}/${sha256.slice(0, 24)}${key.slice(KEY_SHA_CHARS)}`;
      const link = (store: DiskBlobStore, from: string, to: string) => {
        const target = path.join(store.root, to);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.linkSync(path.join(store.root, from), target);
      };
      const originalKey = `${sha256.slice(0, 2)}/${sha256}${path.extname(template.original_key)}`;
      link(storage.originals, template.original_key, originalKey);
      const { id: _id, created_at: _created, ...row } = template;
      const { id } = await trx
        .insertInto("assets")
        .values({ ...row, sha256, original_key: originalKey })
        .returning("id")
        .executeTakeFirstOrThrow();
      const own = variants.filter((v) => v.asset_id === template.id);
      for (const v of own) link(storage.public, v.key, renamed(v.key));
      if (own.length > 0) {
        await trx
          .insertInto("asset_variants")
          .values(own.map((v) => ({ ...v, asset_id: id, key: renamed(v.key) })))
          .execute();
      }
      ids.push(id);
    }
    return ids;
  });
}
