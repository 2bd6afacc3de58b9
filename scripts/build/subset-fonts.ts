// `node scripts/build/subset-fonts.ts`: makes the two font files every public page preloads, each a
// subset of its @fontsource file with only the characters nearly every page uses (ASCII and a
// little punctuation). The whole Latin file stays in the stylesheet behind a unicode-range, so a
// name with an accent still gets its letters, from a second file fetched only by a page that
// has one. The core files are committed; fonts.test.ts makes them again and compares the bytes.
// The Tamil pages' face (issue 33) is made the same way: Noto Sans Tamil cut to the Tamil block.
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

/**
 * What the Tamil face holds: the Tamil block (U+0B80-0BFF), the joiners that choose a Tamil
 * conjunct's form (ZWNJ, ZWJ), the rupee sign and the dotted circle a shaper draws under a
 * stray vowel sign: the @fontsource file's own Tamil range. Its Latin letters are Jost's: the
 * Tamil pages keep the site's Latin faces for their English words and digits.
 */
export const TAMIL_CHARACTERS = `${Array.from({ length: 0x0bff - 0x0b80 + 1 }, (_, i) => String.fromCodePoint(0x0b80 + i)).join("")}\u200c\u200d\u20b9\u25cc`;

/**
 * Noto Sans Tamil (OFL-1.1, @fontsource/noto-sans-tamil), one static weight per file. Of the
 * choices its 400 is the smallest by far (13.6 KB cut to TAMIL_CHARACTERS, against 34 KB for the
 * variable file's 300-600 and 30 KB for Mukta Malar's 400): the regular one serves the
 * stylesheet's 300 to 500 and is preloaded on Tamil pages only; the bold serves 600 and 700
 * (the client gallery's and album's headings) and is fetched only by a page that has them.
 */
export const TAMIL_FONTS = [
  {
    source: "node_modules/@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2",
    core: "app/styles/fonts/noto-sans-tamil-400.woff2",
  },
  {
    source: "node_modules/@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff2",
    core: "app/styles/fonts/noto-sans-tamil-700.woff2",
  },
] as const;

/** The core subset of one font file: its outlines, kerning and variation axes, fewer glyphs. */
export function coreSubset(font: (typeof CORE_FONTS)[number]): Promise<Buffer> {
  return subsetFont(fs.readFileSync(path.join(root, font.source)), CORE_CHARACTERS, {
    targetFormat: "woff2",
    ...("axes" in font ? { variationAxes: font.axes } : {}),
  });
}

/** A Tamil face's file: its Tamil glyphs, their shaping tables (conjuncts, vowel signs). */
export function tamilSubset(font: (typeof TAMIL_FONTS)[number]): Promise<Buffer> {
  return subsetFont(fs.readFileSync(path.join(root, font.source)), TAMIL_CHARACTERS, { targetFormat: "woff2" });
}

if (import.meta.filename === process.argv[1]) {
  const made = [
    ...CORE_FONTS.map((font) => ({ font, bytes: coreSubset(font) })),
    ...TAMIL_FONTS.map((font) => ({ font, bytes: tamilSubset(font) })),
  ];
  for (const { font, bytes: making } of made) {
    const bytes = await making;
    fs.writeFileSync(path.join(root, font.core), bytes);
    console.log(`${font.core}: ${bytes.byteLength} bytes (from ${fs.statSync(path.join(root, font.source)).size})`);
  }
}
