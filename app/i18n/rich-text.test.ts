// Words around the catalogues (issue 33): dates in Tamil as the studio writes them, English as
// before (domain/catalog/language-dates.ts); markup placed where the language's sentence puts it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "#app/i18n/catalogs.server.ts";
import { i18nFor, MISSING_MARK, translator } from "#app/i18n/i18n.ts";
import { richText } from "#app/i18n/rich-text.tsx";
import { eventDayIn, studioTimeIn } from "#domain/catalog/language-dates.ts";

const DAY = "2026-01-25";
/** 14:30 in India (UTC+5:30). */
const STORED = "2026-01-25T09:00:00.000Z";
const KOLKATA = "Asia/Kolkata";

describe("dates in the page's language", () => {
  it("writes an event day in Tamil without Intl's comma, and in English as before", () => {
    expect(eventDayIn("ta", DAY)).toBe("25 ஜனவரி 2026");
    expect(eventDayIn("en", DAY)).toBe("25 January 2026");
    expect(eventDayIn("ta", null)).toBeNull();
    expect(eventDayIn("ta", "not a day")).toBeNull();
  });

  it("writes a time on the studio's clock in Tamil, and in English as the studio's pages do", () => {
    expect(studioTimeIn("ta", STORED, KOLKATA)).toBe("25 ஜனவரி 2026, 14:30 (GMT+5:30)");
    expect(studioTimeIn("en", STORED, KOLKATA)).toBe("25 Jan 2026, 14:30 GMT+5:30");
  });
});

describe("richText", () => {
  it("puts the markup where each language's sentence has the placeholder", () => {
    const bold = createElement("strong", null, "Priya");
    const en = renderToStaticMarkup(richText(translator(i18nFor("en")), "album.hint.as", {}, "name", bold));
    const ta = renderToStaticMarkup(richText(translator(i18nFor("ta")), "album.hint.as", {}, "name", bold));
    expect(en).toBe("Commenting as <strong>Priya</strong>.");
    expect(ta).toBe("<strong>Priya</strong> என்ற பெயரில் கருத்து சொல்கிறீர்கள்.");
    expect(ta).not.toContain(MISSING_MARK);
  });
});
