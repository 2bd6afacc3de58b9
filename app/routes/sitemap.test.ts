// The sitemap names every public page in English and Tamil, each <url> with the hreflang
// alternates search engines pair them by (issue 33), and keeps the shoots' image entries.
import { describe, expect, it } from "vitest";
import { sitemapXml } from "./sitemap.ts";

const ORIGIN = "https://studio.example";
const ENTRIES = [
  { path: "/", images: [] },
  { path: "/about", images: [] },
  { path: "/galleryList/7", images: [{ url: "/media/a.jpg", title: "Rain & <sun>" }] },
];

/** Each <url> element's text. */
function urlsOf(xml: string): string[] {
  return [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1] ?? "");
}

describe("sitemapXml", () => {
  const xml = sitemapXml(ORIGIN, ENTRIES);

  it("declares the xhtml namespace its alternates use", () => {
    expect(xml).toMatch(/<urlset [^>]*xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml"/);
  });

  it("lists each page in both languages, the Tamil URL beside the English", () => {
    const locs = urlsOf(xml).map((u) => /<loc>([^<]+)<\/loc>/.exec(u)?.[1]);
    expect(locs).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/ta`,
      `${ORIGIN}/about`,
      `${ORIGIN}/ta/about`,
      `${ORIGIN}/galleryList/7`,
      `${ORIGIN}/ta/galleryList/7`,
    ]);
  });

  it("gives every <url> its en, ta and x-default alternates", () => {
    for (const url of urlsOf(xml).filter((u) => u.includes("about</loc>"))) {
      const alternates = [...url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        (m) => [m[1], m[2]],
      );
      expect(alternates).toEqual([
        ["en", `${ORIGIN}/about`],
        ["ta", `${ORIGIN}/ta/about`],
        ["x-default", `${ORIGIN}/about`],
      ]);
    }
  });

  it("keeps a shoot's image entries, escaped, on both its pages", () => {
    const shoot = urlsOf(xml).filter((u) => u.includes("galleryList/7"));
    expect(shoot).toHaveLength(2);
    for (const url of shoot) {
      expect(url).toContain(`<image:loc>${ORIGIN}/media/a.jpg</image:loc>`);
      expect(url).toContain("<image:title>Rain &#38; &#60;sun&#62;</image:title>");
    }
  });
});
