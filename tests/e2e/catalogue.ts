// The interface's words as the catalogues say them (app/locales/<language>/<area>.po), for the
// browser tests of issue 33: a test expects a page's words from the catalogue itself, so it
// follows a reworded message, and checks that a Tamil page shows none of the English phrases.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Language } from "#app/i18n/languages.ts";

export type Area = "site" | "public" | "gallery" | "album" | "event";

/** An area's messages by id (single-line msgstr, as every message of ours is written). */
function read(lang: Language, area: Area): Map<string, string> {
  const text = fs.readFileSync(path.resolve(`app/locales/${lang}/${area}.po`), "utf8");
  const messages = new Map<string, string>();
  for (const m of text.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm))
    messages.set(m[1] ?? "", (m[2] ?? "").replaceAll('\\"', '"'));
  return messages;
}

/** These areas' messages in a language, by id. */
export function catalogue(lang: Language, areas: readonly Area[]): Map<string, string> {
  return new Map(areas.flatMap((area) => [...read(lang, area)]));
}

/** A message's words, failing the test when the id is not in the catalogues. */
export function messageIn(messages: ReadonlyMap<string, string>, id: string): string {
  const text = messages.get(id);
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
}

/**
 * The English phrases of these areas a Tamil page must not show: every message without a
 * placeholder that is more than one word and reads differently in Tamil (a single word may be a
 * name, or the studio's own content).
 */
export function englishPhrases(areas: readonly Area[]): string[] {
  const english = catalogue("en", areas);
  const tamil = catalogue("ta", areas);
  return [...english].flatMap(([id, text]) =>
    !text.includes("{") && !text.includes("<") && /\S\s+\S/.test(text) && tamil.get(id) !== text ? [text] : [],
  );
}

/** The page's rendered text, and every label a screen reader or a tooltip reads. */
export function shownWords(page: Page) {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")].flatMap((el) =>
      ["aria-label", "title", "placeholder", "alt"].map((a) => el.getAttribute(a) ?? ""),
    );
    return {
      // biome-ignore lint/performance/useDomNodeTextContent: what is rendered: no scripts' data, no closed panels.
      text: document.body.innerText,
      all: [document.title, document.body.textContent ?? "", ...labels].join("\n"),
      labels: labels.join("\n"),
    };
  });
}

/** Of `phrases`, those the page shows in its text or its labels. */
export async function phrasesShown(page: Page, phrases: readonly string[]): Promise<string[]> {
  const words = await shownWords(page);
  return phrases.filter((phrase) => words.text.includes(phrase) || words.labels.includes(phrase));
}
