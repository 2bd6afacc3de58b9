// The gallery drill at a small size: a gallery of 60 photos in 3 sets, a 12-photo selection
// exported as the name list and a ZIP of originals, every name exactly once in both.
import { describe, expect, it } from "vitest";
import { problemsOf, runGalleryDrill } from "./gallery-drill.ts";

describe("gallery drill", () => {
  it("exports a selection whose every name appears once in the list and the ZIP", async () => {
    const report = await runGalleryDrill({ photos: 60, select: 12, sets: 3 });
    expect(report).toMatchObject({ photos: 60, selected: 12, listProblems: [], zipProblems: [] });
    expect(report.unzipVerdict).toMatch(/No errors detected/);
    expect(report.zipBytes).toBeGreaterThan(12 * 30);
  }, 120_000);

  it("names a name missing, twice, or not chosen", () => {
    expect(problemsOf(["a.jpg", "b.jpg", "c.jpg"], ["a.jpg", "b.jpg", "b.jpg", "d.jpg"])).toEqual([
      "b.jpg: 2 times",
      "c.jpg: 0 times",
      "d.jpg: not chosen",
    ]);
  });
});
