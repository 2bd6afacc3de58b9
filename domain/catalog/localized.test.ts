// The one fallback rule for the studio's own words (issue 33): Tamil where it was written, never
// an empty text; and what an admin form's Tamil field stores.
import { describe, expect, it } from "vitest";
import { inLanguage, tamilToStore } from "./localized.ts";

describe("inLanguage", () => {
  it("gives the Tamil on a Tamil page when the studio wrote one", () => {
    expect(inLanguage("ta", "Wedding", "திருமணம்")).toBe("திருமணம்");
  });

  it("falls back to the English when the Tamil is missing, empty or blank", () => {
    for (const tamil of [null, undefined, "", "  \n "]) expect(inLanguage("ta", "Wedding", tamil)).toBe("Wedding");
  });

  it("always gives the English on an English page", () => {
    expect(inLanguage("en", "Wedding", "திருமணம்")).toBe("Wedding");
  });
});

describe("tamilToStore", () => {
  it("trims what was typed, and stores an empty field as null (not translated)", () => {
    expect(tamilToStore("  திருமணம் ")).toBe("திருமணம்");
    for (const empty of ["", "   ", null, undefined]) expect(tamilToStore(empty)).toBeNull();
  });
});
