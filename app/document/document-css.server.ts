// The site's stylesheet, inlined into every document's <head>. It is small (about 5 KB
// compressed) and every page needs all of it before the first paint, so a separate request
// would only add a round trip on a phone's connection before anything shows (ADR 012).
// It goes in after React has rendered: React 19 skips elements it did not render in <head>
// when hydrating, so the client never needs a copy of the CSS in its JavaScript.
import albumCss from "#app/styles/album.css?inline";
import appCss from "#app/styles/app.css?inline";
import galleryCss from "#app/styles/client-gallery.css?inline";
import eventCss from "#app/styles/event.css?inline";
import headerCss from "#app/styles/header.css?inline";
import tamilCss from "#app/styles/tamil.css?inline";

export const DOCUMENT_CSS = `${appCss}\n${headerCss}`;
/** A client gallery's own rules, only in its pages: the public pages do not carry them. */
export const CLIENT_GALLERY_CSS = galleryCss;
/** An album's pages under a gallery's link (issue 32) add their own: the gallery's other pages do not carry them. */
export const ALBUM_CSS = albumCss;

/** A gallery's event pages (/e/…, issue 31) add their own: a client's gallery does not carry them. */
export const EVENT_CSS = eventCss;
/** A Tamil page's face and typography (issue 33): only in documents whose language is Tamil. */
export const TAMIL_CSS = tamilCss;

/** The document's language as the root wrote it on <html>. */
export function documentLanguage(html: string): string | null {
  return /^(?:<!DOCTYPE html>)?<html lang="([a-z-]+)"/i.exec(html)?.[1] ?? null;
}

const HEAD_END = "</head>";

/**
 * Puts the stylesheet (and `extraCss`) at the end of the document's head, with this response's
 * CSP nonce on a personal page; a public page's policy lists its hash instead (ADR 004).
 */
export function inlineDocumentCss(html: string, nonce: string, extraCss = ""): string {
  const at = html.indexOf(HEAD_END);
  if (at === -1) return html;
  const style = `<style${nonce ? ` nonce="${nonce}"` : ""}>${DOCUMENT_CSS}${extraCss ? `\n${extraCss}` : ""}</style>`;
  return html.slice(0, at) + style + html.slice(at);
}
