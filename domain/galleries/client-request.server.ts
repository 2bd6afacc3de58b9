// One client request to a gallery, as the page (/g/:token) and its data route (/g/:token/photos)
// both see it: which gallery the link names and whether this browser may see it (gate), and
// the selection forms both accept (a heart before JavaScript posts to the page, with it to the
// data route), with each refusal in words the person can act on.
import type { Database } from "../../platform/db/db.server.ts";
import { studioDay } from "../catalog/studio-time.ts";
import {
  clearWrongPins,
  galleryPinHash,
  hasGalleryAccess,
  PIN_FAILURES_PER_15_MIN,
  type PinKind,
  pinTryAllowed,
  recordWrongPin,
  visitorIdOf,
} from "./client-access.server.ts";
import type { ItemAnswer } from "./client-types.ts";
import { checkGalleryPin, type GalleryRecord, galleryAccess, galleryByToken } from "./galleries.server.ts";
import {
  COMMENT_MAX_CHARS,
  heartPhoto,
  type ItemRefusal,
  readLists,
  readVisitor,
  type SelectionList,
  setComment,
  unheartPhoto,
  type Visitor,
} from "./selections.server.ts";

export type GalleryGate =
  | { state: "missing" }
  | { state: "closed"; reason: "expired" | "revoked" }
  | { state: "pin"; gallery: GalleryRecord; pinHash: string }
  | { state: "open"; gallery: GalleryRecord; visitor: Visitor | null };

/** What `token` opens for this browser today (the studio's calendar day, in its time zone). */
export async function gateGallery(
  db: Database,
  request: Request,
  token: string,
  timeZone: string,
  now = new Date(),
): Promise<GalleryGate> {
  const gallery = await galleryByToken(db, token);
  if (!gallery) return { state: "missing" };
  const access = galleryAccess(gallery, studioDay(timeZone, now));
  if (access !== "open") return { state: "closed", reason: access };
  const pinHash = await galleryPinHash(db, gallery.id);
  if (pinHash !== null && !hasGalleryAccess(request, gallery.id, pinHash)) return { state: "pin", gallery, pinHash };
  const visitorId = visitorIdOf(request, gallery.id);
  const visitor = visitorId === null ? null : await readVisitor(db, gallery.id, visitorId);
  return { state: "open", gallery, visitor };
}

/** "5 minutes": how long a throttled person waits, rounded up to whole minutes. */
export function waitText(retryAfterS: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

export type PinCheck = { ok: true } | { ok: false; status: 400 | 429; message: string };

/** The gallery's PIN typed at the door: throttled per gallery and address. */
export async function tryGalleryPin(db: Database, gallery: GalleryRecord, pin: string, address: string) {
  return throttledPin("gallery", gallery.id, address, () => checkGalleryPin(db, gallery.id, pin));
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
  const before = await pinTryAllowed(kind, galleryId, address);
  if (!before.allowed) return { ok: false, status: 429, message: tooManyText(before.retryAfterS) };
  if (await check()) {
    await clearWrongPins(kind, galleryId, address);
    return { ok: true };
  }
  const after = await recordWrongPin(kind, galleryId, address);
  if (!after.allowed) return { ok: false, status: 429, message: tooManyText(after.retryAfterS) };
  const left = after.remaining;
  return {
    ok: false,
    status: 400,
    message: `That PIN is not right. ${left === 1 ? "1 more try" : `${left} more tries`} before a wait.`,
  };
}

function tooManyText(retryAfterS: number): string {
  return `Too many wrong PINs (${PIN_FAILURES_PER_15_MIN} in 15 minutes). Please try again in ${waitText(retryAfterS)}, or ask the studio.`;
}

/** The list a request works on: the one it names if it is the person's, else their newest open one. */
export function activeList(lists: SelectionList[], wanted: number | null): SelectionList | null {
  return lists.find((l) => l.id === wanted) ?? lists.findLast((l) => l.submittedAt === null) ?? lists.at(-1) ?? null;
}

export function positiveInt(value: FormDataEntryValue | string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** heart, unheart or comment, from either route; `visitor` null is a person not yet named. */
export async function itemAction(db: Database, visitor: Visitor | null, form: FormData): Promise<ItemAnswer> {
  const intent = form.get("intent");
  const photoId = positiveInt(form.get("photo"));
  const listId = positiveInt(form.get("list"));
  const wantsHeart = intent === "heart";
  const refuse = (message: string, count: number | null = null): ItemAnswer => ({
    ok: false,
    photoId,
    hearted: !wantsHeart,
    count,
    message,
  });
  if (!visitor) return refuse("Enter your name and PIN first, to keep your favourites.");
  if (photoId === null || listId === null) return refuse("That photo or list is not in this gallery.");
  const lists = await readLists(db, visitor.id);
  const list = lists.find((l) => l.id === listId);
  if (!list) return refuse("That list is not yours.");
  const target = { visitor, listId, photoId };
  const result =
    intent === "heart"
      ? await heartPhoto(db, target)
      : intent === "unheart"
        ? await unheartPhoto(db, target)
        : intent === "comment"
          ? await setComment(db, target, String(form.get("comment") ?? ""))
          : null;
  if (!result) return refuse("Nothing to do.");
  if (!result.ok) return refuse(refusalText(result.error, list), result.count ?? list.count);
  return {
    ok: true,
    photoId,
    hearted: intent !== "unheart",
    count: result.count,
    message: intent === "comment" ? "Note saved." : "",
  };
}

export function refusalText(error: ItemRefusal, list: Pick<SelectionList, "name" | "itemLimit">): string {
  switch (error) {
    case "full":
      return `${list.name} already holds ${list.itemLimit} photos, its limit. Remove a heart to add another.`;
    case "locked":
      return `${list.name} was sent to the studio and is locked. Ask the studio to reopen it.`;
    case "no-photo":
      return "That photo is not in this gallery.";
    case "not-hearted":
      return "Heart the photo first, then add your note.";
    case "comment":
      return `A note can be up to ${COMMENT_MAX_CHARS} characters.`;
    default:
      return "That list is not yours.";
  }
}
