// sitemap.xml: every public page in each language (the English URL, then its /ta/ twin), each
// naming all its languages' URLs as hreflang alternates (and English as the default, as the pages'
// own <link rel="alternate"> do), with image entries for each shoot's photographs.

import { LANGUAGES, pathIn } from "#app/i18n/languages.ts";
import { getSitemapEntries, type SitemapEntry } from "#domain/catalog/public-pages.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { publicOrigin } from "#platform/public-origin.server.ts";

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1";
const XHTML_NS = "http://www.w3.org/1999/xhtml";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sitemap for `entries` (English paths) on `origin`. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const absolute = (path: string) => escapeXml(new URL(path, `${origin}/`).href);
  const urls = entries.flatMap((entry) => {
    // An image's URL is a path on this site, or absolute on MEDIA_PUBLIC_URL's host.
    const images = entry.images
      .map(
        (img) =>
          `<image:image><image:loc>${absolute(img.url)}</image:loc><image:title>${escapeXml(img.title)}</image:title></image:image>`,
      )
      .join("");
    const alternates = [
      ...LANGUAGES.map((lang) => [lang, pathIn(lang, entry.path)] as const),
      ["x-default", entry.path] as const,
    ]
      .map(([lang, path]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${absolute(path)}"/>`)
      .join("");
    return LANGUAGES.map((lang) => `<url><loc>${absolute(pathIn(lang, entry.path))}</loc>${alternates}${images}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}" xmlns:image="${IMAGE_NS}" xmlns:xhtml="${XHTML_NS}">${urls.join("")}</urlset>\n`;
}

export async function loader() {
  const xml = sitemapXml(publicOrigin(), await getSitemapEntries(getDb()));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=300" },
  });
}
