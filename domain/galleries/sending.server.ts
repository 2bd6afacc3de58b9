// Sending a client gallery (issue 15): its private link, how it reaches the client (the words of
// the "gallery ready" message, a WhatsApp chat with them typed in), and the mark that it was sent.
// The mail itself is written in mail.server.ts.
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import type { Database } from "../../platform/db/db.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { dayIn } from "../catalog/language-dates.ts";
import { titleIn } from "../catalog/localized.ts";
import { greeting, type MailWords } from "../mail/words.ts";
import type { GalleryRecord } from "./galleries.server.ts";

/** The gallery's private link on the site's public origin. */
export function galleryLink(origin: string, token: string): string {
  return `${origin}/g/${token}`;
}

/** A phone number's digits, whatever was typed around them (the form wants enough of them). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

/** What the "gallery ready" message says about a gallery. */
export type ReadyGallery = Pick<
  GalleryRecord,
  "title" | "titleTa" | "clientName" | "expiresOn" | "hasPin" | "language"
>;

/** The gallery's title in its client's language: the Tamil one when the studio wrote it. */
export function titleForClient(gallery: Pick<GalleryRecord, "title" | "titleTa" | "language">): string {
  return titleIn(gallery.language, gallery);
}

/**
 * What the client should know before opening the link: its last day, and that it asks for a PIN.
 * Never the PIN itself (only its hash is stored): a message can be forwarded, and the studio
 * gives the PIN by another way. In the words given, the gallery's language (the day through Intl).
 */
export function galleryReadyNotes(
  gallery: Pick<ReadyGallery, "expiresOn" | "hasPin" | "language">,
  words: MailWords,
): string[] {
  const notes: string[] = [];
  if (gallery.expiresOn)
    notes.push(words("mail.galleryReady.until", { day: dayIn(gallery.language, gallery.expiresOn) }));
  if (gallery.hasPin) notes.push(words("mail.galleryReady.pin"));
  return notes;
}

/**
 * The message the client gets with the link (WhatsApp's prefilled text and the mail's text), in
 * `words`: the gallery's language's (its client's).
 */
export function galleryReadyMessage(gallery: ReadyGallery, link: string, studioName: string, words: MailWords): string {
  const notes = galleryReadyNotes(gallery, words);
  return [
    words("mail.galleryReady.text", {
      hello: greeting(words, gallery.clientName),
      title: titleForClient(gallery),
      link,
    }),
    ...(notes.length ? [notes.join("\n")] : []),
    studioName,
  ].join("\n\n");
}

/**
 * The studio's country, as the first of its own phone numbers with a country code says ("+91
 * 90000 00001": India). A client's number typed as people there say it, without one, is read
 * as a number of that country.
 */
export function studioCountry(studioPhones: readonly string[]): CountryCode | undefined {
  for (const phone of studioPhones) {
    const country = parsePhoneNumberFromString(phone)?.country;
    if (country) return country;
  }
  return undefined;
}

/**
 * A WhatsApp chat with the client, the message and link typed in for the studio to send. wa.me
 * takes the number with its country code, as digits only: "98430 55555" in an Indian studio is
 * 919843055555 (taken whole, it would be a number in another country). Null when the gallery has
 * no phone number, or one that is not a number with its code or in the studio's country.
 * libphonenumber-js (MIT) knows each country's lengths and trunk prefixes ("098430 55555").
 */
export function whatsappLink(phone: string, message: string, country?: CountryCode): string | null {
  const typed = phone.trim();
  const number = typed === "" ? undefined : parsePhoneNumberFromString(typed, country);
  // A number with its own country code needs only a possible length; one read as the studio's
  // country's must also fit that country's ranges, so a digit too few is no one else's number.
  const usable = number && (typed.startsWith("+") ? number.isPossible() : number.isValid());
  if (!usable) return null;
  return `https://wa.me/${number.number.slice(1)}?text=${encodeURIComponent(message)}`;
}

export async function markGallerySent(db: Database, id: number, at = new Date()): Promise<void> {
  await db
    .updateTable("client_galleries")
    .set({ sent_at: toStoredTime(at) })
    .where("id", "=", id)
    .execute();
}
