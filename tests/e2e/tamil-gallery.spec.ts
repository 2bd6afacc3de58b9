// A client gallery in Tamil (issue 33), in a real browser at a small phone's 360 px and at 1440 px:
// chosen by the browser's languages (Accept-Language: ta) on a first visit, or by the switch on the
// door, and then remembered under that link only (a cookie under /g/<token>); the door, the PIN's
// refusal, the gallery (its set under the studio's Tamil title), a heart and the list's count in
// Tamil words and Tamil plurals; never a missing message's mark, never wider than the screen. And
// English is still what a browser that names no language gets. Galleries are made through the domain layer, each test its own.
import type { Browser, Page } from "@playwright/test";
import { MISSING_MARK } from "#app/i18n/i18n.ts";
import { appendPhotos } from "#domain/catalog/photos.server.ts";
import { PIN_FAILURES_PER_15_MIN } from "#domain/galleries/access.server.ts";
import { updateGalleryAccess } from "#domain/galleries/access-settings.server.ts";
import { setGalleryCover } from "#domain/galleries/cover.server.ts";
import { addGallerySet, createGallery, readGallery, setGalleryPin } from "#domain/galleries/galleries.server.ts";
import { processedAssets } from "#fixtures/gallery-fixture.ts";
import { withStudio } from "./admin-fixtures.ts";
import { catalogue, englishPhrases, messageIn, phrasesShown } from "./catalogue.ts";
import { expect, hydrated, test, VIEWPORTS } from "./fixtures.ts";

/** The narrowest phone the issue asks Tamil to fit. */
const SMALL_PHONE = { width: 360, height: 760 } as const;
const WIDTHS = [SMALL_PHONE, VIEWPORTS.desktop] as const;

const PIN = "4821";
/** Photos in the gallery's one set: more than one, for the set's plural. */
const SET_PHOTOS = 6;

/** The Tamil a page shows, as gallery.po says it (written out: the test checks the catalogue). */
const TA = {
  doorTitle: "தனிப்பட்ட கேலரி",
  pinLabel: "கேலரி PIN",
  open: "கேலரியைத் திற",
  wrongPin: `PIN சரியில்லை. இன்னும் ${PIN_FAILURES_PER_15_MIN - 1} முயற்சிகள் மட்டுமே; அதன் பிறகு சற்றுக் காத்திருக்க வேண்டும்.`,
  setCount: `${SET_PHOTOS} படங்கள்`,
  eventDay: /14 பிப்ரவரி,? 2026/,
  name: "உங்கள் பெயர்",
  pin: "உங்கள் PIN (4 முதல் 8 இலக்கங்கள்)",
  start: "தேர்வைத் தொடங்கு",
  /** The first list's name, and its count: none, one (singular) and two (plural). */
  list: "ஆல்பம்",
  none: "ஆல்பம்: 0 படங்கள் தேர்வு",
  one: "ஆல்பம்: 1 படம் தேர்வு",
  two: "ஆல்பம்: 2 படங்கள் தேர்வு",
  toEnglish: "English",
} as const;

const unique = (title: string) => `${title} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The set's Tamil title, which the studio wrote beside its English one (issue 33). */
const SET_TITLE_TA = "முகூர்த்தம்";

/**
 * A gallery behind a PIN, with one set of the demo studio's processed images, titled in English
 * and Tamil; `full`: a cover and downloads too.
 */
function makeGallery({
  full = false,
} = {}): Promise<{ id: number; title: string; url: string; setId: number; setTitle: string }> {
  return withStudio(async ({ db }) => {
    const title = unique("Priya weds Karthik");
    const id = await createGallery(db, { title, clientName: "Priya", eventDate: "2026-02-14" });
    await setGalleryPin(db, id, PIN);
    const setTitle = unique("Muhurtham");
    const setId = await addGallerySet(db, id, setTitle, SET_TITLE_TA);
    const photos = await appendPhotos(
      db,
      setId,
      (await processedAssets(db, SET_PHOTOS)).map((a) => a.id),
    );
    if (full) {
      // A cover whose photo has no alt text of the studio's, and every download, until a day to come.
      await setGalleryCover(db, id, photos[0] ?? null);
      await updateGalleryAccess(db, id, {
        expiresOn: "2099-12-31",
        downloads: "original",
        watermarkText: "",
        watermarkPosition: "bottom-right",
        watermarkOpacity: 40,
      });
    }
    const token = (await readGallery(db, id))?.token ?? "";
    return { id, title, url: `/g/${token}`, setId, setTitle };
  });
}

/** The gallery's words in Tamil, read from the catalogues. */
const GALLERY_TA = catalogue("ta", ["site", "gallery"]);
const ta = (id: string) => messageIn(GALLERY_TA, id);
/** The English phrases of the site's frame and the gallery that no Tamil gallery page may show. */
const GALLERY_ENGLISH = englishPhrases(["site", "gallery"]);

/** Nothing on the page is a missing message, and nothing is wider than the screen. */
async function expectWholeAndFitting(page: Page) {
  // textContent: hidden text too (a closed menu, a label for screen readers) must have its message.
  expect((await page.locator("body").textContent()) ?? "").not.toContain(MISSING_MARK);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, "no horizontal overflow").toBeLessThanOrEqual(clientWidth);
}

async function contextIn(browser: Browser, viewport: { width: number; height: number }, locale: string) {
  // The browser's own languages: Playwright sends them as Accept-Language.
  return browser.newContext({ viewport, locale });
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test("a browser that asks for Tamil gets the door, the PIN's answer and the gallery in Tamil", async ({
      browser,
    }) => {
      const gallery = await makeGallery();
      const context = await contextIn(browser, viewport, "ta-IN");
      const page = await context.newPage();
      const door = await page.goto(gallery.url);
      // Never stored, and said to depend on the browser's languages.
      expect(door?.headers()["cache-control"]).toContain("no-store");
      expect(door?.headers().vary).toContain("Accept-Language");
      await expect(page.locator("html")).toHaveAttribute("lang", "ta");
      await expect(page.getByRole("heading", { level: 1, name: TA.doorTitle })).toBeVisible();
      // The way back to English, on the door itself.
      await expect(page.locator(".cg-door").getByRole("link", { name: TA.toEnglish })).toBeVisible();
      await expectWholeAndFitting(page);

      await page.getByLabel(TA.pinLabel).fill("1111");
      await page.getByRole("button", { name: TA.open }).click();
      await expect(page.locator(".field-error")).toHaveText(TA.wrongPin);
      await expectWholeAndFitting(page);

      await page.getByLabel(TA.pinLabel).fill(PIN);
      await page.getByRole("button", { name: TA.open }).click();
      await expect(page.getByRole("heading", { level: 1, name: gallery.title })).toBeVisible();
      await expect(page.locator(".cg-date")).toHaveText(TA.eventDay);
      await expect(page.locator(".cg-set-count")).toHaveText(TA.setCount);
      // The set under the studio's Tamil title, its English one nowhere.
      await expect(page.locator(".cg-set-title")).toHaveText(`${SET_TITLE_TA} ${TA.setCount}`);
      await expect(page.locator("body")).not.toContainText(gallery.setTitle);
      await expectWholeAndFitting(page);

      await hydrated(page);
      await page.locator(".cg-panel--start summary").click();
      await page.getByLabel(TA.name, { exact: true }).fill(unique("Meena"));
      await page.getByLabel(TA.pin).fill("2468");
      await page.getByRole("button", { name: TA.start }).click();
      const counter = page.locator(".cg-counter");
      await expect(counter).toHaveText(TA.none);
      await hydrated(page);

      // Hearts in Tamil, and the count's plural: one photo is singular, two plural.
      const hearts = page.locator(".cg-grid .cg-heart");
      await expect(hearts.first()).toHaveAttribute("aria-label", /பிடித்தது$/);
      // Each heart shows at the tap; its answer is waited for, or the reload below could cut it off.
      const heartSaved = () =>
        page.waitForResponse((r) => r.url().endsWith("/photos") && r.request().method() === "POST" && r.ok());
      let saved = heartSaved();
      await hearts.nth(0).click();
      await expect(counter).toHaveText(TA.one);
      await saved;
      saved = heartSaved();
      await hearts.nth(1).click();
      await expect(counter).toHaveText(TA.two);
      await saved;
      await expect(page.locator(".cg-lists a[aria-current='true']")).toContainText(`${TA.list} 2 படங்கள் தேர்வு`);
      await expectWholeAndFitting(page);

      // The hearts were kept, said again in Tamil on a fresh document.
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", "ta");
      await expect(counter).toHaveText(TA.two);
      await context.close();
    });

    test("the door's switch turns the link to Tamil and the link remembers it; another link does not", async ({
      browser,
    }) => {
      const gallery = await makeGallery();
      const other = await makeGallery();
      const context = await contextIn(browser, viewport, "en-GB");
      const page = await context.newPage();
      await page.goto(gallery.url);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1, name: "A private gallery" })).toBeVisible();

      // On the door's card, visible without opening any menu.
      const toTamil = page.locator(".cg-door").getByRole("link", { name: "தமிழ்" });
      await expect(toTamil).toBeVisible();
      await toTamil.click();
      await expect(page).toHaveURL(new RegExp(`${gallery.url}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", "ta");
      await expect(page.getByRole("heading", { level: 1, name: TA.doorTitle })).toBeVisible();
      await expectWholeAndFitting(page);
      const [cookie] = (await context.cookies()).filter((c) => c.name === "nila_lang");
      expect(cookie).toMatchObject({ path: gallery.url, httpOnly: true });

      // Remembered: a reload, and the gallery past its PIN, stay in Tamil though the browser asks for English.
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", "ta");
      await page.getByLabel(TA.pinLabel).fill(PIN);
      await page.getByRole("button", { name: TA.open }).click();
      await expect(page.getByRole("heading", { level: 1, name: gallery.title })).toBeVisible();
      await expect(page.locator(".cg-set-count")).toHaveText(TA.setCount);
      await expectWholeAndFitting(page);

      // Under that link only: another gallery's door follows the browser, in English.
      await page.goto(other.url);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1, name: "A private gallery" })).toBeVisible();

      // And back to English on the first link, by its switch.
      await page.goto(gallery.url);
      await page.getByRole("link", { name: TA.toEnglish }).filter({ visible: true }).first().click();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.locator(".cg-set-count")).toHaveText(`${SET_PHOTOS} photos`);
      // The English page: the set's English title, not the Tamil one.
      await expect(page.locator(".cg-set-title")).toHaveText(`${gallery.setTitle} ${SET_PHOTOS} photos`);
      await expect(page.locator("body")).not.toContainText(SET_TITLE_TA);
      await context.close();
    });
  });
}

for (const viewport of WIDTHS) {
  test(`at ${viewport.width} px every page past the door is in Tamil: cover, viewer, note, downloads and their ZIP, the closed link`, async ({
    browser,
  }) => {
    const gallery = await makeGallery({ full: true });
    const context = await contextIn(browser, viewport, "ta-IN");
    const page = await context.newPage();
    /** The page is whole, fits, and shows none of the interface's English. */
    const allTamil = async (where: string) => {
      await expectWholeAndFitting(page);
      expect(await phrasesShown(page, GALLERY_ENGLISH), `${where}: English left`).toEqual([]);
    };
    await page.goto(gallery.url);
    await page.getByLabel(TA.pinLabel).fill(PIN);
    await page.getByRole("button", { name: TA.open }).click();
    await expect(page.getByRole("heading", { level: 1, name: gallery.title })).toBeVisible();
    // The cover, whose photo the studio gave no alt text, is named in Tamil.
    await expect(page.locator(".cg-hero img")).toHaveAttribute(
      "alt",
      ta("gallery.cover.alt").replace("{title}", gallery.title),
    );
    await allTamil("the gallery");

    // A list, a heart and a note on it, each said in Tamil.
    await hydrated(page);
    await page.locator(".cg-panel--start summary").click();
    await page.getByLabel(TA.name, { exact: true }).fill(unique("Meena"));
    await page.getByLabel(TA.pin).fill("2468");
    await page.getByRole("button", { name: TA.start }).click();
    await expect(page.locator(".cg-counter")).toHaveText(TA.none);
    await hydrated(page);
    const tile = page.locator(".cg-grid .cg-item").first();
    await tile.locator(".cg-heart").click();
    await expect(page.locator(".cg-counter")).toHaveText(TA.one);
    await tile.getByText(ta("note.add")).click();
    await tile.getByRole("textbox").fill("முகம் கொஞ்சம் வெளிச்சமாக");
    await tile.getByRole("button", { name: ta("note.save") }).click();
    await expect(tile.getByRole("status")).toHaveText(ta("note.saved"));
    await allTamil("the gallery with a list");

    // The viewer, with its controls in Tamil.
    await page.locator(".cg-grid .cg-item").nth(1).locator("a").click();
    await expect(page.getByRole("button", { name: ta("viewer.close") })).toBeVisible();
    await allTamil("the viewer");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: ta("viewer.close") })).toBeHidden();

    // The downloads page, and the ZIP's file name in Tamil words.
    await page.goto(`${gallery.url}/downloads`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    await expect(page.getByRole("heading", { level: 1, name: ta("gallery.downloads") })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${ta("downloads.all")}`) })).toBeVisible();
    await allTamil("the downloads page");
    const [zip] = await Promise.all([
      page.waitForEvent("download"),
      page.locator(`a[href="${gallery.url}/download/all.zip?size=web"]`).click(),
    ]);
    expect(zip.suggestedFilename()).toBe(`${gallery.title} – ${ta("downloads.all")} (வலை அளவு).zip`);
    await zip.cancel();
    // The set is offered, and its ZIP named, by its Tamil title.
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${SET_TITLE_TA} `) })).toBeVisible();
    await expect(page.locator(".cg-offers")).not.toContainText(gallery.setTitle);
    const [setZip] = await Promise.all([
      page.waitForEvent("download"),
      page.locator(`a[href="${gallery.url}/download/set/${gallery.setId}.zip?size=web"]`).click(),
    ]);
    expect(setZip.suggestedFilename()).toBe(`${gallery.title} – ${SET_TITLE_TA} (வலை அளவு).zip`);
    await setZip.cancel();

    // Once its last day has passed, the link's closed page.
    await withStudio(({ db }) =>
      db.updateTable("client_galleries").set({ expires_on: "2020-01-31" }).where("id", "=", gallery.id).execute(),
    );
    expect((await page.goto(gallery.url))?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: ta("closed.expired.title") })).toBeVisible();
    await allTamil("the closed link");
    await context.close();
  });
}

test("a request naming no language gets the gallery's door in English", async ({ request }) => {
  const gallery = await makeGallery();
  // Playwright's request context sends no Accept-Language of its own.
  const door = await request.get(gallery.url, { headers: { "Accept-Language": "" } });
  expect(door.status()).toBe(200);
  const html = await door.text();
  expect(html).toMatch(/<html[^>]* lang="en"/);
  expect(html).toContain("A private gallery");
  expect(html).toContain("Open the gallery");
  expect(html).not.toContain(MISSING_MARK);
  expect(door.headers().vary).toContain("Accept-Language");
});
