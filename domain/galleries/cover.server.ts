// A client gallery's cover (issue 15, migration 0016): one of the gallery's own photos, shown as
// the hero of the open gallery (never on its door, its closed page or in a link preview) and
// beside it in the admin's list. It is chosen among the gallery's photos only, with the admin's
// image picker given this gallery as its source: the studio-wide picker leaves client photos
// out (assetVisibleTo(PUBLIC), catalog/audience.server.ts) and stays so. A cover whose photo or set is in the trash is kept
// (restoring brings it back) but not shown; deleting the photo for good clears it (the
// foreign key's ON DELETE SET NULL).
import type { Database } from "../../platform/db/db.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { galleryAudience } from "../catalog/audience.server.ts";
import { IMAGE_PAGE_SIZE } from "../catalog/image-picker.server.ts";
import type { ImagePage } from "../catalog/image-picker.ts";
import { loadStoredImages, type StoredImage, toResponsiveImage } from "../catalog/images.server.ts";
import { type ContentLanguage, inLanguage } from "../catalog/localized.ts";
import { type PhotoLabel, photoPlace, readPhotoLabels, searchGalleryPhotos } from "../catalog/sets.server.ts";
import type { ResponsiveImage } from "../catalog/types.ts";

export type CoverResult = { ok: true } | { ok: false; error: string };

export const COVER_NOT_IN_GALLERY = "That photo is not in this gallery's sets: choose one of the gallery's own photos.";
export const COVER_IN_TRASH = "That photo is in the trash: restore it first, or choose another.";

/**
 * Makes `photoId` the gallery's cover, or with null removes the cover. Refused, with the reason
 * in words, when the photo is not in one of this gallery's sets, or it or its set is in the trash.
 */
export async function setGalleryCover(db: Database, galleryId: number, photoId: number | null): Promise<CoverResult> {
  if (photoId !== null) {
    const place = await photoPlace(db, photoId);
    if (!place || place.galleryId !== galleryId) return { ok: false, error: COVER_NOT_IN_GALLERY };
    if (place.inTrash) return { ok: false, error: COVER_IN_TRASH };
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
  /** Its alt text as the reader's CoverAlt describes it. */
  image: ResponsiveImage;
}

/** A gallery's cover as stored: its photo, its files, and its alt text. */
export interface StoredCover {
  label: PhotoLabel;
  stored: StoredImage;
  alt: string;
}

/**
 * How a reader describes a gallery's cover: the photo's own alt text, else words naming the
 * gallery. The studio reads English; a client reads their page's (or mail's) language.
 */
export type CoverAlt<G> = (gallery: G, label: PhotoLabel) => string;

/**
 * A cover's alt text in `language`: the photo's own (the Tamil where the studio wrote one), else
 * `fallback`, the reader's words for the gallery ("Cover photo of …" in that language).
 */
export function coverAltIn(language: ContentLanguage, label: PhotoLabel, fallback: string): string {
  return inLanguage(language, label.alt, label.altTa).trim() || fallback;
}

/** The admin's (English): the photo's alt text, else "Cover photo of {title}". */
export const studioCoverAlt: CoverAlt<{ title: string }> = (gallery, label) =>
  coverAltIn("en", label, `Cover photo of ${gallery.title}`);

/**
 * The covers to show for these galleries, by gallery id: only a live photo in one of the
 * gallery's live sets (a cover in the trash is no cover), with its files, described by `alt`;
 * galleries without one are absent.
 */
export async function storedCovers<G extends { id: number }>(
  db: Database,
  galleries: readonly G[],
  alt: CoverAlt<G>,
): Promise<Map<number, StoredCover>> {
  const covers = new Map<number, StoredCover>();
  if (galleries.length === 0) return covers;
  const chosen = await db
    .selectFrom("client_galleries")
    .select(["id", "cover_photo_id"])
    .where(
      "id",
      "in",
      galleries.map((g) => g.id),
    )
    .where("cover_photo_id", "is not", null)
    .execute();
  const byId = new Map(galleries.map((g) => [g.id, g]));
  // Each cover read as its gallery's client sees it: a photo in the trash, or in another
  // gallery, is no cover. One small read per gallery with a cover (the admin's list).
  await Promise.all(
    chosen.map(async ({ id, cover_photo_id }) => {
      const gallery = byId.get(id);
      if (!gallery) return;
      const audience = galleryAudience(id);
      const [label] = await readPhotoLabels(db, audience, cover_photo_id === null ? [] : [cover_photo_id]);
      if (!label) return;
      const stored = (await loadStoredImages(db, audience, [label.assetId])).get(label.assetId);
      if (!stored) return;
      covers.set(id, { label, stored, alt: alt(gallery, label) });
    }),
  );
  return covers;
}

/** The covers to show for these galleries, by gallery id, with their images (storedCovers). */
export async function galleryCovers<G extends { id: number }>(
  db: Database,
  galleries: readonly G[],
  alt: CoverAlt<G>,
): Promise<Map<number, GalleryCover>> {
  const covers = new Map<number, GalleryCover>();
  for (const [id, { label, stored, alt: text }] of await storedCovers(db, galleries, alt))
    covers.set(id, {
      photoId: label.photoId,
      fileName: label.fileName,
      setTitle: label.setTitle,
      image: toResponsiveImage(stored, text),
    });
  return covers;
}

export async function galleryCover<G extends { id: number }>(
  db: Database,
  gallery: G,
  alt: CoverAlt<G>,
): Promise<GalleryCover | null> {
  return (await galleryCovers(db, [gallery], alt)).get(gallery.id) ?? null;
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
  const { total, rows } = await searchGalleryPhotos(db, galleryId, { q, offset, limit });
  const images = await loadStoredImages(
    db,
    galleryAudience(galleryId),
    rows.map((r) => r.assetId),
  );
  const items = rows.flatMap((r) => {
    const stored = images.get(r.assetId);
    if (!stored) return [];
    // No alt text: the choice is named by its file name and set beside it.
    const image = toResponsiveImage(stored, "");
    return [{ assetId: r.assetId, photoId: r.photoId, fileName: r.fileName, group: r.setTitle, image }];
  });
  const next = offset + rows.length;
  return { q, offset, total, nextOffset: next < total ? next : null, items };
}
