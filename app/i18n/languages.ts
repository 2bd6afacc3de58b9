// The languages a visitor, client or guest reads (issue 33, ADR 047) and how a public page's URL
// says which: English at the spec's paths, Tamil under /ta/. Shared by the server and the browser.

import { DATE_LOCALE } from "../../domain/catalog/language-dates.ts";
import { CONTENT_LANGUAGES, type ContentLanguage } from "../../domain/catalog/localized.ts";

/** The studio's content's languages are the pages' (the domain's list: it cannot import this one). */
export const LANGUAGES = CONTENT_LANGUAGES;
export type Language = ContentLanguage;

export const DEFAULT_LANGUAGE: Language = "en";

/** The tag Intl formats with: India's Tamil ("25 ஜனவரி 2026") and India's English (the domain's dates'). */
export const INTL_LOCALE: Record<Language, string> = DATE_LOCALE;

/** Each language named in itself, for the switch (a reader looks for their own script). */
export const LANGUAGE_NAME: Record<Language, string> = { en: "English", ta: "தமிழ்" };

/** The path prefix of a language's public pages; English has none. */
const PREFIX: Record<Language, string> = { en: "", ta: "/ta" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a public path is in: /ta and /ta/... are Tamil, every other path English. */
export function languageOfPath(pathname: string): Language {
  return pathname === PREFIX.ta || pathname.startsWith(`${PREFIX.ta}/`) ? "ta" : "en";
}

/** A path without its language prefix: the page's English path. */
export function basePath(pathname: string): string {
  const lang = languageOfPath(pathname);
  if (lang === "en") return pathname;
  const rest = pathname.slice(PREFIX[lang].length);
  return rest === "" ? "/" : rest;
}

/**
 * `to` (an English path, maybe with a query or hash) in `lang`: /about is /ta/about in Tamil, / is
 * /ta. Paths outside the public site (a gallery's /g/..., the API, files) are left as they are.
 */
export function pathIn(lang: Language, to: string): string {
  if (lang === "en" || !to.startsWith("/") || !isTranslatedPath(to)) return to;
  return to === "/" || /^\/[?#]/.test(to) ? `${PREFIX[lang]}${to.slice(1)}` : `${PREFIX[lang]}${to}`;
}

/** The public site's pages, which have a Tamil URL; everything else has one URL for both. */
const UNTRANSLATED = /^\/(g|e|admin|api|media|assets|healthz|sitemap\.xml|robots\.txt)(\/|$|[?#])/;

export function isTranslatedPath(to: string): boolean {
  return to.startsWith("/") && !UNTRANSLATED.test(to) && languageOfPath(to) === "en";
}
