// A client gallery's sets as the studio arranges them (issue 15): listed with their photo
// counts, renamed, reordered and trashed. A set is a shoot of the gallery (galleries.server.ts
// adds them); each set's photos are managed on its shoot page.
import type { Database } from "../../platform/db/db.server.ts";
import { type TitleField, type Titles, tamilToStore } from "../catalog/localized.ts";
import { moveByOne, moveTo, type OrderedList, type Step } from "../catalog/move-by-one.server.ts";
import { countLivePhotos, isLiveSet, renameSet, writeSetOrder } from "../catalog/sets.server.ts";
import { trashShoot } from "../catalog/shoots.server.ts";
import { readGallerySets } from "./galleries.server.ts";

/** A set's title at most this long, and its Tamil version too (Tamil is not held to less). */
export const SET_TITLE_MAX_LENGTH = 120;

export interface GallerySetRow {
  id: number;
  title: string;
  /** Its Tamil title (issue 33); null: not translated, the client's Tamil pages show the English. */
  titleTa: string | null;
  photoCount: number;
}

/** The gallery's live sets in order, each with its live photo count. */
export async function listGallerySets(db: Database, galleryId: number): Promise<GallerySetRow[]> {
  const sets = await readGallerySets(db, galleryId);
  const photoCount = await countLivePhotos(
    db,
    sets.map((s) => s.id),
  );
  return sets.map((s) => ({ id: s.id, title: s.title, titleTa: s.titleTa, photoCount: photoCount.get(s.id) ?? 0 }));
}

/**
 * A set's titles as typed, checked: the trimmed title and the Tamil one (empty: null, not
 * translated), or the message to show beside each field that is wrong.
 */
export function checkSetTitle(
  value: FormDataEntryValue | null,
  valueTa: FormDataEntryValue | null,
): ({ ok: true } & Titles) | { ok: false; errors: Partial<Record<TitleField, string>> } {
  const title = String(value ?? "").trim();
  const titleTa = tamilToStore(valueTa);
  const errors: Partial<Record<TitleField, string>> = {};
  if (title === "") errors.title = "Give the set a title, like Muhurtham.";
  else if (title.length > SET_TITLE_MAX_LENGTH) errors.title = `At most ${SET_TITLE_MAX_LENGTH} characters.`;
  if (titleTa !== null && titleTa.length > SET_TITLE_MAX_LENGTH)
    errors.titleTa = `The Tamil title: at most ${SET_TITLE_MAX_LENGTH} characters.`;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, title, titleTa };
}

/** Renames one of the gallery's live sets (and sets or clears its Tamil title); false when it is not one. */
export async function renameGallerySet(
  db: Database,
  galleryId: number,
  setId: number,
  titles: Titles,
): Promise<boolean> {
  return renameSet(db, galleryId, setId, titles);
}

/** A gallery's live sets as an ordered list (their trashed sets keep their places out of it). */
const setOrder = (galleryId: number): OrderedList => ({
  read: async (trx) => (await readGallerySets(trx, galleryId)).map((s) => s.id),
  write: writeSetOrder,
});

/** Moves a set one place earlier (-1) or later (+1) among its gallery's live sets. */
export async function moveGallerySet(db: Database, galleryId: number, setId: number, step: Step): Promise<boolean> {
  return moveByOne(db, setOrder(galleryId), setId, step);
}

/** Puts a set at place `index` (0 first) among its gallery's live sets: where a drag dropped it. */
export async function placeGallerySet(db: Database, galleryId: number, setId: number, index: number): Promise<boolean> {
  return moveTo(db, setOrder(galleryId), setId, index);
}

/** Sends a set to the trash like a shoot (restorable there); false when it is not the gallery's. */
export async function trashGallerySet(db: Database, galleryId: number, setId: number): Promise<boolean> {
  if (!(await isLiveSet(db, galleryId, setId))) return false;
  await trashShoot(db, setId);
  return true;
}
