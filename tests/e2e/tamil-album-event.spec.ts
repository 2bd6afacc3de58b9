// The couple's album and the guests' event link in Tamil and English (issue 33), at a small
// phone's 360 px and a desktop's 1440 px. Neither link has a Tamil URL: the browser's
// Accept-Language chooses, and the switch in the header remembers the other choice under the
// link (Chromium says Accept-Language from its locale). Each page: <html lang>, its landmarks and key words in the language, no missing-message
// marker anywhere in the markup (attributes included), and nothing wider than the screen. On the
// album, a refusal from the proofing rules and the approval (its date through Intl) in Tamil; the
// studio's titles (the albums', the set's in the swap picker) in Tamil on the Tamil pages and in
// English on the English ones.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { MISSING_MARK } from "#app/i18n/i18n.ts";
import { createAlbum, sendDraft } from "#domain/albums/proofing.server.ts";
import { ingestSpread } from "#domain/albums/spreads.server.ts";
import { appendPhotos } from "#domain/catalog/photos.server.ts";
import { setGuestSearch } from "#domain/faces/guest-search.server.ts";
import { registerGuest } from "#domain/faces/guests.server.ts";
import { addGallerySet, createGallery, readGallery } from "#domain/galleries/galleries.server.ts";
import { processedAssets, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { withStudio } from "./admin-fixtures.ts";
import { expect, hydrated, test } from "./fixtures.ts";

/** The narrowest phone the issue names, and a desktop. */
const SCREENS = [
  ["360 px", { width: 360, height: 780 }],
  ["1440 px", { width: 1440, height: 900 }],
] as const;

/** Few and small: the pipeline makes them in a moment. */
const SPREADS = 2;
/** A face descriptor's length (the model's); a guest made without a selfie has zeros. */
const DESCRIPTOR_LENGTH = 128;
/** Any Tamil letter. */
const TAMIL = /[\u0B80-\u0BFF]/;

/**
 * A phone's own Tamil font (Android's is Noto Sans Tamil), which this machine's browser lacks:
 * without it Tamil renders as empty boxes of no true width, and "fits at 360 px" proves nothing.
 * Added to the site's own families for Tamil's letters only, as a phone's fallback would.
 */
const TAMIL_FONT = readFileSync(
  createRequire(import.meta.url).resolve("@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2"),
).toString("base64");

async function withTamilFont(page: Page) {
  await page.addInitScript((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    for (const family of ["Jost", "Cormorant Garamond"]) {
      const face = new FontFace(family, bytes, { unicodeRange: "U+0B80-0BFF", weight: "100 900" });
      document.fonts.add(face);
      void face.load();
    }
  }, TAMIL_FONT);
}

const unique = (title: string) => `${title} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The studio's Tamil titles (issue 33): the set's, the album's and a second album's. */
const SET_TITLE_TA = "முகூர்த்தம்";
const ALBUM_TITLE_TA = "பிரியா & கார்த்திக் திருமண ஆல்பம்";
const PARENTS_ALBUM_TA = "அம்மா அப்பாவின் ஆல்பம்";

/**
 * A gallery whose album has version 1 sent, its spreads made by the pipeline, beside a second
 * album (one spread sent) for the list of albums; the set and both albums titled in English and
 * Tamil.
 */
function makeAlbum() {
  return withStudio(async (studio) => {
    const { db } = studio;
    const id = await createGallery(db, { title: unique("Priya weds Karthik"), clientName: "Priya" });
    const assets = (await processedAssets(db, 2)).map((a) => a.id);
    const setTitle = unique("Muhurtham");
    await appendPhotos(db, await addGallerySet(db, id, setTitle, SET_TITLE_TA), assets);
    const albumTitle = unique("Priya and Karthik");
    const parentsTitle = unique("Amma and Appa's album");
    const send = async (title: string, titleTa: string, spreads: number) => {
      const { albumId } = await createAlbum(db, id, { title, titleTa });
      for (let n = 1; n <= spreads; n++) {
        await ingestSpread(studio, id, {
          uploadId: `ta-${albumId}-${n}`,
          albumId,
          fileName: `album_0${n}.jpg`,
          place: n,
          source: await seededJpeg(300 + n, 1600, 800),
        });
      }
      await sendDraft(db, id, albumId);
      return albumId;
    };
    const albumId = await send(albumTitle, ALBUM_TITLE_TA, SPREADS);
    await send(parentsTitle, PARENTS_ALBUM_TA, 1);
    const token = (await readGallery(db, id))?.token ?? "";
    return {
      albumTitle,
      parentsTitle,
      setTitle,
      url: `/g/${token}/album/${albumId}`,
      listUrl: `/g/${token}/album`,
    };
  });
}

/** Opens the swap picker of a pin on spread 1 (its words in any language) and gives its set tabs' names. */
async function swapPickerSets(page: Page): Promise<string[]> {
  await page.locator("#spread-1 .al-tap").click();
  await page.locator(".al-pinform > button[aria-expanded]").click();
  const tabs = page.locator(".al-picker-tabs button");
  await expect(tabs.first()).toBeVisible();
  const names = await tabs.allTextContents();
  // The pin form's cancel: the page as it was.
  await page.locator(".al-pinform-buttons button[type=button]").click();
  return names;
}

/** A wedding open to guests, and one guest's personal link (no photos: they are found in none). */
function makeEvent() {
  return withStudio(async ({ db }) => {
    const id = await createGallery(db, { title: unique("Meena weds Arun"), eventDate: "2026-01-25" });
    await setGuestSearch(db, id, true);
    const token = (await readGallery(db, id))?.guests.token ?? "";
    const guest = await registerGuest(db, {
      galleryId: id,
      name: "Meena Sundaram",
      descriptor: new Float32Array(DESCRIPTOR_LENGTH),
      found: 0,
    });
    return { url: `/e/${token}`, guestUrl: `/e/${token}/g/${guest.token}` };
  });
}

/** The checks every page makes in its language. */
async function checkPage(page: Page, lang: "en" | "ta", width: number) {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  expect(await page.content()).not.toContain(MISSING_MARK);
  // Only the album's strip scrolls sideways, never the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Gives a name and the person's own PIN on the album's folded form, whatever its words. */
async function enter(page: Page, name: string, pin: string) {
  const start = page.locator(".cg-panel--start details");
  if ((await start.getAttribute("open")) === null) await start.locator("summary").click();
  await start.locator('input[name="name"]').fill(name);
  await start.locator('input[name="pin"]').fill(pin);
  await start.locator('button[type="submit"]').click();
}

for (const [label, viewport] of SCREENS) {
  test.describe(`Tamil at ${label}`, () => {
    // The browser's language, which Chromium sends as its Accept-Language (an extra header of that
    // name is overridden by it).
    test.use({ viewport, locale: "ta-IN" });

    test.beforeEach(({ page }) => withTamilFont(page));

    test("the couple's album: its words, a refusal and the approval in Tamil", async ({ page }) => {
      test.setTimeout(90_000);
      const album = await makeAlbum();
      // The list of albums: each under the studio's Tamil title.
      await page.goto(album.listUrl);
      await checkPage(page, "ta", viewport.width);
      await expect(page.locator(".al-albums a")).toHaveText([ALBUM_TITLE_TA, PARENTS_ALBUM_TA]);
      await page.goto(album.url);
      await checkPage(page, "ta", viewport.width);
      // The album's Tamil title as its heading; its English one nowhere; the tab says only "Album".
      await expect(page.getByRole("heading", { level: 1, name: ALBUM_TITLE_TA })).toBeVisible();
      await expect(page).toHaveTitle(/^ஆல்பம் · /);
      await expect(page.locator("body")).not.toContainText(album.albumTitle);
      await expect(page.locator(".al-version")).toHaveText(/^பதிப்பு 1, அனுப்பியது \d+ [\u0B80-\u0BFF]+ 20\d\d, /);
      await expect(page.locator(".al-status")).toHaveText(`பக்கம் 1 / ${SPREADS}`);
      await expect(page.getByRole("navigation", { name: "பக்கங்கள்" })).toBeVisible();
      await expect(page.getByRole("link", { name: "அடுத்தது" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "கருத்து சொல்ல, உங்கள் பெயர்" })).toBeVisible();

      await enter(page, "Priya", "2468");
      await expect(page.locator(".al-hint")).toContainText("Priya என்ற பெயரில் கருத்து சொல்கிறீர்கள்.");
      await hydrated(page, ".al-strip");
      await checkPage(page, "ta", viewport.width);
      // The swap picker names the gallery's set by its Tamil title.
      expect(await swapPickerSets(page)).toEqual([SET_TITLE_TA]);
      // The end's forms: the approval says plainly what the typed name approves.
      await expect(page.locator("#al-approve-statement")).toHaveText(
        `உங்கள் பெயரைத் தட்டச்சு செய்வதன் மூலம், ${ALBUM_TITLE_TA} ஆல்பத்தின் பதிப்பு 1-ஐ அச்சிட நீங்கள் ஒப்புதல் தருகிறீர்கள்.`,
      );
      await expect(page.getByRole("button", { name: "மாற்றங்களை ஸ்டுடியோவுக்கு அனுப்புங்கள்" })).toBeVisible();

      // An empty whole-spread comment: the proofing rules refuse it, in Tamil, beside its form.
      await page.getByRole("button", { name: "பக்கம் 1-இல் கருத்தைச் சேர்" }).click();
      await expect(page.locator("#al-plain-1-error")).toHaveText(
        "என்ன மாற்ற வேண்டும் என்று எழுதுங்கள், அல்லது பதிலாக வைக்க ஒரு படத்தைத் தேர்ந்தெடுங்கள்.",
      );
      await checkPage(page, "ta", viewport.width);

      await page.getByLabel("உங்கள் முழுப் பெயர்").fill("Priya Karthik");
      await page.getByRole("button", { name: "பதிப்பு 1-க்கு ஒப்புதல் தருகிறேன்" }).click();
      await expect(page.locator(".al-thanks")).toContainText("நன்றி! ஸ்டுடியோ உங்கள் ஆல்பத்தை அச்சுக்கு அனுப்பும்.");
      // The approval's time through Intl's Tamil: "25 ஜனவரி 2026, 14:30 (GMT+5:30)".
      await expect(page.locator(".al-approval")).toHaveText(
        /^பதிப்பு 1-க்கு Priya Karthik ஒப்புதல் தந்தார் \(\d+ [\u0B80-\u0BFF]+ 20\d\d, \d\d:\d\d \(GMT[^)]*\)\)\./,
      );
      await expect(page.getByRole("heading", { level: 2, name: "ஒப்புதல் தரப்பட்டது" })).toBeVisible();
      await checkPage(page, "ta", viewport.width);
    });

    test("the event link and a guest's page in Tamil, and the switch back to English", async ({ page }) => {
      const event = await makeEvent();
      await page.goto(event.url);
      await checkPage(page, "ta", viewport.width);
      await expect(page.getByRole("heading", { level: 1, name: "உங்கள் படங்களைத் தேடுங்கள்" })).toBeVisible();
      // The event's day through Intl's Tamil, without its comma.
      await expect(page.locator(".page-lede")).toContainText("25 ஜனவரி 2026.");
      await expect(page.getByLabel("உங்கள் பெயர்")).toBeVisible();
      await expect(page.getByLabel(/என் செல்ஃபியைப் பயன்படுத்த நான் ஒப்புக்கொள்கிறேன்/)).toBeVisible();
      // The consent says what is kept, for how long, and how to erase it.
      const consent = page.locator("#guest-consent-what");
      await expect(consent).toContainText("செல்ஃபி சேமிக்கப்படுவதில்லை");
      await expect(consent).toContainText("128 எண்கள்");
      await expect(consent).toContainText("“என்னை மறந்துவிடுங்கள்” பொத்தானால்");
      await expect(page.getByRole("button", { name: "என் படங்களைத் தேடு" })).toBeVisible();

      await page.goto(event.guestUrl);
      await checkPage(page, "ta", viewport.width);
      await expect(page.getByRole("heading", { level: 1, name: "Meena Sundaram, உங்கள் படங்கள்" })).toBeVisible();
      await expect(page.locator(".page-lede")).toContainText("இதுவரை எந்தப் படத்திலும் உங்களைக் காணவில்லை.");
      await expect(page.getByRole("link", { name: "வேறு ஒரு செல்ஃபியுடன் முயலுங்கள்" })).toBeVisible();
      await expect(page.getByRole("button", { name: "என்னை மறந்துவிடுங்கள்" })).toBeVisible();

      // The switch is in the header at every width, named in its own language; the choice holds.
      const toEnglish = page.getByRole("link", { name: "English" }).filter({ visible: true });
      await expect(toEnglish).toHaveCount(1);
      const box = await toEnglish.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewport.width).toBe(true);
      await toEnglish.click();
      await expect(page).toHaveURL(new RegExp(`${event.guestUrl}$`));
      await checkPage(page, "en", viewport.width);
      await expect(page.getByRole("heading", { level: 1, name: "Your photos, Meena Sundaram" })).toBeVisible();
      await page.goto(event.url);
      await expect(page.getByRole("heading", { level: 1, name: "Find your photos" })).toBeVisible();
      await expect(page.locator(".ev-start")).not.toContainText(TAMIL);
    });
  });
}

test.describe("English stays the default", () => {
  test.use({ viewport: SCREENS[0][1], locale: "en-IN" });

  test("the couple's albums and their set under the studio's English titles", async ({ page }) => {
    test.setTimeout(90_000);
    const album = await makeAlbum();
    await page.goto(album.listUrl);
    await checkPage(page, "en", SCREENS[0][1].width);
    await expect(page.locator(".al-albums a")).toHaveText([album.albumTitle, album.parentsTitle]);
    await page.goto(album.url);
    await checkPage(page, "en", SCREENS[0][1].width);
    await expect(page.getByRole("heading", { level: 1, name: album.albumTitle })).toBeVisible();
    await expect(page).toHaveTitle(/^Album · /);
    await expect(page.locator("main")).not.toContainText(TAMIL);
    await enter(page, "Priya", "2468");
    // The entry's answer is a new page: wait for it before touching the page's scripts.
    await expect(page.locator(".al-hint")).toContainText("Commenting as Priya.");
    await hydrated(page, ".al-strip");
    expect(await swapPickerSets(page)).toEqual([album.setTitle]);
  });

  test("the event link and a guest's page read as before", async ({ page }) => {
    const event = await makeEvent();
    await page.goto(event.url);
    await checkPage(page, "en", SCREENS[0][1].width);
    await expect(page.getByRole("heading", { level: 1, name: "Find your photos" })).toBeVisible();
    await expect(page.locator(".page-lede")).toContainText(
      "25 January 2026. Take a selfie and see every photo you are in.",
    );
    await expect(page.getByLabel(/I agree that .+ uses my selfie/)).toBeVisible();
    await expect(page.locator("#guest-consent-what")).toContainText(
      "until you delete it with “Forget me” on your page",
    );
    await page.goto(event.guestUrl);
    await checkPage(page, "en", SCREENS[0][1].width);
    await expect(page.locator(".page-lede")).toContainText("We have not found you in the photos yet.");
    await expect(page.getByRole("link", { name: "தமிழ்" }).filter({ visible: true })).toBeVisible();
  });
});
