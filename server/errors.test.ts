import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { assignRequestId, REQUEST_ID_HEADER } from "./errors.ts";

describe("request ids", () => {
  it("are short, URL-safe, sent back as a header, and never repeat across many draws of random bytes", () => {
    const ids = new Set<string>();
    const headers = new Map<string, unknown>();
    const res = { setHeader: (name: string, value: unknown) => headers.set(name, value) } as unknown as ServerResponse;
    // Several times the number of ids drawn at once.
    const count = 5000;
    for (let i = 0; i < count; i++) {
      const id = assignRequestId({} as IncomingMessage, res);
      expect(id).toMatch(/^[\w-]{8}$/);
      expect(headers.get(REQUEST_ID_HEADER)).toBe(id);
      ids.add(id);
    }
    expect(ids.size).toBe(count);
  });
});
