// The "gallery ready" mail's HTML, apart from its delivery (mail.server.test.ts sends it through
// a real SMTP server): the site's colours, a portrait cover narrowed to the mail's height, the
// studio's name as the wordmark without a logo.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  MAIL_COLORS,
  MAIL_CONTENT_WIDTH_PX,
  MAIL_COVER_MAX_HEIGHT_PX,
  type ReadyMailContent,
  readyMailHtml,
} from "./ready-mail.ts";

const APP_CSS = fs.readFileSync(path.join(import.meta.dirname, "../../app/styles/app.css"), "utf8");

const CONTENT: ReadyMailContent = {
  gallery: { title: "Priya & Karthik", clientName: "", expiresOn: null, hasPin: false },
  link: "https://nila.example/g/abc",
  studioName: "Nila Studio",
  subject: "Your photos from Priya & Karthik are ready",
  cover: null,
  logo: null,
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
});
