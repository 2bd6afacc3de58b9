// Reads the root loader's data from a meta function's matches, typed by React Router's generated
// types (the first match of every route is the root's).
import type { Route } from "../+types/root";
import { i18nFor, translator } from "../i18n/i18n.ts";
import type { SiteContext } from "./seo.ts";

/** The root's match as every route's meta function receives it. */
type RootMatch = Route.MetaArgs["matches"][0];

export function siteContext(matches: readonly [RootMatch, ...unknown[]]): SiteContext | undefined {
  const root = matches[0].loaderData;
  if (!root) return undefined;
  return {
    origin: root.origin,
    studioName: root.studio?.name ?? "Photography Studio",
    language: root.language,
    t: translator(i18nFor(root.language)),
  };
}
