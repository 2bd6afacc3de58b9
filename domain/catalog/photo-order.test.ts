import { describe, expect, it } from "vitest";
import { gappedPositions, POSITION_GAP, placedOrder, positionsBetween } from "./photo-order.ts";

describe("gapped positions", () => {
  it("spreads a selection evenly between two neighbours, strictly inside", () => {
    expect(positionsBetween(0, 1024, 3)).toEqual([256, 512, 768]);
    expect(positionsBetween(10, 14, 3)).toEqual([11, 12, 13]);
    expect(positionsBetween(0, 5, 2)).toEqual([1, 3]);
  });

  it("says there is no room when the neighbours are too close", () => {
    expect(positionsBetween(10, 13, 3)).toBeNull();
    expect(positionsBetween(7, 7, 1)).toBeNull();
    expect(positionsBetween(7, 8, 1)).toBeNull();
  });

  it("steps a whole gap past an open end, in the selection's order", () => {
    expect(positionsBetween(null, 0, 2)).toEqual([-2 * POSITION_GAP, -POSITION_GAP]);
    expect(positionsBetween(2048, null, 2)).toEqual([2048 + POSITION_GAP, 2048 + 2 * POSITION_GAP]);
    expect(positionsBetween(null, null, 3)).toEqual(gappedPositions(3));
  });

  it("halves one gap ten times before it runs out", () => {
    let high = POSITION_GAP;
    let halvings = 0;
    for (;;) {
      const next = positionsBetween(0, high, 1);
      if (!next) break;
      high = next[0] as number;
      halvings++;
    }
    expect(halvings).toBe(10);
  });
});

describe("placing a selection", () => {
  const ORDER = [1, 2, 3, 4, 5, 6];
  it("moves the selection, in its order, before a photo or to an end", () => {
    expect(placedOrder(ORDER, [5, 2], { before: 4 })).toEqual([1, 3, 2, 5, 4, 6]);
    expect(placedOrder(ORDER, [6, 3], { at: "start" })).toEqual([3, 6, 1, 2, 4, 5]);
    expect(placedOrder(ORDER, [1, 2], { at: "end" })).toEqual([3, 4, 5, 6, 1, 2]);
  });
  it("closes a selection up around one of its own photos", () => {
    expect(placedOrder(ORDER, [2, 3, 5], { before: 3 })).toEqual([1, 2, 3, 5, 4, 6]);
    expect(placedOrder(ORDER, [5, 6], { before: 5 })).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it("refuses a selection or a target that is not there", () => {
    expect(placedOrder(ORDER, [9], { at: "end" })).toBeNull();
    expect(placedOrder(ORDER, [2], { before: 9 })).toBeNull();
  });
});
