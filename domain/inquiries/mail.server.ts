// The mails an inquiry causes and the SMTP transport that sends them (nodemailer). The Message-ID
// is derived from the inquiry, so a copy sent twice (a crash between the server's "accepted" and
// our note of it) is recognisable as the same message by any mail client.
import nodemailer from "nodemailer";
import type { Inquiry, InquiryMailKind } from "../../platform/db/schema.server.ts";

/** Generous for a slow relay, short enough that shutdown is not held up for long. */
const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
const SMTP_SOCKET_TIMEOUT_MS = 30_000;

export interface OutgoingMail {
  messageId: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailAddresses {
  /** The studio's inbox: one address, or several separated by commas. */
  studio: string;
  from: string;
}

/** An inquiry as stored: every field goes into the studio's mail. */
export type InquiryForMail = Inquiry;

export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    // One kept-open connection: a burst is sent without a new handshake per message.
    pool: true,
    maxConnections: 1,
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      await transport.sendMail({ ...mail, disableFileAccess: true, disableUrlAccess: true });
    },
    close: () => transport.close(),
  };
}

/** Errors that say the server cannot be reached or used at all, not that one message failed. */
const SERVER_LEVEL_CODES = new Set(["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS", "ETLS", "EAUTH", "ECONNREFUSED"]);

/** SMTP's "service not available, closing the channel": the server is going away, not refusing this mail. */
const SERVICE_NOT_AVAILABLE = 421;

export function isServerLevelError(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return (typeof code === "string" && SERVER_LEVEL_CODES.has(code)) || responseCode === SERVICE_NOT_AVAILABLE;
}

/** The domain of a From address ("Nila <hello@nila.example>" gives nila.example), for Message-IDs. */
export function domainOf(address: string): string {
  return /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? "localhost";
}

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
