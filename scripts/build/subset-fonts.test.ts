import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORE_CHARACTERS, CORE_FONTS, coreSubset } from "./subset-fonts.ts";

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
