// The clients' selection lists as the studio reads them (ADR 026): each list with who made it
// and its photos, and reopening a submitted list for the client to change. Making the lists is
// the client's side, in selections.server.ts; their files are selection-export.server.ts's.
import { sql } from "kysely";
import type { Database } from "../../platform/db/db.server.ts";
import type { StoredTime } from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { STUDIO } from "../catalog/audience.server.ts";
import { readPhotoLabels } from "../catalog/sets.server.ts";

export interface SelectionItemRow {
  photoId: number;
  fileName: string;
  setTitle: string;
  comment: string;
}

export interface SelectionListRow {
  id: number;
  name: string;
  visitorName: string;
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
    ])
    .where("selection_lists.gallery_id", "=", galleryId);
  if (listId !== undefined) lists = lists.where("selection_lists.id", "=", listId);
  const rows = await lists
    .orderBy(sql`selection_lists.submitted_at is null`)
    .orderBy("selection_lists.submitted_at", "desc")
    .orderBy("selection_lists.id")
    .execute();
  if (rows.length === 0) return [];
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
      list.push({ photoId: label.photoId, fileName: label.fileName, setTitle: label.setTitle, comment: item.comment });
      byList.set(item.list_id, list);
    }
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    visitorName: r.visitor_name,
    limit: r.item_limit,
    submittedAt: r.submitted_at,
    updatedAt: r.updated_at,
    items: byList.get(r.id) ?? [],
  }));
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
