// The words of album proofing's messages (issue 32): the same text goes in a mail and, typed in,
// in a WhatsApp chat (wa.me), so the studio and the couple read one message whichever way it came.
// Plain functions of plain values: the mail writer, the admin's page and the couple's page share
// them. The words are the `mail` catalogue's (issue 33), given in the reader's language: the
// couple's (their gallery's) for theirs, English for the studio's.
import { greeting, type MailWords } from "../mail/words.ts";

export interface AlbumMessageFacts {
  albumTitle: string;
  versionNumber: number;
  studioName: string;
  /** The `mail` catalogue's words in the reader's language. */
  words: MailWords;
}

/** To the couple: a version to look at. */
export function albumSentMessage(facts: AlbumMessageFacts & { clientName: string; link: string }): string {
  const { words } = facts;
  const values = {
    hello: greeting(words, facts.clientName),
    album: facts.albumTitle,
    version: facts.versionNumber,
    link: facts.link,
  };
  return [
    words(facts.versionNumber === 1 ? "mail.album.sent.first" : "mail.album.sent.next", values),
    words("mail.album.sent.how"),
    facts.studioName,
  ].join("\n\n");
}

/** To the studio: the couple sent changes. */
export function albumChangesMessage(
  facts: AlbumMessageFacts & { galleryTitle: string; comments: number; adminLink: string },
): string {
  const { words } = facts;
  return [
    words("mail.album.changes.text", {
      version: facts.versionNumber,
      album: facts.albumTitle,
      gallery: facts.galleryTitle,
      comments: facts.comments,
    }),
    words("mail.album.changes.see", { link: facts.adminLink }),
  ].join("\n\n");
}

/**
 * To the studio (and a copy to the couple): the version is approved. `approvedAt` is the time
 * as the reader's language writes it.
 */
export function albumApprovedMessage(
  facts: AlbumMessageFacts & { galleryTitle: string; name: string; approvedAt: string; link: string },
): string {
  const { words } = facts;
  return [
    words("mail.album.approved.text", {
      version: facts.versionNumber,
      album: facts.albumTitle,
      gallery: facts.galleryTitle,
      name: facts.name,
      when: facts.approvedAt,
    }),
    words("mail.album.approved.link", { link: facts.link }),
    facts.studioName,
  ].join("\n\n");
}

/** To the couple, after the studio's number of days without an answer. */
export function albumReminderMessage(
  facts: AlbumMessageFacts & { clientName: string; link: string; days: number },
): string {
  const { words } = facts;
  return [
    words("mail.album.reminder.text", {
      hello: greeting(words, facts.clientName),
      version: facts.versionNumber,
      album: facts.albumTitle,
      days: facts.days,
      link: facts.link,
    }),
    words("mail.album.reminder.act"),
    facts.studioName,
  ].join("\n\n");
}
