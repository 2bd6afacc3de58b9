// A photo's responsive image as a client gallery's data carries it: the path its files share
// (/media/92/92d4…-) written once, each file by what follows it. A 5,000-photo gallery's first
// document carries its first screenful twice (the markup, and the data React hydrates from), so
// every byte per photo counts there (ADR 026). The browser expands it back: every rung for the
// viewer, only the grid's rungs for the grid.
import type { ResponsiveImage } from "../catalog/types.ts";

/** The grid draws a photo at most about 440 CSS px wide: at 2x, 960 px files are enough. */
export const GRID_MAX_VARIANT_WIDTH_PX = 960;

export interface CompactImage {
  width: number;
  height: number;
  alt: string;
  placeholder: string;
  /** What every file's URL starts with. */
  prefix: string;
  /** Per format, best first: each file's rest and its width ("320-db79843f.avif 320w"). */
  sources: { type: string; files: string[] }[];
  fallback: string;
  /** The largest WebP's rest: what a photo's link opens before JavaScript. */
  large: string;
}

function commonPrefix(values: string[]): string {
  const [first = "", ...rest] = values;
  let end = first.length;
  for (const value of rest) {
    let i = 0;
    while (i < end && i < value.length && value[i] === first[i]) i++;
    end = i;
  }
  return first.slice(0, end);
}

const entriesOf = (srcSet: string) => (srcSet === "" ? [] : srcSet.split(", "));

export function compactImage(image: ResponsiveImage, large: string): CompactImage {
  const urls = [
    ...image.sources.flatMap((s) => entriesOf(s.srcSet).map((e) => e.slice(0, e.lastIndexOf(" ")))),
    image.fallback,
    large,
  ].filter((u) => u !== "");
  const prefix = commonPrefix(urls);
  const rest = (url: string) => (url === "" ? "" : url.slice(prefix.length));
  return {
    width: image.width,
    height: image.height,
    alt: image.alt,
    placeholder: image.placeholder,
    prefix,
    sources: image.sources.map((s) => ({ type: s.type, files: entriesOf(s.srcSet).map(rest) })),
    fallback: rest(image.fallback),
    large: rest(large),
  };
}

const widthOf = (file: string) => Number(file.slice(file.lastIndexOf(" ") + 1, -1));

/** The image with every file up to `maxWidthPx` wide (always at least its narrowest). */
export function expandImage(image: CompactImage, maxWidthPx = Number.POSITIVE_INFINITY): ResponsiveImage {
  return {
    width: image.width,
    height: image.height,
    alt: image.alt,
    placeholder: image.placeholder,
    sources: image.sources.map((s) => {
      const fitting = s.files.filter((f, i) => i === 0 || widthOf(f) <= maxWidthPx);
      return { type: s.type, srcSet: fitting.map((f) => image.prefix + f).join(", ") };
    }),
    fallback: image.fallback === "" ? "" : image.prefix + image.fallback,
  };
}

export function largeUrl(image: CompactImage): string {
  return image.large === "" ? "" : image.prefix + image.large;
}
