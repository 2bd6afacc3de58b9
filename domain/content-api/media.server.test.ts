// Our stored images as Strapi's upload files: the formats a client may pick instead of `url`.
import { describe, expect, it } from "vitest";
import type { StoredImage } from "../catalog/images.server.ts";
import { JPEG_WIDTH_PX, VARIANT_WIDTHS_PX } from "../media/constants.ts";
import { mediaData } from "./media.server.ts";

const CREATED_AT = "2026-01-01T00:00:00.000Z";

/** An image as the pipeline stores it: a WebP rung per width up to the original's, and one JPEG. */
function storedImage(width: number, height: number, jpegWidth = Math.min(width, JPEG_WIDTH_PX)): StoredImage {
  const scaled = (w: number) => Math.round((height * w) / width);
  const variant = (format: "webp" | "jpeg", w: number) => ({
    asset_id: 7,
    format,
    width: w,
    height: scaled(w),
    key: `ab/abcdef-${w}.${format === "jpeg" ? "jpg" : format}`,
    bytes: w * 100,
  });
  return {
    width,
    height,
    placeholder: "",
    variants: [
      ...VARIANT_WIDTHS_PX.filter((w) => w <= width).map((w) => variant("webp", w)),
      variant("jpeg", jpegWidth),
    ],
    createdAt: CREATED_AT,
  };
}

const formatsOf = (image: StoredImage) => {
  const { attributes } = mediaData(7, image, "alt");
  return { width: attributes.width ?? 0, formats: (attributes.formats ?? {}) as Record<string, { width: number }> };
};

describe("a media file's formats", () => {
  it("lists none wider than the file: no 1,280 px large beside a 1,200 px JPEG", () => {
    const { width, formats } = formatsOf(storedImage(4000, 3000));
    expect(width).toBe(JPEG_WIDTH_PX);
    expect(Object.keys(formats)).toEqual(["thumbnail", "small", "medium"]);
    for (const format of Object.values(formats)) expect(format.width).toBeLessThanOrEqual(width);
  });

  it("lists every rung the file is at least as wide as", () => {
    expect(Object.keys(formatsOf(storedImage(700, 500)).formats)).toEqual(["thumbnail", "small"]);
    // A file as wide as the large rung (a wider JPEG than today's) has its large format.
    const wide = formatsOf(storedImage(4000, 3000, 1600));
    expect(Object.keys(wide.formats)).toEqual(["thumbnail", "small", "medium", "large"]);
    expect(wide.formats.large?.width).toBe(1280);
  });
});
