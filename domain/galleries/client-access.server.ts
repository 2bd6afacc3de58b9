// How a client's browser is let into a gallery (ADR 026). Two signed cookies, each sent only
// under the gallery's own path (/g/<token>), HttpOnly, SameSite=Lax, Secure over TLS:
// - access: this browser typed the gallery's PIN. An HMAC of the gallery and its current PIN
//   hash, so a new PIN (or a new link, which is a new path) asks everyone again.
// - visitor: the person (name and own PIN) making selections on this browser. An HMAC of the
//   gallery and the visitor's id.
// Nothing is stored on the server for either; the signing secret is the app's (platform/secret).
// Wrong PINs (the gallery's and a person's) are throttled per gallery and client address.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "../../platform/db/db.server.ts";
import { createRateLimiter, type RateLimitResult } from "../../platform/rate-limit.server.ts";
import { appSecret } from "../../platform/secret.server.ts";
import { isSecureRequest, readCookie, serializeAdminCookie } from "../auth/session.server.ts";
import { CLIENT_GALLERY_PREFIX } from "./client-types.ts";

export const GALLERY_ACCESS_COOKIE = "nila_gallery";
export const GALLERY_VISITOR_COOKIE = "nila_visitor";
/** The PIN is asked once per device: the cookies last as long as a wedding album takes to choose. */
export const GALLERY_COOKIE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;
/** Wrong PINs allowed per gallery and client address in PIN_WINDOW_MS, then every try waits. */
export const PIN_FAILURES_PER_15_MIN = 5;
export const PIN_WINDOW_MS = 15 * 60 * 1000;

const MAC_BYTES = 32;
const ID_BYTES = 4;

/** The path every page and cookie of one gallery lives under. */
export function galleryPath(token: string): string {
  return `${CLIENT_GALLERY_PREFIX}/${token}`;
}

function mac(...parts: (string | number)[]): Buffer {
  return createHmac("sha256", appSecret()).update(parts.join(":")).digest();
}

function cookie(request: Request, token: string, name: string, value: string): string {
  return serializeAdminCookie(name, value, {
    maxAgeMs: GALLERY_COOKIE_LIFETIME_MS,
    secure: isSecureRequest(request),
    path: galleryPath(token),
  });
}

// --- the gallery's PIN

/** The gallery's PIN hash (null: no PIN), read only here: the read model says only hasPin. */
export async function galleryPinHash(db: Database, galleryId: number): Promise<string | null> {
  const row = await db.selectFrom("client_galleries").select("pin_hash").where("id", "=", galleryId).executeTakeFirst();
  return row?.pin_hash ?? null;
}

function accessValue(galleryId: number, pinHash: string): string {
  return mac("gallery-access", galleryId, pinHash).toString("base64url");
}

/** Whether this browser has typed the gallery's current PIN. */
export function hasGalleryAccess(request: Request, galleryId: number, pinHash: string): boolean {
  const given = readCookie(request, GALLERY_ACCESS_COOKIE);
  if (!given) return false;
  const expected = Buffer.from(accessValue(galleryId, pinHash));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function galleryAccessCookie(request: Request, gallery: { id: number; token: string }, pinHash: string) {
  return cookie(request, gallery.token, GALLERY_ACCESS_COOKIE, accessValue(gallery.id, pinHash));
}

// --- the person making selections

export function visitorCookie(request: Request, gallery: { id: number; token: string }, visitorId: number): string {
  const id = Buffer.alloc(ID_BYTES);
  id.writeUInt32BE(visitorId);
  const value = Buffer.concat([id, mac("gallery-visitor", gallery.id, visitorId)]).toString("base64url");
  return cookie(request, gallery.token, GALLERY_VISITOR_COOKIE, value);
}

export function clearVisitorCookie(request: Request, token: string): string {
  return serializeAdminCookie(GALLERY_VISITOR_COOKIE, "", {
    maxAgeMs: 0,
    secure: isSecureRequest(request),
    path: galleryPath(token),
  });
}

/** The visitor id this browser's cookie names for this gallery, or null (none, forged, another gallery's). */
export function visitorIdOf(request: Request, galleryId: number): number | null {
  const given = readCookie(request, GALLERY_VISITOR_COOKIE);
  if (!given) return null;
  const raw = Buffer.from(given, "base64url");
  if (raw.length !== ID_BYTES + MAC_BYTES) return null;
  const visitorId = raw.readUInt32BE(0);
  return timingSafeEqual(raw.subarray(ID_BYTES), mac("gallery-visitor", galleryId, visitorId)) ? visitorId : null;
}

// --- throttling wrong PINs

const pinFailures = createRateLimiter("gallery-pin", { limit: PIN_FAILURES_PER_15_MIN, windowMs: PIN_WINDOW_MS });

/** Which PIN is being guessed: the gallery's, a person's, or the downloads' (each has its own allowance). */
export type PinKind = "gallery" | "visitor" | "download";

function throttleKey(kind: PinKind, galleryId: number, address: string): string {
  return `${kind}:${galleryId}:${address}`;
}

/** Whether another try is allowed now (a try is refused without checking once the limit is used). */
export function pinTryAllowed(kind: PinKind, galleryId: number, address: string): Promise<RateLimitResult> {
  return pinFailures.peek(throttleKey(kind, galleryId, address));
}

/** Counts a wrong PIN; says whether another try is allowed now, and if not, in how long. */
export async function recordWrongPin(kind: PinKind, galleryId: number, address: string): Promise<RateLimitResult> {
  const key = throttleKey(kind, galleryId, address);
  await pinFailures.hit(key);
  return pinFailures.peek(key);
}

export function clearWrongPins(kind: PinKind, galleryId: number, address: string): Promise<void> {
  return pinFailures.reset(throttleKey(kind, galleryId, address));
}
