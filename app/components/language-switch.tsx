// The language switch (issue 33): the page in the other language, named in that language and
// marked so (lang), for a screen reader to speak it in that voice. A public page's other language
// is another URL (/about, /ta/about), which a search engine follows too. A gallery's or event's
// link has one URL for both: the switch asks for the same page with ?lang=, and the server
// remembers the choice under that link and sends the visitor back without it (language.server.ts).
import { useLocation, useRouteError } from "react-router";
import { useLanguage } from "#app/i18n/i18n.ts";
import { LANGUAGE_PARAM } from "#app/i18n/language-choice.ts";
import { basePath, isTranslatedPath, LANGUAGE_NAME, type Language, pathIn } from "#app/i18n/languages.ts";

export function LanguageSwitch({ className }: { className?: string }) {
  const language = useLanguage();
  const location = useLocation();
  // An error page (a wrong link, a gallery that is no more) goes to the home page in the other
  // language: repeating the path asked for would echo a private link back (the privacy crawl).
  const failed = useRouteError() != null;
  const { pathname, search } = failed ? { pathname: "/", search: "" } : location;
  const other: Language = language === "ta" ? "en" : "ta";
  const english = basePath(pathname);
  let href: string;
  if (isTranslatedPath(english)) href = `${pathIn(other, english)}${search}`;
  else {
    const query = new URLSearchParams(search);
    query.set(LANGUAGE_PARAM, other);
    // Relative to the page: the link's own token is not written out again.
    href = `?${query}`;
  }
  // A plain link, a whole load: the other language's messages are another catalogue (ADR 047).
  return (
    <a className={className} href={href} hrefLang={other} lang={other}>
      {LANGUAGE_NAME[other]}
    </a>
  );
}
