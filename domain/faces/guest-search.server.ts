// The studio's and the couple's choices about guest search (issue 31, ADR 044), and what each
// implies for the face data: turning it on searches the open sets' photos; closing a set forgets
// its photos' faces; turning it off erases every face and every guest of the gallery (and the
// event link). The gallery's own settings are the galleries module's (guest-access.server.ts).
import type { Database } from "../../platform/db/db.server.ts";
import {
  countLivePhotos,
  galleryPhotoFiles,
  guestSetIds,
  setGuestSets,
  setPhotosGuestHidden,
} from "../catalog/sets.server.ts";
import { readGallerySets } from "../galleries/galleries.server.ts";
import { writeGuestSearch } from "../galleries/guest-access.server.ts";
import { pendingFaceIndex, queueFaceIndex, withdrawFaceIndex } from "./indexing.server.ts";
import { deleteGalleryFaceData, deletePhotoFaceData, listGuests, scanTotals } from "./store.server.ts";

/** Turns guest search on (searching the open sets' photos) or off (erasing all face data). */
export async function setGuestSearch(db: Database, galleryId: number, on: boolean): Promise<void> {
  await writeGuestSearch(db, galleryId, on);
  if (on) {
    await queueFaceIndex(db, galleryId);
    return;
  }
  const photos = await galleryPhotoFiles(db, galleryId);
  await withdrawFaceIndex(
    db,
    photos.map((p) => p.id),
  );
  await deleteGalleryFaceData(db, galleryId);
}

/**
 * Opens exactly these of the gallery's sets to guests: a set closed now has its photos' faces
 * forgotten, a set opened now is searched. Ids that are not the gallery's sets are ignored.
 */
export async function chooseGuestSets(db: Database, galleryId: number, setIds: readonly number[]): Promise<void> {
  const sets = new Set((await readGallerySets(db, galleryId)).map((s) => s.id));
  const before = await galleryPhotoFiles(db, galleryId, { guestSets: true });
  await setGuestSets(
    db,
    galleryId,
    setIds.filter((id) => sets.has(id)),
  );
  const open = new Set(await guestSetIds(db, galleryId));
  const closed = before.filter((p) => !open.has(p.shoot_id)).map((p) => p.id);
  await withdrawFaceIndex(db, closed);
  await deletePhotoFaceData(db, galleryId, closed);
  await queueFaceIndex(db, galleryId);
}

/** Hides photos from guests or shows them again (the couple's or the studio's choice). */
export function hideFromGuests(db: Database, galleryId: number, photoIds: readonly number[], hidden: boolean) {
  return setPhotosGuestHidden(db, galleryId, photoIds, hidden);
}

export interface GuestSearchStatus {
  /** Photos in the sets open to guests, and how many of them were searched. */
  photos: number;
  searched: number;
  /** Searches still waiting or running. */
  pending: number;
  faces: number;
  /** The guests who searched: names and counts, never a face. */
  guests: Awaited<ReturnType<typeof listGuests>>;
}

export async function guestSearchStatus(db: Database, galleryId: number): Promise<GuestSearchStatus> {
  const setIds = await guestSetIds(db, galleryId);
  const [counts, totals, pending, guests] = await Promise.all([
    countLivePhotos(db, setIds),
    scanTotals(db, galleryId),
    pendingFaceIndex(db, setIds),
    listGuests(db, galleryId),
  ]);
  const photos = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return { photos, searched: Math.min(totals.photos, photos), pending, faces: totals.faces, guests };
}
