// The translator a page renders with (ADR 047): Lingui's runtime over the loaded catalogues, in
// the page's language, formatting dates and numbers through Intl in India's conventions.
import { type I18n, setupI18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { loadedMessages } from "./catalogs.ts";
import { INTL_LOCALE, type Language } from "./languages.ts";

/** What a message id without a message renders as: visible, and what the browser tests look for. */
export const MISSING_MARK = "⟦";

export function i18nFor(lang: Language): I18n {
  return setupI18n({
    locale: lang,
    locales: [INTL_LOCALE[lang]],
    messages: { [lang]: loadedMessages(lang) },
    missing: (_locale, id) => `${MISSING_MARK}${id}⟧`,
  });
}

/** Values an ICU message's placeholders take. */
export type MessageValues = Record<string, unknown>;

/** A message by its id, in the page's language. */
export type Translate = (id: string, values?: MessageValues) => string;

export function translator(i18n: I18n): Translate {
  return (id, values) => i18n._(id, values);
}

/** The page's translator and language, for a component. */
export function useT(): Translate {
  return translator(useLingui().i18n);
}

export function useLanguage(): Language {
  return useLingui().i18n.locale as Language;
}
