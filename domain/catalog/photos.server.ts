// The admin's edits to a shoot's photos, one photo or a selection of thousands alike: placing
// them (dragged before another photo, to the start or the end, or one step from the keyboard),
// alt text, moving to another shoot, the trash and back. Positions are gapped
// (photo-order.ts), so placing k photos writes k rows, whatever the size of the shoot.
import { sql } from "kysely";
import { type Database, lockForTransaction } from "../../platform/db/db.server.ts";
import type { PhotoOrder } from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { gappedPositions, type Placement, POSITION_GAP, placedOrder, positionsBetween } from "./photo-order.ts";

export type { Placement };

import { STUDIO } from "./audience.server.ts";
import { ADMIN_THUMBNAIL_MIN_WIDTH_PX, loadStoredImages, type Thumbnail, toThumbnail } from "./images.server.ts";
import { tamilToStore } from "./localized.ts";
import { readShootPhotos } from "./read-model.server.ts";

export const ALT_MAX_LENGTH = 300;
/** The most photos one request may name: a whole wedding, and then some. */
export const MAX_PHOTOS_PER_ACTION = 10_000;

/**
 * Holds the shoot's photo order until the transaction ends. Every change that reads positions and
 * writes new ones from them takes it first: on PostgreSQL, two instances appending to one shoot
 * at once would otherwise both read the same end and give their photos the same places.
 */
export async function lockShootOrder(trx: Database, ...shootIds: number[]): Promise<void> {
  // In one order everywhere, so two moves between the same shoots cannot wait on each other.
  for (const id of [...new Set(shootIds)].sort((a, b) => a - b)) await lockForTransaction(trx, `shoot-order:${id}`);
}

/** The shoot's live photos, in their order: position, then id. */
async function liveOrder(db: Database, shootId: number): Promise<{ id: number; position: number }[]> {
  return db
    .selectFrom("photos")
    .select(["id", "position"])
    .where("shoot_id", "=", shootId)
    .where("deleted_at", "is", null)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** The position after every photo of the shoot, trashed ones included (they come back in place). */
async function endPosition(db: Database, shootId: number): Promise<number> {
  const { max } = await db
    .selectFrom("photos")
    .select((eb) => eb.fn.max<number | null>("position").as("max"))
    .where("shoot_id", "=", shootId)
    .executeTakeFirstOrThrow();
  return max === null ? 0 : max + POSITION_GAP;
}

/** Reads a form's comma-separated photo ids; null when it is not a list of ids. */
export function parsePhotoIds(value: FormDataEntryValue | null): number[] | null {
  if (typeof value !== "string" || !/^\d{1,9}(,\d{1,9})*$/.test(value)) return null;
  const ids = [...new Set(value.split(",").map(Number))];
  return ids.length <= MAX_PHOTOS_PER_ACTION ? ids : null;
}

/**
 * Places the given live photos of the shoot, in their current order, together at `placement`.
 * Writes one row per placed photo; only when the neighbours leave no room is the whole shoot
 * renumbered. Returns how many photos were placed (ids not live in this shoot are ignored).
 */
export async function placePhotos(db: Database, shootId: number, ids: number[], placement: Placement): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockShootOrder(trx, shootId);
    // A hand move in a shoot sorted by capture time or name starts from the order shown.
    await ensureManualOrder(trx, shootId);
    const order = await liveOrder(trx, shootId);
    const next = placedOrder(
      order.map((p) => p.id),
      ids,
      placement,
    );
    if (!next) return 0;
    const positionOf = new Map(order.map((p) => [p.id, p.position]));
    const wanted = new Set(ids);
    const first = next.findIndex((id) => wanted.has(id));
    const count = next.filter((id) => wanted.has(id)).length;
    const low = first > 0 ? (positionOf.get(next[first - 1] as number) as number) : null;
    const high = first + count < next.length ? (positionOf.get(next[first + count] as number) as number) : null;
    // Fresh positions for the selection between its new neighbours; when they are too close,
    // the whole shoot once more, with fresh gaps.
    const between = positionsBetween(low, high, count);
    const [written, positions] = between
      ? [next.slice(first, first + count), between]
      : [next, gappedPositions(next.length)];
    for (const [i, id] of written.entries()) {
      const position = positions[i] as number;
      if (positionOf.get(id) !== position) {
        await trx.updateTable("photos").set({ position }).where("id", "=", id).execute();
      }
    }
    return count;
  });
}

/** Moves one photo a place earlier (-1) or later (+1): the keyboard's and no-JavaScript way. */
export async function movePhoto(db: Database, shootId: number, photoId: number, step: -1 | 1): Promise<boolean> {
  await db.transaction().execute(async (trx) => {
    await lockShootOrder(trx, shootId);
    await ensureManualOrder(trx, shootId);
  });
  const order = await liveOrder(db, shootId);
  const index = order.findIndex((p) => p.id === photoId);
  if (index < 0) return false;
  if (step === -1) {
    const before = order[index - 1];
    return before ? (await placePhotos(db, shootId, [photoId], { before: before.id })) > 0 : false;
  }
  if (index === order.length - 1) return false;
  const after = order[index + 2];
  return (await placePhotos(db, shootId, [photoId], after ? { before: after.id } : { at: "end" })) > 0;
}

/**
 * Sets (or, with "", clears) the alt text of these photos of the shoot, and its Tamil version
 * when given (empty clears it: the Tamil pages then read the English; issue 33); returns how many.
 */
export async function setAltText(
  db: Database,
  shootId: number,
  photoIds: number[],
  alt: string,
  altTa?: string,
): Promise<number> {
  if (photoIds.length === 0) return 0;
  const tamil = altTa === undefined ? undefined : tamilToStore(altTa.slice(0, ALT_MAX_LENGTH));
  const result = await db
    .updateTable("photos")
    .set({ alt: alt.trim().slice(0, ALT_MAX_LENGTH), ...(tamil === undefined ? {} : { alt_ta: tamil }) })
    .where("id", "in", photoIds)
    .where("shoot_id", "=", shootId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A shoot's cover that was one of these assets falls back to the first photo. */
async function releaseCover(db: Database, shootId: number, assetIds: number[]): Promise<void> {
  if (assetIds.length === 0) return;
  await db
    .updateTable("shoots")
    .set({ cover_asset_id: null, updated_at: toStoredTime() })
    .where("id", "=", shootId)
    .where("cover_asset_id", "in", assetIds)
    .execute();
}

export interface MoveResult {
  moved: number;
  /** Photos whose image the target shoot has already (live or in its trash): they stay. */
  alreadyThere: number;
}

/**
 * Why a move was refused: the target is not another shoot outside the trash, or it is on the other
 * side of a client gallery's wall (a set's photos into the portfolio, where publishing the shoot
 * would show a client's photos to everyone, or another gallery; a portfolio shoot's into a set).
 */
export type MoveRefusal = "no-target" | "other-gallery";

/** Moves these photos of the shoot to the end of another shoot, in their order. */
export async function movePhotosToShoot(
  db: Database,
  shootId: number,
  photoIds: number[],
  targetShootId: number,
): Promise<MoveResult | MoveRefusal> {
  if (targetShootId === shootId) return "no-target";
  return db.transaction().execute(async (trx) => {
    await lockShootOrder(trx, shootId, targetShootId);
    const target = await trx
      .selectFrom("shoots")
      .select(["id", "gallery_id"])
      .where("id", "=", targetShootId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!target) return "no-target";
    // Only among otherShoots' choices: a set's photos stay in its gallery, a shoot's in the portfolio.
    const source = await trx.selectFrom("shoots").select("gallery_id").where("id", "=", shootId).executeTakeFirst();
    if ((source?.gallery_id ?? null) !== target.gallery_id) return "other-gallery";
    const wanted = new Set(photoIds);
    const photos = (await liveOrder(trx, shootId)).filter((p) => wanted.has(p.id));
    const rows = photos.length
      ? await trx
          .selectFrom("photos")
          .select(["id", "asset_id"])
          .where(
            "id",
            "in",
            photos.map((p) => p.id),
          )
          .execute()
      : [];
    const assetOf = new Map(rows.map((r) => [r.id, r.asset_id]));
    const taken = new Set(
      (await trx.selectFrom("photos").select("asset_id").where("shoot_id", "=", targetShootId).execute()).map(
        (r) => r.asset_id,
      ),
    );
    const movable = photos.filter((p) => !taken.has(assetOf.get(p.id) as number));
    let position = await endPosition(trx, targetShootId);
    for (const photo of movable) {
      await trx
        .updateTable("photos")
        .set({ shoot_id: targetShootId, position, deleted_at: null })
        .where("id", "=", photo.id)
        .execute();
      position += POSITION_GAP;
    }
    await releaseCover(
      trx,
      shootId,
      movable.map((p) => assetOf.get(p.id) as number),
    );
    return { moved: movable.length, alreadyThere: photos.length - movable.length };
  });
}

/** Moves these photos of the shoot to the trash; returns the ids that went. */
export async function trashPhotos(db: Database, shootId: number, photoIds: number[]): Promise<number[]> {
  if (photoIds.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("photos")
      .select(["id", "asset_id"])
      .where("id", "in", photoIds)
      .where("shoot_id", "=", shootId)
      .where("deleted_at", "is", null)
      .execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable("photos")
      .set({ deleted_at: toStoredTime() })
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
    await releaseCover(
      trx,
      shootId,
      rows.map((r) => r.asset_id),
    );
    return rows.map((r) => r.id);
  });
}

/**
 * Brings trashed photos back where they were (their positions were kept), optionally only those
 * of one shoot; returns how many came back.
 */
export async function restorePhotos(db: Database, photoIds: number[], shootId?: number): Promise<number> {
  if (photoIds.length === 0) return 0;
  let query = db
    .updateTable("photos")
    .set({ deleted_at: null })
    .where("id", "in", photoIds)
    .where("deleted_at", "is not", null);
  if (shootId !== undefined) query = query.where("shoot_id", "=", shootId);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** Adds these assets' photos at the end of the shoot, in order; returns the new photo ids. */
export async function appendPhotos(db: Database, shootId: number, assetIds: number[]): Promise<number[]> {
  if (assetIds.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    await lockShootOrder(trx, shootId);
    const start = await endPosition(trx, shootId);
    const rows = await trx
      .insertInto("photos")
      .values(assetIds.map((asset_id, i) => ({ shoot_id: shootId, asset_id, position: start + i * POSITION_GAP })))
      .returning("id")
      .execute();
    return rows.map((r) => r.id);
  });
}

/** A photo in the trash, with the admin's thumbnail of it (null when its files are missing). */
export interface TrashedPhoto {
  id: number;
  fileName: string;
  thumbnail: Thumbnail | null;
}

/** The trashed photos of one shoot or client gallery's set. */
export interface TrashedPhotoGroup {
  shootId: number;
  shootTitle: string;
  /** The client gallery the set belongs to; null for a portfolio shoot. */
  galleryId: number | null;
  /** The shoot is in the trash itself: a photo restored alone comes back into a shoot still in it. */
  shootTrashed: boolean;
  /** In their places in the shoot, where restoring puts them back. */
  photos: TrashedPhoto[];
}

/**
 * The photos in the trash, by the shoot or set they came from (so a set's deleted photos can be
 * restored together): the group whose photo went last first. Only the studio's trash reads it.
 */
export async function listTrashedPhotos(db: Database): Promise<TrashedPhotoGroup[]> {
  const rows = await db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select([
      "photos.id",
      "photos.asset_id",
      "photos.position",
      "shoots.id as shootId",
      "shoots.title as shootTitle",
      "shoots.gallery_id as galleryId",
      "shoots.deleted_at as shootDeletedAt",
      "assets.original_name as fileName",
    ])
    .where("photos.deleted_at", "is not", null)
    .orderBy("photos.deleted_at", "desc")
    .orderBy("photos.id")
    .execute();
  const images = await loadStoredImages(
    db,
    STUDIO,
    rows.map((r) => r.asset_id),
  );
  // Each group where its latest deletion puts it (the rows' order), its photos by their place.
  return [...Map.groupBy(rows, (r) => r.shootId).values()].map((photos) => {
    const first = photos[0] as (typeof photos)[number];
    return {
      shootId: first.shootId,
      shootTitle: first.shootTitle,
      galleryId: first.galleryId,
      shootTrashed: first.shootDeletedAt !== null,
      photos: photos
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map((r) => {
          const image = images.get(r.asset_id);
          return {
            id: r.id,
            fileName: r.fileName,
            thumbnail: image ? toThumbnail(image, ADMIN_THUMBNAIL_MIN_WIDTH_PX) : null,
          };
        }),
    };
  });
}

/** Deletes trashed photos for good (their assets stay: the bytes may be used elsewhere). */
export async function emptyPhotoTrash(db: Database): Promise<number> {
  const result = await db.deleteFrom("photos").where("deleted_at", "is not", null).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Where the shoot's photos may be moved: the other live portfolio shoots, or for a client
 * gallery's set the gallery's other sets (a client's photos never land in the portfolio by a
 * slip, nor a portfolio's in a client's gallery).
 */
export async function otherShoots(db: Database, shootId: number) {
  const shoot = await db.selectFrom("shoots").select("gallery_id").where("id", "=", shootId).executeTakeFirst();
  const galleryId = shoot?.gallery_id ?? null;
  return db
    .selectFrom("shoots")
    .select(["id", "title"])
    .where("id", "!=", shootId)
    .where("deleted_at", "is", null)
    .where("gallery_id", galleryId === null ? "is" : "=", galleryId)
    .orderBy(galleryId === null ? "title" : "gallery_position")
    .execute();
}

// --- The shoot's photo order: by hand, by capture time or by file name (ADR 023). The read model
// sorts by the shoot's photo_order on every read; these switch it.

/** Every order a shoot's photos can be shown in, to check a form's value against. */
export const PHOTO_ORDERS = ["manual", "captured", "name"] as const satisfies readonly PhotoOrder[];

export function isPhotoOrder(value: unknown): value is PhotoOrder {
  return PHOTO_ORDERS.some((order) => order === value);
}

/**
 * Makes the shoot's order a hand-made one that starts as what it shows now: the photos as sorted
 * by capture time or by name get positions in that order (index × POSITION_GAP), then the shoot
 * is set to 'manual'. Call it in the transaction of a hand reorder made while the shoot is sorted
 * otherwise, before writing the move. Already manual (or no such shoot): nothing is written, and
 * it gives false. Photos in the trash keep their old positions, where restoring puts them back.
 */
export async function ensureManualOrder(trx: Database, shootId: number): Promise<boolean> {
  const shoot = await trx.selectFrom("shoots").select("photo_order").where("id", "=", shootId).executeTakeFirst();
  if (!shoot || shoot.photo_order === "manual") return false;
  const shown = await readShootPhotos(trx, STUDIO, [shootId], { images: false });
  const positions = gappedPositions(shown.length);
  for (const [index, photo] of shown.entries()) {
    await trx
      .updateTable("photos")
      .set({ position: positions[index] as number })
      .where("id", "=", photo.id)
      .execute();
  }
  await setShootPhotoOrder(trx, shootId, "manual");
  return true;
}

/**
 * Shows the shoot's photos by hand, by capture time or by file name. Switching to 'manual' keeps
 * the order the studio was looking at: ensureManualOrder writes it into the positions first.
 * Switching to 'captured' or 'name' leaves the positions as they are (they are not shown then).
 */
export async function setPhotoOrder(db: Database, shootId: number, order: PhotoOrder): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockShootOrder(trx, shootId);
    if (order === "manual") await ensureManualOrder(trx, shootId);
    else await setShootPhotoOrder(trx, shootId, order);
  });
}

/** The shoot's updated_at moves too: the order the public site and the content API give changed. */
async function setShootPhotoOrder(trx: Database, shootId: number, order: PhotoOrder): Promise<void> {
  await trx
    .updateTable("shoots")
    .set({ photo_order: order, updated_at: toStoredTime() })
    .where("id", "=", shootId)
    .where("photo_order", "!=", order)
    .execute();
}

// --- what the photo jobs (domain/processing/photo-jobs.server.ts) ask of a shoot's photos

/** SHA-256 of the shoot's live photos. */
export async function livePhotoHashes(db: Database, shootId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("photos")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select("assets.sha256")
    .where("photos.shoot_id", "=", shootId)
    .where("photos.deleted_at", "is", null)
    .execute();
  return rows.map((row) => row.sha256);
}

/** The shoot's photos of these bytes, live or in its trash. */
export function shootPhotosOfBytes(db: Database, shootId: number, sha256: string) {
  return db
    .selectFrom("photos")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select(["photos.id", "photos.deleted_at"])
    .where("photos.shoot_id", "=", shootId)
    .where("assets.sha256", "=", sha256)
    .execute();
}

/** The last place a photo of the shoot takes (in its trash too); null when it has none. */
export async function lastPhotoPosition(db: Database, shootId: number): Promise<number | null> {
  const { maxPhoto } = await db
    .selectFrom("photos")
    .select(sql<number | null>`max(position)`.as("maxPhoto"))
    .where("shoot_id", "=", shootId)
    .executeTakeFirstOrThrow();
  return maxPhoto;
}

/**
 * The asset as a photo of the shoot at `position`, in one step: the shoot's own photo of it out
 * of the trash, or a new photo; null when the shoot already shows it (a duplicate). Placing it
 * again at the same position answers the photo placed before: a job whose instance was killed
 * between placing its photo and recording it is run again, and must find its own photo, not a
 * duplicate (a second upload of the same bytes is refused before it is queued).
 */
export async function placeUploadedPhoto(
  db: Database,
  shootId: number,
  assetId: number,
  position: number,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("photos")
      .select(["id", "deleted_at", "position"])
      .where("shoot_id", "=", shootId)
      .where("asset_id", "=", assetId)
      .orderBy("id")
      .execute();
    const live = existing.find((p) => p.deleted_at === null);
    if (live) return live.position === position ? live.id : null;
    const trashed = existing[0];
    if (trashed) {
      await trx.updateTable("photos").set({ deleted_at: null, position }).where("id", "=", trashed.id).execute();
      return trashed.id;
    }
    const row = await trx
      .insertInto("photos")
      .values({ shoot_id: shootId, asset_id: assetId, position })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
}
