// The language switch (issue 33): the page in the other language, named in that language. A
// public page's other language is another URL (/about, /ta/about), a plain link a search engine
// follows too; a gallery or event link has one URL, so the switch posts the choice, which the
// server remembers under that link (routes/language.ts).
import { Form, useLocation, useRouteError } from "react-router";
import { useLanguage } from "#app/i18n/i18n.ts";
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
  // Named in its own language and marked so (lang), for a screen reader to speak it in that voice.
  if (isTranslatedPath(english)) {
    return (
      // A whole load: the other language's messages are another catalogue (ADR 047).
      <a className={className} href={`${pathIn(other, english)}${search}`} hrefLang={other} lang={other}>
        {LANGUAGE_NAME[other]}
      </a>
    );
  }
  return (
    <Form method="post" action="/language" reloadDocument className="language-form">
      <input type="hidden" name="to" value={`${pathname}${search}`} />
      <button type="submit" name="language" value={other} className={className} lang={other}>
        {LANGUAGE_NAME[other]}
      </button>
    </Form>
  );
}
