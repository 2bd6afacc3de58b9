// Which message catalogues a page needs (ADR 047): the site's shell everywhere, then its area's.
// The server holds them all; the browser loads these before it hydrates (entry.client.tsx). A
// gallery's or event's page also loads the public pages' (a few KB): its header and footer link
// there, and that navigation happens in the browser, which must already hold their words.
import type { Messages } from "@lingui/core";
import type { Language } from "./languages.ts";

export const CATALOG_NAMES = ["site", "public", "gallery", "album", "event", "mail"] as const;
export type CatalogName = (typeof CATALOG_NAMES)[number];

export function catalogsFor(pathname: string): CatalogName[] {
  if (/^\/g\//.test(pathname)) return ["site", "public", "gallery", "album"];
  if (/^\/e\//.test(pathname)) return ["site", "public", "event"];
  return ["site", "public"];
}

/** What the catalogues loaded so far hold, by language: each registers itself as it arrives. */
const loaded: Record<Language, Messages> = { en: {}, ta: {} };

export function registerCatalog(lang: Language, messages: Messages): void {
  Object.assign(loaded[lang], messages);
}

export function loadedMessages(lang: Language): Messages {
  return loaded[lang];
}
