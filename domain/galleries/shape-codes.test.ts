import { describe, expect, it } from "vitest";
import { decodeShapes, encodeShapes, shapeOf } from "./shape-codes.ts";

describe("a set's shapes in the document", () => {
  it("are the grid's --shape values, to 3 decimals", () => {
    expect(shapeOf(6000, 4000)).toBe("1.500");
    expect(shapeOf(4000, 6000)).toBe("0.667");
  });

  it("come back in order, one character a photo while a set has at most 64 shapes", () => {
    const shapes = ["1.500", "0.667", "1.500", "1.500", "1.333", "0.667"];
    const codes = encodeShapes(shapes);
    expect(codes).toEqual({ of: ["1.500", "0.667", "1.333"], at: "010021" });
    expect(decodeShapes(codes)).toEqual(shapes);
  });

  it("take two characters a photo beyond 64 distinct shapes, and still come back exactly", () => {
    const shapes = Array.from({ length: 3_000 }, (_, i) => shapeOf(1000 + (i % 700), 1000));
    const codes = encodeShapes(shapes);
    expect(codes.of).toHaveLength(700);
    expect(codes.at).toHaveLength(6_000);
    expect(decodeShapes(codes)).toEqual(shapes);
  });

  it("make an empty set's codes empty", () => {
    expect(decodeShapes(encodeShapes([]))).toEqual([]);
  });
});
