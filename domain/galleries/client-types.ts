// What a client gallery's page hands its components (and the browser its photo pages): shared
// by the server modules and the page, so it holds only types and the paging constants.
import type { CompactImage } from "./compact-image.ts";
import type { ShapeCodes } from "./shape-codes.ts";

/** Every client gallery's pages live under /g/{token}. */
export const CLIENT_GALLERY_PREFIX = "/g";
/** A gallery's event link for its guests (issue 31) and each guest's own pages: /e/{token}/…. */
export const EVENT_PREFIX = "/e";

export function isEventPath(pathname: string): boolean {
  return pathname.startsWith(`${EVENT_PREFIX}/`);
}

/**
 * A page of a client gallery: the couple's (/g/) or its guests' (/e/). Each belongs to the people
 * holding its link: never cached for others, never indexed, styled with the gallery's own CSS.
 */
export function isClientGalleryPath(pathname: string): boolean {
  return pathname.startsWith(`${CLIENT_GALLERY_PREFIX}/`) || isEventPath(pathname);
}

/** An album's pages under a gallery's link (/g/{token}/album…, issue 32): they carry the album's CSS too. */
export function isAlbumPath(pathname: string): boolean {
  return /^\/g\/[^/]+\/album(\/|$)/.test(pathname);
}

/** Photos in the first document, across its sets: a phone's first two screens, a desktop's first. */
export const FIRST_SCREEN_PHOTOS = 24;
/** Photos per later fetch, and per page before JavaScript. */
export const PHOTOS_PER_PAGE = 60;

/** In a page's address (with list=): only the photos in the person's list ("only my favourites"). */
export const ONLY_LIST_QUERY = "only=list";
export function asksOnlyList(search: URLSearchParams): boolean {
  return search.get("only") === "list";
}

export interface GalleryPhoto {
  id: number;
  /** Its files, and the large one its link opens before JavaScript. */
  image: CompactImage;
  /** In the person's current list. */
  hearted: boolean;
  /** Their note on it for the studio. */
  comment: string;
  /** Kept from the wedding's guests by the couple or the studio (issue 31); only said while guest search is on. */
  guestHidden?: true;
}

export interface SetWindow {
  id: number;
  title: string;
  /** All the set's photos. */
  count: number;
  /** Where `photos` starts in the set. */
  offset: number;
  photos: GalleryPhoto[];
  /** Every photo's shape, from the set's first (the page lays out the whole set with them). */
  shapes: ShapeCodes;
  /** Where the person's hearted photos are in the set: their boxes hold the note's line too. */
  hearted: number[];
}

/** /g/:token/photos?set=&offset=&list=: one page of a set. */
export interface PhotoPage {
  count: number;
  offset: number;
  photos: GalleryPhoto[];
}

export interface SelectionList {
  id: number;
  name: string;
  /** Null: any number of photos. */
  itemLimit: number | null;
  count: number;
  /** Stored UTC time; set: the list is locked. */
  submittedAt: string | null;
  /** Stored UTC time the studio reopened it, until it is sent again. */
  reopenedAt: string | null;
}

/** The answer to a heart, unheart or note, from either route. */
export interface ItemAnswer {
  ok: boolean;
  photoId: number | null;
  hearted: boolean;
  /** The list's count after the request. */
  count: number | null;
  message: string;
}

/** Photos per page of a guest's matches (issue 31): two phone screens, a document well under 100 KB. */
export const GUEST_PHOTOS_PER_PAGE = 30;

/** One page of a guest's photos, best matches first. */
export interface GuestPage {
  /** How many of the matched photos the guest may see. */
  count: number;
  page: number;
  pages: number;
  photos: GalleryPhoto[];
}
