// The words of album proofing's messages (issue 32): the same text goes in a mail and, typed in,
// in a WhatsApp chat (wa.me), so the studio and the couple read one message whichever way it came.
// Plain functions of plain values: the mail writer, the admin's page and the couple's page share them.

export interface AlbumMessageFacts {
  albumTitle: string;
  versionNumber: number;
  studioName: string;
}

function hello(name: string): string {
  return name.trim() ? `Hello ${name.trim()},` : "Hello,";
}

/** To the couple: a version to look at. */
export function albumSentMessage(facts: AlbumMessageFacts & { clientName: string; link: string }): string {
  const what =
    facts.versionNumber === 1
      ? `the design of your album "${facts.albumTitle}" is ready for you to see`
      : `version ${facts.versionNumber} of your album "${facts.albumTitle}" is ready, with the changes you asked for`;
  return [
    `${hello(facts.clientName)} ${what}: ${facts.link}`,
    "Tap a spot on a spread to tell us what to change, or approve it when you are happy.",
    facts.studioName,
  ].join("\n\n");
}

/** To the studio: the couple sent changes. */
export function albumChangesMessage(
  facts: AlbumMessageFacts & { galleryTitle: string; comments: number; adminLink: string },
): string {
  const count = facts.comments === 1 ? "1 comment" : `${facts.comments} comments`;
  return [
    `Changes asked for version ${facts.versionNumber} of the album "${facts.albumTitle}" (${facts.galleryTitle}): ${count}.`,
    `See them on the spreads: ${facts.adminLink}`,
  ].join("\n\n");
}

/** To the studio (and a copy to the couple): the version is approved. */
export function albumApprovedMessage(
  facts: AlbumMessageFacts & { galleryTitle: string; name: string; approvedAt: string; link: string },
): string {
  return [
    `Version ${facts.versionNumber} of the album "${facts.albumTitle}" (${facts.galleryTitle}) was approved by ${facts.name} on ${facts.approvedAt}.`,
    `The approval: ${facts.link}`,
    facts.studioName,
  ].join("\n\n");
}

/** To the couple, after the studio's number of days without an answer. */
export function albumReminderMessage(
  facts: AlbumMessageFacts & { clientName: string; link: string; days: number },
): string {
  return [
    `${hello(facts.clientName)} version ${facts.versionNumber} of your album "${facts.albumTitle}" has been waiting for you for ${facts.days} days: ${facts.link}`,
    "Send us your changes, or approve it, and we will take it to print.",
    facts.studioName,
  ].join("\n\n");
}
