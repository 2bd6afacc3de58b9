// What a wedding guest sees of a gallery (issue 31, ADR 044): the photos the faces module found
// their face in, read through the guest audience (catalog/audience.server.ts), so that whatever
// the matching answers, a guest is only ever shown a live photo of a set the studio opened to
// guests and that neither the couple nor the studio hid from them. Best matches first, a page
// at a time, with the gallery's watermark exactly as the couple's view has it.
import { guestAudience } from "../catalog/audience.server.ts";
import type { ContentLanguage } from "../catalog/localized.ts";
import { readShootPhotos } from "../catalog/read-model.server.ts";
import { guestSetIds } from "../catalog/sets.server.ts";
import type { GalleryPhoto } from "./client-types.ts";
import { type ClientViewDeps, galleryWatermark, toGalleryPhotos } from "./client-view.server.ts";

/** Photos per page of a guest's matches: two phone screens, and a document well under 100 KB. */
export const GUEST_PHOTOS_PER_PAGE = 30;

export interface GuestPage {
  /** How many of the matched photos a guest may see. */
  count: number;
  page: number;
  pages: number;
  photos: GalleryPhoto[];
}

/** The live, unhidden photos of the sets open to guests: one read, whatever a page then shows. */
async function guestRows(db: ClientViewDeps["db"], galleryId: number) {
  return readShootPhotos(db, guestAudience(galleryId), await guestSetIds(db, galleryId), { images: false });
}

/**
 * Of `photoIds` (the matches, best first), those the gallery's guests may see: the ids, in the
 * same order. A photo hidden, trashed or in a set closed to guests is dropped here.
 */
export async function guestVisiblePhotoIds(
  { db }: Pick<ClientViewDeps, "db">,
  galleryId: number,
  photoIds: readonly number[],
): Promise<number[]> {
  if (photoIds.length === 0) return [];
  const visible = new Set((await guestRows(db, galleryId)).map((r) => r.id));
  return photoIds.filter((id) => visible.has(id));
}

/**
 * One page (from 1) of the guest's photos: of `matchedIds` (best first), those guests may see,
 * counted and paged from the same one read.
 */
export async function guestPhotoPage(
  deps: ClientViewDeps,
  galleryId: number,
  matchedIds: readonly number[],
  page: number,
  /** The page's language, for the photos' alt texts. */
  language: ContentLanguage,
): Promise<GuestPage> {
  const { db } = deps;
  const rows = matchedIds.length === 0 ? [] : await guestRows(db, galleryId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const visible = matchedIds.flatMap((id) => byId.get(id) ?? []);
  const pages = Math.max(1, Math.ceil(visible.length / GUEST_PHOTOS_PER_PAGE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const shown = visible.slice((current - 1) * GUEST_PHOTOS_PER_PAGE, current * GUEST_PHOTOS_PER_PAGE);
  const photos = await toGalleryPhotos(deps, guestAudience(galleryId), shown, {
    watermark: await galleryWatermark(db, galleryId),
    language,
  });
  return { count: visible.length, page: current, pages, photos };
}
