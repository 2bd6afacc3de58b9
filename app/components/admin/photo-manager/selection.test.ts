import { describe, expect, it } from "vitest";
import { clickPhoto, EMPTY_SELECTION, keepShown, pressKey, type Selection, selectAll } from "./selection.ts";

const ORDER = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
const COLUMNS = 4;
const ids = (s: Selection) => [...s.selected].sort((a, b) => a - b);

describe("photo manager selection", () => {
  it("a click selects one photo; Ctrl/Cmd-click adds and removes; Shift-click takes the range from the anchor", () => {
    let s = clickPhoto(EMPTY_SELECTION, ORDER, 13, {});
    expect(ids(s)).toEqual([13]);
    s = clickPhoto(s, ORDER, 17, { shift: true });
    expect(ids(s)).toEqual([13, 14, 15, 16, 17]);
    // Shift-click again, from the same anchor, backwards: the range is replaced.
    s = clickPhoto(s, ORDER, 11, { shift: true });
    expect(ids(s)).toEqual([11, 12, 13]);
    s = clickPhoto(s, ORDER, 19, { toggle: true });
    expect(ids(s)).toEqual([11, 12, 13, 19]);
    s = clickPhoto(s, ORDER, 12, { toggle: true });
    expect(ids(s)).toEqual([11, 13, 19]);
    // Ctrl+Shift adds a range from the new anchor (12) to what was clicked.
    s = clickPhoto(s, ORDER, 15, { shift: true, toggle: true });
    expect(ids(s)).toEqual([11, 12, 13, 14, 15, 19]);
    s = clickPhoto(s, ORDER, 20, {});
    expect(ids(s)).toEqual([20]);
  });

  it("arrows move the focus by one or a row, Space toggles, Shift+arrows extend from the anchor", () => {
    let s = pressKey(EMPTY_SELECTION, ORDER, "ArrowRight", {}, COLUMNS) as Selection;
    expect(s.focus).toBe(11);
    s = pressKey(s, ORDER, "ArrowDown", {}, COLUMNS) as Selection;
    expect(s.focus).toBe(15);
    expect(ids(s)).toEqual([]);
    s = pressKey(s, ORDER, " ", {}, COLUMNS) as Selection;
    expect(ids(s)).toEqual([15]);
    s = pressKey(s, ORDER, "ArrowRight", { shift: true }, COLUMNS) as Selection;
    s = pressKey(s, ORDER, "ArrowRight", { shift: true }, COLUMNS) as Selection;
    expect(ids(s)).toEqual([15, 16, 17]);
    s = pressKey(s, ORDER, "ArrowUp", { shift: true }, COLUMNS) as Selection;
    expect(s.focus).toBe(13);
    expect(ids(s)).toEqual([13, 14, 15]);
    s = pressKey(s, ORDER, " ", {}, COLUMNS) as Selection;
    expect(ids(s)).toEqual([14, 15]);
    s = pressKey(s, ORDER, "End", {}, COLUMNS) as Selection;
    expect(s.focus).toBe(20);
    s = pressKey(s, ORDER, "ArrowDown", {}, COLUMNS) as Selection;
    expect(s.focus).toBe(20);
    s = pressKey(s, ORDER, "Home", { shift: true }, COLUMNS) as Selection;
    expect(ids(s)).toEqual([11, 12, 13]);
  });

  it("Ctrl/Cmd+A selects all, Escape clears, other keys are not the grid's", () => {
    let s = pressKey(EMPTY_SELECTION, ORDER, "a", { toggle: true }, COLUMNS) as Selection;
    expect(ids(s)).toEqual(ORDER);
    s = pressKey(s, ORDER, "Escape", {}, COLUMNS) as Selection;
    expect(ids(s)).toEqual([]);
    expect(pressKey(s, ORDER, "Escape", {}, COLUMNS)).toBeNull();
    expect(pressKey(s, ORDER, "Tab", {}, COLUMNS)).toBeNull();
    expect(pressKey(s, ORDER, "a", {}, COLUMNS)).toBeNull();
    expect(pressKey(s, [], "ArrowRight", {}, COLUMNS)).toBeNull();
  });

  it("forgets photos that left the shoot, keeping the focus on one that is there", () => {
    const s = selectAll(clickPhoto(EMPTY_SELECTION, ORDER, 12, {}), ORDER);
    const after = keepShown(s, [11, 13, 14]);
    expect(ids(after)).toEqual([11, 13, 14]);
    expect(after.focus).toBe(11);
    expect(after.anchor).toBeNull();
    expect(keepShown(after, [11, 13, 14])).toBe(after);
  });
});
