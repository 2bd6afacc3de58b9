// The meta of a page that belongs to the people holding its link (a client gallery, its event
// link, a guest's photos): a link preview (WhatsApp, social) shows the studio's name and logo
// only, never the gallery's title, the couple's names, a guest's or a photo. No canonical link,
// nothing indexed: the page is not to be found. And its headers.
import type { HeadersFunction } from "react-router";
import type { Route } from "../+types/root";
import { siteContext } from "./route-data.ts";
import { absoluteUrl } from "./seo.ts";

type RootMatch = Route.MetaArgs["matches"][0];

export function privatePageMeta(
  matches: readonly [RootMatch, ...unknown[]],
  {
    title,
    description,
  }: {
    title: string;
    /** A sentence the studio's name ends ("A private gallery from"), or one that places it itself (word order differs in Tamil). */
    description: string | ((studioName: string) => string);
  },
) {
  const site = siteContext(matches);
  const studioName = site?.studioName ?? "Photography Studio";
  const described = typeof description === "function" ? description(studioName) : `${description} ${studioName}.`;
  const logo = matches[0].loaderData?.studio?.logo ?? null;
  const tags: Route.MetaDescriptors = [
    { title: `${title} · ${studioName}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
    { property: "og:title", content: studioName },
    { property: "og:description", content: described },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: studioName },
    { name: "twitter:card", content: "summary" },
  ];
  if (site && logo?.fallback) tags.push({ property: "og:image", content: absoluteUrl(site, logo.fallback) });
  return tags;
}

/**
 * A private page's headers: its loader's (private, never stored), an action's that set its own
 * (a form's answer), or an error's: React Router would otherwise send none of them for the page.
 */
export const privatePageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);
