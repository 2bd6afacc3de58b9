// The contact form's rules answer with codes (domain/inquiries/rules.ts); the page says each in
// its language. Every code has its message in both catalogues, with the limits it names filled in.
import "#app/i18n/catalogs.server.ts";
import { describe, expect, it } from "vitest";
import { i18nFor, MISSING_MARK, translator } from "#app/i18n/i18n.ts";
import { INQUIRY_ERRORS, MESSAGE_MAX_CHARS, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from "#domain/inquiries/rules.ts";

const en = translator(i18nFor("en"));
const ta = translator(i18nFor("ta"));
/** Tamil script's Unicode block. */
const TAMIL = /[\u0B80-\u0BFF]/;

describe("the contact form's errors", () => {
  for (const code of Object.values(INQUIRY_ERRORS)) {
    it(`${code}: in English and in Tamil`, () => {
      const id = `contact.error.${code}`;
      expect(en(id)).not.toContain(MISSING_MARK);
      expect(ta(id)).not.toContain(MISSING_MARK);
      expect(ta(id)).toMatch(TAMIL);
      expect(ta(id)).not.toBe(en(id));
    });
  }

  it("name the limits, numbers in the page's language's way", () => {
    expect(en("contact.error.messageTooLong", { max: MESSAGE_MAX_CHARS })).toBe(
      "Please keep the message under 5,000 characters.",
    );
    expect(ta("contact.error.messageTooLong", { max: MESSAGE_MAX_CHARS })).toContain("5,000");
    expect(en("contact.error.phoneInvalid", { min: PHONE_MIN_DIGITS, max: PHONE_MAX_DIGITS })).toBe(
      "Please enter a phone number of 7 to 15 digits (spaces, + and - are fine).",
    );
  });

  it("count minutes and stories with each language's plurals", () => {
    expect(en("contact.rateLimited", { minutes: 1 })).toContain("try again in a minute,");
    expect(en("contact.rateLimited", { minutes: 4 })).toContain("try again in 4 minutes,");
    expect(ta("contact.rateLimited", { minutes: 1 })).toContain("ஒரு நிமிடம்");
    expect(ta("contact.rateLimited", { minutes: 4 })).toContain("4 நிமிடங்கள்");
    expect(en("search.count", { count: 1, query: "madurai" })).toBe("1 story for “madurai”");
    expect(en("search.count", { count: 3, query: "madurai" })).toBe("3 stories for “madurai”");
    expect(ta("search.count", { count: 3, query: "madurai" })).toBe("“madurai”: 3 கதைகள்");
  });
});
