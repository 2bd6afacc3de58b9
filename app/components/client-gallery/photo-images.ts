// A gallery photo's images, expanded from the compact form the page's data carries: the full set
// for the viewer, the grid's capped at the largest width a grid cell draws.
import type { ResponsiveImage } from "#domain/catalog/types.ts";
import type { GalleryPhoto } from "#domain/galleries/client-types.ts";
import { type CompactImage, expandImage, GRID_MAX_VARIANT_WIDTH_PX } from "#domain/galleries/compact-image.ts";

/** Expanded once per photo, so the viewer and the grid keep the same objects across renders. */
const expanded = new WeakMap<CompactImage, { full: ResponsiveImage; grid: ResponsiveImage }>();
export function imagesOf(photo: GalleryPhoto) {
  let images = expanded.get(photo.image);
  if (!images) {
    images = { full: expandImage(photo.image), grid: expandImage(photo.image, GRID_MAX_VARIANT_WIDTH_PX) };
    expanded.set(photo.image, images);
  }
  return images;
}
