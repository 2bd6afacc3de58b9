// The HTTP adapters (Express, tus, the cross-site refusal) live in server/; the screens (app/),
// the studio's rules (domain/) and the plumbing (platform/) know nothing of Express or of them.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "#fixtures/server-process.ts";

const IMPORT = /\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

describe("layers", () => {
  it("app/, domain/ and platform/ import neither Express nor server/", () => {
    const files = fs.globSync("{app,domain,platform}/**/*.{ts,tsx}", { cwd: ROOT });
    expect(files.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(path.join(ROOT, file), "utf8");
      for (const [, specifier = ""] of source.matchAll(IMPORT)) {
        const toServer = specifier.startsWith("#server/") || /^(\.\.\/)+server\//.test(specifier);
        if (specifier === "express" || specifier.startsWith("express/") || toServer) {
          offenders.push(`${file}: ${specifier}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
