// The studio's logo as the header, phone bar, footer and contact page draw it: the studio's
// image with its name as the text alternative, or, for a studio without one, its name as a
// wordmark. The demo studio has a logo, so the browser tests see only the image.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ResponsiveImage } from "#domain/catalog/types.ts";
import { LOGO_HEIGHT_PX, type LogoPlace, logoSrcSet, StudioLogo } from "./studio-logo.tsx";

const NAME = "Nila Studio";
const PLACES = Object.keys(LOGO_HEIGHT_PX) as LogoPlace[];
/** A logo drawn at twice the size of the demo's 541 × 120 drawing. */
const LOGO: ResponsiveImage = {
  width: 1082,
  height: 240,
  alt: "",
  placeholder: "data:image/webp;base64,AAAA",
  sources: [
    { type: "image/avif", srcSet: "/media/ab/logo-320.avif 320w, /media/ab/logo-1082.avif 1082w" },
    { type: "image/webp", srcSet: "/media/ab/logo-320.webp 320w, /media/ab/logo-1082.webp 1082w" },
  ],
  fallback: "/media/ab/logo-1082.jpg",
};

const render = (logo: ResponsiveImage | null, place: LogoPlace) =>
  renderToStaticMarkup(createElement(StudioLogo, { name: NAME, logo, place }));

describe("StudioLogo", () => {
  it("draws a studio without a logo as its name, a wordmark, in every place", () => {
    for (const place of PLACES) expect(render(null, place)).toBe(NAME);
  });

  it("draws a studio's logo as an image named for the studio, sized for its place", () => {
    for (const place of PLACES) {
      const html = render(LOGO, place);
      expect(html).toContain(`class="studio-logo studio-logo--${place}"`);
      expect(html).toContain(`alt="${NAME}"`);
      expect(html).toContain('width="1082" height="240"');
      // Densities of the width the fixed height gives it: the browser picks one for its screen.
      const widthPx = Math.ceil((LOGO_HEIGHT_PX[place] * LOGO.width) / LOGO.height);
      expect(html).toContain(`srcSet="/media/ab/logo-320.avif ${Number((320 / widthPx).toFixed(2))}x`);
      expect(html).not.toContain("sizes=");
      // No blurred placeholder to show through the transparent corners.
      expect(html).not.toContain("background-image");
    }
  });

  it("offers a logo at 1x and 2x of its drawn size, the narrowest widths that cover them", () => {
    const srcSet = [320, 480, 640, 800, 960, 1082].map((w) => `/m/logo-${w}.avif ${w}w`).join(", ");
    expect(logoSrcSet(srcSet, 163)).toBe("/m/logo-320.avif 1.96x, /m/logo-480.avif 2.94x");
    expect(logoSrcSet(srcSet, 253)).toBe("/m/logo-320.avif 1.26x, /m/logo-640.avif 2.53x");
    // None covers 2x: the widest serves both.
    expect(logoSrcSet(srcSet, 600)).toBe("/m/logo-640.avif 1.07x, /m/logo-1082.avif 1.8x");
    expect(logoSrcSet(srcSet, 1000)).toBe("/m/logo-1082.avif 1.08x");
  });
});
