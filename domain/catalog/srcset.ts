// A srcset of width descriptors as toResponsiveImage writes it ("a.avif 320w, b.avif 480w"):
// its files and their widths, for code that chooses among them (a logo's densities, the widest
// file a client gallery's photo has).

export interface SrcSetEntry {
  url: string;
  width: number;
}

export function srcSetEntries(srcSet: string): SrcSetEntry[] {
  if (srcSet === "") return [];
  return srcSet.split(", ").map((entry) => {
    const space = entry.lastIndexOf(" ");
    return { url: entry.slice(0, space), width: Number(entry.slice(space + 1, -1)) };
  });
}
