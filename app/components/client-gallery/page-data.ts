// What the gallery route hands its screens, shared by the page and the panel that reads it.
import type { ResponsiveImage } from "#domain/catalog/types.ts";
import type { SelectionList, SetWindow } from "#domain/galleries/client-types.ts";

/** A form the route refused, with what was typed, for the screen to show beside that form. */
export interface FormAnswer {
  form: "pin" | "enter" | "list" | "submit" | "item";
  message: string;
  values?: Record<string, string>;
  fields?: Record<string, string>;
}

export interface OpenPage {
  base: string;
  title: string;
  eventDate: string | null;
  /** The gallery's cover, shown as the hero (null: none). */
  cover: ResponsiveImage | null;
  paged: boolean;
  sets: SetWindow[];
  /** Only the photos in the person's current list ("only my favourites"); its empty sets left out. */
  only: boolean;
  visitor: { name: string } | null;
  lists: SelectionList[];
  list: SelectionList | null;
  /** Downloads: none, open to this browser, or behind the download PIN (asked on the downloads page). */
  downloads: "off" | "open" | "pin";
  /** The wedding's guests may search these photos with a selfie: the viewer lets the couple hide one from them. */
  guests: boolean;
  /** How many albums the studio has sent the couple to look at (issue 32): a link to them when any. */
  albums: number;
}
