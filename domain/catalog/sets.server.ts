// A client gallery's sets and their photos, as the catalog stores them: a set is a shoot with
// the gallery's id (ADR 025), its photos are photos. The client galleries' modules own the
// gallery's own tables and ask here for everything about its sets, so the shoots and photos
// tables are read in one folder, through the audience rule (audience.server.ts, ADR 039).
import { sql } from "kysely";
import type { Database } from "../../platform/db/db.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import {
  type Audience,
  type GalleryAudience,
  type GuestAudience,
  galleryAudience,
  photoVisibleTo,
  STUDIO,
} from "./audience.server.ts";
import { likePatterns } from "./image-picker.server.ts";
import type { Titles } from "./localized.ts";
import { gappedPositions } from "./photo-order.ts";
import { readShootPhotos } from "./read-model.server.ts";
import { nextShootId } from "./shoots.server.ts";

/** A new set, last in its gallery; its id is a shoot id. Inside the caller's transaction. */
export async function addSet(trx: Database, galleryId: number, { title, titleTa }: Titles): Promise<number> {
  const id = await nextShootId(trx);
  const { max } = await trx
    .selectFrom("shoots")
    .select(sql<number | null>`max(gallery_position)`.as("max"))
    .where("gallery_id", "=", galleryId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("shoots")
    .values({
      id,
      title,
      title_ta: titleTa,
      collection_id: null,
      gallery_id: galleryId,
      gallery_position: (max ?? -1) + 1,
    })
    .execute();
  return id;
}

/**
 * Copies a shoot's live photos into a set, in the order the shoot shows them: new rows on the
 * same assets, so the shoot is untouched. Returns how many were copied.
 */
export async function copyPhotosIntoSet(trx: Database, fromShootId: number, setId: number): Promise<number> {
  const photos = await readShootPhotos(trx, STUDIO, [fromShootId], { images: false });
  if (photos.length === 0) return 0;
  const positions = gappedPositions(photos.length);
  await trx
    .insertInto("photos")
    .values(photos.map((p, i) => ({ shoot_id: setId, asset_id: p.assetId, alt: p.alt, position: positions[i] ?? 0 })))
    .execute();
  return photos.length;
}

/** Each gallery's live sets and the live photos in them, by gallery id; galleries without sets are absent. */
export async function countSetsAndPhotos(db: Database): Promise<Map<number, { sets: number; photos: number }>> {
  const rows = await db
    .selectFrom("shoots")
    .leftJoin("photos", (join) => join.onRef("photos.shoot_id", "=", "shoots.id").on("photos.deleted_at", "is", null))
    .select([
      "shoots.gallery_id",
      sql<number>`count(distinct shoots.id)`.as("sets"),
      sql<number>`count(photos.id)`.as("photos"),
    ])
    .where("shoots.gallery_id", "is not", null)
    .where("shoots.deleted_at", "is", null)
    .groupBy("shoots.gallery_id")
    .execute();
  return new Map(
    rows.flatMap((r) =>
      r.gallery_id === null ? [] : [[r.gallery_id, { sets: Number(r.sets), photos: Number(r.photos) }]],
    ),
  );
}

/** The live photos of each of these shoots, by shoot id. */
export async function countLivePhotos(db: Database, shootIds: readonly number[]): Promise<Map<number, number>> {
  if (shootIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("photos")
    .select(["shoot_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where("shoot_id", "in", [...shootIds])
    .where("deleted_at", "is", null)
    .groupBy("shoot_id")
    .execute();
  return new Map(rows.map((r) => [r.shoot_id, Number(r.count)]));
}

/** Whether `setId` is one of the gallery's live sets: every set action checks it first. */
export async function isLiveSet(db: Database, galleryId: number, setId: number): Promise<boolean> {
  const row = await db
    .selectFrom("shoots")
    .select("id")
    .where("id", "=", setId)
    .where("gallery_id", "=", galleryId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Renames one of the gallery's live sets, in English and Tamil; false when it is not one. */
export async function renameSet(
  db: Database,
  galleryId: number,
  setId: number,
  { title, titleTa }: Titles,
): Promise<boolean> {
  const result = await db
    .updateTable("shoots")
    .set({ title, title_ta: titleTa, updated_at: toStoredTime() })
    .where("id", "=", setId)
    .where("gallery_id", "=", galleryId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Writes the sets' order as given (positions 0..n-1), inside the caller's transaction. */
export async function writeSetOrder(trx: Database, setIds: readonly number[]): Promise<void> {
  for (const [index, id] of setIds.entries())
    await trx.updateTable("shoots").set({ gallery_position: index }).where("id", "=", id).execute();
}

/** The set of a photo the gallery's audience (or its guests') may see; null when it may not see it. */
export async function visiblePhotoSet(
  db: Database,
  audience: GalleryAudience | GuestAudience,
  photoId: number,
): Promise<number | null> {
  const row = await db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .select("photos.shoot_id")
    .where("photos.id", "=", photoId)
    .where(photoVisibleTo(audience))
    .executeTakeFirst();
  return row?.shoot_id ?? null;
}

/** Where a photo is, for the studio choosing it: its gallery (null for a portfolio shoot's) and whether it or its set is in the trash. */
export async function photoPlace(
  db: Database,
  photoId: number,
): Promise<{ galleryId: number | null; inTrash: boolean } | null> {
  const row = await db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .select(["shoots.gallery_id", "photos.deleted_at", "shoots.deleted_at as set_deleted_at"])
    .where("photos.id", "=", photoId)
    .executeTakeFirst();
  if (!row) return null;
  return { galleryId: row.gallery_id, inTrash: row.deleted_at !== null || row.set_deleted_at !== null };
}

export interface PhotoLabel {
  photoId: number;
  assetId: number;
  alt: string;
  /** The alt text in Tamil (migration 0027); null: not translated (catalog/localized.ts inLanguage picks). */
  altTa: string | null;
  fileName: string;
  setId: number;
  setTitle: string;
}

/** What a photo's label is read from, in a query joining its asset and its set. */
const LABEL_COLUMNS = [
  "photos.id",
  "photos.asset_id",
  "photos.alt",
  "photos.alt_ta",
  "assets.original_name",
  "shoots.id as set_id",
  "shoots.title as set_title",
] as const;

function toLabel(r: {
  id: number;
  asset_id: number;
  alt: string;
  alt_ta: string | null;
  original_name: string;
  set_id: number;
  set_title: string;
}): PhotoLabel {
  return {
    photoId: r.id,
    assetId: r.asset_id,
    alt: r.alt,
    altTa: r.alt_ta,
    fileName: r.original_name,
    setId: r.set_id,
    setTitle: r.set_title,
  };
}

/**
 * These photos with their file names and sets, in the gallery's order (set by set, then as the
 * set shows them by hand), for the audience: a gallery's link sees its live photos; the studio
 * (reading a client's list) also those since trashed, which the client chose all the same.
 */
export async function readPhotoLabels(
  db: Database,
  audience: Audience,
  photoIds: readonly number[],
): Promise<PhotoLabel[]> {
  if (photoIds.length === 0) return [];
  const rows = await db
    .selectFrom("photos")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .select(LABEL_COLUMNS)
    .where("photos.id", "in", [...new Set(photoIds)])
    .where(photoVisibleTo(audience))
    .orderBy("shoots.gallery_position")
    .orderBy("shoots.id")
    .orderBy("photos.position")
    .orderBy("photos.id")
    .execute();
  return rows.map(toLabel);
}

/**
 * One page of a gallery's live photos whose set title or file name holds every word of `q`: set
 * by set in the gallery's order, then by file name. For the studio choosing a gallery's cover.
 */
export async function searchGalleryPhotos(
  db: Database,
  galleryId: number,
  { q, offset, limit }: { q: string; offset: number; limit: number },
): Promise<{ total: number; rows: PhotoLabel[] }> {
  let matching = db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .where(photoVisibleTo(galleryAudience(galleryId)));
  for (const pattern of likePatterns(q)) {
    matching = matching.where((eb) =>
      eb.or([
        eb(sql`lower(shoots.title)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(assets.original_name)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const [{ total }, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    matching
      .select(LABEL_COLUMNS)
      .orderBy("shoots.gallery_position")
      .orderBy("shoots.id")
      .orderBy("assets.original_name")
      .orderBy("photos.id")
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return {
    total: Number(total),
    rows: rows.map(toLabel),
  };
}

/** The client gallery a shoot is a set of (in the trash or not); null for a portfolio shoot. */
export async function galleryIdOfSet(db: Database, shootId: number): Promise<number | null> {
  const row = await db.selectFrom("shoots").select("gallery_id").where("id", "=", shootId).executeTakeFirst();
  return row?.gallery_id ?? null;
}

/**
 * The live photos of the gallery's sets (a set in the trash too), in the gallery's order, with
 * their assets; `guestSets`: only the live sets open to guests (the photos to search for faces,
 * hidden ones too: hiding is undone without searching again, and a guest never sees them).
 */
export function galleryPhotoFiles(
  db: Database,
  galleryId: number,
  { guestSets = false, photoIds }: { guestSets?: boolean; photoIds?: readonly number[] } = {},
) {
  return db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select([
      "photos.id",
      "photos.shoot_id",
      "photos.position",
      "assets.sha256",
      "assets.original_name",
      "assets.mime",
      "assets.width",
      "assets.height",
    ])
    .where("shoots.gallery_id", "=", galleryId)
    .where("photos.deleted_at", "is", null)
    .$if(guestSets, (qb) => qb.where("shoots.guest_visible", "=", 1).where("shoots.deleted_at", "is", null))
    .$if(photoIds !== undefined, (qb) => qb.where("photos.id", "in", [...(photoIds ?? []), 0]))
    .orderBy("shoots.gallery_position")
    .orderBy("photos.position")
    .execute();
}

/** The gallery's live sets open to guests' face search (issue 31). */
export async function guestSetIds(db: Database, galleryId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("shoots")
    .select("id")
    .where("gallery_id", "=", galleryId)
    .where("guest_visible", "=", 1)
    .where("deleted_at", "is", null)
    .orderBy("gallery_position")
    .execute();
  return rows.map((row) => row.id);
}

/** Opens exactly these of the gallery's sets to guests (others of its sets are closed). */
export async function setGuestSets(db: Database, galleryId: number, setIds: readonly number[]): Promise<void> {
  await db
    .updateTable("shoots")
    .set((eb) => ({
      guest_visible:
        setIds.length === 0
          ? sql<number>`0`
          : eb
              .case()
              .when("id", "in", [...setIds])
              .then(1)
              .else(0)
              .end(),
    }))
    .where("gallery_id", "=", galleryId)
    .execute();
}

/** Hides these photos of the gallery from guests, or shows them again; how many changed. */
export async function setPhotosGuestHidden(
  db: Database,
  galleryId: number,
  photoIds: readonly number[],
  hidden: boolean,
): Promise<number> {
  if (photoIds.length === 0) return 0;
  const result = await db
    .updateTable("photos")
    .set({ guest_hidden: hidden ? 1 : 0 })
    .where("id", "in", [...photoIds])
    .where("shoot_id", "in", (eb) => eb.selectFrom("shoots").select("id").where("gallery_id", "=", galleryId))
    .where("guest_hidden", "=", hidden ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Which of these photos of the gallery are hidden from guests. */
export async function guestHiddenPhotoIds(
  db: Database,
  galleryId: number,
  photoIds: readonly number[],
): Promise<Set<number>> {
  if (photoIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .select("photos.id")
    .where("shoots.gallery_id", "=", galleryId)
    .where("photos.id", "in", [...photoIds])
    .where("photos.guest_hidden", "=", 1)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * A photo to search for faces: its gallery, whether it is still live in a set open to guests, and
 * its asset (whose files the search reads). Null when the photo is gone.
 */
export async function faceSourceOf(db: Database, photoId: number) {
  const row = await db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .select([
      "photos.asset_id",
      "shoots.gallery_id",
      sql<number>`case when photos.deleted_at is null and shoots.deleted_at is null and shoots.guest_visible = 1 then 1 else 0 end`.as(
        "searchable",
      ),
    ])
    .where("photos.id", "=", photoId)
    .executeTakeFirst();
  if (!row || row.gallery_id === null) return null;
  return { assetId: row.asset_id, galleryId: row.gallery_id, searchable: row.searchable === 1 };
}

/** The gallery's sets, in the trash too. */
export async function gallerySetIds(db: Database, galleryId: number): Promise<number[]> {
  const rows = await db.selectFrom("shoots").select("id").where("gallery_id", "=", galleryId).execute();
  return rows.map((row) => row.id);
}
