// The "gallery ready" mail as HTML, in the studio's look: its logo (or its name), the gallery's
// cover, the link as a button, the link's last day and whether it asks for a PIN. It goes beside
// the plain text (galleryReadyMessage), which says the same for clients that show no HTML.
//
// Written for mail clients, not browsers: every style inline (Gmail drops <style> in many of its
// apps), no tables, no web fonts (the site's fonts fall back to the same families' stand-ins),
// images attached by Content-ID (domain/mail/inline-images.server.ts), and every text that the
// studio or a client typed (titles, names) escaped.
import { escapeHtml } from "../../platform/html.ts";
import { greeting, type MailWords } from "../mail/words.ts";
import { galleryReadyNotes, type ReadyGallery, titleForClient } from "./sending.server.ts";

/** The site's colours (app/styles/app.css, :root's --color-*): a test keeps the two the same. */
export const MAIL_COLORS = {
  ink: "#1d1b19",
  paper: "#faf8f5",
  muted: "#5c564f",
  line: "#e4ded5",
  accent: "#8a5a2b",
} as const;
/** The button's text on the accent colour: 5.9:1, above WCAG AA's 4.5:1. */
const BUTTON_INK = "#ffffff";
/** The site's font stacks, single-quoted to sit inside a style attribute. */
const DISPLAY_FONT = "'Cormorant Garamond', Georgia, 'Times New Roman', serif";
const TEXT_FONT = "Jost, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The mail's column: the width mail clients are designed for. */
export const MAIL_CONTENT_WIDTH_PX = 600;
/** The cover is drawn at most this tall: a portrait cover is narrowed, not a screen and a half. */
export const MAIL_COVER_MAX_HEIGHT_PX = 600;
/** The logo's drawn height, as the site's footer draws it (LOGO_HEIGHT_PX.footer). */
export const MAIL_LOGO_HEIGHT_PX = 48;

/** An image attached to the mail, as its HTML shows it. */
export interface MailPicture {
  cid: string;
  /** The attached file's pixels: the drawn size follows from them. */
  width: number;
  height: number;
  alt: string;
}

export interface ReadyMailContent {
  gallery: ReadyGallery;
  link: string;
  studioName: string;
  subject: string;
  cover: MailPicture | null;
  logo: MailPicture | null;
  /** The `mail` catalogue's words in the gallery's language (its client's). */
  words: MailWords;
}

/** A style attribute's text from its declarations. */
function style(declarations: Record<string, string | number>): string {
  return Object.entries(declarations)
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
}

const BODY = style({ margin: 0, padding: 0, "background-color": MAIL_COLORS.paper, color: MAIL_COLORS.ink });
const COLUMN = style({
  "max-width": `${MAIL_CONTENT_WIDTH_PX}px`,
  margin: "0 auto",
  padding: "32px 16px",
  "font-family": TEXT_FONT,
  "font-size": "16px",
  "line-height": 1.6,
  color: MAIL_COLORS.ink,
});
const MASTHEAD = style({
  "text-align": "center",
  "padding-bottom": "24px",
  "margin-bottom": "32px",
  "border-bottom": `1px solid ${MAIL_COLORS.line}`,
});
const HEADING = style({
  margin: "0 0 24px",
  "font-family": DISPLAY_FONT,
  "font-size": "32px",
  "font-weight": 400,
  "line-height": 1.2,
  color: MAIL_COLORS.ink,
});
const PARAGRAPH = style({ margin: "0 0 16px" });
const BUTTON_ROW = style({ margin: "32px 0" });
/** The site's .button, in the accent colour: a link drawn as a button works in every client. */
const BUTTON = style({
  display: "inline-block",
  padding: "14px 32px",
  "background-color": MAIL_COLORS.accent,
  color: BUTTON_INK,
  "border-radius": "2px",
  "font-size": "14px",
  "letter-spacing": "0.18em",
  "text-transform": "uppercase",
  "text-decoration": "none",
});
const SMALL = style({ margin: "0 0 16px", "font-size": "14px", color: MAIL_COLORS.muted });
const LINK = style({ color: MAIL_COLORS.accent, "word-break": "break-all" });
const FOOTER = style({
  margin: "32px 0 0",
  "padding-top": "16px",
  "border-top": `1px solid ${MAIL_COLORS.line}`,
  "font-size": "14px",
  color: MAIL_COLORS.muted,
});

function logoHtml(studioName: string, logo: MailPicture | null): string {
  const name = escapeHtml(studioName);
  if (!logo) {
    const wordmark = style({
      "font-family": DISPLAY_FONT,
      "font-size": "28px",
      "letter-spacing": "0.04em",
      color: MAIL_COLORS.ink,
    });
    return `<span style="${wordmark}">${name}</span>`;
  }
  const width = Math.round((MAIL_LOGO_HEIGHT_PX * logo.width) / logo.height);
  // height:auto with max-width: a logo wider than a phone's column shrinks whole, not squashed.
  const look = style({ display: "inline-block", border: 0, width: `${width}px`, "max-width": "100%", height: "auto" });
  return `<img src="cid:${escapeHtml(logo.cid)}" alt="${name}" width="${width}" height="${MAIL_LOGO_HEIGHT_PX}" style="${look}">`;
}

function coverHtml(cover: MailPicture): string {
  const width = Math.min(MAIL_CONTENT_WIDTH_PX, Math.round((MAIL_COVER_MAX_HEIGHT_PX * cover.width) / cover.height));
  const height = Math.round((width * cover.height) / cover.width);
  const look = style({
    display: "block",
    width: "100%",
    "max-width": `${width}px`,
    height: "auto",
    border: 0,
    margin: "0 auto 32px",
  });
  return `<img src="cid:${escapeHtml(cover.cid)}" alt="${escapeHtml(cover.alt)}" width="${width}" height="${height}" style="${look}">`;
}

/**
 * The mail's HTML document, in the gallery's language. Each message is formatted with the typed
 * texts in it, then escaped whole: the catalogue's words hold no markup.
 */
export function readyMailHtml({ gallery, link, studioName, subject, cover, logo, words }: ReadyMailContent): string {
  const title = titleForClient(gallery);
  const href = escapeHtml(link);
  const say = (id: string, values?: Record<string, unknown>) => escapeHtml(words(id, values));
  const notes = galleryReadyNotes(gallery, words).map((note) => `<p style="${PARAGRAPH}">${escapeHtml(note)}</p>`);
  return [
    "<!doctype html>",
    `<html lang="${gallery.language}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(subject)}</title>`,
    "</head>",
    `<body style="${BODY}">`,
    `<div style="${COLUMN}">`,
    `<div style="${MASTHEAD}">${logoHtml(studioName, logo)}</div>`,
    ...(cover ? [coverHtml(cover)] : []),
    `<h1 style="${HEADING}">${say("mail.galleryReady.heading", { title })}</h1>`,
    `<p style="${PARAGRAPH}">${escapeHtml(greeting(words, gallery.clientName))}</p>`,
    `<p style="${PARAGRAPH}">${say("mail.galleryReady.intro", { title })}</p>`,
    `<p style="${BUTTON_ROW}"><a href="${href}" style="${BUTTON}">${say("mail.galleryReady.button")}</a></p>`,
    ...notes,
    `<p style="${SMALL}">${say("mail.galleryReady.copyLink")}<br><a href="${href}" style="${LINK}">${href}</a></p>`,
    `<p style="${FOOTER}">${escapeHtml(studioName)}<br>${say("mail.replyToReach")}</p>`,
    "</div>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
