// The public site in English and Tamil (issue 33): every public page in both languages, on a
// phone and a desktop, says which language it is in, names its landmarks and header navigation in
// that language, shows no missing message, fits the screen, and a Tamil page carries none of the
// English words of the site's own interface. Then the contact form in Tamil: its errors and
// thanks come back in Tamil, with what was typed kept. Expected words are read from the
// catalogues themselves (app/locales), so the test follows a reworded message.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { MISSING_MARK } from "#app/i18n/i18n.ts";
import { type Language, pathIn } from "#app/i18n/languages.ts";
import { NAV_LINKS } from "#domain/catalog/navigation.ts";
import { DEMO_SHOOTS } from "#domain/demo/studio.ts";
import { catalogue, messageIn, shownWords } from "./catalogue.ts";
import { expect, hydrated, test } from "./fixtures.ts";

/** The narrowest phone the site is laid out for, and a desktop. */
const WIDTHS = [
  { width: 360, height: 780 },
  { width: 1440, height: 900 },
] as const;

/** A path no route answers. */
const NOT_FOUND_PATH = "/no-such-page-in-any-language";
const SHOOT_PATH = "/galleryList/1";

/** Every public page (English paths) and the status it answers with. */
const PAGES: { path: string; status: number }[] = [
  { path: "/", status: 200 },
  { path: "/about", status: 200 },
  ...NAV_LINKS.filter((l) => l.to.startsWith("/gallery/")).map((l) => ({ path: l.to, status: 200 })),
  { path: SHOOT_PATH, status: 200 },
  { path: "/contactUs", status: 200 },
  { path: "/search?q=madurai", status: 200 },
  { path: "/credits", status: 200 },
  { path: NOT_FOUND_PATH, status: 404 },
];

/**
 * The demo's English alt texts, each of which has a Tamil version in the demo: its photographs'
 * (exactly their subjects) and its shoots' cards ("Title, place").
 */
const DEMO_PHOTO_ALTS = new Set(
  (JSON.parse(fs.readFileSync(path.resolve("demo/photos/manifest.json"), "utf8")) as { subject: string }[]).map(
    (photo) => photo.subject.charAt(0).toUpperCase() + photo.subject.slice(1),
  ),
);
const DEMO_CARD_ALTS = DEMO_SHOOTS.map((shoot) => `${shoot.title}, ${shoot.location}`);
const isDemoEnglishAlt = (alt: string) => DEMO_PHOTO_ALTS.has(alt) || DEMO_CARD_ALTS.includes(alt);

/** Tamil script's Unicode block. */
const TAMIL = /[\u0B80-\u0BFF]/;
/** The server's default INQUIRY_MIN_FILL_S is 3; a person takes longer than that to write. */
const HUMAN_FILL_MS = 3_300;

const MESSAGES: Record<Language, Map<string, string>> = {
  en: catalogue("en", ["site", "public"]),
  ta: catalogue("ta", ["site", "public"]),
};
function msg(lang: Language, id: string): string {
  return messageIn(MESSAGES[lang], id);
}

/**
 * English interface words a Tamil page must not show: whole phrases of the site's own messages
 * (not single words, which the studio's own content, kept as the database holds it, may contain).
 */
const ENGLISH_UI_IDS = [
  "site.skip",
  "header.openMenu",
  "footer.quickLinks",
  "home.collections",
  "home.stories",
  "home.showreel",
  "banner.label",
  "collection.empty",
  "contact.heading",
  "contact.lede",
  "contact.submit",
  "contact.visit",
  "contact.write",
  "search.label",
  "credits.title",
  "credits.table",
  "error.404.title",
  "site.newTab",
];

for (const lang of ["en", "ta"] as const) {
  test.describe(`public pages in ${lang === "en" ? "English" : "Tamil"}`, () => {
    for (const { path: englishPath, status } of PAGES) {
      const url = pathIn(lang, englishPath);
      test(`${url}: lang, landmarks and nav in ${lang}, no missing message, no overflow at 360 and 1440 px`, async ({
        page,
        offHostRequests,
      }) => {
        for (const viewport of WIDTHS) {
          await page.setViewportSize(viewport);
          expect((await page.goto(url))?.status(), url).toBe(status);
          const at = `${url} at ${viewport.width} px`;
          await expect(page.locator("html"), at).toHaveAttribute("lang", lang);

          // One main landmark, with the page's heading, reached by the skip link in this language.
          await expect(page.getByRole("main"), at).toHaveCount(1);
          await expect(page.getByRole("main").locator("h1"), at).toHaveCount(1);
          await expect(page.locator('a.skip-link[href="#main"]'), at).toHaveText(msg(lang, "site.skip"));

          // The header's navigation (shown as links or, on a phone, in the menu panel) by its name.
          const navs = page.locator("header nav");
          expect(await navs.count(), at).toBeGreaterThan(0);
          for (const nav of await navs.all()) {
            await expect(nav, at).toHaveAttribute("aria-label", msg(lang, "header.nav"));
            for (const link of NAV_LINKS) await expect(nav, at).toContainText(msg(lang, link.messageId));
          }

          const words = await shownWords(page);
          expect(words.all.includes(MISSING_MARK), `${at}: a missing message`).toBe(false);
          if (lang === "ta") {
            expect(words.text, at).toMatch(TAMIL);
            // The studio's photographs are described in Tamil too: none of the demo's English alt
            // texts is left. Only the demo's: other tests add shoots in English alone, which a
            // Tamil page rightly shows in English.
            const alts = await page
              .locator("img[alt]:not([alt=''])")
              .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt") ?? ""));
            expect(alts.filter(isDemoEnglishAlt), `${at}: the demo's alt texts in English`).toEqual([]);
            for (const id of ENGLISH_UI_IDS) {
              const english = msg("en", id);
              expect(words.text.includes(english) || words.labels.includes(english), `${at}: "${english}"`).toBe(false);
            }
          }

          const overflow = await page.evaluate(() => ({
            scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
            innerWidth: window.innerWidth,
          }));
          expect(overflow.scrollWidth, `${at}: wider than the screen`).toBeLessThanOrEqual(overflow.innerWidth);
        }
        expect(offHostRequests).toEqual([]);
      });
    }
  });
}

test.describe("the contact page's greeting", () => {
  test("keeps the spec's English on the English page and greets in Tamil on the Tamil one", async ({ page }) => {
    await page.goto("/contactUs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Just say hi !");
    await page.goto("/ta/contactUs");
    const greeting = page.getByRole("heading", { level: 1 });
    await expect(greeting).toHaveText(msg("ta", "contact.heading"));
    await expect(greeting).toHaveText(TAMIL);
  });
});

test.describe("the home page in Tamil", () => {
  test("has the home page's header: over the banner, with search and no back button, on a phone too", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/", "/ta"]) {
      await page.goto(path);
      const lang = path === "/" ? "en" : "ta";
      await expect(page.locator("header.site-header")).toHaveClass(/site-header--home/);
      await expect(page.getByRole("link", { name: msg(lang, "header.search") })).toBeVisible();
      await expect(page.getByRole("button", { name: msg(lang, "header.back") })).toHaveCount(0);
    }
  });
});

test.describe("the home page's slideshow in Tamil", () => {
  test("names its button in Tamil in both states (the slideshow swaps the page's own labels)", async ({ page }) => {
    await page.goto("/ta");
    const button = page.locator("button.banner-pause");
    await expect(button).toHaveAttribute("aria-label", msg("ta", "banner.pause"));
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(button).toHaveAttribute("aria-label", msg("ta", "banner.play"));
    await button.click();
    await expect(button).toHaveAttribute("aria-label", msg("ta", "banner.pause"));
  });
});

/** The Tamil contact form's fields, by their Tamil labels. */
function tamilField(page: Page, name: "name" | "phoneNumber" | "email" | "message") {
  return page.getByLabel(msg("ta", `contact.field.${name}`), { exact: true });
}

test.describe("the contact form in Tamil, with JavaScript", () => {
  test("a bad e-mail gets a Tamil error beside it, and what was typed stays", async ({ page, offHostRequests }) => {
    await page.goto("/ta/contactUs");
    await hydrated(page, "form.contact-form");
    await expect(page.locator("form.contact-form")).toHaveAttribute("action", "/ta/contactUs");
    await tamilField(page, "name").fill("பிரியா");
    await tamilField(page, "email").fill("priya@");
    await tamilField(page, "message").fill("வணக்கம், ஒரு திருமணப் படப்பிடிப்பு பற்றிப் பேசலாமா?");
    await page.getByRole("button", { name: msg("ta", "contact.submit") }).click();

    const email = tamilField(page, "email");
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(msg("ta", "contact.error.emailInvalid"));
    await expect(email).toHaveAccessibleDescription(TAMIL);
    await expect(page.getByText(msg("ta", "contact.checkFields"))).toBeVisible();
    await expect(email).toHaveValue("priya@");
    await expect(tamilField(page, "name")).toHaveValue("பிரியா");
    await expect(tamilField(page, "message")).toHaveValue("வணக்கம், ஒரு திருமணப் படப்பிடிப்பு பற்றிப் பேசலாமா?");
    expect(offHostRequests).toEqual([]);
  });
});

test.describe("the contact form in Tamil, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts to the Tamil page: the server's errors and thanks come back in Tamil, values kept", async ({ page }) => {
    const message = `தமிழ்ப் படிவம் ${Date.now().toString(36)}`;
    await page.goto("/ta/contactUs");
    await tamilField(page, "name").fill("பிரியா");
    await tamilField(page, "email").fill("priya@");
    await tamilField(page, "message").fill(message);
    await page.getByRole("button", { name: msg("ta", "contact.submit") }).click();

    await expect(page).toHaveURL(/\/ta\/contactUs$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    const email = tamilField(page, "email");
    await expect(email).toHaveAccessibleDescription(msg("ta", "contact.error.emailInvalid"));
    await expect(email).toHaveValue("priya@");
    await expect(tamilField(page, "message")).toHaveValue(message);

    await email.fill("priya@example.com");
    await page.waitForTimeout(HUMAN_FILL_MS);
    await page.getByRole("button", { name: msg("ta", "contact.submit") }).click();
    await expect(page.getByText(msg("ta", "contact.thanks"))).toBeVisible();
    await expect(page.getByText(msg("en", "contact.thanks"))).toHaveCount(0);
  });
});
