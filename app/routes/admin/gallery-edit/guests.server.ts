// Guests finding their own photos with a selfie (issue 31, ADR 044), as the studio sets it: on or
// off (off erases every face and every guest of the gallery), the sets guests may search, what
// they may download, the event PIN, the event link (a new one retires the old) and its QR code;
// the face search's progress and the guests who searched, whose data the studio can delete.
import { data } from "react-router";
import { guestSetIds } from "#domain/catalog/sets.server.ts";
import { chooseGuestSets, guestSearchStatus, setGuestSearch } from "#domain/faces/guest-search.server.ts";
import { deleteGuest, listGuests } from "#domain/faces/store.server.ts";
import { checkPin } from "#domain/galleries/access-settings.server.ts";
import type { GalleryRecord } from "#domain/galleries/galleries.server.ts";
import { GUEST_DOWNLOAD_CHOICES } from "#domain/galleries/gallery-form.ts";
import { listGallerySets } from "#domain/galleries/gallery-sets.server.ts";
import { eventPath, renewEventLink, setEventPin, setGuestDownloads } from "#domain/galleries/guest-access.server.ts";
import type { Database } from "#platform/db/db.server.ts";
import { publicOrigin } from "#platform/public-origin.server.ts";
import { type Answer, type FormName, invalid } from "./answer.ts";
import type { IntentArgs, IntentHandler, IntentHandlers } from "./intents.server.ts";
import { qrCodeDataUrl } from "./sending.server.ts";

/** The event link as guests open it, on the site's public address. */
export function eventLink(origin: string, token: string): string {
  return `${origin}${eventPath(token)}`;
}

/** What the Guests panel shows: with guest search off, only that it is off and the sets. */
export async function guestsPanelData(db: Database, gallery: GalleryRecord) {
  const [sets, open] = await Promise.all([listGallerySets(db, gallery.id), guestSetIds(db, gallery.id)]);
  const openSets = new Set(open);
  const choices = sets.map((s) => ({ id: s.id, title: s.title, photoCount: s.photoCount, open: openSets.has(s.id) }));
  const { token } = gallery.guests;
  if (!gallery.guests.search || token === null) return { on: false as const, sets: choices };
  const link = eventLink(publicOrigin(), token);
  const [status, qrCode] = await Promise.all([guestSearchStatus(db, gallery.id), qrCodeDataUrl(link)]);
  return { on: true as const, sets: choices, link, qrCode, status };
}

export type GuestsPanelData = Awaited<ReturnType<typeof guestsPanelData>>;

/** A handler for a gallery whose guest search is on: the panel's other forms mean nothing while it is off. */
function whileOn(form: FormName, handle: IntentHandler): IntentHandler {
  return (args) =>
    args.gallery.guests.search
      ? handle(args)
      : Promise.resolve(data<Answer>({ form, notice: "Turn guest search on first." }, { status: 400 }));
}

async function setEventPinAnswer({ db, gallery, form }: IntentArgs) {
  const checked = checkPin(form.get("pin"));
  if (!checked.ok) return invalid({ form: "event-pin", errors: { pin: checked.error } });
  await setEventPin(db, gallery.id, checked.pin);
  return { form: "event-pin", notice: "Event PIN set: guests need it to open the event link." } satisfies Answer;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const guestsIntents: IntentHandlers = {
  "guest-search-on": async ({ db, gallery }) => {
    await setGuestSearch(db, gallery.id, true);
    return {
      form: "guests",
      notice: "Guests can find their photos. Choose the sets they may search: those photos are searched for faces.",
    } satisfies Answer;
  },
  "guest-search-off": async ({ db, gallery }) => {
    await setGuestSearch(db, gallery.id, false);
    return {
      form: "guests",
      notice:
        "Guest search is off: the gallery's face data and every guest's data are deleted, and the event link no longer works.",
    } satisfies Answer;
  },
  "guest-sets": whileOn("guest-sets", async ({ db, gallery, form }) => {
    const chosen = form
      .getAll("guestSet")
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    await chooseGuestSets(db, gallery.id, chosen);
    const open = await guestSetIds(db, gallery.id);
    return {
      form: "guest-sets",
      notice:
        open.length === 0
          ? "No set is open to guests: they will find no photos."
          : `Guests may search ${plural(open.length, "set")}. New photos in them are searched as they arrive.`,
    } satisfies Answer;
  }),
  "guest-downloads": whileOn("guest-downloads", async ({ db, gallery, form }) => {
    const choice = GUEST_DOWNLOAD_CHOICES.find((c) => c.value === form.get("guestDownloads"));
    if (!choice)
      return invalid({ form: "guest-downloads", errors: { guestDownloads: "Choose what guests may download." } });
    await setGuestDownloads(db, gallery.id, choice.value);
    return { form: "guest-downloads", notice: `Guest downloads: ${choice.label.toLowerCase()}.` } satisfies Answer;
  }),
  "event-pin-set": whileOn("event-pin", setEventPinAnswer),
  "event-pin-clear": whileOn("event-pin", async ({ db, gallery }) => {
    await setEventPin(db, gallery.id, null);
    return { form: "event-pin", notice: "Event PIN removed: the event link alone lets guests in." } satisfies Answer;
  }),
  "event-link-renew": whileOn("event-link", async ({ db, gallery }) => {
    await renewEventLink(db, gallery.id);
    return {
      form: "event-link",
      notice: "New event link made: the old link and its QR code no longer work. Print the new card.",
    } satisfies Answer;
  }),
  "guest-delete": async ({ db, gallery, form }) => {
    const guestId = Number(form.get("guestId"));
    const guest = (await listGuests(db, gallery.id)).find((g) => g.id === guestId);
    if (!guest || !(await deleteGuest(db, gallery.id, guest.id)))
      return data<Answer>({ form: "guest-list", notice: "That guest's data is already gone." }, { status: 404 });
    return {
      form: "guest-list",
      notice: `${guest.name}'s data is deleted: their name, their selfie's face data and their personal link.`,
    } satisfies Answer;
  },
};
