// The studio's words for an album's state and for where a pin is on a printed list.
import { describe, expect, it } from "vitest";
import { albumStateText, commentNumbers, pinPosition } from "./words.ts";

describe("album words", () => {
  it("a sent version the couple opened is viewed; the rest as they are", () => {
    const at = "2026-11-28T04:00:00.000Z";
    expect(albumStateText({ state: "draft", viewedAt: null })).toBe("draft");
    expect(albumStateText({ state: "sent", viewedAt: null })).toBe("sent");
    expect(albumStateText({ state: "sent", viewedAt: at })).toBe("viewed");
    expect(albumStateText({ state: "changes", viewedAt: at })).toBe("changes asked");
    expect(albumStateText({ state: "approved", viewedAt: at })).toBe("approved");
  });

  it("a pin's place is its page of the spread and how far across and down", () => {
    expect(pinPosition(0.25, 0.5)).toBe("left page, 25% across, 50% down");
    // The middle of a spread is the right page's edge.
    expect(pinPosition(0.5, 0.125)).toBe("right page, 50% across, 13% down");
    expect(pinPosition(null, null)).toBe("the whole spread");
  });

  it("comments are numbered by spread, then in the order they came", () => {
    const numbers = commentNumbers([
      { id: 9, spread: 3 },
      { id: 4, spread: 1 },
      { id: 7, spread: 1 },
    ]);
    expect([...numbers]).toEqual([
      [4, 1],
      [7, 2],
      [9, 3],
    ]);
  });
});
