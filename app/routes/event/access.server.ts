// The HTTP side of a gallery's event link (issue 31, ADR 044), for every route under /e/{token}:
// the event PIN's signed cookie read into the claim that domain/galleries/guest-access.server.ts
// decides on, and written when the PIN is given; the guest a personal link names. Nothing under
// the event link goes to a shared cache.
import { data, type RouterContextProvider } from "react-router";
import { eventPinCookie } from "#app/http/cookies.server.ts";
import { studioRowOf } from "#app/utils/request-context.ts";
import { DEFAULT_TIME_ZONE } from "#domain/catalog/studio-time.ts";
import { guestByToken } from "#domain/faces/guests.server.ts";
import type { GuestRecord } from "#domain/faces/store.server.ts";
import { decideEventAccess, type EventDecision, type EventPinClaim } from "#domain/galleries/guest-access.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { NO_STORE } from "#platform/http.server.ts";

export const privateHeaders = { "Cache-Control": NO_STORE };

/** What the event link `token` opens for this request, on the studio's calendar day. */
export async function eventAccessFor(
  request: Request,
  token: string,
  context: Readonly<RouterContextProvider>,
): Promise<EventDecision> {
  const db = getDb();
  const [studio, claim] = await Promise.all([studioRowOf(context, db), eventPinCookie(token).read(request)]);
  return decideEventAccess(db, { token, claim, timeZone: studio?.time_zone ?? DEFAULT_TIME_ZONE });
}

/** The Set-Cookie header that remembers the event PIN on this browser. */
export function eventPinGivenCookie(request: Request, token: string, claim: EventPinClaim): Promise<string> {
  return eventPinCookie(token).write(request, claim);
}

/** No event at this link (or no such guest): the site's 404 page. */
export function notFound(): never {
  throw data({ what: "event" }, { status: 404, headers: privateHeaders });
}

/**
 * The open event and the guest its personal link names, or the site's 404 for any link that is
 * not both (another gallery's guest, a deleted guest, an event link turned off or renewed).
 * An expired or revoked gallery closes its guests' links with it: 410 with `closed`. The event
 * PIN is not asked again: the personal link is a secret of its own (32 random bytes), and the
 * guest may open it on another phone, from the WhatsApp message they sent themselves.
 */
export async function openGuest(
  request: Request,
  params: { token: string; guest: string },
  context: Readonly<RouterContextProvider>,
): Promise<
  | { state: "closed"; reason: "expired" | "revoked" }
  | { state: "open"; gallery: Extract<EventDecision, { state: "open" }>["gallery"]; guest: GuestRecord }
> {
  const gate = await eventAccessFor(request, params.token, context);
  if (gate.state === "missing") notFound();
  if (gate.state === "closed") return gate;
  const guest = await guestByToken(getDb(), gate.gallery.id, params.guest);
  if (!guest) notFound();
  return { state: "open", gallery: gate.gallery, guest };
}
