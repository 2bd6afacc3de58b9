// The studio's logo as the header, phone bar, footer and contact page draw it: the studio's
// image with its name as the text alternative, or, for a studio without one, its name as a
// wordmark. The demo studio has a logo, so the browser tests see only the image.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ResponsiveImage } from "#domain/catalog/types.ts";
import { LOGO_HEIGHT_PX, type LogoPlace, StudioLogo, upToDensity } from "./studio-logo.tsx";

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
      // The width the fixed height gives it: the browser picks a variant for that.
      expect(html).toContain(`sizes="${Math.ceil((LOGO_HEIGHT_PX[place] * LOGO.width) / LOGO.height)}px"`);
      // No blurred placeholder to show through the transparent corners.
      expect(html).not.toContain("background-image");
    }
  });

  it("offers only the widths a logo of its drawn size can use, up to the first that covers 3×", () => {
    const srcSet = [320, 480, 640, 800, 960, 1082].map((w) => `/m/logo-${w}.avif ${w}w`).join(", ");
    expect(upToDensity(srcSet, 163)).toBe("/m/logo-320.avif 320w, /m/logo-480.avif 480w, /m/logo-640.avif 640w");
    expect(upToDensity(srcSet, 253)).toBe(
      "/m/logo-320.avif 320w, /m/logo-480.avif 480w, /m/logo-640.avif 640w, /m/logo-800.avif 800w",
    );
    // None covers it: all of them.
    expect(upToDensity(srcSet, 400)).toBe(srcSet);
  });
});
