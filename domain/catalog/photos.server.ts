// The admin's edits to a shoot's photos: order (a whole new order from drag and drop, or one
// step up or down from the keyboard buttons), alt text, moving to another shoot, and the trash.
import type { Database } from "../../platform/db/db.server.ts";
import type { PhotoOrder } from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { moveByOne, type OrderedList, type Step } from "./move-by-one.server.ts";
import { POSITION_GAP } from "./photo-order.ts";
import { readShootPhotos } from "./read-model.server.ts";

export const ALT_MAX_LENGTH = 300;

/** The shoot's photos outside the trash, in their order. */
async function liveIds(db: Database, shootId: number): Promise<number[]> {
  return (await readShootPhotos(db, [shootId], { images: false })).map((p) => p.id);
}

async function writeOrder(trx: Database, ids: number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await trx.updateTable("photos").set({ position }).where("id", "=", id).execute();
  }
}

const shootPhotos = (shootId: number): OrderedList => ({ read: (trx) => liveIds(trx, shootId), write: writeOrder });

/** Sets the shoot's order to `ids` (every live photo exactly once); false if it is not that. */
export async function reorderPhotos(db: Database, shootId: number, ids: number[]): Promise<boolean> {
  const current = await liveIds(db, shootId);
  const same =
    ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
  if (!same) return false;
  await db.transaction().execute((trx) => writeOrder(trx, ids));
  return true;
}

/** Moves one photo a place earlier (-1) or later (+1). */
export async function movePhoto(db: Database, shootId: number, photoId: number, step: Step): Promise<void> {
  await moveByOne(db, shootPhotos(shootId), photoId, step);
}

export async function setAltText(db: Database, shootId: number, photoId: number, alt: string): Promise<void> {
  await db
    .updateTable("photos")
    .set({ alt: alt.trim().slice(0, ALT_MAX_LENGTH) })
    .where("id", "=", photoId)
    .where("shoot_id", "=", shootId)
    .execute();
}

/** A shoot's cover that was this photo falls back to the first photo. */
async function releaseCover(db: Database, shootId: number, assetId: number): Promise<void> {
  await db
    .updateTable("shoots")
    .set({ cover_asset_id: null, updated_at: toStoredTime() })
    .where("id", "=", shootId)
    .where("cover_asset_id", "=", assetId)
    .execute();
}

export type MoveOutcome = "moved" | "already-there" | "no-such-shoot";

export async function movePhotoToShoot(
  db: Database,
  shootId: number,
  photoId: number,
  targetShootId: number,
): Promise<MoveOutcome> {
  const photo = await db
    .selectFrom("photos")
    .select(["id", "asset_id"])
    .where("id", "=", photoId)
    .where("shoot_id", "=", shootId)
    .executeTakeFirst();
  const target = await db
    .selectFrom("shoots")
    .select("id")
    .where("id", "=", targetShootId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!photo || !target || targetShootId === shootId) return "no-such-shoot";
  const duplicate = await db
    .selectFrom("photos")
    .select("id")
    .where("shoot_id", "=", targetShootId)
    .where("asset_id", "=", photo.asset_id)
    .executeTakeFirst();
  if (duplicate) return "already-there";
  const last = await liveIds(db, targetShootId);
  await db
    .updateTable("photos")
    .set({ shoot_id: targetShootId, position: last.length, deleted_at: null })
    .where("id", "=", photoId)
    .execute();
  await releaseCover(db, shootId, photo.asset_id);
  return "moved";
}

export async function trashPhoto(db: Database, shootId: number, photoId: number): Promise<void> {
  const photo = await db
    .selectFrom("photos")
    .select("asset_id")
    .where("id", "=", photoId)
    .where("shoot_id", "=", shootId)
    .executeTakeFirst();
  if (!photo) return;
  await db.updateTable("photos").set({ deleted_at: toStoredTime() }).where("id", "=", photoId).execute();
  await releaseCover(db, shootId, photo.asset_id);
}

/** Puts a trashed photo back at the end of its shoot; false when it is no longer in the trash. */
export async function restorePhoto(db: Database, photoId: number): Promise<boolean> {
  const photo = await db
    .selectFrom("photos")
    .select("shoot_id")
    .where("id", "=", photoId)
    .where("deleted_at", "is not", null)
    .executeTakeFirst();
  if (!photo) return false;
  const last = await liveIds(db, photo.shoot_id);
  await db.updateTable("photos").set({ deleted_at: null, position: last.length }).where("id", "=", photoId).execute();
  return true;
}

export async function listTrashedPhotos(db: Database) {
  return db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select(["photos.id", "photos.alt", "shoots.title as shootTitle", "assets.original_name as fileName"])
    .where("photos.deleted_at", "is not", null)
    .orderBy("photos.deleted_at", "desc")
    .execute();
}

/** Deletes trashed photos for good (their assets stay: the bytes may be used elsewhere). */
export async function emptyPhotoTrash(db: Database): Promise<number> {
  const result = await db.deleteFrom("photos").where("deleted_at", "is not", null).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function otherShoots(db: Database, shootId: number) {
  return db
    .selectFrom("shoots")
    .select(["id", "title"])
    .where("id", "!=", shootId)
    .where("deleted_at", "is", null)
    .orderBy("title")
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
 * it gives false. Photos in the trash keep their old positions; restoring one places it anew.
 */
export async function ensureManualOrder(trx: Database, shootId: number): Promise<boolean> {
  const shoot = await trx.selectFrom("shoots").select("photo_order").where("id", "=", shootId).executeTakeFirst();
  if (!shoot || shoot.photo_order === "manual") return false;
  const shown = await readShootPhotos(trx, [shootId], { images: false });
  for (const [index, photo] of shown.entries()) {
    await trx
      .updateTable("photos")
      .set({ position: index * POSITION_GAP })
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
