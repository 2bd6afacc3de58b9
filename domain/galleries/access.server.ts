// Who may see a client gallery through its private link: the one check every gallery route makes
// (the page, its downloads). The link's token finds the gallery; it must be open (not expired, not
// revoked); a gallery with a PIN also needs the access cookie, `gallery_<id>`, that the PIN form
// sets. A download PIN, when the gallery has one, is asked separately and kept in its own cookie,
// `gallery_<id>_download`.
//
// Cookie value: base64url(issued at, seconds, 4 bytes | HMAC-SHA256 32 bytes) over the gallery's
// id, its link token and its current PIN hash: a new link or a new PIN shuts every browser out
// again, with nothing stored on the server (as known-device.server.ts does for the admin).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "../../platform/db/db.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import type { Day } from "../../platform/db/schema.server.ts";
import { plainTextAnswer } from "../../platform/http.server.ts";
import { createRateLimiter } from "../../platform/rate-limit.server.ts";
import { appSecret } from "../../platform/secret.server.ts";
import { DAY_MS, MINUTE_MS } from "../../platform/time.ts";
import { verifyPassword } from "../auth/password.server.ts";
import { isSecureRequest, readCookie } from "../auth/session.server.ts";
import { DEFAULT_TIME_ZONE } from "../catalog/studio-time.ts";
import { type GalleryRecord, galleryAccess, galleryByToken } from "./galleries.server.ts";

/** How long a PIN once typed keeps a browser in. */
export const GALLERY_ACCESS_LIFETIME_MS = 30 * DAY_MS;
/** Wrong download PINs allowed per gallery in 15 minutes (a PIN is short: guessing must be slow). */
export const DOWNLOAD_PIN_ATTEMPTS_PER_15_MIN = 10;
const TIME_BYTES = 4;
const MAC_BYTES = 32;

export type AccessPurpose = "view" | "download";

export function galleryCookieName(galleryId: number, purpose: AccessPurpose = "view"): string {
  return purpose === "view" ? `gallery_${galleryId}` : `gallery_${galleryId}_download`;
}

interface Secrets {
  id: number;
  token: string;
  pinHash: string | null;
  downloadPinHash: string | null;
}

async function secretsOf(db: Database, galleryId: number): Promise<Secrets | null> {
  const row = await db
    .selectFrom("client_galleries")
    .select(["id", "token", "pin_hash", "download_pin_hash"])
    .where("id", "=", galleryId)
    .executeTakeFirst();
  return row ? { id: row.id, token: row.token, pinHash: row.pin_hash, downloadPinHash: row.download_pin_hash } : null;
}

function mac(secrets: Secrets, purpose: AccessPurpose, issuedAtS: number): Buffer {
  const pin = purpose === "view" ? secrets.pinHash : secrets.downloadPinHash;
  return createHmac("sha256", appSecret())
    .update(`gallery-${purpose}:${secrets.id}:${secrets.token}:${pin ?? ""}:${issuedAtS}`)
    .digest();
}

function issue(secrets: Secrets, purpose: AccessPurpose, now: number): string {
  const issuedAtS = Math.floor(now / 1000);
  const time = Buffer.alloc(TIME_BYTES);
  time.writeUInt32BE(issuedAtS);
  return Buffer.concat([time, mac(secrets, purpose, issuedAtS)]).toString("base64url");
}

function verify(secrets: Secrets, purpose: AccessPurpose, value: string | null, now: number): boolean {
  if (!value) return false;
  const raw = Buffer.from(value, "base64url");
  if (raw.length !== TIME_BYTES + MAC_BYTES) return false;
  const issuedAtS = raw.readUInt32BE(0);
  if (now - issuedAtS * 1000 > GALLERY_ACCESS_LIFETIME_MS || issuedAtS * 1000 > now + MINUTE_MS) return false;
  return timingSafeEqual(raw.subarray(TIME_BYTES), mac(secrets, purpose, issuedAtS));
}

/** The Set-Cookie header that lets this browser in (after the right PIN), scoped to the gallery's link. */
export async function galleryAccessCookie(
  db: Database,
  request: Request,
  galleryId: number,
  purpose: AccessPurpose = "view",
  now = Date.now(),
): Promise<string> {
  const secrets = await secretsOf(db, galleryId);
  if (!secrets) throw new Error(`no gallery ${galleryId}`);
  const parts = [
    `${galleryCookieName(galleryId, purpose)}=${issue(secrets, purpose, now)}`,
    `Path=/g/${secrets.token}`,
    `Max-Age=${Math.floor(GALLERY_ACCESS_LIFETIME_MS / 1000)}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}

/** The studio's calendar day now ("2026-02-14"), in its time zone setting. */
export async function studioToday(db: Database, now = new Date()): Promise<Day> {
  const row = await db.selectFrom("studio_settings").select("time_zone").executeTakeFirst();
  const zone = row?.time_zone ?? DEFAULT_TIME_ZONE;
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    now,
  ) as Day;
}

/**
 * The gallery this request may open through `token`, or a thrown Response: 404 for no such link,
 * 410 for an expired or revoked one, 403 when its PIN was not given in this browser. The one check
 * every route under /g/:token makes.
 */
export async function requireGalleryAccess(
  request: Request,
  token: string,
  { db = getDb(), now = new Date() }: { db?: Database; now?: Date } = {},
): Promise<GalleryRecord> {
  const gallery = await galleryByToken(db, token);
  if (!gallery) throw plainTextAnswer(404, "There is no gallery at this link. Ask the studio for a new one.");
  const state = galleryAccess(gallery, await studioToday(db, now));
  if (state !== "open") {
    throw plainTextAnswer(
      410,
      state === "expired"
        ? "This gallery's link has expired. Ask the studio to extend it."
        : "This gallery's link no longer works. Ask the studio for a new one.",
    );
  }
  if (gallery.hasPin) {
    const secrets = await secretsOf(db, gallery.id);
    const cookie = readCookie(request, galleryCookieName(gallery.id));
    if (!secrets || !verify(secrets, "view", cookie, now.getTime())) {
      throw plainTextAnswer(403, "This gallery asks for its PIN: open the gallery's link and type it first.");
    }
  }
  return gallery;
}

/** Whether this browser has given the gallery's download PIN (true when it has none). */
export async function hasDownloadAccess(db: Database, request: Request, gallery: GalleryRecord, now = Date.now()) {
  if (!gallery.hasDownloadPin) return true;
  const secrets = await secretsOf(db, gallery.id);
  return (
    secrets !== null && verify(secrets, "download", readCookie(request, galleryCookieName(gallery.id, "download")), now)
  );
}

const downloadPinGuesses = createRateLimiter({ limit: DOWNLOAD_PIN_ATTEMPTS_PER_15_MIN, windowMs: 15 * MINUTE_MS });

export type DownloadPinResult = "ok" | "wrong" | { throttledForS: number };

/** Checks a typed download PIN, counting wrong ones per gallery. */
export async function checkDownloadPin(db: Database, galleryId: number, pin: string): Promise<DownloadPinResult> {
  const key = `gallery:${galleryId}`;
  const peek = downloadPinGuesses.peek(key);
  if (!peek.allowed) return { throttledForS: peek.retryAfterS };
  const row = await db
    .selectFrom("client_galleries")
    .select("download_pin_hash")
    .where("id", "=", galleryId)
    .executeTakeFirst();
  if (!row) return "wrong";
  if (row.download_pin_hash === null || (await verifyPassword(pin, row.download_pin_hash))) return "ok";
  downloadPinGuesses.hit(key);
  return "wrong";
}
