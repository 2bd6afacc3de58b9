// Our stored images as Strapi's upload files: a media field's entries, as answered and as
// filters read them, and the built-in logo for a studio that has not set its own.

import type { StoredImage } from "../catalog/images.server.ts";
import { VARIANT_MIME } from "../media/constants.ts";
import { publicMediaUrl } from "../media/storage.server.ts";
import type { QueryRecord } from "./query.server.ts";
import { EPOCH } from "./serialize.server.ts";

/** Strapi's names for its resized formats, mapped onto our WebP ladder's rungs. */
const STRAPI_FORMAT_WIDTHS_PX = { thumbnail: 320, small: 640, medium: 960, large: 1280 } as const;
const BYTES_PER_KB = 1000;
/** The built-in logo, a public file, when the studio has not set its own in the admin. */
const LOGO_PATH = "/favicon.svg";

function kilobytes(bytes: number): number {
  return Math.round((bytes / BYTES_PER_KB) * 100) / 100;
}

/** A stored file's name without its extension: Strapi's `hash`. */
function stem(key: string): string {
  return (key.split("/").at(-1) ?? "").replace(/\.[^.]+$/, "");
}

/**
 * Strapi's upload-file attributes for one of our assets: `url` is the JPEG variant, `formats`
 * the WebP rungs nearest Strapi's sizes. URLs are paths on this site, as Strapi's local
 * provider answers them (a client prefixes its STRAPI_URL).
 */
function mediaAttributes(image: StoredImage, alt: string) {
  const jpeg = image.variants.find((v) => v.format === "jpeg");
  const width = jpeg?.width ?? image.width;
  const formats: Record<string, unknown> = {};
  for (const [name, formatWidth] of Object.entries(STRAPI_FORMAT_WIDTHS_PX)) {
    const variant = image.variants.find((v) => v.format === "webp" && v.width === formatWidth);
    // Strapi makes a format only smaller than its file: a client that picks "large" over `url`
    // must not get a wider image than the file (our 1,280 px rung beside a 1,200 px JPEG).
    if (!variant || variant.width > width) continue;
    formats[name] = {
      name: variant.key.split("/").at(-1),
      hash: stem(variant.key),
      ext: ".webp",
      mime: VARIANT_MIME.webp,
      path: null,
      width: variant.width,
      height: variant.height,
      size: kilobytes(variant.bytes),
      url: publicMediaUrl(variant.key),
    };
  }
  return {
    name: jpeg?.key.split("/").at(-1) ?? "",
    alternativeText: alt,
    caption: null,
    width,
    height: jpeg?.height ?? image.height,
    formats,
    hash: jpeg ? stem(jpeg.key) : "",
    ext: ".jpg",
    mime: VARIANT_MIME.jpeg,
    size: kilobytes(jpeg?.bytes ?? 0),
    url: jpeg ? publicMediaUrl(jpeg.key) : "",
    previewUrl: null,
    provider: "local",
    provider_metadata: null,
    createdAt: image.createdAt,
    updatedAt: image.createdAt,
  };
}

export type MediaData = {
  id: number;
  url: string;
  attributes: ReturnType<typeof mediaAttributes> | ReturnType<typeof logoAttributes>;
};

/** One media entry as Strapi nests it ({ id, attributes }); the spec's client reads data.url, so that is there too. */
export function mediaData(id: number, image: StoredImage, alt: string): MediaData {
  const attributes = mediaAttributes(image, alt);
  return { id, url: attributes.url, attributes };
}

/** A stored asset as a media entry; null when there is none (a single media field's `data: null`). */
export function mediaOf(images: Map<number, StoredImage>, assetId: number | null, alt: string): MediaData | null {
  const image = assetId === null ? undefined : images.get(assetId);
  return assetId === null || !image ? null : mediaData(assetId, image, alt);
}

/** The built-in logo as a Strapi file: an SVG, so no sizes or formats (Strapi has none for one either). */
export function builtInLogo(alt: string, at = EPOCH): MediaData {
  return { id: 1, url: LOGO_PATH, attributes: logoAttributes(alt, at) };
}

function logoAttributes(alt: string, at: string) {
  return {
    name: "logo.svg",
    alternativeText: alt,
    caption: null,
    width: null,
    height: null,
    formats: null,
    hash: "logo",
    ext: ".svg",
    mime: "image/svg+xml",
    size: null,
    url: LOGO_PATH,
    previewUrl: null,
    provider: "local",
    provider_metadata: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** A media entry as filters read it. */
export function mediaRecord({ id, attributes }: MediaData): QueryRecord {
  const { formats: _formats, provider_metadata: _metadata, ...scalars } = attributes;
  return { id, ...scalars };
}

export function mediaRecords(media: MediaData | null): QueryRecord[] {
  return media ? [mediaRecord(media)] : [];
}
