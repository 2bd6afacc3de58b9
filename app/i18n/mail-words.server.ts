// The mails' and WhatsApp messages' words (issue 33) for the domain, which writes none itself
// (domain/mail/words.ts): the `mail` catalogue in a language, as a plain function. Server-only: it
// holds every catalogue (catalogs.server.ts). The outbox's writers get `mailWordsFor` at start
// (server/startup.ts); an admin route writing a client's WhatsApp message takes the gallery's.
import "./catalogs.server.ts";
import type { MailWords, WordsFor } from "#domain/mail/words.ts";
import { i18nFor, translator } from "./i18n.ts";
import type { Language } from "./languages.ts";

const cache = new Map<Language, MailWords>();

export const mailWordsFor: WordsFor = (language: Language) => {
  let words = cache.get(language);
  if (!words) {
    words = translator(i18nFor(language));
    cache.set(language, words);
  }
  return words;
};
