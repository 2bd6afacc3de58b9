// The plain form body reader (contact, sign-in): forms within the cap, too large with or without a
// Content-Length, and bodies that are not forms.
import { describe, expect, it } from "vitest";
import { readFormBody } from "./form-body.server.ts";

const MAX = 1024;
const URL_ = "http://127.0.0.1/contactUs";

function chunked(bytes: number): Request {
  const chunk = new TextEncoder().encode("m".repeat(256));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return new Request(URL_, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("readFormBody", () => {
  it("reads an urlencoded and a multipart form", async () => {
    const urlencoded = await readFormBody(
      new Request(URL_, { method: "POST", body: new URLSearchParams({ message: "Hello", email: "a@b.co" }) }),
      MAX,
    );
    expect(urlencoded.ok && urlencoded.form.get("message")).toBe("Hello");
    const multipart = new FormData();
    multipart.set("message", "Vanakkam");
    const parsed = await readFormBody(new Request(URL_, { method: "POST", body: multipart }), MAX);
    expect(parsed.ok && parsed.form.get("message")).toBe("Vanakkam");
  });

  it("refuses a body over the cap, with a Content-Length or without one", async () => {
    const big = new URLSearchParams({ message: "m".repeat(MAX) });
    expect(await readFormBody(new Request(URL_, { method: "POST", body: big }), MAX)).toEqual({
      ok: false,
      problem: "too-large",
    });
    const stream = chunked(100 * MAX);
    expect(stream.headers.get("Content-Length")).toBeNull();
    expect(await readFormBody(stream, MAX)).toEqual({ ok: false, problem: "too-large" });
    const small = await readFormBody(chunked(MAX / 2), MAX);
    expect(small.ok).toBe(true);
  });

  it("calls JSON, plain text, no body and broken multipart unreadable", async () => {
    const posts = [
      new Request(URL_, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"message":"hi"}' }),
      new Request(URL_, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "message=hi" }),
      new Request(URL_, { method: "POST" }),
      new Request(URL_, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        body: "junk",
      }),
    ];
    for (const post of posts) expect(await readFormBody(post, MAX)).toEqual({ ok: false, problem: "unreadable" });
  });
});
