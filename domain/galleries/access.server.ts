// Who may see a client gallery through its private link, for routes other than the page itself
// (its downloads): the page's own gate (client-request.server.ts gateGallery: the link open on
// the studio's day, and the gallery's PIN given in this browser, ADR 026) as one call that throws
// the refusal. A download PIN, when the gallery has one, is asked separately and kept in its own
// cookie, `gallery_<id>_download`: base64url(issued at, seconds, 4 bytes | HMAC-SHA256 32 bytes)
// over the gallery's id, its link token and its current download PIN hash, so a new link or a new
// PIN shuts every browser out again, with nothing stored on the server.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "../../platform/db/db.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { plainTextAnswer } from "../../platform/http.server.ts";
import { appSecret } from "../../platform/secret.server.ts";
import { MINUTE_MS } from "../../platform/time.ts";
import { verifyPassword } from "../auth/password.server.ts";
import { isSecureRequest, readCookie } from "../auth/session.server.ts";
import { readStudioRow } from "../catalog/read-model.server.ts";
import { DEFAULT_TIME_ZONE } from "../catalog/studio-time.ts";
import { GALLERY_COOKIE_LIFETIME_MS } from "./client-access.server.ts";
import { gateGallery, type PinCheck, throttledPin } from "./client-request.server.ts";
import type { GalleryRecord } from "./galleries.server.ts";

const TIME_BYTES = 4;
const MAC_BYTES = 32;

export function downloadCookieName(galleryId: number): string {
  return `gallery_${galleryId}_download`;
}

interface Secrets {
  id: number;
  token: string;
  downloadPinHash: string | null;
}

async function secretsOf(db: Database, galleryId: number): Promise<Secrets | null> {
  const row = await db
    .selectFrom("client_galleries")
    .select(["id", "token", "download_pin_hash"])
    .where("id", "=", galleryId)
    .executeTakeFirst();
  return row ? { id: row.id, token: row.token, downloadPinHash: row.download_pin_hash } : null;
}

function mac(secrets: Secrets, issuedAtS: number): Buffer {
  return createHmac("sha256", appSecret())
    .update(`gallery-download:${secrets.id}:${secrets.token}:${secrets.downloadPinHash ?? ""}:${issuedAtS}`)
    .digest();
}

function issue(secrets: Secrets, now: number): string {
  const issuedAtS = Math.floor(now / 1000);
  const time = Buffer.alloc(TIME_BYTES);
  time.writeUInt32BE(issuedAtS);
  return Buffer.concat([time, mac(secrets, issuedAtS)]).toString("base64url");
}

function verify(secrets: Secrets, value: string | null, now: number): boolean {
  if (!value) return false;
  const raw = Buffer.from(value, "base64url");
  if (raw.length !== TIME_BYTES + MAC_BYTES) return false;
  const issuedAtS = raw.readUInt32BE(0);
  if (now - issuedAtS * 1000 > GALLERY_COOKIE_LIFETIME_MS || issuedAtS * 1000 > now + MINUTE_MS) return false;
  return timingSafeEqual(raw.subarray(TIME_BYTES), mac(secrets, issuedAtS));
}

/** The Set-Cookie header that lets this browser download (after the right download PIN), under the gallery's link. */
export async function downloadAccessCookie(
  db: Database,
  request: Request,
  galleryId: number,
  now = Date.now(),
): Promise<string> {
  const secrets = await secretsOf(db, galleryId);
  if (!secrets) throw new Error(`no gallery ${galleryId}`);
  const parts = [
    `${downloadCookieName(galleryId)}=${issue(secrets, now)}`,
    `Path=/g/${secrets.token}`,
    `Max-Age=${Math.floor(GALLERY_COOKIE_LIFETIME_MS / 1000)}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}

/**
 * The gallery this request may open through `token`, or a thrown Response: 404 for no such link,
 * 410 for an expired or revoked one, 403 when its PIN was not given in this browser.
 */
export async function requireGalleryAccess(
  request: Request,
  token: string,
  { db = getDb(), now = new Date() }: { db?: Database; now?: Date } = {},
): Promise<GalleryRecord> {
  const timeZone = (await readStudioRow(db))?.time_zone ?? DEFAULT_TIME_ZONE;
  const gate = await gateGallery(db, request, token, timeZone, now);
  switch (gate.state) {
    case "missing":
      throw plainTextAnswer(404, "There is no gallery at this link. Ask the studio for a new one.");
    case "closed":
      throw plainTextAnswer(
        410,
        gate.reason === "expired"
          ? "This gallery's link has expired. Ask the studio to extend it."
          : "This gallery's link no longer works. Ask the studio for a new one.",
      );
    case "pin":
      throw plainTextAnswer(403, "This gallery asks for its PIN: open the gallery's link and type it first.");
    case "open":
      return gate.gallery;
  }
}

/** Whether this browser has given the gallery's download PIN (true when it has none). */
export async function hasDownloadAccess(db: Database, request: Request, gallery: GalleryRecord, now = Date.now()) {
  if (!gallery.hasDownloadPin) return true;
  const secrets = await secretsOf(db, gallery.id);
  return secrets !== null && verify(secrets, readCookie(request, downloadCookieName(gallery.id)), now);
}

/** Checks a typed download PIN, throttled per gallery and address like the gallery's own PIN. */
export async function checkDownloadPin(
  db: Database,
  galleryId: number,
  pin: string,
  address: string,
): Promise<PinCheck> {
  return throttledPin("download", galleryId, address, async () => {
    const row = await db
      .selectFrom("client_galleries")
      .select("download_pin_hash")
      .where("id", "=", galleryId)
      .executeTakeFirst();
    return row !== undefined && (row.download_pin_hash === null || (await verifyPassword(pin, row.download_pin_hash)));
  });
}

export type DownloadPinAnswer = { ok: true; cookie: string } | { ok: false; status: 400 | 403 | 429; message: string };

/**
 * A download PIN typed in a form (the downloads page's, or the download route's own): the
 * Set-Cookie that lets this browser download, or the refusal with its status and words.
 */
export async function giveDownloadPin(
  db: Database,
  request: Request,
  galleryId: number,
  pin: string,
  address: string,
): Promise<DownloadPinAnswer> {
  if (pin === "") return { ok: false, status: 400, message: "Type the download PIN." };
  const checked = await checkDownloadPin(db, galleryId, pin, address);
  if (!checked.ok) return { ok: false, status: checked.status === 429 ? 429 : 403, message: checked.message };
  return { ok: true, cookie: await downloadAccessCookie(db, request, galleryId) };
}
