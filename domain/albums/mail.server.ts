// Album proofing's mails (issue 32), sent through the one outbox (domain/mail): "a version to look
// at" to the couple, "changes asked" and "approved" to the studio with a copy of the approval to
// the couple, and a reminder to the couple after the studio's number of days without an answer.
// Each is queued in the transaction that moves the version (proofing.server.ts), so none is lost
// nor sent for a move that did not happen; the couple's only when the gallery has their address
// (the studio then has the WhatsApp message). Their words are messages.ts's, the same as a
// WhatsApp message's. This module is the album kinds' writer the sender is given at start, and
// queues the reminders that fall due before each claim.
import { type Database, inTransaction } from "../../platform/db/db.server.ts";
import type { AlbumMailKind, Day } from "../../platform/db/schema.server.ts";
import { DAY_MS } from "../../platform/time.ts";
import { studioTimeIn } from "../catalog/language-dates.ts";
import { readStudioRow } from "../catalog/read-model.server.ts";
import { ALBUM_REMINDER_DAYS } from "../catalog/settings-fields.ts";
import { DEFAULT_TIME_ZONE, studioDay } from "../catalog/studio-time.ts";
import { type GalleryRecord, readGalleries } from "../galleries/galleries.server.ts";
import { galleryLink, titleForClient } from "../galleries/sending.server.ts";
import { type AlbumMail, enqueueMail } from "../mail/outbox.server.ts";
import type { Letter, MailWriter, MailWriters } from "../mail/sender.server.ts";
import { domainOf, type MailAddresses, type OutgoingMail } from "../mail/smtp.server.ts";
import { type MailLanguage, STUDIO_LANGUAGE, type StudioNameIn, type WordsFor } from "../mail/words.ts";
import { albumApprovedMessage, albumChangesMessage, albumReminderMessage, albumSentMessage } from "./messages.ts";
import { markReminded, type VersionForMail, versionsAwaitingAnswer, versionsForMail } from "./store.server.ts";

/** The kinds that go to the couple (the rest go to the studio). */
const TO_THE_COUPLE: ReadonlySet<AlbumMailKind> = new Set(["album-sent", "album-approved-client", "album-reminder"]);

/** The couple's page of an album, under their gallery's link. */
export function albumLink(origin: string, token: string, albumId: number): string {
  return `${galleryLink(origin, token)}/album/${albumId}`;
}

/** The studio's page of an album. */
export function albumAdminLink(origin: string, galleryId: number, albumId: number): string {
  return `${origin}/admin/galleries/${galleryId}/albums/${albumId}`;
}

/**
 * Queues these mails about a version, in the caller's transaction: the couple's are left out when
 * the gallery has no e-mail address for them. Returns the kinds queued.
 */
export async function queueAlbumMails(
  db: Database,
  kinds: readonly AlbumMailKind[],
  about: { galleryId: number; albumVersionId: number },
  now: Date,
): Promise<AlbumMailKind[]> {
  const [gallery] = await readGalleries(db, { id: about.galleryId, scope: "any" });
  const reachable = (gallery?.clientEmail ?? "") !== "";
  const queued = kinds.filter((kind) => reachable || !TO_THE_COUPLE.has(kind));
  await enqueueMail(
    db,
    queued.map((kind): AlbumMail => ({ kind, ...about })),
    now,
  );
  return queued;
}

/**
 * Queues the reminder of every version sent and unanswered, with no activity for the studio's
 * album_reminder_days (0: never), once: reminded_at is set in the same transaction, and only
 * while the version is still sent and not reminded. Only for galleries live on the studio's day
 * with the couple's address. The sender calls this before each claim (the album kinds' writer).
 * Returns how many were queued.
 */
export async function queueDueAlbumReminders(db: Database, now = new Date()): Promise<number> {
  const studio = await readStudioRow(db);
  const days = studio?.album_reminder_days ?? ALBUM_REMINDER_DAYS.default;
  if (days <= 0) return 0;
  const quietSince = new Date(now.getTime() - days * DAY_MS);
  const today = studioDay(studio?.time_zone ?? DEFAULT_TIME_ZONE, now);
  // Every outbox round asks; nearly always nothing is due. Asked first outside a transaction, since
  // a transaction takes the write lock (platform/db/sqlite-dialect.server.ts) from its start.
  if ((await dueForReminder(db, quietSince, today)).length === 0) return 0;
  return inTransaction(db, async (trx) => {
    let queued = 0;
    for (const version of await dueForReminder(trx, quietSince, today)) {
      // Marked first: another sender that got there before leaves nothing to mark, and no second mail.
      if (!(await markReminded(trx, version.id, now))) continue;
      await enqueueMail(trx, { kind: "album-reminder", galleryId: version.galleryId, albumVersionId: version.id }, now);
      queued++;
    }
    return queued;
  });
}

/**
 * The versions quiet since `quietSince` whose couple can be reached: their gallery live on the
 * studio's day `today` (not in the trash, not revoked, not past its last day) with an address.
 */
async function dueForReminder(db: Database, quietSince: Date, today: Day) {
  const versions = await versionsAwaitingAnswer(db, quietSince);
  if (versions.length === 0) return [];
  const galleries = await galleriesById(
    db,
    versions.map((v) => v.galleryId),
    "live",
  );
  return versions.filter((v) => {
    const gallery = galleries.get(v.galleryId);
    return (
      gallery !== undefined &&
      gallery.revokedAt === null &&
      (gallery.expiresOn === null || gallery.expiresOn >= today) &&
      gallery.clientEmail !== ""
    );
  });
}

/** The galleries of these ids, read once. */
async function galleriesById(db: Database, ids: readonly number[], scope: "live" | "any") {
  const wanted = new Set(ids);
  const galleries = wanted.size === 0 ? [] : await readGalleries(db, { scope });
  return new Map(galleries.filter((g) => wanted.has(g.id)).map((g) => [g.id, g]));
}

export function albumMessageId(mailId: number, kind: AlbumMailKind, from: string): string {
  return `<${kind}-${mailId}@${domainOf(from)}>`;
}

/**
 * What an album mail says: its version and album, and its gallery's title (and Tamil title), its
 * couple and their language.
 */
type MailFacts = VersionForMail &
  Pick<GalleryRecord, "clientName" | "clientEmail" | "token" | "language"> & {
    galleryTitle: string;
    galleryTitleTa: string | null;
  };

/** Whole days the couple had been quiet when reminded (the setting's days, or more after a pause). */
function daysWaited(version: MailFacts): number {
  if (version.remindedAt === null) return 0;
  return Math.floor((Date.parse(version.remindedAt) - Date.parse(version.lastActivityAt)) / DAY_MS);
}

/**
 * The mail of one album row. The couple's come from the studio's address with replies to the
 * studio and link to their album page, written in their gallery's language; the studio's link to
 * the album's admin page, in English. `wordsFor` gives the `mail` catalogue's words.
 */
export function composeAlbumMail(
  mail: { id: number; kind: AlbumMailKind; version: MailFacts },
  context: { addresses: MailAddresses; studioName: StudioNameIn; origin: string; timeZone: string; wordsFor: WordsFor },
): OutgoingMail {
  const { version } = mail;
  const { addresses, studioName, origin } = context;
  const toTheCouple = TO_THE_COUPLE.has(mail.kind);
  const language: MailLanguage = toTheCouple ? version.language : STUDIO_LANGUAGE;
  const words = context.wordsFor(language);
  // The couple read the album's and the gallery's titles in Tamil where the studio wrote them; the studio in English.
  const albumTitle = toTheCouple
    ? titleForClient({ title: version.albumTitle, titleTa: version.albumTitleTa, language })
    : version.albumTitle;
  const galleryTitle = toTheCouple
    ? titleForClient({ title: version.galleryTitle, titleTa: version.galleryTitleTa, language })
    : version.galleryTitle;
  const facts = {
    albumTitle,
    versionNumber: version.number,
    studioName: studioName(language),
    words,
  };
  const link = albumLink(origin, version.token, version.albumId);
  const adminLink = albumAdminLink(origin, version.galleryId, version.albumId);
  const messageId = albumMessageId(mail.id, mail.kind, addresses.from);
  const toStudio = (subject: string, text: string): OutgoingMail => ({
    messageId,
    from: addresses.from,
    to: addresses.studio,
    subject,
    text: `${text}\n`,
  });
  const toCouple = (subject: string, text: string): OutgoingMail => {
    // Queued only with an address; one removed since is a failure the studio sees, not a mail lost quietly.
    if (!version.clientEmail) throw new Error(`gallery ${version.galleryId} has no client e-mail address`);
    return {
      messageId,
      from: addresses.from,
      to: version.clientEmail,
      replyTo: addresses.studio,
      subject,
      text: `${text}\n`,
      // Tells mail clients (and their read-aloud and translate offers) which language the mail is in.
      headers: { "Content-Language": language },
    };
  };
  const about = { album: albumTitle, version: version.number, gallery: galleryTitle };
  const approved = () => {
    const approval = version.approval;
    if (!approval) throw new Error(`album version ${version.id} has no approval`);
    return { name: approval.name, approvedAt: studioTimeIn(language, approval.approvedAt, context.timeZone) };
  };
  switch (mail.kind) {
    case "album-sent":
      return toCouple(
        words(version.number === 1 ? "mail.album.sent.subjectFirst" : "mail.album.sent.subjectNext", about),
        albumSentMessage({ ...facts, clientName: version.clientName, link }),
      );
    case "album-changes":
      return toStudio(
        words("mail.album.changes.subject", about),
        albumChangesMessage({ ...facts, galleryTitle, comments: version.comments, adminLink }),
      );
    case "album-approved":
      return toStudio(
        words("mail.album.approved.subject", about),
        albumApprovedMessage({ ...facts, galleryTitle, ...approved(), link: adminLink }),
      );
    case "album-approved-client":
      return toCouple(
        words("mail.album.approvedClient.subject", about),
        albumApprovedMessage({ ...facts, galleryTitle, ...approved(), link }),
      );
    case "album-reminder":
      return toCouple(
        words("mail.album.reminder.subject", about),
        albumReminderMessage({ ...facts, clientName: version.clientName, link, days: daysWaited(version) }),
      );
  }
}

/**
 * Writes the album mails (their versions read once for a round) and queues the reminders due;
 * `wordsFor` gives the `mail` catalogue's words in a language.
 */
const albumMailWriter = (wordsFor: WordsFor): MailWriter<AlbumMail> => ({
  async letters(db, mails) {
    const versions = await versionsForMail(
      db,
      mails.map((mail) => mail.albumVersionId),
    );
    // A gallery in the trash still has its mails written (as the gallery kinds do).
    const galleries = await galleriesById(
      db,
      [...versions.values()].map((v) => v.galleryId),
      "any",
    );
    const timeZone = (await readStudioRow(db))?.time_zone ?? DEFAULT_TIME_ZONE;
    return new Map(
      mails.flatMap((mail): [number, Letter][] => {
        const found = versions.get(mail.albumVersionId);
        const gallery = found && galleries.get(found.galleryId);
        if (!found || !gallery) return [];
        const version: MailFacts = {
          ...found,
          galleryTitle: gallery.title,
          galleryTitleTa: gallery.titleTa,
          language: gallery.language,
          clientName: gallery.clientName,
          clientEmail: gallery.clientEmail,
          token: gallery.token,
        };
        return [
          [
            mail.id,
            (context) =>
              composeAlbumMail({ id: mail.id, kind: mail.kind, version }, { ...context, timeZone, wordsFor }),
          ],
        ];
      }),
    );
  },
  async queueDue(db, now) {
    await queueDueAlbumReminders(db, now);
  },
});

/** The album kinds' writer, for the outbox's sender; `wordsFor` gives the `mail` catalogue's words. */
export function albumMailWriters(wordsFor: WordsFor): MailWriters {
  const writer = albumMailWriter(wordsFor);
  return {
    "album-sent": writer,
    "album-changes": writer,
    "album-approved": writer,
    "album-approved-client": writer,
    "album-reminder": writer,
  };
}
