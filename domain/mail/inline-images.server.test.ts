// Which stored variant a mail's image is made from: the smallest large enough, else the largest,
// never one wider than the cap (a watermarked gallery's unmarked files stop at its grid's size),
// and never an AVIF (slow to decode for the size it saves in a file we re-encode anyway).
import { describe, expect, it } from "vitest";
import { mailSourceVariant } from "./inline-images.server.ts";

const variant = (format: "avif" | "webp" | "jpeg", width: number) => ({
  key: `${format}-${width}`,
  format,
  width,
  height: Math.round((width * 2) / 3),
});

describe("mailSourceVariant", () => {
  const ladder = [variant("avif", 800), variant("webp", 400), variant("webp", 800), variant("webp", 1280)];

  it("takes the smallest WebP or JPEG at least as large as asked", () => {
    expect(mailSourceVariant(ladder, { side: "width", min: 600 })?.key).toBe("webp-800");
    expect(mailSourceVariant(ladder, { side: "height", min: 500 })?.key).toBe("webp-800");
  });

  it("takes the largest there is when none is large enough, within the cap", () => {
    expect(mailSourceVariant(ladder, { side: "width", min: 2000 })?.key).toBe("webp-1280");
    expect(mailSourceVariant(ladder, { side: "width", min: 2000, maxWidth: 960 })?.key).toBe("webp-800");
    expect(mailSourceVariant([variant("jpeg", 400)], { side: "width", min: 800 })?.key).toBe("jpeg-400");
  });

  it("prefers the WebP to the JPEG of the same size (a logo's transparency), and has none from AVIF alone", () => {
    expect(mailSourceVariant([variant("jpeg", 800), variant("webp", 800)], { side: "width", min: 800 })?.key).toBe(
      "webp-800",
    );
    expect(mailSourceVariant([variant("avif", 800)], { side: "width", min: 800 })).toBeUndefined();
  });
});
