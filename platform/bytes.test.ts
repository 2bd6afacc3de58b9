import { describe, expect, it } from "vitest";
import { formatFileSize, KIB, MIB } from "./bytes.ts";

describe("formatFileSize", () => {
  it.each([
    [0, "0 KB"],
    [64 * KIB, "64 KB"],
    [MIB - 1, "1024 KB"],
    [MIB, "1.0 MB"],
    [4 * MIB + 20_000, "4.0 MB"],
    [60 * MIB, "60.0 MB"],
    [61 * MIB, "61.0 MB"],
  ])("says %i bytes as %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
