// Sending the gallery to the client: the "gallery ready" mail (and whether it went), WhatsApp,
// marking it sent by hand, and the link's QR code to save or print.
import { Form } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { StudioTime } from "#app/components/admin/studio-time.tsx";
import type { GalleryRecord } from "#domain/galleries/galleries.server.ts";
import type { lastGalleryReadyMail } from "#domain/galleries/mail.server.ts";
import type { Answer } from "./answer.ts";
import { FormAnswer } from "./form-answer.tsx";

export function SendSection({
  gallery,
  whatsapp,
  qrCode,
  mail,
  answer,
}: {
  gallery: Pick<GalleryRecord, "id" | "clientEmail" | "clientPhone" | "sentAt">;
  /** The WhatsApp chat with the message typed in; null without a client's phone it can use. */
  whatsapp: string | null;
  /** The link's QR code as an SVG data URL. */
  qrCode: string;
  /** The last "gallery ready" mail, if one was queued. */
  mail: Awaited<ReturnType<typeof lastGalleryReadyMail>>;
  /** The answer to the last send or mark-as-sent, if it was one. */
  answer: Answer | undefined;
}) {
  return (
    <section aria-labelledby="send-heading" className="gw-panel">
      <h2 id="send-heading">Send to the client</h2>
      <p>
        {gallery.sentAt ? (
          <>
            Sent <StudioTime iso={gallery.sentAt} />.
          </>
        ) : (
          "Not sent yet."
        )}
        {mail ? (
          <>
            {" "}
            Last “gallery ready” mail:{" "}
            {mail.delivered_at ? (
              <>
                delivered <StudioTime iso={mail.delivered_at} />
              </>
            ) : mail.last_error ? (
              `not delivered yet (${mail.attempts} attempts): ${mail.last_error}`
            ) : (
              "queued"
            )}
            .
          </>
        ) : null}
      </p>
      <div className="admin-actions">
        <Form method="post" preventScrollReset>
          <CsrfField />
          <button type="submit" name="intent" value="send" className="button" disabled={!gallery.clientEmail}>
            Send “gallery ready” mail
          </button>
        </Form>
        {whatsapp ? (
          <a className="button" href={whatsapp} target="_blank" rel="noopener noreferrer">
            Share on WhatsApp
          </a>
        ) : null}
        <Form method="post" preventScrollReset>
          <CsrfField />
          <button type="submit" name="intent" value="mark-sent" className="button">
            Mark as sent
          </button>
        </Form>
      </div>
      <FormAnswer answer={answer} />
      {!gallery.clientEmail ? (
        <p className="admin-sub">Add the client's e-mail in the details to send it by mail.</p>
      ) : null}
      {!whatsapp ? (
        <p className="admin-sub">
          {gallery.clientPhone
            ? `WhatsApp cannot use ${gallery.clientPhone}: write it with its country code, like +91 98765 43210.`
            : "Add the client's phone in the details to share it on WhatsApp."}
        </p>
      ) : null}
      <figure className="gallery-qr">
        <img src={qrCode} alt="QR code of the gallery's private link" width={200} height={200} />
        <figcaption>
          <a href={qrCode} download={`gallery-${gallery.id}-qr.svg`}>
            Download the QR code
          </a>
        </figcaption>
      </figure>
    </section>
  );
}
