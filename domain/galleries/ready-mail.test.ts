// The "gallery ready" mail's HTML, apart from its delivery (mail.server.test.ts sends it through
// a real SMTP server): the site's colours, a portrait cover narrowed to the mail's height, the
// studio's name as the wordmark without a logo.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mailWordsFor } from "#tests/helpers/mail-writers.ts";
import {
  MAIL_COLORS,
  MAIL_CONTENT_WIDTH_PX,
  MAIL_COVER_MAX_HEIGHT_PX,
  type ReadyMailContent,
  readyMailHtml,
} from "./ready-mail.ts";

const APP_CSS = fs.readFileSync(path.join(import.meta.dirname, "../../app/styles/app.css"), "utf8");

const CONTENT: ReadyMailContent = {
  gallery: { title: "Priya & Karthik", titleTa: null, clientName: "", expiresOn: null, hasPin: false, language: "en" },
  link: "https://nila.example/g/abc",
  studioName: "Nila Studio",
  subject: "Your photos from Priya & Karthik are ready",
  cover: null,
  logo: null,
  words: mailWordsFor("en"),
};

describe("the gallery ready mail's HTML", () => {
  it("is drawn in the site's colours", () => {
    for (const [name, value] of Object.entries(MAIL_COLORS)) expect(APP_CSS).toContain(`--color-${name}: ${value};`);
  });

  it("draws a landscape cover the mail's width, a portrait one no taller than the mail's limit", () => {
    const landscape = readyMailHtml({ ...CONTENT, cover: { cid: "c@x", width: 800, height: 533, alt: "" } });
    expect(landscape).toContain(`width="${MAIL_CONTENT_WIDTH_PX}" height="400"`);
    const portrait = readyMailHtml({ ...CONTENT, cover: { cid: "c@x", width: 800, height: 1200, alt: "" } });
    expect(portrait).toContain(`width="400" height="${MAIL_COVER_MAX_HEIGHT_PX}"`);
    expect(portrait).toContain("max-width:400px");
  });

  it("greets without a name when the client has none, and names the studio as its wordmark without a logo", () => {
    const html = readyMailHtml(CONTENT);
    expect(html).toContain(">Hello,</p>");
    expect(html).toContain(">Nila Studio</span>");
    expect(html).not.toContain("<img");
  });

  it("is written in the gallery's language: English as before, Tamil for a Tamil client", () => {
    const english = readyMailHtml({ ...CONTENT, gallery: { ...CONTENT.gallery, clientName: "Priya" } });
    expect(english).toContain('<html lang="en">');
    for (const words of [
      "Your photos from Priya &amp; Karthik are ready</h1>",
      ">Hello Priya,</p>",
      ">your photos from Priya &amp; Karthik are ready for you to see.</p>",
      ">Open your gallery</a>",
      "If the button does not open, copy this link into your browser:<br>",
      "Nila Studio<br>Reply to this mail to reach us.</p>",
    ])
      expect(english).toContain(words);

    const tamil = readyMailHtml({
      ...CONTENT,
      gallery: {
        ...CONTENT.gallery,
        title: "Priya & Karthik",
        titleTa: "பிரியா & கார்த்திக்",
        clientName: "Priya",
        expiresOn: "2026-01-25",
        hasPin: true,
        language: "ta",
      },
      subject: "உங்கள் பிரியா & கார்த்திக் புகைப்படங்கள் தயார்",
      words: mailWordsFor("ta"),
    });
    expect(tamil).toContain('<html lang="ta">');
    for (const words of [
      "உங்கள் பிரியா &amp; கார்த்திக் புகைப்படங்கள் தயார்</h1>",
      ">வணக்கம் Priya,</p>",
      ">கேலரியைத் திற</a>",
      "இந்த இணைப்பு ஞாயிறு, 25 ஜனவரி 2026 வரை திறக்கும்.",
      "திறக்கும்போது PIN கேட்கும்",
      "Nila Studio<br>எங்களைத் தொடர்புகொள்ள, இந்த மெயிலுக்கே பதில் அனுப்புங்கள்.</p>",
    ])
      expect(tamil).toContain(words);
    // No English left in it, and no message missing from the Tamil catalogue.
    expect(tamil).not.toMatch(/Hello|ready|Open your gallery|Reply to|⟦/);
  });
});
