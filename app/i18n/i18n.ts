// The translator a page renders with (ADR 047): Lingui's runtime over the loaded catalogues, in
// the page's language, formatting dates and numbers through Intl in India's conventions.
import { type I18n, setupI18n } from "@lingui/core";
import { createContext, createElement, type ReactNode, useContext } from "react";
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

/**
 * The page's I18n, given to its components by the root. Our own context rather than
 * @lingui/react's provider, which subscribes to a language changing under a page: here a change
 * of language is a new page, and its store shim cost the public pages' first load 1.5 KB.
 */
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useT outside the root's I18nProvider");
  return i18n;
}

/** The page's translator and language, for a component. */
export function useT(): Translate {
  return translator(useI18n());
}

export function useLanguage(): Language {
  return useI18n().locale as Language;
}
