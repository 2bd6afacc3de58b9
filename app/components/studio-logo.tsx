// The studio's logo wherever the site shows it (header, phone bar, footer, contact page): the
// studio's own image when it has one, drawn at a fixed height, else its name as a wordmark.
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
  const sources = logo.sources.map((source) => ({ ...source, srcSet: upToDensity(source.srcSet, widthPx) }));
  return (
    <Picture
      image={{ ...logo, sources, alt: name }}
      sizes={`${widthPx}px`}
      transparent
      className={`studio-logo studio-logo--${place}`}
    />
  );
}

/** Screens are at most this dense where a logo's sharpness shows; wider files would go unused. */
const LOGO_MAX_DENSITY = 3;

/**
 * A srcset cut to the widths a logo drawn `widthPx` wide can use: up to the first that covers
 * LOGO_MAX_DENSITY. It is drawn at a fixed size in up to three places on every page, and the
 * full list (made for photos) would be most of its markup.
 */
export function upToDensity(srcSet: string, widthPx: number): string {
  const candidates = srcSet.split(", ").map((candidate) => ({ candidate, w: Number(/ (\d+)w$/.exec(candidate)?.[1]) }));
  const enough = candidates.findIndex((c) => c.w >= widthPx * LOGO_MAX_DENSITY);
  return (enough === -1 ? candidates : candidates.slice(0, enough + 1)).map((c) => c.candidate).join(", ");
}
