// A gallery's or event's language switch (?lang=): the choice is kept under that link only and
// read back as the language of its pages; the parameter never stays in the address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import { languageChoice, languageOfRequest } from "./language.server.ts";

describe("choosing a gallery's language", () => {
  beforeAll(() => setEnv({ APP_SECRET: "language-choice-secret-long-enough-0123456789" }));
  afterAll(restoreEnv);

  it("remembers the choice under the link, goes back without it, and the link's pages follow it over Accept-Language", async () => {
    const answer = await languageChoice(new Request("http://studio.test/g/tok123/downloads?list=2&lang=ta"));
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get("Location")).toBe("/g/tok123/downloads?list=2");
    const setCookie = answer?.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^nila_lang=.*Path=\/g\/tok123;/);
    const cookie = setCookie.slice(0, setCookie.indexOf(";"));
    const english = { "Accept-Language": "en-IN,en" };
    const at = (url: string, headers: Record<string, string>) => languageOfRequest(new Request(url, { headers }));
    expect(await at("http://studio.test/g/tok123", { ...english, Cookie: cookie })).toBe("ta");
    expect(await at("http://studio.test/g/tok123", english)).toBe("en");
    // A public page's language is its URL's, whatever the browser says or chose.
    expect(await at("http://studio.test/about", { "Accept-Language": "ta", Cookie: cookie })).toBe("en");
  });

  it("drops a language we do not have without remembering it, and leaves other pages alone", async () => {
    const unknown = await languageChoice(new Request("http://studio.test/e/ev1?lang=fr"));
    expect(unknown?.headers.get("Location")).toBe("/e/ev1");
    expect(unknown?.headers.get("Set-Cookie")).toBeNull();
    expect(await languageChoice(new Request("http://studio.test/about?lang=ta"))).toBeNull();
    expect(await languageChoice(new Request("http://studio.test/g/tok123"))).toBeNull();
  });
});
