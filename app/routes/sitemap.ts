// sitemap.xml: every public page, with image entries for each shoot's photographs.

import { getSitemapEntries } from "#domain/catalog/public-pages.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { publicOrigin } from "#platform/public-origin.server.ts";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function loader() {
  const origin = publicOrigin();
  const entries = await getSitemapEntries(getDb());
  // An image's URL is a path on this site, or absolute on MEDIA_PUBLIC_URL's host.
  const urls = entries.map((entry) => {
    const images = entry.images
      .map(
        (img) =>
          `<image:image><image:loc>${escapeXml(new URL(img.url, `${origin}/`).href)}</image:loc><image:title>${escapeXml(img.title)}</image:title></image:image>`,
      )
      .join("");
    return `<url><loc>${escapeXml(origin + entry.path)}</loc>${images}</url>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">${urls.join("")}</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=300" },
  });
}
