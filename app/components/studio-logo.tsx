// The studio's logo wherever the site shows it (header, phone bar, footer, contact page): the
// studio's own image when it has one, drawn at a fixed height, else its name as a wordmark.
import { srcSetEntries } from "#domain/catalog/srcset.ts";
import type { ResponsiveImage } from "#domain/catalog/types.ts";
import { Picture } from "./picture.tsx";

/** The logo's drawn height in CSS pixels, per place (see .studio-logo--* in app.css). */
export const LOGO_HEIGHT_PX = { header: 56, bar: 36, footer: 48, contact: 56 } as const;
export type LogoPlace = keyof typeof LOGO_HEIGHT_PX;

interface StudioLogoProps {
  name: string;
  logo: ResponsiveImage | null;
  place: LogoPlace;
}

export function StudioLogo({ name, logo, place }: StudioLogoProps) {
  if (!logo) return <>{name}</>;
  // Width follows from the fixed height; a very wide logo is capped by max-width in CSS. Lazy
  // on purpose: the header draws two logos and hides one per width, and a hidden lazy image
  // is never fetched, while the visible one is in view and loads at once.
  const widthPx = Math.ceil((LOGO_HEIGHT_PX[place] * logo.width) / logo.height);
  const sources = logo.sources.map((source) => ({ ...source, srcSet: logoSrcSet(source.srcSet, widthPx) }));
  return (
    <Picture image={{ ...logo, sources, alt: name }} transparent className={`studio-logo studio-logo--${place}`} />
  );
}

/** The pixel densities a logo is offered at; on a denser screen the 2× file is still sharp. */
const LOGO_DENSITIES = [1, 2] as const;

/**
 * A srcset of densities for a logo drawn `widthPx` wide: for each of LOGO_DENSITIES the
 * narrowest width that covers it (else the widest). It is drawn at a fixed size in up to three
 * places on every page, where the full list of widths made for photos would be most of its markup.
 */
export function logoSrcSet(srcSet: string, widthPx: number): string {
  const candidates = srcSetEntries(srcSet)
    .filter((c) => c.url && c.width > 0)
    .sort((a, b) => a.width - b.width);
  const chosen = new Set(
    LOGO_DENSITIES.map((density) => candidates.find((c) => c.width >= widthPx * density) ?? candidates.at(-1)),
  );
  return [...chosen]
    .filter((c) => c !== undefined)
    .map((c) => `${c.url} ${Number((c.width / widthPx).toFixed(2))}x`)
    .join(", ");
}
