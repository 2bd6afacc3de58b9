// Every kind of mail's writer, as the server registers them at start (server/startup.ts), for a
// test that runs the outbox's sender: it refuses to start while a kind has no writer.
import { GALLERY_MAIL_WRITERS } from "#domain/galleries/mail.server.ts";
import { INQUIRY_MAIL_WRITERS } from "#domain/inquiries/mail.server.ts";
import type { MailWriters } from "#domain/mail/sender.server.ts";

export const MAIL_WRITERS: readonly MailWriters[] = [INQUIRY_MAIL_WRITERS, GALLERY_MAIL_WRITERS];
