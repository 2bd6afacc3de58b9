// Range headers, read once for the gallery downloads and the bucket's /media/*.
import { describe, expect, it } from "vitest";
import { isSingleByteRange, parseRange } from "./byte-range.server.ts";

describe("parseRange", () => {
  it("reads Range headers as RFC 9110 says", () => {
    expect(parseRange("bytes=10-19", 100)).toEqual({ start: 10, end: 20 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 100 });
    expect(parseRange("bytes=-5", 100)).toEqual({ start: 95, end: 100 });
    expect(parseRange("bytes=95-500", 100)).toEqual({ start: 95, end: 100 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBeNull();
    expect(parseRange(null, 100)).toBeNull();
  });

  it("sends it all for a malformed header or another unit, whatever its numbers", () => {
    for (const header of ["bytes=x-y", "bytes=1-2-3", "bytes", "", "items=500-"]) {
      expect(parseRange(header, 100), header).toBeNull();
    }
    expect(parseRange("  bytes=10-19 ", 100)).toEqual({ start: 10, end: 20 });
  });

  it("answers a range that names no byte of the resource as Express's static files do: unsatisfiable", () => {
    // An empty suffix, a first byte after the last, and a suffix longer than the resource (which
    // RFC 9110 would serve whole): range-parser's reading, the same as express.static's for /media/.
    for (const header of ["bytes=-0", "bytes=10-5", "bytes=-500"]) {
      expect(parseRange(header, 100), header).toBe("unsatisfiable");
    }
  });
});

describe("isSingleByteRange", () => {
  it("passes on one well-formed range for the bucket to answer, whatever the object's length", () => {
    for (const header of ["bytes=100-199", "bytes=-10", "bytes=4990-", "bytes=999999-"]) {
      expect(isSingleByteRange(header), header).toBe(true);
    }
    for (const header of ["bytes=0-1,5-6", "pages=1-2", "bytes=x-y", undefined]) {
      expect(isSingleByteRange(header), header).toBe(false);
    }
  });
});
