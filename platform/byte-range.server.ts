// The one reading of an HTTP Range header (RFC 9110 section 14), by range-parser (MIT), the
// parser Express's own static files use: for the gallery downloads (platform/zip.server.ts) and
// for /media/* served from a bucket (server/media-bucket.ts), so every byte range the site
// answers is read alike.
import rangeParser from "range-parser";

/** Bytes [start, end) of a resource. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Only this unit is ours; a Range in another one is ignored, as Express's `send` ignores it. */
const BYTES_UNIT = /^bytes=/;
/** For a server that does not know the length (a bucket answers the range itself). */
const UNKNOWN_SIZE = Number.MAX_SAFE_INTEGER;

/**
 * The one byte range a Range header asks of a resource `size` bytes long: [start, end),
 * "unsatisfiable" (none of it lies within the resource: 416), or null, meaning send it all: no
 * header, another unit, a malformed header, or several ranges (RFC 9110 lets a server ignore
 * the header; one range is what resuming a download asks for).
 */
export function parseRange(header: string | null | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const value = header?.trim();
  if (!value || !BYTES_UNIT.test(value)) return null;
  const ranges = rangeParser(size, value);
  if (ranges === -1) return "unsatisfiable";
  if (ranges === -2 || ranges.length !== 1) return null;
  const [range] = ranges;
  return range ? { start: range.start, end: range.end + 1 } : null;
}

/**
 * Whether the header asks for exactly one well-formed byte range, for a store that knows the
 * length when we do not and answers the range itself (206, or 416 past the end).
 */
export function isSingleByteRange(header: string | null | undefined): boolean {
  const range = parseRange(header, UNKNOWN_SIZE);
  return range !== null && range !== "unsatisfiable";
}
