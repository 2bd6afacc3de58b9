// The mails an inquiry causes (to the studio, and the visitor's acknowledgement) and how they are
// written: the writer of the inquiry kinds that the outbox's sender is given at start
// (domain/mail/sender.server.ts; the SMTP transport is domain/mail/smtp.server.ts). The
// Message-ID is derived from the inquiry, so a copy sent twice (a crash between the server's
// "accepted" and our note of it) is recognisable as the same message by any mail client.
import type { Inquiry, InquiryMailKind } from "../../platform/db/schema.server.ts";
import type { InquiryMail } from "../mail/outbox.server.ts";
import type { Letter, MailWriter, MailWriters } from "../mail/sender.server.ts";
import { domainOf, type MailAddresses, type OutgoingMail } from "../mail/smtp.server.ts";
import { STUDIO_LANGUAGE, type StudioNameIn, type WordsFor } from "../mail/words.ts";
import { inquiriesByIds } from "./store.server.ts";

/** An inquiry as stored: every field goes into the studio's mail. */
export type InquiryForMail = Inquiry;

export function messageIdFor(inquiry: Pick<InquiryForMail, "id" | "uid">, kind: InquiryMailKind, from: string): string {
  return `<inquiry-${inquiry.id}.${inquiry.uid}${kind === "ack" ? ".ack" : ""}@${domainOf(from)}>`;
}

/**
 * An inquiry's mail: the visitor's acknowledgement in the language of the contact page they wrote
 * from (the inquiry's), the studio's in English. `wordsFor` gives the `mail` catalogue's words.
 */
export function composeMail(
  kind: InquiryMailKind,
  inquiry: InquiryForMail,
  addresses: MailAddresses,
  studioName: StudioNameIn,
  wordsFor: WordsFor,
): OutgoingMail {
  const messageId = messageIdFor(inquiry, kind, addresses.from);
  if (kind === "ack") {
    const words = wordsFor(inquiry.language);
    const studio = studioName(inquiry.language);
    // Nothing the visitor typed is echoed back: the form cannot be used to mail text to strangers.
    return {
      messageId,
      from: addresses.from,
      to: inquiry.email,
      replyTo: addresses.studio,
      subject: words("mail.inquiryAck.subject", { studio }),
      text: `${words("mail.inquiryAck.text")}\n\n${studio}\n`,
      headers: { "Auto-Submitted": "auto-replied", "Content-Language": inquiry.language },
    };
  }
  const words = wordsFor(STUDIO_LANGUAGE);
  const given = (value: string) => value || words("mail.inquiry.notGiven");
  const who = inquiry.name || inquiry.email || inquiry.phone;
  return {
    messageId,
    from: addresses.from,
    to: addresses.studio,
    ...(inquiry.email ? { replyTo: inquiry.email } : {}),
    subject: words("mail.inquiry.subject", { who, id: inquiry.id }),
    text: [
      words("mail.inquiry.intro", { id: inquiry.id }),
      "",
      words("mail.inquiry.name", { value: given(inquiry.name) }),
      words("mail.inquiry.phone", { value: given(inquiry.phone) }),
      words("mail.inquiry.email", { value: given(inquiry.email) }),
      words("mail.inquiry.page", { value: inquiry.page }),
      // The language the visitor wrote in: the studio may answer in it.
      words("mail.inquiry.language", { value: words(`mail.language.${inquiry.language}`) }),
      words("mail.inquiry.received", { value: inquiry.created_at }),
      "",
      words("mail.inquiry.message"),
      inquiry.message,
      "",
    ].join("\n"),
  };
}

/** Writes an inquiry's mails: its row read once for a round's mails about it. */
const inquiryMailWriter = (wordsFor: WordsFor): MailWriter<InquiryMail> => ({
  async letters(db, mails) {
    const ids = [...new Set(mails.map((mail) => mail.inquiryId))];
    const inquiries = await inquiriesByIds(db, ids);
    const byId = new Map(inquiries.map((inquiry) => [inquiry.id, inquiry]));
    return new Map(
      mails.flatMap((mail): [number, Letter][] => {
        const inquiry = byId.get(mail.inquiryId);
        return inquiry
          ? [[mail.id, ({ addresses, studioName }) => composeMail(mail.kind, inquiry, addresses, studioName, wordsFor)]]
          : [];
      }),
    );
  },
});

/** The inquiry kinds' writer, for the outbox's sender; `wordsFor` gives the `mail` catalogue's words. */
export function inquiryMailWriters(wordsFor: WordsFor): MailWriters {
  const writer = inquiryMailWriter(wordsFor);
  return { studio: writer, ack: writer };
}
