// What the admin's image picker shares between the browser (components/admin/image-picker.tsx)
// and the server (image-picker.server.ts, GET /admin/images): the shape of a page of images,
// where the page is, and how consecutive images fall into groups.
import type { ResponsiveImage } from "./types.ts";

/** Where an image in no shoot is listed (banners, logos, images uploaded in a form). */
export const OTHER_IMAGES_GROUP = "Other images";

/** The picker's resource route. */
export const IMAGE_PAGES_PATH = "/admin/images";

export interface ImagePageItem {
  assetId: number;
  /**
   * Set when the page lists one client gallery's photos (its cover is a photo, and one file may
   * be two photos there): what choosing it picks.
   */
  photoId?: number;
  fileName: string;
  /** The shoot it is listed under (its first, if several), or OTHER_IMAGES_GROUP. */
  group: string;
  image: ResponsiveImage;
}

export interface ImagePage {
  /** The search as the server read it (trimmed). */
  q: string;
  offset: number;
  /** How many images match, over all pages. */
  total: number;
  /** The offset of the next page, or null when this is the last. */
  nextOffset: number | null;
  items: ImagePageItem[];
}

/** Consecutive items of one group, as [group, items] pairs, in the order given. */
export function groupsOf<T extends { group: string }>(items: readonly T[]): [string, T[]][] {
  const groups: [string, T[]][] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last[0] === item.group) last[1].push(item);
    else groups.push([item.group, [item]]);
  }
  return groups;
}
