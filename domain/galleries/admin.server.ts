// The studio's side of client galleries (issue 15): the admin's list, the gallery's form, its sets
// (add, rename, reorder, trash), its access settings, the link the client is sent (by mail,
// WhatsApp or QR code), and the clients' selection lists with their exports. The gallery's own
// record, token and PIN live in galleries.server.ts; this builds on it.
import { sql } from "kysely";
import { z } from "zod";
import { fieldErrors } from "#platform/field-errors.ts";
import { type Database, inTransaction } from "../../platform/db/db.server.ts";
import type { Day, GalleryDownloads, StoredTime, WatermarkPosition } from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { hashPassword } from "../auth/password.server.ts";
import { STUDIO } from "../catalog/audience.server.ts";
import { moveByOne, type Step } from "../catalog/move-by-one.server.ts";
import type { StudioRow } from "../catalog/read-model.server.ts";
import {
  countLivePhotos,
  countSetsAndPhotos,
  isLiveSet,
  readPhotoLabels,
  renameSet,
  writeSetOrder,
} from "../catalog/sets.server.ts";
import { trashShoot } from "../catalog/shoots.server.ts";
import { DEFAULT_TIME_ZONE, studioDay } from "../catalog/studio-time.ts";
import type { ResponsiveImage } from "../catalog/types.ts";
import { csvRow, UTF8_BOM } from "../inquiries/csv.server.ts";
import { enqueueGalleryRerender } from "../media/rerender.server.ts";
import { galleryCovers } from "./cover.server.ts";
import {
  type GalleryAccess,
  type GalleryRecord,
  galleryAccess,
  readGalleries,
  readGallerySets,
} from "./galleries.server.ts";
import type {
  AccessField,
  AccessFieldErrors,
  AccessFormValues,
  GalleryField,
  GalleryFieldErrors,
  GalleryFormValues,
} from "./gallery-form.ts";

export const GALLERY_TITLE_MAX_LENGTH = 120;
export const CLIENT_NAME_MAX_LENGTH = 120;
export const CLIENT_EMAIL_MAX_LENGTH = 254;
export const CLIENT_PHONE_MAX_LENGTH = 32;
/** More than any album holds; a bigger number is a typo. */
export const SELECTION_LIMIT_MAX = 10_000;
export const SET_TITLE_MAX_LENGTH = 120;
/** A PIN or password for the gallery or its downloads: short enough to say on the phone. */
export const GALLERY_PIN_MIN_LENGTH = 4;
export const GALLERY_PIN_MAX_LENGTH = 64;
export const WATERMARK_TEXT_MAX_LENGTH = 80;
/** The watermark's opacity range in percent, as the table's check allows. */
export const WATERMARK_OPACITY_MIN = 5;
export const WATERMARK_OPACITY_MAX = 100;

/** A real calendar day written as the date input sends it, "2026-02-14" (not 2026-02-30). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const optionalDay = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || isCalendarDay(v), message)
    .transform((v): Day | null => (v === "" ? null : v));

const optionalLimit = z
  .string()
  .trim()
  .refine(
    (v) => v === "" || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= SELECTION_LIMIT_MAX),
    `A whole number from 1 to ${SELECTION_LIMIT_MAX}, or empty for no limit.`,
  )
  .transform((v) => (v === "" ? null : Number(v)));

export const galleryFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Give the gallery a title.")
    .max(GALLERY_TITLE_MAX_LENGTH, `At most ${GALLERY_TITLE_MAX_LENGTH} characters.`),
  clientName: z.string().trim().max(CLIENT_NAME_MAX_LENGTH, `At most ${CLIENT_NAME_MAX_LENGTH} characters.`),
  clientEmail: z
    .string()
    .trim()
    .max(CLIENT_EMAIL_MAX_LENGTH, `At most ${CLIENT_EMAIL_MAX_LENGTH} characters.`)
    .refine((v) => v === "" || z.email().safeParse(v).success, "Enter an e-mail address like name@example.com."),
  clientPhone: z
    .string()
    .trim()
    .max(CLIENT_PHONE_MAX_LENGTH, `At most ${CLIENT_PHONE_MAX_LENGTH} characters.`)
    .refine(
      (v) => v === "" || (/^\+?[\d\s().-]+$/.test(v) && phoneDigits(v).length >= 7),
      "Enter a phone number with its country code, like +91 98765 43210.",
    ),
  eventDate: optionalDay("Enter the event's date, like 2026-02-14."),
  selectionLimit: optionalLimit,
});

export type GalleryForm = z.infer<typeof galleryFormSchema>;

type Parsed<Value, Values, Errors> = { ok: true; value: Value } | { ok: false; errors: Errors; values: Values };

function formText<Field extends string>(form: FormData, fields: readonly Field[]): Record<Field, string> {
  return Object.fromEntries(fields.map((f) => [f, String(form.get(f) ?? "")])) as Record<Field, string>;
}

/** Reads and checks the gallery's form; on failure a message per field and what was typed. */
export function parseGalleryForm(form: FormData): Parsed<GalleryForm, GalleryFormValues, GalleryFieldErrors> {
  const values = formText<GalleryField>(form, [
    "title",
    "clientName",
    "clientEmail",
    "clientPhone",
    "eventDate",
    "selectionLimit",
  ]);
  const parsed = galleryFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors<GalleryField>(parsed.error), values };
  return { ok: true, value: parsed.data };
}

export async function updateGallery(db: Database, id: number, input: GalleryForm): Promise<void> {
  await db
    .updateTable("client_galleries")
    .set({
      title: input.title,
      client_name: input.clientName,
      client_email: input.clientEmail,
      client_phone: input.clientPhone,
      event_date: input.eventDate,
      selection_limit: input.selectionLimit,
      updated_at: toStoredTime(),
    })
    .where("id", "=", id)
    .execute();
}

/** Moves a gallery to the trash: its link stops opening at once (galleryByToken reads live ones). */
export async function trashGallery(db: Database, id: number): Promise<void> {
  await db.updateTable("client_galleries").set({ deleted_at: toStoredTime() }).where("id", "=", id).execute();
}

/**
 * Deletes the trashed galleries for good: their sets and photo rows, the people who chose, their
 * lists and the gallery's queued mails go with them (foreign keys cascade). Assets stay, as when
 * shoots are emptied: the same bytes may be a portfolio photo too.
 */
export async function emptyGalleryTrash(db: Database): Promise<number> {
  const result = await db.deleteFrom("client_galleries").where("deleted_at", "is not", null).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Takes a gallery out of the trash; false when it was not there. */
export async function restoreGallery(db: Database, id: number): Promise<boolean> {
  const result = await db
    .updateTable("client_galleries")
    .set({ deleted_at: null })
    .where("id", "=", id)
    .where("deleted_at", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// --- the admin's list

export interface AdminGalleryRow {
  id: number;
  title: string;
  clientName: string;
  eventDate: Day | null;
  setCount: number;
  photoCount: number;
  access: GalleryAccess;
  sentAt: StoredTime | null;
  /** The cover shown to the client, if any (not while in the trash). */
  cover: ResponsiveImage | null;
}

/** Every live gallery with its counts, its cover and its link's state on `today` (the studio's day). */
export async function listGalleriesForAdmin(db: Database, today: Day): Promise<AdminGalleryRow[]> {
  const galleries = await readGalleries(db);
  const [byGallery, covers] = await Promise.all([
    galleries.length ? countSetsAndPhotos(db) : new Map<number, { sets: number; photos: number }>(),
    galleryCovers(db, galleries),
  ]);
  return galleries.map((g) => ({
    id: g.id,
    title: g.title,
    clientName: g.clientName,
    eventDate: g.eventDate,
    setCount: byGallery.get(g.id)?.sets ?? 0,
    photoCount: byGallery.get(g.id)?.photos ?? 0,
    access: galleryAccess(g, today),
    sentAt: g.sentAt,
    cover: covers.get(g.id)?.image ?? null,
  }));
}

/** Today in the studio's time zone (a setting), for whether a link has expired. */
export function studioTodayOf(studio: Pick<StudioRow, "time_zone"> | null): Day {
  return studioDay(studio?.time_zone ?? DEFAULT_TIME_ZONE);
}

// --- sets

export interface GallerySetRow {
  id: number;
  title: string;
  photoCount: number;
}

/** The gallery's live sets in order, each with its live photo count. */
export async function listGallerySets(db: Database, galleryId: number): Promise<GallerySetRow[]> {
  const sets = await readGallerySets(db, galleryId);
  const photoCount = await countLivePhotos(
    db,
    sets.map((s) => s.id),
  );
  return sets.map((s) => ({ id: s.id, title: s.title, photoCount: photoCount.get(s.id) ?? 0 }));
}

/** A set's title as typed, checked: the trimmed title, or the message to show beside the field. */
export function checkSetTitle(
  value: FormDataEntryValue | null,
): { ok: true; title: string } | { ok: false; error: string } {
  const title = String(value ?? "").trim();
  if (title === "") return { ok: false, error: "Give the set a title, like Muhurtham." };
  if (title.length > SET_TITLE_MAX_LENGTH) return { ok: false, error: `At most ${SET_TITLE_MAX_LENGTH} characters.` };
  return { ok: true, title };
}

export async function renameGallerySet(
  db: Database,
  galleryId: number,
  setId: number,
  title: string,
): Promise<boolean> {
  return renameSet(db, galleryId, setId, title);
}

/** Moves a set one place earlier (-1) or later (+1) among its gallery's live sets. */
export async function moveGallerySet(db: Database, galleryId: number, setId: number, step: Step): Promise<boolean> {
  return moveByOne(
    db,
    {
      read: async (trx) => (await readGallerySets(trx, galleryId)).map((s) => s.id),
      write: writeSetOrder,
    },
    setId,
    step,
  );
}

/** Sends a set to the trash like a shoot (restorable there); false when it is not the gallery's. */
export async function trashGallerySet(db: Database, galleryId: number, setId: number): Promise<boolean> {
  if (!(await isLiveSet(db, galleryId, setId))) return false;
  await trashShoot(db, setId);
  return true;
}

// --- access

export interface GalleryAccessSettings {
  expiresOn: Day | null;
  downloads: GalleryDownloads;
  watermarkText: string;
  watermarkPosition: WatermarkPosition;
  watermarkOpacity: number;
}

const accessFormSchema = z.object({
  expiresOn: optionalDay("Enter the last day the link works, like 2026-03-31, or leave it empty."),
  downloads: z.enum(["off", "web", "original"], "Choose whether the client may download."),
  watermarkText: z.string().trim().max(WATERMARK_TEXT_MAX_LENGTH, `At most ${WATERMARK_TEXT_MAX_LENGTH} characters.`),
  watermarkPosition: z.enum(["center", "bottom-right", "bottom-left", "top-right", "top-left"], "Choose a position."),
  watermarkOpacity: z
    .string()
    .trim()
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) >= WATERMARK_OPACITY_MIN && Number(v) <= WATERMARK_OPACITY_MAX,
      `A whole number from ${WATERMARK_OPACITY_MIN} to ${WATERMARK_OPACITY_MAX}.`,
    )
    .transform(Number),
});

export function parseAccessForm(form: FormData): Parsed<GalleryAccessSettings, AccessFormValues, AccessFieldErrors> {
  const values = formText<AccessField>(form, [
    "expiresOn",
    "downloads",
    "watermarkText",
    "watermarkPosition",
    "watermarkOpacity",
  ]);
  const parsed = accessFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors<AccessField>(parsed.error), values };
  return { ok: true, value: parsed.data };
}

/**
 * What the watermark settings make of a file's name: the text (trimmed), corner and opacity when
 * there is text, nothing otherwise (without text, corner and opacity change no file).
 */
function watermarkIdentity(text: string, position: WatermarkPosition, opacity: number): string | null {
  return text.trim() === "" ? null : JSON.stringify([text.trim(), position, opacity]);
}

/**
 * Saves the access settings. A changed watermark queues every photo of the gallery to be rendered
 * again with it (the photo worker; ADR 027), in the same transaction: returns how many were queued
 * (0 when the watermark did not change), for the caller to say so; the queue wakes the worker itself.
 */
export async function updateGalleryAccess(db: Database, id: number, input: GalleryAccessSettings): Promise<number> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom("client_galleries")
      .select(["watermark_text", "watermark_position", "watermark_opacity"])
      .where("id", "=", id)
      .executeTakeFirst();
    await trx
      .updateTable("client_galleries")
      .set({
        expires_on: input.expiresOn,
        // A new expiry day deserves its own reminder.
        ...(await expiryChanged(trx, id, input.expiresOn)),
        downloads: input.downloads,
        watermark_text: input.watermarkText,
        watermark_position: input.watermarkPosition,
        watermark_opacity: input.watermarkOpacity,
        updated_at: toStoredTime(),
      })
      .where("id", "=", id)
      .execute();
    const changed =
      before !== undefined &&
      watermarkIdentity(before.watermark_text, before.watermark_position, before.watermark_opacity) !==
        watermarkIdentity(input.watermarkText, input.watermarkPosition, input.watermarkOpacity);
    return changed ? enqueueGalleryRerender(trx, id) : 0;
  });
}

async function expiryChanged(db: Database, id: number, expiresOn: Day | null): Promise<{ expiry_reminded_at?: null }> {
  const row = await db.selectFrom("client_galleries").select("expires_on").where("id", "=", id).executeTakeFirst();
  return row && row.expires_on !== expiresOn ? { expiry_reminded_at: null } : {};
}

/** A PIN as typed: the trimmed PIN, or the message to show beside its field. */
export function checkPin(value: FormDataEntryValue | null): { ok: true; pin: string } | { ok: false; error: string } {
  const pin = String(value ?? "").trim();
  if (pin.length < GALLERY_PIN_MIN_LENGTH || pin.length > GALLERY_PIN_MAX_LENGTH)
    return {
      ok: false,
      error: `Use ${GALLERY_PIN_MIN_LENGTH} to ${GALLERY_PIN_MAX_LENGTH} characters (a PIN or a password).`,
    };
  return { ok: true, pin };
}

/** Sets or (with null) removes the PIN asked before any download; only its hash is kept. */
export async function setGalleryDownloadPin(db: Database, id: number, pin: string | null): Promise<void> {
  const download_pin_hash = pin === null ? null : await hashPassword(pin);
  await db
    .updateTable("client_galleries")
    .set({ download_pin_hash, updated_at: toStoredTime() })
    .where("id", "=", id)
    .execute();
}

// --- the link, and how it reaches the client

/** The gallery's private link on the site's public origin. */
export function galleryLink(origin: string, token: string): string {
  return `${origin}/g/${token}`;
}

/** The digits WhatsApp wants in a wa.me link: the number with its country code, nothing else. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

/** The message the client gets with the link (WhatsApp's prefilled text and the mail's body). */
export function galleryReadyMessage(
  gallery: Pick<GalleryRecord, "title" | "clientName">,
  link: string,
  studioName: string,
): string {
  const hello = gallery.clientName ? `Hello ${gallery.clientName},` : "Hello,";
  return `${hello} your photos from ${gallery.title} are ready: ${link}\n\n${studioName}`;
}

/**
 * A WhatsApp chat with the client, the message and link typed in for the studio to send; null
 * when the gallery has no phone number. wa.me takes the number as digits only.
 */
export function whatsappLink(phone: string, message: string): string | null {
  const digits = phoneDigits(phone);
  if (digits === "") return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

export async function markGallerySent(db: Database, id: number, at = new Date()): Promise<void> {
  await db
    .updateTable("client_galleries")
    .set({ sent_at: toStoredTime(at) })
    .where("id", "=", id)
    .execute();
}

// --- selections

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
    .set({ submitted_at: null, updated_at: toStoredTime() })
    .where("id", "=", listId)
    .where("gallery_id", "=", galleryId)
    .where("submitted_at", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export const SELECTION_CSV_HEADER = ["file name", "set", "comment"];

/** A list as a spreadsheet: one photo a line, with its set and the client's comment. */
export function selectionCsv(list: SelectionListRow): string {
  return (
    UTF8_BOM +
    csvRow(SELECTION_CSV_HEADER) +
    list.items.map((i) => csvRow([i.fileName, i.setTitle, i.comment])).join("")
  );
}

/**
 * A list as the text Lightroom Classic's Library filter and Capture One's search take: file
 * names without their extension (so a RAW and its JPEG both match), comma-separated, each once.
 */
export function selectionFileNames(list: SelectionListRow): string {
  const names = list.items.map((i) => i.fileName.replace(/\.[^.]+$/, ""));
  return `${[...new Set(names)].join(", ")}\n`;
}

/** A list's name made safe for a download's file name. */
export function exportFileName(gallery: string, list: string, extension: "csv" | "txt"): string {
  const slug = `${gallery}-${list}`
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  return `${slug || "selection"}.${extension}`;
}
