// The couple reads the proofing rules' refusals in their page's language (issue 33): each English
// refusal album.server.ts translates must still be one the domain says (else the couple would get
// the English again, silently), and each has its Tamil.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import "#app/i18n/catalogs.server.ts";
import { i18nFor, MISSING_MARK, translator } from "#app/i18n/i18n.ts";
import { COMMENT_MAX_CHARS, NAME_MAX_CHARS, ProofingRefusal } from "#domain/albums/proofing.server.ts";
import { REFUSAL_MESSAGES, refusalText } from "./album.server.ts";

const DOMAIN_SOURCES = ["domain/albums/proofing.server.ts", "domain/albums/spreads.server.ts"].map((file) =>
  readFileSync(file, "utf8"),
);

/** A refusal's words as its source writes them: a limit by its constant's name. */
function asWritten(text: string): string {
  return text
    .replace(String(COMMENT_MAX_CHARS), () => `\${COMMENT_MAX_CHARS}`)
    .replace(String(NAME_MAX_CHARS), () => `\${NAME_MAX_CHARS}`);
}

describe("the proofing refusals in the couple's language", () => {
  const english = translator(i18nFor("en"));
  const tamil = translator(i18nFor("ta"));

  it.each(Object.keys(REFUSAL_MESSAGES))("%s is still the domain's words", (text) => {
    expect(DOMAIN_SOURCES.some((source) => source.includes(asWritten(text)))).toBe(true);
  });

  it.each(Object.keys(REFUSAL_MESSAGES))("%s reads the same in English, and in Tamil", (text) => {
    const refusal = new ProofingRefusal(422, text);
    expect(refusalText(english, refusal)).toBe(text);
    const inTamil = refusalText(tamil, refusal);
    expect(inTamil).not.toBe(text);
    expect(inTamil).not.toContain(MISSING_MARK);
    expect(inTamil).toMatch(/[\u0B80-\u0BFF]/);
  });

  it("keeps a refusal it does not know as the domain said it", () => {
    expect(refusalText(tamil, new ProofingRefusal(409, "Something new."))).toBe("Something new.");
  });
});
