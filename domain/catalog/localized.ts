// The studio's own words in the page's language (issue 33): each visitor-facing text the admin
// edits has an optional Tamil version beside the English (migration 0027). A Tamil page shows
// the Tamil where the studio wrote one and the English otherwise, never an empty text; an
// English page always shows the English. Shared by the public pages, the content API and the
// client gallery, so each falls back the same way.

/** The languages the studio's content comes in, and the pages' (app/i18n/languages.ts takes this list). */
export const CONTENT_LANGUAGES = ["en", "ta"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** The text to show in `language`: the Tamil when asked for and written (not blank), else the English. */
export function inLanguage(language: ContentLanguage, english: string, tamil: string | null | undefined): string {
  return language === "ta" && tamil != null && tamil.trim() !== "" ? tamil : english;
}

/**
 * A title the studio writes in English and, optionally, Tamil (a client gallery, its sets, an
 * album): `titleTa` null is "not translated".
 */
export interface Titles {
  title: string;
  titleTa: string | null;
}

/** The two fields of a title in the studio's forms (app/components/admin/title-fields.tsx). */
export type TitleField = keyof Titles;

/** A title in `language`, falling back as inLanguage does. */
export function titleIn(language: ContentLanguage, item: Titles): string {
  return inLanguage(language, item.title, item.titleTa);
}

/** A title form's two fields as typed, to check and to show again beside a refusal. */
export function typedTitles(form: FormData): Record<TitleField, string> {
  return { title: String(form.get("title") ?? ""), titleTa: String(form.get("titleTa") ?? "") };
}

/** A Tamil field as the admin sent it, to store: trimmed, and null when left empty (not translated). */
export function tamilToStore(value: FormDataEntryValue | null | undefined): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  return text === "" ? null : text;
}

/** The name of a form's Tamil field beside its English one: "title" -> "titleTa". */
export const tamilField = <F extends string>(field: F): `${F}Ta` => `${field}Ta`;
