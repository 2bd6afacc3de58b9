// POST /language: a gallery or event visitor's choice, kept under that link only and read back as
// the language of its pages; nothing else can be set or redirected to.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languageOfRequest } from "#app/i18n/language.server.ts";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import { action } from "./language.ts";

const post = (fields: Record<string, string>) =>
  action({
    request: new Request("http://studio.test/language", { method: "POST", body: new URLSearchParams(fields) }),
  } as Parameters<typeof action>[0]);

const refusal = async (fields: Record<string, string>) => {
  try {
    await post(fields);
  } catch (thrown) {
    return thrown instanceof Response ? thrown.status : "not a response";
  }
  return "accepted";
};

describe("choosing a gallery's language", () => {
  beforeAll(() => setEnv({ APP_SECRET: "language-choice-secret-long-enough-0123456789" }));
  afterAll(restoreEnv);

  it("remembers the choice under the link, goes back, and the link's pages follow it over Accept-Language", async () => {
    const answer = await post({ to: "/g/tok123/downloads?x=1", language: "ta" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/g/tok123/downloads?x=1");
    const setCookie = answer.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^nila_lang=.*Path=\/g\/tok123;/);
    const cookie = setCookie.slice(0, setCookie.indexOf(";"));
    const english = { "Accept-Language": "en-IN,en" };
    expect(
      await languageOfRequest(new Request("http://studio.test/g/tok123", { headers: { ...english, Cookie: cookie } })),
    ).toBe("ta");
    expect(await languageOfRequest(new Request("http://studio.test/g/tok123", { headers: english }))).toBe("en");
    // A public page's language is its URL's, whatever the browser says or chose.
    expect(
      await languageOfRequest(
        new Request("http://studio.test/about", { headers: { "Accept-Language": "ta", Cookie: cookie } }),
      ),
    ).toBe("en");
  });

  it("refuses another site, a public page, and a language we do not have", async () => {
    expect(await refusal({ to: "//evil.example/g/x", language: "ta" })).toBe(400);
    expect(await refusal({ to: "https://evil.example/g/x", language: "ta" })).toBe(400);
    expect(await refusal({ to: "/about", language: "ta" })).toBe(400);
    expect(await refusal({ to: "/g/tok123", language: "fr" })).toBe(400);
  });
});
