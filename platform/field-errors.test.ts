import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors } from "./field-errors.ts";

describe("fieldErrors", () => {
  it("keeps the first message per field and leaves out issues about the whole value", () => {
    const schema = z
      .object({ name: z.string().min(1, "Name first").max(3, "Too long"), age: z.number({ error: "A number" }) })
      .refine(() => false, "Whole value");
    const parsed = schema.safeParse({ name: "", age: "x" });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrors<"name" | "age">(parsed.error)).toEqual({ name: "Name first", age: "A number" });
  });
});
