// What the album routes (app/routes/galleries/album.tsx, albums.tsx) hand their screens: plain
// values, safe for the browser (no visitor ids but the person's own, no address).
import type { ResponsiveImage } from "#domain/catalog/types.ts";
import type { CompactImage } from "#domain/galleries/compact-image.ts";
import type { FormAnswer } from "../client-gallery/page-data.ts";

/**
 * The spreads after the one on screen fetched ahead (at the screen's size), once the first has
 * shown: the next swipes show at once.
 */
export const PRELOADED_AFTER_FIRST = 2;
/**
 * The spreads that come with their blurred placeholder: the first and those fetched with it. The
 * rest are fetched before a swipe reaches them; 37 placeholders were a third of the first
 * document's compressed bytes, on a phone the round trip before the first spread is asked for.
 */
export const SPREADS_WITH_PLACEHOLDER = 1 + PRELOADED_AFTER_FIRST;

export type AlbumForm = "comment" | "remove" | "ok" | "send" | "approve";

/** A refused form of the album's page: which, on which spread, what it said and what was typed. */
export interface AlbumAnswer {
  form: FormAnswer["form"] | AlbumForm;
  message: string;
  spread?: number;
  values?: Record<string, string>;
  fields?: Record<string, string>;
}

export interface AlbumComment {
  id: number;
  spread: number;
  /** Its number among its spread's comments, as its pin shows it. */
  place: number;
  x: number | null;
  y: number | null;
  author: string;
  text: string;
  swap: CompactImage | null;
  /** The person's own, and not resolved yet: theirs to remove. */
  removable: boolean;
  resolved: boolean;
  answeredIn: number | null;
}

export interface AlbumSpread {
  number: number;
  image: ResponsiveImage;
  /** The largest file, for the zoom before JavaScript. */
  large: string;
  changed: boolean;
  comments: AlbumComment[];
  /** Marked OK by this person; by how many people in all. */
  okByMe: boolean;
  okCount: number;
}

export interface AlbumPage {
  kind: "open";
  /** The gallery's link, and this album's page under it. */
  base: string;
  path: string;
  galleryTitle: string;
  albumTitle: string;
  /** More than one album: a way back to their list. */
  severalAlbums: boolean;
  version: {
    id: number;
    number: number;
    state: "sent" | "changes" | "approved";
    sentAt: string | null;
    /** Comments on this version, for "send changes". */
    comments: number;
    spreads: AlbumSpread[];
    answers: AlbumComment[];
    approval: { name: string; at: string; addressRecorded: boolean } | null;
  };
  visitor: { name: string } | null;
  /** The gallery's sets, the swap picker's tabs. */
  sets: { id: number; title: string }[];
  /** After changes were sent or the version approved: the thanks, and a WhatsApp chat with the studio. */
  done: "changes" | "approved" | null;
  whatsapp: string | null;
  limits: { comment: number; name: number };
}
