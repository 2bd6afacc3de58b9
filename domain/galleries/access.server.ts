// The one answer to "may this browser see this client gallery, and download from it" (ADR 026,
// 027, 036). It takes values: the link's token, what the browser's signed cookies claim (their
// signatures already checked by the HTTP adapter, app/routes/galleries/access.server.ts, which
// also writes them), the studio's time zone and the time; and PINs typed, with the client's
// address for their throttle. It answers with a decision or a typed refusal, never HTTP.
//
// Three claims a browser may carry, each in a signed cookie under the gallery's own path:
// - pin: this browser typed the gallery's PIN. Bound to the gallery and to a tag of its current
//   PIN hash, so a new PIN (or a new link, which is a new path) asks everyone again.
// - visitor: the person (name and own PIN) making selections on this browser.
// - download: this browser typed the download PIN, when the gallery has one. Bound to a tag of
//   the link and the download PIN hash, and to the time it was given (it lasts as the others do).
// Nothing is stored on the server for any of them. Wrong PINs (the gallery's, a person's, the
// downloads') are throttled per gallery, kind and client address.
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Database } from "../../platform/db/db.server.ts";
import { createRateLimiter, type RateLimitResult } from "../../platform/rate-limit.server.ts";
import { MINUTE_MS } from "../../platform/time.ts";
import { verifyPassword } from "../auth/password.server.ts";
import { studioDay } from "../catalog/studio-time.ts";
import { CLIENT_GALLERY_PREFIX } from "./client-types.ts";
import { checkGalleryPin, type GalleryRecord, galleryAccess, galleryByToken } from "./galleries.server.ts";
import { readVisitor, type Visitor } from "./selections.server.ts";

/** The PIN is asked once per device: the claims last as long as a wedding album takes to choose. */
export const GALLERY_COOKIE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;
/** Wrong PINs allowed per gallery and client address in PIN_WINDOW_MS, then every try waits. */
export const PIN_FAILURES_PER_15_MIN = 5;
export const PIN_WINDOW_MS = 15 * 60 * 1000;

/** The path every page and cookie of one gallery lives under. */
export function galleryPath(token: string): string {
  return `${CLIENT_GALLERY_PREFIX}/${token}`;
}

// --- the claims a browser carries

const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31);
const tag = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

export const galleryPinClaimSchema = z.object({ gallery: id, pin: tag });
export const visitorClaimSchema = z.object({ gallery: id, visitor: id });
export const downloadClaimSchema = z.object({ gallery: id, pins: tag, issuedAtS: z.number().int().nonnegative() });

export type GalleryPinClaim = z.infer<typeof galleryPinClaimSchema>;
export type VisitorClaim = z.infer<typeof visitorClaimSchema>;
export type DownloadClaim = z.infer<typeof downloadClaimSchema>;

/** What this browser's cookies claim for the gallery its request names; null: no such cookie. */
export interface AccessClaims {
  pin: GalleryPinClaim | null;
  visitor: VisitorClaim | null;
  download: DownloadClaim | null;
}

export const NO_CLAIMS: AccessClaims = { pin: null, visitor: null, download: null };

/**
 * A short, one-way tag of secrets the server holds (a PIN's hash, the link), so a claim can be
 * bound to their current values without carrying them. Its integrity is the cookie's signature.
 */
function tagOf(...parts: string[]): string {
  return createHash("sha256").update(parts.join(":")).digest("base64url").slice(0, 22);
}

interface GallerySecrets {
  token: string;
  pinHash: string | null;
  downloadPinHash: string | null;
}

/** The gallery's PIN hashes, read only here: the read model says only hasPin and hasDownloadPin. */
async function secretsOf(db: Database, galleryId: number): Promise<GallerySecrets | null> {
  const row = await db
    .selectFrom("client_galleries")
    .select(["token", "pin_hash", "download_pin_hash"])
    .where("id", "=", galleryId)
    .executeTakeFirst();
  return row ? { token: row.token, pinHash: row.pin_hash, downloadPinHash: row.download_pin_hash } : null;
}

function pinClaim(galleryId: number, pinHash: string): GalleryPinClaim {
  return { gallery: galleryId, pin: tagOf("gallery-pin", pinHash) };
}

function downloadClaim(galleryId: number, secrets: GallerySecrets, now: number): DownloadClaim {
  return {
    gallery: galleryId,
    pins: tagOf("gallery-download", secrets.token, secrets.downloadPinHash ?? ""),
    issuedAtS: Math.floor(now / 1000),
  };
}

function hasPin(claim: GalleryPinClaim | null, galleryId: number, pinHash: string): boolean {
  const expected = pinClaim(galleryId, pinHash);
  return claim?.gallery === expected.gallery && claim.pin === expected.pin;
}

function hasDownloadPin(claim: DownloadClaim | null, galleryId: number, secrets: GallerySecrets, now: number) {
  if (!claim || claim.gallery !== galleryId) return false;
  const issuedAtMs = claim.issuedAtS * 1000;
  if (now - issuedAtMs > GALLERY_COOKIE_LIFETIME_MS || issuedAtMs > now + MINUTE_MS) return false;
  return claim.pins === downloadClaim(galleryId, secrets, now).pins;
}

/** The claim to keep for the person who entered this gallery on this browser. */
export function visitorClaim(galleryId: number, visitorId: number): VisitorClaim {
  return { gallery: galleryId, visitor: visitorId };
}

// --- the decision

/** Whether the viewer may offer a download at once, must ask the download PIN first, or has none to offer. */
export type DownloadAccess = "off" | "pin" | "open";

export type GalleryDecision =
  | { state: "missing" }
  | { state: "closed"; reason: "expired" | "revoked" }
  | { state: "pin"; gallery: GalleryRecord }
  | { state: "open"; gallery: GalleryRecord; visitor: Visitor | null; downloads: DownloadAccess };

/** What `token` opens for a browser with these claims, on the studio's calendar day in `timeZone`. */
export async function decideGalleryAccess(
  db: Database,
  { token, claims, timeZone, now = new Date() }: { token: string; claims: AccessClaims; timeZone: string; now?: Date },
): Promise<GalleryDecision> {
  const gallery = await galleryByToken(db, token);
  if (!gallery) return { state: "missing" };
  const access = galleryAccess(gallery, studioDay(timeZone, now));
  if (access !== "open") return { state: "closed", reason: access };
  const secrets = await secretsOf(db, gallery.id);
  if (!secrets) return { state: "missing" };
  if (secrets.pinHash !== null && !hasPin(claims.pin, gallery.id, secrets.pinHash)) return { state: "pin", gallery };
  const visitorId = claims.visitor?.gallery === gallery.id ? claims.visitor.visitor : null;
  const visitor = visitorId === null ? null : await readVisitor(db, gallery.id, visitorId);
  const downloads: DownloadAccess =
    gallery.downloads === "off"
      ? "off"
      : secrets.downloadPinHash === null || hasDownloadPin(claims.download, gallery.id, secrets, now.getTime())
        ? "open"
        : "pin";
  return { state: "open", gallery, visitor, downloads };
}

// --- PINs typed

/** Which PIN is being guessed: the gallery's, a person's, or the downloads' (each has its own allowance). */
export type PinKind = "gallery" | "visitor" | "download" | "event";

/** A PIN refused, in words the person can act on. */
export type PinRefusal =
  | { ok: false; reason: "empty"; message: string }
  | { ok: false; reason: "wrong"; triesLeft: number; message: string }
  | { ok: false; reason: "throttled"; retryAfterS: number; message: string };

export type PinCheck = { ok: true } | PinRefusal;

const pinFailures = createRateLimiter("gallery-pin", { limit: PIN_FAILURES_PER_15_MIN, windowMs: PIN_WINDOW_MS });

function throttleKey(kind: PinKind, galleryId: number, address: string): string {
  return `${kind}:${galleryId}:${address}`;
}

/** "5 minutes": how long a throttled person waits, rounded up to whole minutes. */
export function waitText(retryAfterS: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

function throttled(retryAfterS: number): PinRefusal {
  return {
    ok: false,
    reason: "throttled",
    retryAfterS,
    message: `Too many wrong PINs (${PIN_FAILURES_PER_15_MIN} in 15 minutes). Please try again in ${waitText(retryAfterS)}, or ask the studio.`,
  };
}

/**
 * Runs a PIN check unless this address has used its allowance of wrong PINs for this gallery
 * (then the PIN is not even checked, so guessing gains nothing while throttled).
 */
export async function throttledPin(
  kind: PinKind,
  galleryId: number,
  address: string,
  check: () => Promise<boolean>,
): Promise<PinCheck> {
  const key = throttleKey(kind, galleryId, address);
  const before = await pinFailures.peek(key);
  if (!before.allowed) return throttled(before.retryAfterS);
  if (await check()) {
    await pinFailures.reset(key);
    return { ok: true };
  }
  await pinFailures.hit(key);
  const after: RateLimitResult = await pinFailures.peek(key);
  if (!after.allowed) return throttled(after.retryAfterS);
  const left = after.remaining;
  return {
    ok: false,
    reason: "wrong",
    triesLeft: left,
    message: `That PIN is not right. ${left === 1 ? "1 more try" : `${left} more tries`} before a wait.`,
  };
}

/** The gallery's PIN typed at its door: the claim that lets this browser in, or the refusal. */
export async function giveGalleryPin(
  db: Database,
  gallery: Pick<GalleryRecord, "id">,
  pin: string,
  address: string,
): Promise<{ ok: true; claim: GalleryPinClaim } | PinRefusal> {
  const checked = await throttledPin("gallery", gallery.id, address, () => checkGalleryPin(db, gallery.id, pin));
  if (!checked.ok) return checked;
  const secrets = await secretsOf(db, gallery.id);
  // A gallery without a PIN lets everyone in: a claim to nothing changes nothing.
  return { ok: true, claim: pinClaim(gallery.id, secrets?.pinHash ?? "") };
}

/**
 * The download PIN typed in a form (the downloads page's, or the download route's own),
 * throttled like the gallery's: the claim that lets this browser download, or the refusal.
 */
export async function giveDownloadPin(
  db: Database,
  gallery: Pick<GalleryRecord, "id">,
  pin: string,
  address: string,
  now = Date.now(),
): Promise<{ ok: true; claim: DownloadClaim } | PinRefusal> {
  if (pin === "") return { ok: false, reason: "empty", message: "Type the download PIN." };
  const checked = await throttledPin("download", gallery.id, address, async () => {
    const secrets = await secretsOf(db, gallery.id);
    return (
      secrets !== null && (secrets.downloadPinHash === null || (await verifyPassword(pin, secrets.downloadPinHash)))
    );
  });
  if (!checked.ok) return checked;
  const secrets = await secretsOf(db, gallery.id);
  if (!secrets) return { ok: false, reason: "wrong", triesLeft: 0, message: "There is no gallery at this link." };
  return { ok: true, claim: downloadClaim(gallery.id, secrets, now) };
}
