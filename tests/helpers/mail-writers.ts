// Every kind of mail's writer, as the server registers them at start (server/startup.ts), for a
// test that runs the outbox's sender: it refuses to start while a kind has no writer. The
// galleries' writer reads the photos its mails show from `storage`. Their words are the `mail`
// catalogue's, as the server gives them (Vitest compiles the catalogues as the build does).
import { mailWordsFor } from "#app/i18n/mail-words.server.ts";
import { albumMailWriters } from "#domain/albums/mail.server.ts";
import { galleryMailWriters } from "#domain/galleries/mail.server.ts";
import { inquiryMailWriters } from "#domain/inquiries/mail.server.ts";
import type { MailWriters } from "#domain/mail/sender.server.ts";
import type { MediaStorage } from "#domain/media/storage.server.ts";

/** The words the server gives the writers, for a test that writes a mail or a message itself. */
export { mailWordsFor };

export function mailWriters(storage: MediaStorage): readonly MailWriters[] {
  return [inquiryMailWriters(mailWordsFor), galleryMailWriters(storage, mailWordsFor), albumMailWriters(mailWordsFor)];
}
