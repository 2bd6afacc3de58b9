// Every kind of mail's writer, as the server registers them at start (server/startup.ts), for a
// test that runs the outbox's sender: it refuses to start while a kind has no writer. The
// galleries' writer reads the photos its mails show from `storage`.
import { ALBUM_MAIL_WRITERS } from "#domain/albums/mail.server.ts";
import { galleryMailWriters } from "#domain/galleries/mail.server.ts";
import { INQUIRY_MAIL_WRITERS } from "#domain/inquiries/mail.server.ts";
import type { MailWriters } from "#domain/mail/sender.server.ts";
import type { MediaStorage } from "#domain/media/storage.server.ts";

export function mailWriters(storage: MediaStorage): readonly MailWriters[] {
  return [INQUIRY_MAIL_WRITERS, galleryMailWriters(storage), ALBUM_MAIL_WRITERS];
}
