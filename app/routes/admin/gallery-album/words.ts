// An album's state, its comments' numbers and their pins' places as the studio's pages say them (the Albums panel,
// the album's page, the exported comments): plain functions of the domain's values.
import type { AlbumVersionState } from "#domain/albums/store.server.ts";

/** "viewed" is the studio's word for a sent version the couple has opened. */
export function albumStateText(version: { state: AlbumVersionState; viewedAt: string | null }): string {
  switch (version.state) {
    case "draft":
      return "draft";
    case "sent":
      return version.viewedAt ? "viewed" : "sent";
    case "changes":
      return "changes asked";
    case "approved":
      return "approved";
  }
}

/**
 * Each comment's number within its version (1, 2... by spread, then in the order they came), the
 * number on its pin and in the lists: comment id → number.
 */
export function commentNumbers(comments: readonly { id: number; spread: number }[]): Map<number, number> {
  const ordered = [...comments].sort((a, b) => a.spread - b.spread || a.id - b.id);
  return new Map(ordered.map((c, i) => [c.id, i + 1]));
}

/** A SHA-256's short form, as the approval record shows it (the full one is in its title). */
export const shortHash = (sha256: string) => sha256.slice(0, 12);

/** Where a pin is, in words for a printed list: the page of the spread, and how far across and down it. */
export function pinPosition(x: number | null, y: number | null): string {
  if (x === null || y === null) return "the whole spread";
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  // A spread is two pages side by side: its left half is the left page.
  return `${x < 0.5 ? "left page" : "right page"}, ${percent(x)} across, ${percent(y)} down`;
}
