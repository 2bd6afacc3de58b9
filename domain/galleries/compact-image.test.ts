import { describe, expect, it } from "vitest";
import type { ResponsiveImage } from "../catalog/types.ts";
import { compactImage, expandImage, largeUrl } from "./compact-image.ts";

const ladder = (ext: string, hash: string) =>
  [320, 480, 960, 1280, 2400].map((w) => `/media/92/92d48778b1f8121569169091-${w}-${hash}.${ext} ${w}w`).join(", ");

const image: ResponsiveImage = {
  width: 2400,
  height: 1600,
  alt: "The couple",
  placeholder: "data:image/webp;base64,AAAA",
  sources: [
    { type: "image/avif", srcSet: ladder("avif", "db79") },
    { type: "image/webp", srcSet: ladder("webp", "6090") },
  ],
  fallback: "/media/92/92d48778b1f8121569169091-1200-1d9d.jpg",
};

describe("a gallery photo's compact image", () => {
  it("writes the shared path once and expands back to the same image", () => {
    const compact = compactImage(image, "/media/92/92d48778b1f8121569169091-2400-6090.webp");
    expect(compact.prefix).toBe("/media/92/92d48778b1f8121569169091-");
    expect(compact.sources[0]?.files[0]).toBe("320-db79.avif 320w");
    // The real pipeline's names share 35 characters: well under two thirds of the size.
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(image).length * 0.65);
    expect(expandImage(compact)).toEqual(image);
    expect(largeUrl(compact)).toBe("/media/92/92d48778b1f8121569169091-2400-6090.webp");
  });

  it("keeps only the rungs the grid needs, and always the narrowest", () => {
    const compact = compactImage(image, "");
    expect(expandImage(compact, 960).sources[1]?.srcSet).toBe(
      "/media/92/92d48778b1f8121569169091-320-6090.webp 320w, /media/92/92d48778b1f8121569169091-480-6090.webp 480w, /media/92/92d48778b1f8121569169091-960-6090.webp 960w",
    );
    expect(expandImage(compact, 100).sources[0]?.srcSet).toBe("/media/92/92d48778b1f8121569169091-320-db79.avif 320w");
    expect(largeUrl(compact)).toBe("");
  });

  it("has nothing to share for an image without files", () => {
    const empty = { ...image, sources: [], fallback: "" };
    expect(expandImage(compactImage(empty, ""))).toEqual(empty);
  });
});
