import { describe, expect, it } from "vitest";
import { acceptedLanguage, personalLinkOf } from "./language.server.ts";
import { basePath, isTranslatedPath, languageOfPath, pathIn } from "./languages.ts";

describe("a page's language from its path", () => {
  it("is Tamil under /ta and English everywhere else, /tamil included", () => {
    expect(["/ta", "/ta/", "/ta/about", "/ta/gallery/wedding"].map(languageOfPath)).toEqual(["ta", "ta", "ta", "ta"]);
    expect(["/", "/about", "/tamil", "/g/abc", "/taste"].map(languageOfPath)).toEqual(["en", "en", "en", "en", "en"]);
  });

  it("moves a public path between languages and leaves the rest alone", () => {
    expect(pathIn("ta", "/")).toBe("/ta");
    expect(pathIn("ta", "/about")).toBe("/ta/about");
    expect(pathIn("ta", "/search?q=mehendi")).toBe("/ta/search?q=mehendi");
    expect(pathIn("ta", "/?x=1")).toBe("/ta?x=1");
    expect(pathIn("en", "/about")).toBe("/about");
    for (const other of ["/g/tok", "/e/tok/g/1", "/api/studio", "/admin", "/sitemap.xml", "https://x.example/"]) {
      expect(pathIn("ta", other)).toBe(other);
    }
    expect(basePath("/ta")).toBe("/");
    expect(basePath("/ta/galleryList/21")).toBe("/galleryList/21");
    expect(isTranslatedPath("/ta/about")).toBe(false);
  });
});

describe("a gallery visitor's first language", () => {
  it("follows Accept-Language's ranking among the languages we have, else English", () => {
    expect(acceptedLanguage("ta-IN,ta;q=0.9,en;q=0.8")).toBe("ta");
    expect(acceptedLanguage("en-GB,ta;q=0.9")).toBe("en");
    expect(acceptedLanguage("fr, ta;q=0.5")).toBe("ta");
    expect(acceptedLanguage("ta;q=0, en;q=0.1")).toBe("en");
    expect(acceptedLanguage("de")).toBe("en");
    expect(acceptedLanguage(null)).toBe("en");
  });

  it("is remembered under the gallery's or event's own link", () => {
    expect(personalLinkOf("/g/abc123/album/4")).toBe("/g/abc123");
    expect(personalLinkOf("/e/xyz/g/9")).toBe("/e/xyz");
    expect(personalLinkOf("/gallery/wedding")).toBeNull();
  });
});
