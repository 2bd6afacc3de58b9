// subset-font ships no types; the one call scripts/build/subset-fonts.ts makes.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: "sfnt" | "woff" | "woff2" | "truetype"; preserveNameIds?: number[] },
  ): Promise<Buffer>;
}
