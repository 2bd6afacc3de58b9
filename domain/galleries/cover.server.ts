// A client gallery's cover (issue 15, migration 0016): one of the gallery's own photos, shown as
// the hero of the open gallery (never on its door, its closed page or in a link preview) and
// beside it in the admin's list. It is chosen among the gallery's photos only, with the admin's
// image picker given this gallery as its source: the studio-wide picker leaves client photos
// out (IS_GALLERY_ONLY_ASSET) and stays so. A cover whose photo or set is in the trash is kept
// (restoring brings it back) but not shown; deleting the photo for good clears it (the
// foreign key's ON DELETE SET NULL).
import { sql } from "kysely";
import type { Database } from "../../platform/db/db.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { loadStoredImages, toResponsiveImage } from "../catalog/images.server.ts";
import type { ResponsiveImage } from "../catalog/types.ts";
import { IMAGE_PAGE_SIZE, likePatterns } from "../media/image-picker.server.ts";
import type { ImagePage } from "../media/image-picker.ts";

export type CoverResult = { ok: true } | { ok: false; error: string };

export const COVER_NOT_IN_GALLERY = "That photo is not in this gallery's sets: choose one of the gallery's own photos.";
export const COVER_IN_TRASH = "That photo is in the trash: restore it first, or choose another.";

/**
 * Makes `photoId` the gallery's cover, or with null removes the cover. Refused, with the reason
 * in words, when the photo is not in one of this gallery's sets, or it or its set is in the trash.
 */
export async function setGalleryCover(db: Database, galleryId: number, photoId: number | null): Promise<CoverResult> {
  if (photoId !== null) {
    const photo = await db
      .selectFrom("photos")
      .innerJoin("shoots", "shoots.id", "photos.shoot_id")
      .select(["shoots.gallery_id", "photos.deleted_at", "shoots.deleted_at as set_deleted_at"])
      .where("photos.id", "=", photoId)
      .executeTakeFirst();
    if (!photo || photo.gallery_id !== galleryId) return { ok: false, error: COVER_NOT_IN_GALLERY };
    if (photo.deleted_at !== null || photo.set_deleted_at !== null) return { ok: false, error: COVER_IN_TRASH };
  }
  await db
    .updateTable("client_galleries")
    .set({ cover_photo_id: photoId, updated_at: toStoredTime() })
    .where("id", "=", galleryId)
    .execute();
  return { ok: true };
}

export interface GalleryCover {
  photoId: number;
  fileName: string;
  setTitle: string;
  /** Its alt text is the photo's own, else "Cover photo of {title}". */
  image: ResponsiveImage;
}

/**
 * The covers to show for these galleries, by gallery id: only a live photo in one of the
 * gallery's live sets (a cover in the trash is no cover), with its image; galleries without one
 * are absent.
 */
export async function galleryCovers(
  db: Database,
  galleries: readonly { id: number; title: string }[],
): Promise<Map<number, GalleryCover>> {
  const covers = new Map<number, GalleryCover>();
  if (galleries.length === 0) return covers;
  const rows = await db
    .selectFrom("client_galleries")
    .innerJoin("photos", "photos.id", "client_galleries.cover_photo_id")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select([
      "client_galleries.id as gallery_id",
      "photos.id as photo_id",
      "photos.asset_id",
      "photos.alt",
      "assets.original_name",
      "shoots.title as set_title",
    ])
    .where(
      "client_galleries.id",
      "in",
      galleries.map((g) => g.id),
    )
    .whereRef("shoots.gallery_id", "=", "client_galleries.id")
    .where("photos.deleted_at", "is", null)
    .where("shoots.deleted_at", "is", null)
    .execute();
  const images = await loadStoredImages(
    db,
    rows.map((r) => r.asset_id),
  );
  const titles = new Map(galleries.map((g) => [g.id, g.title]));
  for (const r of rows) {
    const stored = images.get(r.asset_id);
    if (!stored) continue;
    const alt = r.alt.trim() || `Cover photo of ${titles.get(r.gallery_id) ?? "the gallery"}`;
    covers.set(r.gallery_id, {
      photoId: r.photo_id,
      fileName: r.original_name,
      setTitle: r.set_title,
      image: toResponsiveImage(stored, alt),
    });
  }
  return covers;
}

export async function galleryCover(db: Database, gallery: { id: number; title: string }): Promise<GalleryCover | null> {
  return (await galleryCovers(db, [gallery])).get(gallery.id) ?? null;
}

export interface CoverChoiceQuery {
  /** Words that must each appear in the set's title or the file name (any case). */
  q?: string;
  offset?: number;
  limit?: number;
}

/**
 * One page of the photos a gallery's cover may be, for the image picker (GET
 * /admin/images?gallery=) and the form's choices before JavaScript: the live photos of the
 * gallery's live sets, set by set in the gallery's order, then by file name. Each item carries
 * its photo id (what is chosen) and is grouped under its set's title.
 */
export async function findGalleryPhotoPage(
  db: Database,
  galleryId: number,
  query: CoverChoiceQuery = {},
): Promise<ImagePage> {
  const q = (query.q ?? "").trim();
  const offset = Math.max(0, Math.trunc(query.offset ?? 0));
  const limit = query.limit ?? IMAGE_PAGE_SIZE;
  let matching = db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .where("shoots.gallery_id", "=", galleryId)
    .where("shoots.deleted_at", "is", null)
    .where("photos.deleted_at", "is", null);
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
      .select(["photos.id", "photos.asset_id", "assets.original_name", "shoots.title"])
      .orderBy("shoots.gallery_position")
      .orderBy("shoots.id")
      .orderBy("assets.original_name")
      .orderBy("photos.id")
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  const images = await loadStoredImages(
    db,
    rows.map((r) => r.asset_id),
  );
  const items = rows.flatMap((r) => {
    const stored = images.get(r.asset_id);
    if (!stored) return [];
    // No alt text: the choice is named by its file name and set beside it.
    const image = toResponsiveImage(stored, "");
    return [{ assetId: r.asset_id, photoId: r.id, fileName: r.original_name, group: r.title, image }];
  });
  const next = offset + rows.length;
  return { q, offset, total: Number(total), nextOffset: next < Number(total) ? next : null, items };
}
