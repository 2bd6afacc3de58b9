// Sending the gallery to the client: the "gallery ready" mail through the outbox, or marking it
// sent when the studio shared the link itself (WhatsApp, the QR code, by hand).
import QRCode from "qrcode";
import { data } from "react-router";
import { markGallerySent } from "#domain/galleries/sending.server.ts";
import { enqueueMail } from "#domain/mail/outbox.server.ts";
import type { Answer } from "./answer.ts";
import type { IntentHandlers } from "./intents.server.ts";

/** The QR code as an image the page can show and the studio can save or print: SVG, no script. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export const sendingIntents: IntentHandlers = {
  send: async ({ db, gallery }) => {
    if (!gallery.clientEmail)
      return data<Answer>(
        { form: "send", notice: "Add the client's e-mail address in the details first." },
        { status: 400 },
      );
    await enqueueMail(db, { kind: "gallery-ready", galleryId: gallery.id });
    await markGallerySent(db, gallery.id);
    return { form: "send", notice: `The “gallery ready” mail to ${gallery.clientEmail} is queued.` } satisfies Answer;
  },
  "mark-sent": async ({ db, gallery }) => {
    await markGallerySent(db, gallery.id);
    return { form: "send", notice: "Marked as sent." } satisfies Answer;
  },
};
