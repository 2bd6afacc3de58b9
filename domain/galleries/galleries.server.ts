// Client galleries (ADR 025): the one read model of the client_galleries table, and the writes
// every other part of a gallery builds on: create, the private link (its token, PIN, expiry and
// revocation), and sets. A set is a shoot with the gallery's id (migration 0013), so photos reach
// it through the resumable upload and are arranged with the photo manager like any shoot's.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { type Database, inTransaction } from "../../platform/db/db.server.ts";
import type {
  Day,
  GalleryDownloads,
  RecipientLanguage,
  StoredTime,
  WatermarkPosition,
} from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { hashPassword, verifyPassword } from "../auth/password.server.ts";
import { galleryAudience, STUDIO } from "../catalog/audience.server.ts";
import { readShoots } from "../catalog/read-model.server.ts";
import { addSet, copyPhotosIntoSet } from "../catalog/sets.server.ts";
import type { Watermark } from "../media/pipeline.server.ts";
import { enqueueGalleryRerender } from "./rerender-requests.server.ts";

/** 32 random bytes: the link cannot be guessed, only shared. */
const TOKEN_BYTES = 32;
/** URL-safe base64 of TOKEN_BYTES: what a token looks like before any database is asked. */
export const GALLERY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newGalleryToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

export interface GalleryRecord {
  id: number;
  title: string;
  /** The title in Tamil (migration 0027); null: not translated (catalog/localized.ts titleIn picks). */
  titleTa: string | null;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  /** The client's language (migration 0028): their mails and WhatsApp messages are written in it. */
  language: RecipientLanguage;
  eventDate: Day | null;
  /**
   * The photo chosen as the gallery's hero, as stored (cover.server.ts sets it and says whether it
   * is shown: not while the photo or its set is in the trash).
   */
  coverPhotoId: number | null;
  token: string;
  hasPin: boolean;
  expiresOn: Day | null;
  revokedAt: StoredTime | null;
  downloads: GalleryDownloads;
  hasDownloadPin: boolean;
  selectionLimit: number | null;
  watermark: { text: string; position: WatermarkPosition; opacityPercent: number };
  sentAt: StoredTime | null;
  createdAt: StoredTime;
  updatedAt: StoredTime;
  deletedAt: StoredTime | null;
  /** Guests may find their photos with a selfie (issue 31, guest-search.server.ts). */
  guests: {
    search: boolean;
    /** The event link's token; null while guest search is off. */
    token: string | null;
    hasPin: boolean;
    downloads: GalleryDownloads;
  };
}

export interface GalleryQuery {
  id?: number;
  token?: string;
  /** The event link's token (issue 31): only a gallery whose guest search is on has one. */
  guestToken?: string;
  /** live (default): not in the trash; trashed; or any. */
  scope?: "live" | "trashed" | "any";
}

/** Galleries, newest event first (undated last), then newest made. */
export async function readGalleries(db: Database, query: GalleryQuery = {}): Promise<GalleryRecord[]> {
  let q = db.selectFrom("client_galleries").selectAll();
  const scope = query.scope ?? "live";
  if (scope === "live") q = q.where("deleted_at", "is", null);
  if (scope === "trashed") q = q.where("deleted_at", "is not", null);
  if (query.id !== undefined) q = q.where("id", "=", query.id);
  if (query.token !== undefined) q = q.where("token", "=", query.token);
  if (query.guestToken !== undefined) q = q.where("guest_token", "=", query.guestToken).where("guest_search", "=", 1);
  const rows = await q.orderBy(sql`event_date is null`).orderBy("event_date", "desc").orderBy("id", "desc").execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    titleTa: r.title_ta,
    clientName: r.client_name,
    clientEmail: r.client_email,
    clientPhone: r.client_phone,
    language: r.language,
    eventDate: r.event_date,
    coverPhotoId: r.cover_photo_id,
    token: r.token,
    hasPin: r.pin_hash !== null,
    expiresOn: r.expires_on,
    revokedAt: r.revoked_at,
    downloads: r.downloads,
    hasDownloadPin: r.download_pin_hash !== null,
    selectionLimit: r.selection_limit,
    watermark: { text: r.watermark_text, position: r.watermark_position, opacityPercent: r.watermark_opacity },
    sentAt: r.sent_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    deletedAt: r.deleted_at,
    guests: {
      search: r.guest_search === 1,
      token: r.guest_token,
      hasPin: r.guest_pin_hash !== null,
      downloads: r.guest_downloads,
    },
  }));
}

export async function readGallery(db: Database, id: number): Promise<GalleryRecord | null> {
  return (await readGalleries(db, { id }))[0] ?? null;
}

/** What a private link opens to. */
export type GalleryAccess = "open" | "expired" | "revoked";

/**
 * Whether the gallery's link works on `today` (the studio's calendar day, "2026-02-14"): the
 * expiry day itself still works. Revocation wins over expiry.
 */
export function galleryAccess(gallery: Pick<GalleryRecord, "expiresOn" | "revokedAt">, today: Day): GalleryAccess {
  if (gallery.revokedAt !== null) return "revoked";
  if (gallery.expiresOn !== null && gallery.expiresOn < today) return "expired";
  return "open";
}

/**
 * The gallery a private link names, whatever its state (the caller answers an expired or revoked
 * link with the studio's page, not a 404), or null: no such link, or the gallery is in the trash.
 */
export async function galleryByToken(db: Database, token: string): Promise<GalleryRecord | null> {
  if (!GALLERY_TOKEN_PATTERN.test(token)) return null;
  return (await readGalleries(db, { token }))[0] ?? null;
}

export interface NewGallery {
  title: string;
  titleTa?: string | null;
  clientName?: string;
  clientEmail?: string;
  clientPhone?: string;
  language?: RecipientLanguage;
  eventDate?: Day | null;
  selectionLimit?: number | null;
}

export async function createGallery(db: Database, input: NewGallery): Promise<number> {
  const row = await db
    .insertInto("client_galleries")
    .values({
      title: input.title,
      title_ta: input.titleTa ?? null,
      client_name: input.clientName ?? "",
      client_email: input.clientEmail ?? "",
      client_phone: input.clientPhone ?? "",
      language: input.language ?? "en",
      event_date: input.eventDate ?? null,
      selection_limit: input.selectionLimit ?? null,
      token: newGalleryToken(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new link: the old one stops working at once. Also lifts a revocation. */
export async function regenerateGalleryLink(db: Database, id: number): Promise<string> {
  const token = newGalleryToken();
  await db
    .updateTable("client_galleries")
    .set({ token, revoked_at: null, updated_at: toStoredTime() })
    .where("id", "=", id)
    .execute();
  return token;
}

export async function revokeGalleryLink(db: Database, id: number, at = new Date()): Promise<void> {
  await db
    .updateTable("client_galleries")
    .set({ revoked_at: toStoredTime(at), updated_at: toStoredTime(at) })
    .where("id", "=", id)
    .execute();
}

/** Sets or (with null) removes the PIN asked before the gallery opens. */
export async function setGalleryPin(db: Database, id: number, pin: string | null): Promise<void> {
  const pin_hash = pin === null ? null : await hashPassword(pin);
  await db.updateTable("client_galleries").set({ pin_hash, updated_at: toStoredTime() }).where("id", "=", id).execute();
}

/** Whether `pin` opens the gallery; a gallery without a PIN opens without one. */
export async function checkGalleryPin(db: Database, id: number, pin: string): Promise<boolean> {
  const row = await db.selectFrom("client_galleries").select("pin_hash").where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  if (row.pin_hash === null) return true;
  return verifyPassword(pin, row.pin_hash);
}

/**
 * Each gallery's watermark, those that have one, trashed galleries too (they come back whole):
 * the marked files the repair must find (ADR 027).
 */
export async function galleryWatermarks(db: Database): Promise<Map<number, Watermark>> {
  const galleries = await readGalleries(db, { scope: "any" });
  return new Map(galleries.flatMap((g) => (g.watermark.text.trim() === "" ? [] : [[g.id, g.watermark] as const])));
}

// --- sets

export interface GallerySet {
  /** The set's shoot id (its photos are managed at /admin/shoots/{id}). */
  id: number;
  title: string;
  /** The title in Tamil (migration 0027); null: not translated (catalog/localized.ts titleIn picks). */
  titleTa: string | null;
  position: number;
}

/** The gallery's live sets, in their order. */
export async function readGallerySets(db: Database, galleryId: number): Promise<GallerySet[]> {
  const shoots = await readShoots(db, galleryAudience(galleryId), {});
  return shoots.map((s) => ({ id: s.id, title: s.title, titleTa: s.titleTa, position: s.gallery?.position ?? 0 }));
}

/** A new set, last in its gallery, with its Tamil title if the studio wrote one; its id is a shoot id. */
export async function addGallerySet(
  db: Database,
  galleryId: number,
  title: string,
  titleTa: string | null = null,
): Promise<number> {
  return inTransaction(db, (trx) => addSet(trx, galleryId, { title, titleTa }));
}

/**
 * A gallery made from a portfolio shoot: one set holding the shoot's live photos in the order
 * the shoot shows them. The photos are new rows on the same assets, so the shoot is untouched;
 * each is queued to be rendered with the gallery's plan.
 */
export async function createGalleryFromShoot(db: Database, shootId: number, input: NewGallery): Promise<number> {
  return inTransaction(db, async (trx) => {
    const [shoot] = await readShoots(trx, STUDIO, { id: shootId });
    if (!shoot) throw new Error(`no live shoot ${shootId}`);
    const galleryId = await createGallery(trx, input);
    // The set is named as the shoot is, in Tamil too.
    const setId = await addGallerySet(trx, galleryId, shoot.title, shoot.titleTa);
    if ((await copyPhotosIntoSet(trx, shootId, setId)) > 0) {
      // The shoot's files are the public ladder: the gallery's own (its grid rungs, the 2048 px
      // web-size JPEG) are made by the worker, as after a watermark change.
      await enqueueGalleryRerender(trx, galleryId);
    }
    return galleryId;
  });
}
