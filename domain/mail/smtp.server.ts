// How the studio's mail leaves: a mail as the outbox's sender hands it over, and the SMTP
// transport (nodemailer) that sends it. Every kind of mail (an inquiry's, a client gallery's) is
// written by its own domain and sent through this one transport (sender.server.ts).
import nodemailer from "nodemailer";

/** Generous for a slow relay, short enough that shutdown is not held up for long. */
const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
const SMTP_SOCKET_TIMEOUT_MS = 30_000;

/** An image shown in a mail's HTML as `<img src="cid:{cid}">`, attached to the mail. */
export interface InlineImage {
  cid: string;
  filename: string;
  contentType: "image/jpeg" | "image/png";
  content: Buffer;
}

export interface OutgoingMail {
  messageId: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  /** Always there: the whole mail for a client that shows no HTML. */
  text: string;
  /** The same mail as HTML (sent beside the text, multipart/alternative). */
  html?: string;
  /** The images its HTML shows (multipart/related beside the HTML). */
  inlineImages?: readonly InlineImage[];
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
    async send({ inlineImages = [], ...mail }) {
      await transport.sendMail({
        ...mail,
        // nodemailer puts an attachment with a cid beside the HTML (multipart/related), inline.
        attachments: inlineImages.map((image) => ({ ...image, contentDisposition: "inline" as const })),
        disableFileAccess: true,
        disableUrlAccess: true,
      });
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
