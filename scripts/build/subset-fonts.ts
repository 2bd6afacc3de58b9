// `node scripts/build/subset-fonts.ts`: makes the two font files every public page preloads, each a
// subset of its @fontsource file with only the characters nearly every page uses (ASCII and a
// little punctuation). The whole Latin file stays in the stylesheet behind a unicode-range, so a
// name with an accent still gets its letters, from a second file fetched only by a page that
// has one. The core files are committed; fonts.test.ts makes them again and compares the bytes.
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "../..");

/** Printable ASCII, then the punctuation the pages' own texts use (©, ·, curly quotes, dashes). */
export const CORE_CHARACTERS = `${Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCodePoint(0x20 + i)).join("")}\u00a0©®°·×–—‘’“”•…€™`;

export const CORE_FONTS = [
  {
    source: "node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2",
    core: "app/styles/fonts/cormorant-garamond-500-core.woff2",
  },
  {
    source: "node_modules/@fontsource-variable/jost/files/jost-latin-wght-normal.woff2",
    core: "app/styles/fonts/jost-wght-core.woff2",
    // The weights the stylesheet uses (its @font-face says 300 600): the file's 100-900 axis
    // cut to that range is 10 % smaller, and every public page preloads it.
    axes: { wght: { min: 300, max: 600 } },
  },
] as const;

/** The core subset of one font file: its outlines, kerning and variation axes, fewer glyphs. */
export function coreSubset(font: (typeof CORE_FONTS)[number]): Promise<Buffer> {
  return subsetFont(fs.readFileSync(path.join(root, font.source)), CORE_CHARACTERS, {
    targetFormat: "woff2",
    ...("axes" in font ? { variationAxes: font.axes } : {}),
  });
}

if (import.meta.filename === process.argv[1]) {
  for (const font of CORE_FONTS) {
    const bytes = await coreSubset(font);
    fs.writeFileSync(path.join(root, font.core), bytes);
    console.log(`${font.core}: ${bytes.byteLength} bytes (from ${fs.statSync(path.join(root, font.source)).size})`);
  }
}
