// The catalogues' own check (issue 33, ADR 047), beyond the build's (which fails on a message
// Tamil lacks): English and Tamil hold the same ids in each area, no message is empty, each pair
// takes the same ICU arguments (a Tamil sentence that drops {count} would show a wrong number),
// and every id the code names literally is in a catalogue.
import fs from "node:fs";
import path from "node:path";
import { parsePoFile } from "@lingui/format-po";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { CATALOG_NAMES } from "./catalogs.ts";
import { LANGUAGES, type Language } from "./languages.ts";

const root = path.resolve(import.meta.dirname, "../..");

function poItems(lang: Language, name: string) {
  return parsePoFile(fs.readFileSync(path.join(root, "app/locales", lang, `${name}.po`), "utf8")).items;
}

function catalogue(lang: Language, name: string): Map<string, string> {
  return new Map(poItems(lang, name).map((item) => [item.msgid, item.msgstr.join("")]));
}

/**
 * The arguments a translation may leave out, by id: the English note `#. optional: detail` (an
 * English-only technical sentence that another language says plainly instead). Any other
 * argument dropped (a count, a name) is a wrong sentence.
 */
function optionalArguments(name: string): Map<string, string[]> {
  return new Map(
    poItems("en", name).map((item) => [
      item.msgid,
      item.extractedComments.flatMap((c) => /^optional:\s*(.+)$/.exec(c)?.[1]?.split(/[\s,]+/) ?? []),
    ]),
  );
}

/** The arguments a message takes, however deep in plurals and selects. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") names.add(token.arg);
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        names.add(token.arg);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** Source files outside the admin (which stays English) that may name a message. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "admin" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the message catalogues", () => {
  for (const name of CATALOG_NAMES) {
    it(`${name}: both languages hold the same ids, none empty, with the same arguments`, () => {
      const [en, ta] = LANGUAGES.map((lang) => catalogue(lang, name)) as [Map<string, string>, Map<string, string>];
      const optional = optionalArguments(name);
      expect([...ta.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [id, english] of en) {
        const tamil = ta.get(id) ?? "";
        expect(english.trim(), `en ${id}`).not.toBe("");
        expect(tamil.trim(), `ta ${id}`).not.toBe("");
        const mayOmit = optional.get(id) ?? [];
        const required = argumentsOf(english).filter((a) => !mayOmit.includes(a));
        const taken = argumentsOf(tamil);
        expect(
          taken.filter((a) => !mayOmit.includes(a)),
          `arguments of ta ${id}`,
        ).toEqual(required);
        expect(
          taken.every((a) => argumentsOf(english).includes(a)),
          `ta ${id} takes no argument English lacks`,
        ).toBe(true);
      }
    });
  }

  it("holds every id the pages name", () => {
    const known = new Set(CATALOG_NAMES.flatMap((name) => [...catalogue("en", name).keys()]));
    const named = sourceFiles(path.join(root, "app")).flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(/\bt\(\s*"([a-zA-Z0-9_.-]+)"/g)].map((m) => ({
        id: m[1] as string,
        file: path.relative(root, file),
      })),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((n) => !known.has(n.id))).toEqual([]);
  });
});
