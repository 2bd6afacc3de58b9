// The language a request is answered in (issue 33, ADR 047). A public page's is its URL's, and
// nothing else: search engines index both, and no visitor is redirected. A client's gallery and a
// guest's event link have one URL for both languages: the language chosen on that link before (a
// cookie under it), else the first the browser's Accept-Language names that we have.
import { redirect } from "react-router";
import { languageCookie } from "../http/cookies.server.ts";
import { LANGUAGE_PARAM } from "./language-choice.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOfPath } from "./languages.ts";

/** /g/<token> or /e/<token>: the link a choice is remembered under, or null for any other path. */
export function personalLinkOf(pathname: string): string | null {
  return /^\/[ge]\/[^/]+/.exec(pathname)?.[0] ?? null;
}

export async function languageOfRequest(request: Request): Promise<Language> {
  const { pathname } = new URL(request.url);
  const link = personalLinkOf(pathname);
  if (!link) return languageOfPath(pathname);
  return (await languageCookie(link).read(request)) ?? acceptedLanguage(request.headers.get("Accept-Language"));
}

/** The language of ours the header ranks highest (q-values honoured), or English. */
export function acceptedLanguage(header: string | null): Language {
  let best: { lang: Language; q: number } | null = null;
  for (const part of (header ?? "").split(",")) {
    const [range = "", ...params] = part.trim().split(";");
    const lang = range.trim().toLowerCase().split("-")[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!isLanguage(lang) || !Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang ?? DEFAULT_LANGUAGE;
}

/**
 * The switch's `?lang=` on a gallery's or event's link: the redirect to the same page without it
 * that remembers the choice under that link (an unknown language is dropped, not remembered).
 * Null for any other request. A preference, not an action: a GET that anyone may follow.
 */
export async function languageChoice(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const link = personalLinkOf(url.pathname);
  const chosen = url.searchParams.get(LANGUAGE_PARAM);
  if (!link || chosen === null) return null;
  url.searchParams.delete(LANGUAGE_PARAM);
  const headers: HeadersInit = isLanguage(chosen)
    ? { "Set-Cookie": await languageCookie(link).write(request, chosen) }
    : {};
  return redirect(`${url.pathname}${url.search}`, { headers });
}
