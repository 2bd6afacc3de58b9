// The mails an inquiry causes (to the studio, and the visitor's acknowledgement) and how they are
// written: the writer of the inquiry kinds that the outbox's sender is given at start
// (domain/mail/sender.server.ts; the SMTP transport is domain/mail/smtp.server.ts). The
// Message-ID is derived from the inquiry, so a copy sent twice (a crash between the server's
// "accepted" and our note of it) is recognisable as the same message by any mail client.
import type { Inquiry, InquiryMailKind } from "../../platform/db/schema.server.ts";
import type { InquiryMail } from "../mail/outbox.server.ts";
import type { Letter, MailWriter, MailWriters } from "../mail/sender.server.ts";
import { domainOf, type MailAddresses, type OutgoingMail } from "../mail/smtp.server.ts";
import { inquiriesByIds } from "./store.server.ts";

/** An inquiry as stored: every field goes into the studio's mail. */
export type InquiryForMail = Inquiry;

export function messageIdFor(inquiry: Pick<InquiryForMail, "id" | "uid">, kind: InquiryMailKind, from: string): string {
  return `<inquiry-${inquiry.id}.${inquiry.uid}${kind === "ack" ? ".ack" : ""}@${domainOf(from)}>`;
}

export function composeMail(
  kind: InquiryMailKind,
  inquiry: InquiryForMail,
  addresses: MailAddresses,
  studioName: string,
): OutgoingMail {
  const messageId = messageIdFor(inquiry, kind, addresses.from);
  if (kind === "ack") {
    // Nothing the visitor typed is echoed back: the form cannot be used to mail text to strangers.
    return {
      messageId,
      from: addresses.from,
      to: inquiry.email,
      replyTo: addresses.studio,
      subject: `Thank you for contacting ${studioName}`,
      text: `Thank you for your message. It has reached us, and we'll contact you soon.\n\n${studioName}\n`,
      headers: { "Auto-Submitted": "auto-replied" },
    };
  }
  const who = inquiry.name || inquiry.email || inquiry.phone;
  return {
    messageId,
    from: addresses.from,
    to: addresses.studio,
    ...(inquiry.email ? { replyTo: inquiry.email } : {}),
    subject: `Website inquiry from ${who} (#${inquiry.id})`,
    text: [
      `A new inquiry from the website (#${inquiry.id}).`,
      "",
      `Name: ${inquiry.name || "(not given)"}`,
      `Phone Number: ${inquiry.phone || "(not given)"}`,
      `Email: ${inquiry.email || "(not given)"}`,
      `Page: ${inquiry.page}`,
      `Received: ${inquiry.created_at}`,
      "",
      "Message:",
      inquiry.message,
      "",
    ].join("\n"),
  };
}

/** Writes an inquiry's mails: its row read once for a round's mails about it. */
const inquiryMailWriter: MailWriter<InquiryMail> = {
  async letters(db, mails) {
    const ids = [...new Set(mails.map((mail) => mail.inquiryId))];
    const inquiries = await inquiriesByIds(db, ids);
    const byId = new Map(inquiries.map((inquiry) => [inquiry.id, inquiry]));
    return new Map(
      mails.flatMap((mail): [number, Letter][] => {
        const inquiry = byId.get(mail.inquiryId);
        return inquiry
          ? [[mail.id, ({ addresses, studioName }) => composeMail(mail.kind, inquiry, addresses, studioName)]]
          : [];
      }),
    );
  },
};

/** The inquiry kinds' writer, for the outbox's sender. */
export const INQUIRY_MAIL_WRITERS: MailWriters = { studio: inquiryMailWriter, ack: inquiryMailWriter };
