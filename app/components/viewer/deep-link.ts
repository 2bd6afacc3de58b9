// The viewer's deep links: #gallery-N names photo N (1-based). The only part of the viewer the
// shoot page's first load needs (launcher.tsx): everything else loads with the viewer.

/** The deep link of photo N (1-based) is #gallery-N. */
export const GALLERY_HASH_PREFIX = "#gallery-";

/** The hash of the photo at a 0-based index: #gallery-1 for the first. */
export function galleryHash(index: number): string {
  return `${GALLERY_HASH_PREFIX}${index + 1}`;
}

/** The 0-based index a #gallery-N hash points at, or null when it names no photo. */
export function parseGalleryHash(hash: string, photoCount: number): number | null {
  if (!hash.startsWith(GALLERY_HASH_PREFIX)) return null;
  const digits = hash.slice(GALLERY_HASH_PREFIX.length);
  if (!/^[1-9]\d{0,5}$/.test(digits)) return null;
  const n = Number(digits);
  return n <= photoCount ? n - 1 : null;
}

/** Opening, moving through and closing the viewer only changes the hash: a page need not reload its data. */
export function onlyHashChanged(current: URL, next: URL): boolean {
  return current.pathname === next.pathname && current.search === next.search && current.hash !== next.hash;
}
