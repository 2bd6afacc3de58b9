// The words of the mails and WhatsApp messages (issue 33): the domain writes none itself. They are
// the `mail` catalogue's (app/locales/<language>/mail.po), handed in as a plain function, so the
// domain needs neither the app nor the catalogues' files (plain-node scripts import it). The
// server gives the outbox's writers `WordsFor` at start (server/startup.ts); a route passes the
// words of the language it writes in. To the client or visitor: their language (a gallery's
// `language`, an inquiry's); to the studio: English, as the admin is.
import { CONTENT_LANGUAGES, type ContentLanguage } from "../catalog/localized.ts";

/** The languages a mail is written in: the catalogues' (the same codes as app/i18n/languages.ts). */
export type MailLanguage = ContentLanguage;

/** The languages a mail may be written in, for reading a stored or typed value: the content's. */
export const MAIL_LANGUAGES = CONTENT_LANGUAGES;

/** The studio reads its own mails in English, as it reads the admin. */
export const STUDIO_LANGUAGE: MailLanguage = "en";

/**
 * The studio's name as a mail in `language` signs it: the Tamil one where the studio wrote it
 * (migration 0027), else the English, as its pages name it.
 */
export type StudioNameIn = (language: MailLanguage) => string;

/** A message of the `mail` catalogue by its id, its ICU placeholders filled with `values`. */
export type MailWords = (id: string, values?: Record<string, unknown>) => string;

/** The words of one language. */
export type WordsFor = (language: MailLanguage) => MailWords;

export function isMailLanguage(value: unknown): value is MailLanguage {
  return typeof value === "string" && (MAIL_LANGUAGES as readonly string[]).includes(value);
}

/** "Hello Priya," or, with no name, "Hello,": the greeting a message to a client opens with. */
export function greeting(words: MailWords, name: string): string {
  const trimmed = name.trim();
  return trimmed ? words("mail.hello.named", { name: trimmed }) : words("mail.hello");
}
