// The guests' way into a gallery (issue 31, ADR 044): its event link, apart from the couple's
// link and PIN, optionally with an event PIN of its own, and what guests may download. The event
// link works while guest search is on and the gallery's own link works (expiry and revocation
// close both); turning guest search off, or making a new event link, retires the old link.
// Like access.server.ts it takes values and answers decisions, never HTTP; the event PIN's claim
// is bound to a tag of the event link and its PIN hash, so a new link or PIN asks everyone again.
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Database } from "../../platform/db/db.server.ts";
import type { GalleryDownloads } from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { hashPassword, verifyPassword } from "../auth/password.server.ts";
import { studioDay } from "../catalog/studio-time.ts";
import { type PinRefusal, throttledPin } from "./access.server.ts";
import { EVENT_PREFIX } from "./client-types.ts";
import {
  GALLERY_TOKEN_PATTERN,
  type GalleryRecord,
  galleryAccess,
  newGalleryToken,
  readGalleries,
} from "./galleries.server.ts";

export { EVENT_PREFIX };

/** Where a gallery's event link lives: /e/<token>, and the guest's own pages under it. */
export function eventPath(token: string): string {
  return `${EVENT_PREFIX}/${token}`;
}

export const eventPinClaimSchema = z.object({
  gallery: z.number().int().positive(),
  pin: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
});
export type EventPinClaim = z.infer<typeof eventPinClaimSchema>;

function tagOf(...parts: string[]): string {
  return createHash("sha256").update(parts.join(":")).digest("base64url").slice(0, 22);
}

async function eventSecrets(db: Database, galleryId: number) {
  const row = await db
    .selectFrom("client_galleries")
    .select(["guest_token", "guest_pin_hash"])
    .where("id", "=", galleryId)
    .executeTakeFirst();
  return row?.guest_token ? { token: row.guest_token, pinHash: row.guest_pin_hash } : null;
}

function eventClaim(galleryId: number, token: string, pinHash: string): EventPinClaim {
  return { gallery: galleryId, pin: tagOf("event-pin", token, pinHash) };
}

export type EventDecision =
  | { state: "missing" }
  | { state: "closed"; reason: "expired" | "revoked" }
  | { state: "pin"; gallery: GalleryRecord }
  | { state: "open"; gallery: GalleryRecord };

/** What an event link opens for a browser with this claim, on the studio's day in `timeZone`. */
export async function decideEventAccess(
  db: Database,
  {
    token,
    claim,
    timeZone,
    now = new Date(),
  }: { token: string; claim: EventPinClaim | null; timeZone: string; now?: Date },
): Promise<EventDecision> {
  if (!GALLERY_TOKEN_PATTERN.test(token)) return { state: "missing" };
  const [gallery] = await readGalleries(db, { guestToken: token });
  if (!gallery) return { state: "missing" };
  const access = galleryAccess(gallery, studioDay(timeZone, now));
  if (access !== "open") return { state: "closed", reason: access };
  const secrets = await eventSecrets(db, gallery.id);
  if (!secrets) return { state: "missing" };
  if (secrets.pinHash !== null) {
    const expected = eventClaim(gallery.id, secrets.token, secrets.pinHash);
    if (claim?.gallery !== expected.gallery || claim.pin !== expected.pin) return { state: "pin", gallery };
  }
  return { state: "open", gallery };
}

/** The event PIN typed at the event link's door, throttled like every gallery PIN. */
export async function giveEventPin(
  db: Database,
  gallery: Pick<GalleryRecord, "id">,
  pin: string,
  address: string,
): Promise<{ ok: true; claim: EventPinClaim } | PinRefusal> {
  if (pin === "") return { ok: false, reason: "empty", message: "Type the event PIN." };
  const checked = await throttledPin("event", gallery.id, address, async () => {
    const secrets = await eventSecrets(db, gallery.id);
    return secrets !== null && (secrets.pinHash === null || (await verifyPassword(pin, secrets.pinHash)));
  });
  if (!checked.ok) return checked;
  const secrets = await eventSecrets(db, gallery.id);
  if (!secrets) return { ok: false, reason: "wrong", triesLeft: 0, message: "This event link no longer works." };
  return { ok: true, claim: eventClaim(gallery.id, secrets.token, secrets.pinHash ?? "") };
}

// --- the studio's settings

/**
 * Turns guest search on (a new event link, if it had none) or off (the link, its PIN gone). The
 * faces module erases the face data when it is turned off (domain/faces/guest-search.server.ts).
 */
export async function writeGuestSearch(db: Database, galleryId: number, on: boolean): Promise<void> {
  await db
    .updateTable("client_galleries")
    .set((eb) =>
      on
        ? {
            guest_search: 1,
            guest_token: eb.fn.coalesce("guest_token", eb.val(newGalleryToken())),
            updated_at: toStoredTime(),
          }
        : { guest_search: 0, guest_token: null, guest_pin_hash: null, updated_at: toStoredTime() },
    )
    .where("id", "=", galleryId)
    .execute();
}

/** A new event link: the old one stops working at once (a link shared too widely). */
export async function renewEventLink(db: Database, galleryId: number): Promise<void> {
  await db
    .updateTable("client_galleries")
    .set({ guest_token: newGalleryToken(), updated_at: toStoredTime() })
    .where("id", "=", galleryId)
    .where("guest_search", "=", 1)
    .execute();
}

/** The event PIN, or none (null): guests with the link come in without one. */
export async function setEventPin(db: Database, galleryId: number, pin: string | null): Promise<void> {
  const guest_pin_hash = pin === null ? null : await hashPassword(pin);
  await db
    .updateTable("client_galleries")
    .set({ guest_pin_hash, updated_at: toStoredTime() })
    .where("id", "=", galleryId)
    .execute();
}

/**
 * What guests may download, set apart from the couple's downloads: nothing, or the web-size
 * file. Never originals: they carry the camera's metadata, the place (GPS) included, and every
 * image a guest receives has it removed; the couple's originals stay theirs to share.
 */
export type GuestDownloads = Extract<GalleryDownloads, "off" | "web">;

export async function setGuestDownloads(db: Database, galleryId: number, downloads: GuestDownloads): Promise<void> {
  await db
    .updateTable("client_galleries")
    .set({ guest_downloads: downloads, updated_at: toStoredTime() })
    .where("id", "=", galleryId)
    .execute();
}
