// The clients' selection lists as the studio reads them (ADR 026): each list with who made it
// and its photos, two lists compared (the bride's and her mother's: in both, only in one), a list
// of the studio's own made from them, and reopening a submitted list for the client to change.
// Making the lists is the client's side, in selections.server.ts; their files are
// selection-export.server.ts's.
import { sql } from "kysely";
import type { Database } from "../../platform/db/db.server.ts";
import type { StoredTime } from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { STUDIO } from "../catalog/audience.server.ts";
import {
  ADMIN_THUMBNAIL_MIN_WIDTH_PX,
  loadStoredImages,
  type Thumbnail,
  toThumbnail,
} from "../catalog/images.server.ts";
import { type PhotoLabel, readPhotoLabels } from "../catalog/sets.server.ts";
import { createStudioList, STUDIO_NAME_KEY, type StudioListResult } from "./selections.server.ts";

export interface SelectionItemRow {
  photoId: number;
  assetId: number;
  fileName: string;
  setTitle: string;
  comment: string;
}

export interface SelectionListRow {
  id: number;
  name: string;
  visitorName: string;
  /** The studio's own list (made from the clients' picks), not a client's. */
  byStudio: boolean;
  limit: number | null;
  submittedAt: StoredTime | null;
  updatedAt: StoredTime;
  items: SelectionItemRow[];
}

/**
 * The gallery's selection lists, submitted first (newest first), then those still being made,
 * each with its photos in the gallery's order (set by set, as the client saw them). Photos
 * since trashed by the studio still count: the client chose them.
 */
export async function readSelectionLists(
  db: Database,
  galleryId: number,
  listId?: number,
): Promise<SelectionListRow[]> {
  return (await readListsAndLabels(db, galleryId, listId === undefined ? undefined : [listId])).lists;
}

/** The lists (all the gallery's, or those of `listIds` that are the gallery's) and their photos' labels in the gallery's order. */
async function readListsAndLabels(
  db: Database,
  galleryId: number,
  listIds?: readonly number[],
): Promise<{ lists: SelectionListRow[]; labels: PhotoLabel[] }> {
  let lists = db
    .selectFrom("selection_lists")
    .innerJoin("gallery_visitors", "gallery_visitors.id", "selection_lists.visitor_id")
    .select([
      "selection_lists.id",
      "selection_lists.name",
      "selection_lists.item_limit",
      "selection_lists.submitted_at",
      "selection_lists.updated_at",
      "gallery_visitors.name as visitor_name",
      "gallery_visitors.name_key",
    ])
    .where("selection_lists.gallery_id", "=", galleryId);
  if (listIds !== undefined) lists = lists.where("selection_lists.id", "in", [...listIds]);
  const rows = await lists
    .orderBy(sql`selection_lists.submitted_at is null`)
    .orderBy("selection_lists.submitted_at", "desc")
    .orderBy("selection_lists.id")
    .execute();
  if (rows.length === 0) return { lists: [], labels: [] };
  const items = await db
    .selectFrom("selection_items")
    .select(["list_id", "photo_id", "comment"])
    .where(
      "list_id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  // The studio reads the list: photos it has since trashed still count, the client chose them.
  const labels = await readPhotoLabels(
    db,
    STUDIO,
    items.map((i) => i.photo_id),
  );
  const byList = new Map<number, SelectionItemRow[]>();
  const itemsOf = Map.groupBy(items, (i) => i.photo_id);
  for (const label of labels) {
    for (const item of itemsOf.get(label.photoId) ?? []) {
      const list = byList.get(item.list_id) ?? [];
      list.push({
        photoId: label.photoId,
        assetId: label.assetId,
        fileName: label.fileName,
        setTitle: label.setTitle,
        comment: item.comment,
      });
      byList.set(item.list_id, list);
    }
  }
  return {
    labels,
    lists: rows.map((r) => ({
      id: r.id,
      name: r.name,
      visitorName: r.visitor_name,
      byStudio: r.name_key === STUDIO_NAME_KEY,
      limit: r.item_limit,
      submittedAt: r.submitted_at,
      updatedAt: r.updated_at,
      items: byList.get(r.id) ?? [],
    })),
  };
}

/** A photo of two compared lists, with each list's note on it: null where it is not in that list. */
export interface ComparedPhoto {
  photoId: number;
  assetId: number;
  fileName: string;
  setTitle: string;
  noteA: string | null;
  noteB: string | null;
}

export interface PicksComparison {
  a: SelectionListRow;
  b: SelectionListRow;
  /** Each group in the gallery's order. */
  both: ComparedPhoto[];
  onlyA: ComparedPhoto[];
  onlyB: ComparedPhoto[];
}

/**
 * Two of the gallery's lists side by side (the bride's and her mother's): the photos in both,
 * and those in only one. Null when either is not this gallery's list, so a studio's address
 * cannot mix two galleries.
 */
export async function comparePicks(
  db: Database,
  galleryId: number,
  aId: number,
  bId: number,
): Promise<PicksComparison | null> {
  const { lists, labels } = await readListsAndLabels(db, galleryId, [aId, bId]);
  const a = lists.find((l) => l.id === aId);
  const b = lists.find((l) => l.id === bId);
  if (!a || !b) return null;
  const notesA = new Map(a.items.map((i) => [i.photoId, i.comment]));
  const notesB = new Map(b.items.map((i) => [i.photoId, i.comment]));
  const comparison: PicksComparison = { a, b, both: [], onlyA: [], onlyB: [] };
  for (const label of labels) {
    const photo = {
      photoId: label.photoId,
      assetId: label.assetId,
      fileName: label.fileName,
      setTitle: label.setTitle,
      noteA: notesA.get(label.photoId) ?? null,
      noteB: notesB.get(label.photoId) ?? null,
    };
    if (photo.noteA !== null && photo.noteB !== null) comparison.both.push(photo);
    else if (photo.noteA !== null) comparison.onlyA.push(photo);
    else if (photo.noteB !== null) comparison.onlyB.push(photo);
  }
  return comparison;
}

/** Which of two compared lists' photos a new list is made of: in both, in either, or those checked. */
export const PICKS_SCOPES = ["both", "either", "checked"] as const;
export type PicksScope = (typeof PICKS_SCOPES)[number];

export interface ListFromPicks {
  a: number;
  b: number;
  scope: PicksScope;
  /** The photos the studio checked (with `checked`): only those of the two lists count. */
  checked: readonly number[];
  name: string;
}

/**
 * A list of the studio's own ("Album, final") made from two compared lists: the photos in both,
 * in either, or those of them the studio checked. Refused like createStudioList, and with
 * "no-list" when either list is not this gallery's.
 */
export async function listFromPicks(
  db: Database,
  galleryId: number,
  { a, b, scope, checked, name }: ListFromPicks,
): Promise<StudioListResult | { ok: false; error: "no-list" }> {
  const comparison = await comparePicks(db, galleryId, a, b);
  if (!comparison) return { ok: false, error: "no-list" };
  const either = [...comparison.both, ...comparison.onlyA, ...comparison.onlyB];
  const chosen = new Set(checked);
  const photos =
    scope === "both" ? comparison.both : scope === "either" ? either : either.filter((p) => chosen.has(p.photoId));
  return createStudioList(
    db,
    galleryId,
    name,
    photos.map((p) => p.photoId),
  );
}

/**
 * How many people hearted each of these photos, in any of their lists in the gallery (the
 * studio's own lists are not hearts); photos nobody hearted are absent.
 */
export async function heartCounts(
  db: Database,
  galleryId: number,
  photoIds: readonly number[],
): Promise<Map<number, number>> {
  if (photoIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("selection_items")
    .innerJoin("selection_lists", "selection_lists.id", "selection_items.list_id")
    .innerJoin("gallery_visitors", "gallery_visitors.id", "selection_lists.visitor_id")
    .select(["selection_items.photo_id", sql<number>`count(distinct selection_lists.visitor_id)`.as("people")])
    .where("selection_lists.gallery_id", "=", galleryId)
    .where("gallery_visitors.name_key", "<>", STUDIO_NAME_KEY)
    .where("selection_items.photo_id", "in", [...new Set(photoIds)])
    .groupBy("selection_items.photo_id")
    .execute();
  return new Map(rows.map((r) => [r.photo_id, Number(r.people)]));
}

/**
 * The admin's thumbnails of these photos' images (the photo manager's size), by asset id; an
 * image whose files are missing is absent. The studio's read: a photo it trashed still shows.
 */
export async function pickThumbnails(db: Database, assetIds: readonly number[]): Promise<Map<number, Thumbnail>> {
  const stored = await loadStoredImages(db, STUDIO, assetIds);
  return new Map(
    [...stored]
      .filter(([, image]) => image.variants.length > 0)
      .map(([id, image]) => [id, toThumbnail(image, ADMIN_THUMBNAIL_MIN_WIDTH_PX)]),
  );
}

/** Unlocks a submitted list so the client can change it again; false when it was not submitted. */
export async function reopenSelectionList(db: Database, galleryId: number, listId: number): Promise<boolean> {
  const result = await db
    .updateTable("selection_lists")
    // The client's page says the studio reopened it, until it is sent again.
    .set({ submitted_at: null, reopened_at: toStoredTime(), updated_at: toStoredTime() })
    .where("id", "=", listId)
    .where("gallery_id", "=", galleryId)
    .where("submitted_at", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
