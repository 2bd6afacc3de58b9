// Reads the root loader's data from a meta function's matches.
import type { SiteContext } from "./seo.ts";

interface RootData {
  studio: { name: string; tagline: string } | null;
  origin: string;
}

export function siteContext(matches: readonly ({ loaderData?: unknown } | undefined)[]): SiteContext | undefined {
  const root = matches[0]?.loaderData as RootData | undefined;
  if (!root) return undefined;
  return { origin: root.origin, studioName: root.studio?.name ?? "Photography Studio" };
}
