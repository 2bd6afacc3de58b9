import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORE_CHARACTERS, CORE_FONTS, coreSubset, TAMIL_CHARACTERS, TAMIL_FONTS, tamilSubset } from "./subset-fonts.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** The code points a unicode-range descriptor names ("U+20-7E, U+A0"). */
function codePointsOf(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(",")) {
    const [low, high] = part.trim().replace(/^U\+/i, "").split("-");
    for (let point = Number.parseInt(low ?? "", 16); point <= Number.parseInt(high ?? low ?? "", 16); point++) {
      points.add(point);
    }
  }
  return points;
}

const TAMIL_BLOCK_START = 0x0b80;

/** The @font-face rules of the site's stylesheets (every page's, and the Tamil pages'), each rule's body. */
function fontFaces(): string[] {
  const css = ["app.css", "tamil.css"].map((f) => fs.readFileSync(path.join(root, "app/styles", f), "utf8")).join("\n");
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1] ?? "");
}

/** The code points of a string, as a set. */
function codePoints(text: string): Set<number> {
  return new Set([...text].map((c) => c.codePointAt(0) ?? 0));
}

/** Every translation (msgstr, with its continued lines) in a PO file, unescaped. */
function translationsOf(po: string): string[] {
  const texts: string[] = [];
  let inMsgstr = false;
  for (const line of po.split("\n")) {
    const keyword = /^(msgid|msgstr|msgctxt)\s+"(.*)"$/.exec(line);
    const quoted = keyword?.[2] ?? /^"(.*)"$/.exec(line)?.[1];
    if (keyword) inMsgstr = keyword[1] === "msgstr";
    if (quoted !== undefined && inMsgstr)
      texts.push(quoted.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c)));
  }
  return texts;
}

describe("the preloaded core fonts", () => {
  it("are what scripts/build/subset-fonts.ts makes of the installed @fontsource files, byte for byte", async () => {
    for (const font of CORE_FONTS) {
      const committed = fs.readFileSync(path.join(root, font.core));
      const source = fs.statSync(path.join(root, font.source)).size;
      expect(committed.byteLength).toBeLessThan(source * 0.7);
      expect(Buffer.compare(await coreSubset(font), committed), font.core).toBe(0);
    }
  });

  it("are declared in app.css for exactly the characters they hold, after the whole Latin face", () => {
    const css = fs.readFileSync(path.join(root, "app/styles/app.css"), "utf8");
    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1] ?? "");
    const expected = new Set([...CORE_CHARACTERS].map((c) => c.codePointAt(0)));
    for (const font of CORE_FONTS) {
      const file = path.basename(font.core);
      const at = faces.findIndex((face) => face.includes(file));
      expect(at, file).toBeGreaterThan(0);
      const range = /unicode-range:\s*([^;]+);/.exec(faces[at] ?? "")?.[1] ?? "";
      expect(codePointsOf(range)).toEqual(expected);
      // The face before it is the same family's whole Latin file, which the core one overrides.
      const family = /font-family:\s*([^;]+);/.exec(faces[at] ?? "")?.[1];
      expect(faces[at - 1]).toContain(`font-family: ${family};`);
      expect(faces[at - 1]).toContain(path.basename(font.source));
    }
  });
});

describe("the Tamil face (issue 33)", () => {
  it("is what scripts/build/subset-fonts.ts makes of the installed Noto Sans Tamil files, byte for byte", async () => {
    for (const font of TAMIL_FONTS) {
      const committed = fs.readFileSync(path.join(root, font.core));
      expect(Buffer.compare(await tamilSubset(font), committed), font.core).toBe(0);
    }
  });

  it("is declared in tamil.css as Noto Sans Tamil for exactly the Tamil characters, so a page without them never fetches it", () => {
    const faces = fontFaces();
    const expected = codePoints(TAMIL_CHARACTERS);
    for (const font of TAMIL_FONTS) {
      const face = faces.find((f) => f.includes(path.basename(font.core)));
      expect(face, font.core).toContain('font-family: "Noto Sans Tamil";');
      const range = /unicode-range:\s*([^;]+);/.exec(face ?? "")?.[1] ?? "";
      expect(codePointsOf(range), font.core).toEqual(expected);
    }
    // Nothing below the Tamil block (no Latin letter, digit or space): an English page's text never matches it.
    expect(Math.min(...expected)).toBe(TAMIL_BLOCK_START);
  });

  it("with the site's Latin core, holds every character of the Tamil catalogues that a page shows", () => {
    const directory = path.join(root, "app/locales/ta");
    // The mails and messages are read in the reader's own fonts, not the site's.
    const files = fs.readdirSync(directory).filter((name) => name.endsWith(".po") && name !== "mail.po");
    expect(files).toContain("site.po");
    const covered = new Set([...codePoints(CORE_CHARACTERS), ...codePoints(TAMIL_CHARACTERS), 0x0a]);
    for (const file of files) {
      const used = codePoints(translationsOf(fs.readFileSync(path.join(directory, file), "utf8")).join(""));
      const missing = [...used].filter((point) => !covered.has(point));
      expect(
        missing.map((point) => `U+${point.toString(16).toUpperCase().padStart(4, "0")}`),
        `${file}: characters no preloaded face has`,
      ).toEqual([]);
    }
  });
});
