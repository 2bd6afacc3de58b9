// What the review of a gallery's picks shows of each group of photos (one list's, or two lists'
// in both and in only one), shared by its loader and its components.
import type { Thumbnail } from "#domain/catalog/images.server.ts";

/**
 * Photos per group and page: a wedding's 300-photo list is five light pages, not one document
 * of 300 thumbnails (and a comparison of two such lists 600); beyond the first row each
 * thumbnail loads only as it nears the screen.
 */
export const PICKS_PER_PAGE = 60;

/** One list's photos, or a comparison's three groups. */
export type GroupKey = "list" | "both" | "onlyA" | "onlyB";

/** The query parameter that holds a group's page number ("bothPage=2"): each group pages on its own. */
export function pageParam(key: GroupKey): string {
  return `${key}Page`;
}

/** A note a person left on a photo, with whose it is. */
export interface PickNote {
  who: string;
  text: string;
}

export interface ShownPick {
  photoId: number;
  fileName: string;
  setTitle: string;
  /** Null when its image files are missing (repair-media makes them again). */
  thumbnail: Thumbnail | null;
  /** How many people hearted it, in any of their lists. */
  hearts: number;
  notes: PickNote[];
}

export interface PicksPage {
  key: GroupKey;
  /** The group's photos in all (its count), and this page of them. */
  total: number;
  page: number;
  pages: number;
  photos: ShownPick[];
}
