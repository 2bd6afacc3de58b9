// The small download-PIN page a download link answers with before its file: in the visitor's
// language (issue 33), never cached, never indexed.
import { describe, expect, it } from "vitest";
import "#app/i18n/catalogs.server.ts";
import { i18nFor, translator } from "#app/i18n/i18n.ts";
import type { Language } from "#app/i18n/languages.ts";
import { downloadPinPage } from "./downloads.server.ts";

const page = (language: Language) =>
  downloadPinPage(
    403,
    { title: "பிரியா & கார்த்திக்", message: "…", action: "/g/t/download/all" },
    { language, t: translator(i18nFor(language)) },
  );

describe("the download PIN's page", () => {
  it("asks in Tamil on a Tamil visitor's download, and in English otherwise", async () => {
    const tamil = await page("ta").text();
    expect(tamil).toContain('<html lang="ta">');
    expect(tamil).toContain('<label for="pin">பதிவிறக்க PIN</label>');
    expect(tamil).toContain('<button type="submit">பதிவிறக்கு</button>');
    expect(tamil).not.toMatch(/Download|⟦/);
    const english = await page("en").text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<label for="pin">Download PIN</label>');
    expect(english).toContain('<button type="submit">Download</button>');
  });

  it("is never kept nor indexed", () => {
    const answer = page("ta");
    expect(answer.status).toBe(403);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
  });
});
