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
  return (
    <Picture
      image={{ ...logo, alt: name }}
      sizes={`${widthPx}px`}
      transparent
      className={`studio-logo studio-logo--${place}`}
    />
  );
}
