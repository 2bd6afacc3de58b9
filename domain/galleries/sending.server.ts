// Sending a client gallery (issue 15): its private link, how it reaches the client (the words of
// the "gallery ready" message, a WhatsApp chat with them typed in), and the mark that it was sent.
// The mail itself is written in mail.server.ts.
import type { Database } from "../../platform/db/db.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import type { GalleryRecord } from "./galleries.server.ts";

/** The gallery's private link on the site's public origin. */
export function galleryLink(origin: string, token: string): string {
  return `${origin}/g/${token}`;
}

/** The digits WhatsApp wants in a wa.me link: the number with its country code, nothing else. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "");
}

/** The message the client gets with the link (WhatsApp's prefilled text and the mail's body). */
export function galleryReadyMessage(
  gallery: Pick<GalleryRecord, "title" | "clientName">,
  link: string,
  studioName: string,
): string {
  const hello = gallery.clientName ? `Hello ${gallery.clientName},` : "Hello,";
  return `${hello} your photos from ${gallery.title} are ready: ${link}\n\n${studioName}`;
}

/**
 * A WhatsApp chat with the client, the message and link typed in for the studio to send; null
 * when the gallery has no phone number. wa.me takes the number as digits only.
 */
export function whatsappLink(phone: string, message: string): string | null {
  const digits = phoneDigits(phone);
  if (digits === "") return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

export async function markGallerySent(db: Database, id: number, at = new Date()): Promise<void> {
  await db
    .updateTable("client_galleries")
    .set({ sent_at: toStoredTime(at) })
    .where("id", "=", id)
    .execute();
}
