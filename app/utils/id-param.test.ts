import { describe, expect, it } from "vitest";
import { idParam } from "./id-param.ts";

describe("an id from the URL", () => {
  it("is digits only, at most nine", () => {
    expect(idParam("21")).toBe(21);
    expect(idParam("000000007")).toBe(7);
    for (const bad of [undefined, "", "-1", "1.5", "1e3", " 21", "0x10", "1234567890"]) expect(idParam(bad)).toBeNull();
  });
});
