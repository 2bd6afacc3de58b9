// Selections in a client gallery (ADR 026): each person choosing photos is known by their name
// and their own PIN (gallery_visitors), makes named lists ("Album", "Parents' album", "Prints"),
// hearts photos into them up to the list's limit, comments on a hearted photo, and submits a
// list, which locks it. Everything lives on the server, so a list made on a phone is found again
// on a laptop. The route turns each refusal below into words; nothing here throws for a person's
// mistake.

import { sql } from "kysely";
import { type Database, inTransaction } from "../../platform/db/db.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { hashPassword, verifyPassword } from "../auth/password.server.ts";
import { galleryAudience } from "../catalog/audience.server.ts";
import { readPhotoLabels, visiblePhotoSet } from "../catalog/sets.server.ts";
import { enqueueMail } from "../mail/outbox.server.ts";
import type { SelectionList } from "./client-types.ts";

export type { SelectionList };

/** A person's own PIN: 4 to 8 digits, easy to type on a phone and to remember. */
export const VISITOR_PIN_PATTERN = /^\d{4,8}$/;
/** Longest name a person may give (a full Tamil name with initials fits easily). */
export const VISITOR_NAME_MAX_CHARS = 60;
/** Longest list name ("Parents' album"). */
export const LIST_NAME_MAX_CHARS = 40;
/** Longest comment on one photo ("crop the left edge, brighten her face"). */
export const COMMENT_MAX_CHARS = 500;
/** The lists a person can have in one gallery; more would be a mistake, not a need. */
export const LISTS_PER_VISITOR_MAX = 20;

/** "  Priya   R " and "priya r" are one person: trimmed, spaces collapsed, lower case. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** The name as shown: trimmed, spaces collapsed, its case kept. */
export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

export interface Visitor {
  id: number;
  galleryId: number;
  name: string;
}

export type EnterResult =
  | { ok: true; visitor: Visitor; created: boolean }
  | { ok: false; error: "name" | "pin-format" | "wrong-pin" };

/**
 * Starts (a new name: the PIN is chosen now) or resumes (a known name: the PIN must match) a
 * person's selections in a gallery. Names are compared by nameKey.
 */
export async function enterAsVisitor(db: Database, galleryId: number, name: string, pin: string): Promise<EnterResult> {
  const shown = cleanName(name);
  if (shown === "" || shown.length > VISITOR_NAME_MAX_CHARS) return { ok: false, error: "name" };
  if (!VISITOR_PIN_PATTERN.test(pin)) return { ok: false, error: "pin-format" };
  const key = nameKey(shown);
  const existing = await findVisitorRow(db, galleryId, key);
  if (existing) return resume(db, existing, pin);
  const pin_hash = await hashPassword(pin);
  // Two first visits with one name at once: the unique index keeps one, the other resumes it.
  const inserted = await db
    .insertInto("gallery_visitors")
    .values({ gallery_id: galleryId, name: shown, name_key: key, pin_hash, last_seen_at: toStoredTime() })
    .onConflict((oc) => oc.columns(["gallery_id", "name_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { ok: true, created: true, visitor: { id: inserted.id, galleryId, name: shown } };
  const raced = await findVisitorRow(db, galleryId, key);
  return raced ? resume(db, raced, pin) : { ok: false, error: "wrong-pin" };
}

function findVisitorRow(db: Database, galleryId: number, key: string) {
  return db
    .selectFrom("gallery_visitors")
    .select(["id", "gallery_id", "name", "pin_hash"])
    .where("gallery_id", "=", galleryId)
    .where("name_key", "=", key)
    .executeTakeFirst();
}

async function resume(
  db: Database,
  row: { id: number; gallery_id: number; name: string; pin_hash: string },
  pin: string,
): Promise<EnterResult> {
  if (!(await verifyPassword(pin, row.pin_hash))) return { ok: false, error: "wrong-pin" };
  await db.updateTable("gallery_visitors").set({ last_seen_at: toStoredTime() }).where("id", "=", row.id).execute();
  return { ok: true, created: false, visitor: { id: row.id, galleryId: row.gallery_id, name: row.name } };
}

export async function readVisitor(db: Database, galleryId: number, visitorId: number): Promise<Visitor | null> {
  const row = await db
    .selectFrom("gallery_visitors")
    .select(["id", "gallery_id", "name"])
    .where("id", "=", visitorId)
    .where("gallery_id", "=", galleryId)
    .executeTakeFirst();
  return row ? { id: row.id, galleryId: row.gallery_id, name: row.name } : null;
}

// --- lists

/**
 * Who reads a list by its id: one person, who may read only their own lists (the client's
 * downloads), or the studio, which reads every list of its gallery (the admin).
 */
export type ListReader = { visitorId: number } | "studio";

export interface ListForReader {
  id: number;
  name: string;
  /** The person whose list it is ("Meena"): a download's or an export's name says whose. */
  visitorName: string;
  photoIds: number[];
}

/**
 * A list of this gallery with its photos, or null when it is not this gallery's or not the
 * reader's: a list's id in an address opens nothing to anyone but its person and the studio.
 */
export async function readListFor(
  db: Database,
  galleryId: number,
  listId: number,
  reader: ListReader,
): Promise<ListForReader | null> {
  let query = db
    .selectFrom("selection_lists")
    .innerJoin("gallery_visitors", "gallery_visitors.id", "selection_lists.visitor_id")
    .select(["selection_lists.id", "selection_lists.name", "gallery_visitors.name as visitor_name"])
    .where("selection_lists.id", "=", listId)
    .where("selection_lists.gallery_id", "=", galleryId);
  if (reader !== "studio") query = query.where("selection_lists.visitor_id", "=", reader.visitorId);
  const list = await query.executeTakeFirst();
  if (!list) return null;
  const items = await db.selectFrom("selection_items").select("photo_id").where("list_id", "=", list.id).execute();
  return { id: list.id, name: list.name, visitorName: list.visitor_name, photoIds: items.map((i) => i.photo_id) };
}

/** A person's lists in the order they made them, each with its count. */
export async function readLists(db: Database, visitorId: number): Promise<SelectionList[]> {
  const rows = await db
    .selectFrom("selection_lists")
    .leftJoin("selection_items", "selection_items.list_id", "selection_lists.id")
    .select([
      "selection_lists.id",
      "selection_lists.name",
      "selection_lists.item_limit",
      "selection_lists.submitted_at",
      "selection_lists.reopened_at",
      sql<number>`count(selection_items.photo_id)`.as("count"),
    ])
    .where("selection_lists.visitor_id", "=", visitorId)
    .groupBy("selection_lists.id")
    .orderBy("selection_lists.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    itemLimit: r.item_limit,
    count: Number(r.count),
    submittedAt: r.submitted_at,
    reopenedAt: r.reopened_at,
  }));
}

export type CreateListResult = { ok: true; listId: number } | { ok: false; error: "name" | "taken" | "too-many" };

/** A new list for a person; it may hold as many photos as the gallery's selection limit. */
export async function createList(db: Database, visitor: Visitor, name: string): Promise<CreateListResult> {
  const shown = cleanName(name);
  if (shown === "" || shown.length > LIST_NAME_MAX_CHARS) return { ok: false, error: "name" };
  return inTransaction(db, async (trx) => {
    const lists = await readLists(trx, visitor.id);
    if (lists.some((l) => nameKey(l.name) === nameKey(shown))) return { ok: false, error: "taken" } as const;
    if (lists.length >= LISTS_PER_VISITOR_MAX) return { ok: false, error: "too-many" } as const;
    const gallery = await trx
      .selectFrom("client_galleries")
      .select("selection_limit")
      .where("id", "=", visitor.galleryId)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto("selection_lists")
      .values({
        gallery_id: visitor.galleryId,
        visitor_id: visitor.id,
        name: shown,
        item_limit: gallery.selection_limit,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, listId: row.id } as const;
  });
}

/** What a list holds: photo id → comment. */
export async function readListItems(db: Database, listId: number, photoIds?: readonly number[]) {
  let q = db.selectFrom("selection_items").select(["photo_id", "comment"]).where("list_id", "=", listId);
  if (photoIds) {
    if (photoIds.length === 0) return new Map<number, string>();
    q = q.where("photo_id", "in", [...photoIds]);
  }
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.photo_id, r.comment]));
}

export type ItemRefusal = "no-list" | "locked" | "full" | "no-photo" | "not-hearted" | "comment";
export type ItemResult = { ok: true; count: number } | { ok: false; error: ItemRefusal; count?: number };

interface ItemTarget {
  visitor: Visitor;
  listId: number;
  photoId: number;
}

/** The person's own list, unlocked, and the live photo in one of this gallery's live sets. */
async function editableTarget(trx: Database, { visitor, listId, photoId }: ItemTarget) {
  const list = await trx
    .selectFrom("selection_lists")
    .select(["id", "item_limit", "submitted_at"])
    .where("id", "=", listId)
    .where("visitor_id", "=", visitor.id)
    .where("gallery_id", "=", visitor.galleryId)
    .executeTakeFirst();
  if (!list) return refused("no-list");
  if (list.submitted_at !== null) return refused("locked");
  if ((await visiblePhotoSet(trx, galleryAudience(visitor.galleryId), photoId)) === null) return refused("no-photo");
  return { ok: true as const, list };
}

const refused = (error: ItemRefusal) => ({ ok: false as const, error });

async function countItems(db: Database, listId: number): Promise<number> {
  const { n } = await db
    .selectFrom("selection_items")
    .select(sql<number>`count(*)`.as("n"))
    .where("list_id", "=", listId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Hearts a photo into a list: refused when the list is locked or already at its limit. */
export async function heartPhoto(db: Database, target: ItemTarget): Promise<ItemResult> {
  return inTransaction(db, async (trx) => {
    const found = await editableTarget(trx, target);
    if (!found.ok) return found;
    const count = await countItems(trx, target.listId);
    const already = await trx
      .selectFrom("selection_items")
      .select("photo_id")
      .where("list_id", "=", target.listId)
      .where("photo_id", "=", target.photoId)
      .executeTakeFirst();
    if (already) return { ok: true, count } as const;
    if (found.list.item_limit !== null && count >= found.list.item_limit) {
      return { ok: false, error: "full", count } as const;
    }
    await trx.insertInto("selection_items").values({ list_id: target.listId, photo_id: target.photoId }).execute();
    await touchList(trx, target.listId);
    return { ok: true, count: count + 1 } as const;
  });
}

export async function unheartPhoto(db: Database, target: ItemTarget): Promise<ItemResult> {
  return inTransaction(db, async (trx) => {
    const found = await editableTarget(trx, target);
    if (!found.ok) return found;
    await trx
      .deleteFrom("selection_items")
      .where("list_id", "=", target.listId)
      .where("photo_id", "=", target.photoId)
      .execute();
    await touchList(trx, target.listId);
    return { ok: true, count: await countItems(trx, target.listId) } as const;
  });
}

/** A note for the studio on a hearted photo; an empty comment removes the note. */
export async function setComment(db: Database, target: ItemTarget, comment: string): Promise<ItemResult> {
  const text = comment.trim();
  if (text.length > COMMENT_MAX_CHARS) return { ok: false, error: "comment" };
  return inTransaction(db, async (trx) => {
    const found = await editableTarget(trx, target);
    if (!found.ok) return found;
    const result = await trx
      .updateTable("selection_items")
      .set({ comment: text })
      .where("list_id", "=", target.listId)
      .where("photo_id", "=", target.photoId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { ok: false, error: "not-hearted" } as const;
    await touchList(trx, target.listId);
    return { ok: true, count: await countItems(trx, target.listId) } as const;
  });
}

function touchList(trx: Database, listId: number) {
  return trx.updateTable("selection_lists").set({ updated_at: toStoredTime() }).where("id", "=", listId).execute();
}

export type SubmitResult = { ok: true } | { ok: false; error: "no-list" | "locked" | "empty" };

/**
 * The one place a list becomes submitted: it is locked (no heart, unheart or comment until the
 * studio reopens it). THE STUDIO IS TOLD HERE: the outbox's
 * `enqueueMail(trx, { kind: "selection-submitted", galleryId, listId })` belongs in this
 * transaction, right after the update, so the list is never submitted without its mail queued.
 */
export async function onListSubmitted(
  db: Database,
  visitor: Visitor,
  listId: number,
  at = new Date(),
): Promise<SubmitResult> {
  return inTransaction(db, async (trx) => {
    const list = await trx
      .selectFrom("selection_lists")
      .select(["id", "submitted_at"])
      .where("id", "=", listId)
      .where("visitor_id", "=", visitor.id)
      .where("gallery_id", "=", visitor.galleryId)
      .executeTakeFirst();
    if (!list) return { ok: false, error: "no-list" } as const;
    if (list.submitted_at !== null) return { ok: false, error: "locked" } as const;
    if ((await countItems(trx, listId)) === 0) return { ok: false, error: "empty" } as const;
    await trx
      .updateTable("selection_lists")
      .set({ submitted_at: toStoredTime(at), reopened_at: null, updated_at: toStoredTime(at) })
      .where("id", "=", listId)
      .execute();
    // In the same transaction: a list is never submitted without the studio's mail queued.
    await enqueueMail(trx, { kind: "selection-submitted", galleryId: visitor.galleryId, listId }, at);
    return { ok: true } as const;
  });
}

// --- the studio's own lists

/**
 * The studio's own lists in a gallery ("Album, final", made from the clients' picks: issue 30)
 * belong to one more person of the gallery, the studio, so that they are read, exported and
 * zipped by the code every list goes through. That person's name key is empty, which no client's
 * name makes (enterAsVisitor refuses an empty name), and its PIN hash is empty, which no PIN
 * verifies (verifyPassword wants a scrypt hash): nobody can enter a gallery as the studio, and a
 * client's pages read only that client's own lists.
 */
export const STUDIO_PERSON_NAME = "Studio";
export const STUDIO_NAME_KEY = "";
/** Rows per insert when a list is made whole: far below either engine's limit on parameters. */
const ITEMS_PER_INSERT = 500;

export type StudioListRefusal = "name" | "taken" | "too-many" | "empty" | "not-picked" | "not-in-gallery";

/**
 * Where a studio list's photos come from: the clients' picks (the review of picks, ADR 028), each
 * already in one of the gallery's lists; or the gallery itself (the people view, issue 31), each
 * a live photo of one of its live sets.
 */
export type StudioListSource = "picks" | "gallery";
export type StudioListResult = { ok: true; listId: number } | { ok: false; error: StudioListRefusal };

/** The gallery's studio person, made the first time the studio makes a list there. */
async function studioPerson(trx: Database, galleryId: number): Promise<number> {
  await trx
    .insertInto("gallery_visitors")
    .values({ gallery_id: galleryId, name: STUDIO_PERSON_NAME, name_key: STUDIO_NAME_KEY, pin_hash: "" })
    .onConflict((oc) => oc.columns(["gallery_id", "name_key"]).doNothing())
    .execute();
  const row = await trx
    .selectFrom("gallery_visitors")
    .select("id")
    .where("gallery_id", "=", galleryId)
    .where("name_key", "=", STUDIO_NAME_KEY)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether every one of these photos is in one of the gallery's lists (so in the gallery). */
async function allPicked(trx: Database, galleryId: number, photoIds: readonly number[]): Promise<boolean> {
  const { n } = await trx
    .selectFrom("selection_items")
    .innerJoin("selection_lists", "selection_lists.id", "selection_items.list_id")
    .select(sql<number>`count(distinct selection_items.photo_id)`.as("n"))
    .where("selection_lists.gallery_id", "=", galleryId)
    .where("selection_items.photo_id", "in", [...photoIds])
    .executeTakeFirstOrThrow();
  return Number(n) === photoIds.length;
}

/** Whether every one of these photos is a live photo of the gallery's live sets. */
async function allInGallery(trx: Database, galleryId: number, photoIds: readonly number[]): Promise<boolean> {
  return (await readPhotoLabels(trx, galleryAudience(galleryId), photoIds)).length === photoIds.length;
}

/**
 * A list of the studio's own in the gallery, holding these photos, each of which must be in one
 * of the gallery's lists already (`from` "picks": the studio makes it from the clients' picks) or
 * a live photo of the gallery ("gallery": from the people view), so an address cannot put another
 * gallery's photo in it. It has no limit and is never submitted: it is the studio's, and no
 * client sees it.
 */
export async function createStudioList(
  db: Database,
  galleryId: number,
  name: string,
  photoIds: readonly number[],
  { from = "picks" }: { from?: StudioListSource } = {},
): Promise<StudioListResult> {
  const shown = cleanName(name);
  if (shown === "" || shown.length > LIST_NAME_MAX_CHARS) return { ok: false, error: "name" };
  const ids = [...new Set(photoIds)];
  if (ids.length === 0) return { ok: false, error: "empty" };
  return inTransaction(db, async (trx) => {
    if (from === "picks" && !(await allPicked(trx, galleryId, ids))) return { ok: false, error: "not-picked" } as const;
    if (from === "gallery" && !(await allInGallery(trx, galleryId, ids)))
      return { ok: false, error: "not-in-gallery" } as const;
    const studio = await studioPerson(trx, galleryId);
    const lists = await readLists(trx, studio);
    if (lists.some((l) => nameKey(l.name) === nameKey(shown))) return { ok: false, error: "taken" } as const;
    if (lists.length >= LISTS_PER_VISITOR_MAX) return { ok: false, error: "too-many" } as const;
    const list = await trx
      .insertInto("selection_lists")
      .values({ gallery_id: galleryId, visitor_id: studio, name: shown, item_limit: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (let i = 0; i < ids.length; i += ITEMS_PER_INSERT) {
      await trx
        .insertInto("selection_items")
        .values(ids.slice(i, i + ITEMS_PER_INSERT).map((photo_id) => ({ list_id: list.id, photo_id })))
        .execute();
    }
    return { ok: true, listId: list.id } as const;
  });
}
