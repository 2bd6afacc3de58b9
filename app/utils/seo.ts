// Per-page head tags: title, description, canonical URL, Open Graph and Twitter cards, built
// the same way for every screen from the root loader's origin and studio name.
import type { MetaDescriptor } from "react-router";
import type { ResponsiveImage } from "../../domain/catalog/types.ts";
import type { Translate } from "../i18n/i18n.ts";
import { INTL_LOCALE, LANGUAGES, type Language, pathIn } from "../i18n/languages.ts";

export interface SiteContext {
  origin: string;
  studioName: string;
  /** The page's language (its URL's), and its messages. */
  language: Language;
  t: Translate;
}

export interface PageSeo {
  title: string;
  description: string;
  /** The canonical path in English, e.g. /gallery/babyShoot (its Tamil page's is /ta/gallery/babyShoot). */
  path: string;
  image?: ResponsiveImage | null;
  type?: "website" | "article";
}

export function absoluteUrl(site: Pick<SiteContext, "origin">, path: string): string {
  return new URL(path, `${site.origin}/`).toString();
}

export function seoMeta(site: SiteContext | undefined, page: PageSeo): MetaDescriptor[] {
  const studioName = site?.studioName ?? "Photography Studio";
  const title = page.path === "/" ? page.title : `${page.title} · ${studioName}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: studioName },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
  if (site) {
    const url = absoluteUrl(site, pathIn(site.language, page.path));
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
    // Each language's page names the other (and English as the default), as search engines ask.
    for (const lang of LANGUAGES) {
      tags.push({
        tagName: "link",
        rel: "alternate",
        hrefLang: lang,
        href: absoluteUrl(site, pathIn(lang, page.path)),
      });
    }
    tags.push(
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(site, page.path) },
      { property: "og:locale", content: INTL_LOCALE[site.language].replace("-", "_") },
    );
    if (page.image?.fallback) {
      tags.push(
        { property: "og:image", content: absoluteUrl(site, page.image.fallback) },
        { property: "og:image:alt", content: page.image.alt },
        { name: "twitter:image", content: absoluteUrl(site, page.image.fallback) },
      );
    }
  }
  return tags;
}

/** Structured data as a JSON-LD data block (not executed, so the CSP does not apply). */
export function jsonLdHtml(data: object): { __html: string } {
  return { __html: JSON.stringify(data).replace(/</g, "\\u003c") };
}
