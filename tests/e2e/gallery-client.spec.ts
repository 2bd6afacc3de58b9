// The client's side of a client gallery in a real browser, mostly on a phone's 390 px: the link
// with its PIN (a wrong one, then throttled), the expired and revoked links' studio page, a
// malformed token's 404; sets and photos in justified rows at 390 and 1440 px, a 5,000-photo
// gallery's small first document and its pages (fetched while scrolling, or links before
// JavaScript); hearts in the grid and the viewer, by mouse and keyboard, a note, the list's limit,
// submitting and the lock, and the same person on a fresh browser by name and PIN; and privacy:
// never indexed, never in the sitemap, search or API, link previews show the studio only.
// Galleries are made through the domain layer on the demo studio's own images, each test its own.
import type { Browser, Page } from "@playwright/test";
import { NAVIGATION_THROTTLE_MS } from "#app/components/viewer/constants.ts";
import { appendPhotos } from "#domain/catalog/photos.server.ts";
import { createApiToken } from "#domain/content-api/tokens.server.ts";
import { PIN_FAILURES_PER_15_MIN } from "#domain/galleries/access.server.ts";
import { FIRST_SCREEN_PHOTOS, PHOTOS_PER_PAGE } from "#domain/galleries/client-types.ts";
import {
  addGallerySet,
  createGallery,
  readGallery,
  revokeGalleryLink,
  setGalleryPin,
} from "#domain/galleries/galleries.server.ts";
import { reopenSelectionList } from "#domain/galleries/selection-review.server.ts";
import { processedAssets } from "#fixtures/gallery-fixture.ts";
import { withStudio } from "./admin-fixtures.ts";
import { expect, hydrated, test, VIEWPORTS } from "./fixtures.ts";
import { enterAs } from "./gallery-visitor.ts";

/** For the pages a slowed phone draws: the same assertions, waiting up to 30 s. */
const slowExpect = expect.configure({ timeout: 30_000 });

const unique = (title: string) => `${title} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface GalleryOptions {
  pin?: string;
  limit?: number;
  /** Photos in each set: two ("Muhurtham", "Reception") or three (after "Mehendi"); the demo's images, repeated as needed. */
  perSet?: [number, number] | [number, number, number];
  expiresOn?: string;
}

interface MadeGallery {
  id: number;
  title: string;
  token: string;
  url: string;
  sets: { id: number; title: string }[];
}

/** A gallery with two or three sets of the demo studio's processed images. */
function makeGallery({ pin, limit, perSet = [8, 5], expiresOn }: GalleryOptions = {}): Promise<MadeGallery> {
  return withStudio(async ({ db }) => {
    const title = unique("Priya weds Karthik");
    const id = await createGallery(db, { title, clientName: "Priya", eventDate: "2026-02-14", selectionLimit: limit });
    if (pin) await setGalleryPin(db, id, pin);
    if (expiresOn)
      await db.updateTable("client_galleries").set({ expires_on: expiresOn }).where("id", "=", id).execute();
    const assets = (await processedAssets(db, 40)).map((a) => a.id);
    const sets = [];
    const titles = ["Muhurtham", "Reception"];
    if (perSet.length === 3) titles.unshift("Mehendi");
    for (const [i, setTitle] of titles.map(unique).entries()) {
      const setId = await addGallerySet(db, id, setTitle);
      const count = perSet[i] ?? 0;
      const chosen = Array.from({ length: count }, (_, n) => assets[(n + i * 5) % assets.length] as number);
      // Thousands at once would be one statement too many for SQLite's variables: in slices.
      for (let from = 0; from < chosen.length; from += 500)
        await appendPhotos(db, setId, chosen.slice(from, from + 500));
      sets.push({ id: setId, title: setTitle });
    }
    const token = (await readGallery(db, id))?.token ?? "";
    return { id, title, token, url: `/g/${token}`, sets };
  });
}

const studioName = () =>
  withStudio(async ({ db }) => (await db.selectFrom("studio_settings").select("name").executeTakeFirstOrThrow()).name);

const counter = (page: Page) => page.locator(".cg-counter");
const hearts = (page: Page) => page.locator(".cg-grid .cg-heart");
const tiles = (page: Page) => page.locator(".cg-grid .cg-item");

async function openWithPin(page: Page, gallery: MadeGallery, pin: string) {
  await page.goto(gallery.url);
  await page.getByLabel("Gallery PIN").fill(pin);
  await page.getByRole("button", { name: "Open the gallery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: gallery.title })).toBeVisible();
}

test.describe("a client gallery's link", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("asks for its PIN once per device: a wrong one says so, the right one opens it", async ({
    page,
    axeViolations,
  }) => {
    const gallery = await makeGallery({ pin: "4821" });
    const door = await page.goto(gallery.url);
    expect(door?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "A private gallery" })).toBeVisible();
    // The door says nothing of whose gallery it is.
    await expect(page.locator("body")).not.toContainText(gallery.title);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Gallery PIN").fill("1111");
    await page.getByRole("button", { name: "Open the gallery" }).click();
    await expect(page.locator(".field-error")).toHaveText(
      `That PIN is not right. ${PIN_FAILURES_PER_15_MIN - 1} more tries before a wait.`,
    );
    await expect(page.getByLabel("Gallery PIN")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Gallery PIN").fill("4821");
    await page.getByRole("button", { name: "Open the gallery" }).click();
    await expect(page.getByRole("heading", { level: 1, name: gallery.title })).toBeVisible();
    await expect(page.getByText("14 February 2026")).toBeVisible();
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === "nila_gallery");
    expect(cookie).toMatchObject({ path: gallery.url, httpOnly: true, sameSite: "Lax", secure: false });
    // Once per device: a reload, or the link opened again, goes straight in.
    await page.goto(gallery.url);
    await expect(page.getByRole("heading", { level: 1, name: gallery.title })).toBeVisible();
  });

  test(`throttles wrong PINs after ${PIN_FAILURES_PER_15_MIN}, even the right one then`, async ({ page }) => {
    const gallery = await makeGallery({ pin: "2580" });
    await page.goto(gallery.url);
    for (let i = 1; i < PIN_FAILURES_PER_15_MIN; i++) {
      await page.getByLabel("Gallery PIN").fill(`000${i}`);
      await page.getByRole("button", { name: "Open the gallery" }).click();
      await expect(page.locator(".field-error")).toContainText("That PIN is not right.");
    }
    await page.getByLabel("Gallery PIN").fill("0009");
    const throttled = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Open the gallery" }).click();
    expect((await throttled).status()).toBe(429);
    await expect(page.locator(".field-error")).toContainText("Too many wrong PINs (5 in 15 minutes)");
    await page.getByLabel("Gallery PIN").fill("2580");
    await page.getByRole("button", { name: "Open the gallery" }).click();
    await expect(page.locator(".field-error")).toContainText("Please try again in 15 minutes");
    await expect(page.getByRole("heading", { level: 1, name: "A private gallery" })).toBeVisible();
  });

  test("an expired or revoked link answers the studio's page with its contact; a bad token our 404", async ({
    page,
    axeViolations,
  }) => {
    const name = await studioName();
    const expired = await makeGallery({ expiresOn: "2020-01-31" });
    const revoked = await makeGallery();
    await withStudio(({ db }) => revokeGalleryLink(db, revoked.id));

    const expiredAnswer = await page.goto(expired.url);
    expect(expiredAnswer?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: "This gallery has expired" })).toBeVisible();
    await expect(page.getByRole("heading", { name: `Contact ${name}` })).toBeVisible();
    await expect(page.locator(".cg-door a[href^='tel:']").first()).toBeVisible();
    await expect(page.locator(".cg-door a[href^='mailto:']").first()).toBeVisible();
    await expect(page.locator("body")).not.toContainText(expired.title);
    expect(await axeViolations(page)).toEqual([]);

    const revokedAnswer = await page.goto(revoked.url);
    expect(revokedAnswer?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: "This gallery link is no longer active" })).toBeVisible();
    await expect(page.getByText(`${name} has closed this link.`)).toBeVisible();

    for (const bad of ["/g/not-a-token", `/g/${"A".repeat(43)}`, `/g/${expired.token}x`]) {
      const answer = await page.goto(bad);
      expect(answer?.status(), bad).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "We couldn't find that page" })).toBeVisible();
    }
  });
});

test.describe("a client gallery's photos", () => {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    test(`at ${viewport.width} px: sets under a sticky tab bar, photos in their own shapes in justified rows`, async ({
      page,
      axeViolations,
    }) => {
      await page.setViewportSize(viewport);
      const gallery = await makeGallery({ perSet: [12, 6] });
      await page.goto(gallery.url);
      const tabs = page.getByRole("navigation", { name: "Sets" });
      await expect(tabs.getByRole("link")).toHaveText([`${gallery.sets[0]?.title} 12`, `${gallery.sets[1]?.title} 6`]);
      for (const set of gallery.sets)
        await expect(page.getByRole("heading", { level: 2, name: set.title })).toBeVisible();

      const boxes = await page.$$eval(".cg-grid", (grids) =>
        grids.map((grid) =>
          [...grid.querySelectorAll("img")].map((img) => {
            const r = img.getBoundingClientRect();
            return {
              top: Math.round(r.top),
              width: r.width,
              height: r.height,
              shape: Number(img.getAttribute("width")) / Number(img.getAttribute("height")),
              loading: img.loading,
              srcset: img.parentElement?.querySelector("source[type='image/avif']")?.getAttribute("srcset") ?? "",
              sizes: img.parentElement?.querySelector("source")?.getAttribute("sizes") ?? "",
            };
          }),
        ),
      );
      const all = boxes.flat();
      expect(all).toHaveLength(18);
      for (const box of all) {
        // Its own shape: nothing cropped to a square.
        expect(Math.abs(box.width / box.height - box.shape)).toBeLessThan(0.02);
        expect(box.srcset).toMatch(/ \d+w, /);
        expect(box.sizes).toMatch(/^\(max-width: 640px\) \d+px, \d+px$/);
      }
      expect(new Set(all.map((b) => b.shape.toFixed(2))).size).toBeGreaterThan(1);
      // Rows: photos side by side share a height, and a full row spans the grid.
      const gridWidth = await page
        .locator(".cg-grid")
        .first()
        .evaluate((g) => g.getBoundingClientRect().width);
      const rows = new Map<number, typeof all>();
      for (const box of boxes[0] ?? []) rows.set(box.top, [...(rows.get(box.top) ?? []), box]);
      expect(rows.size).toBeGreaterThan(1);
      const fullRows = [...rows.values()].slice(0, -1);
      for (const row of fullRows) {
        const heights = row.map((b) => b.height);
        expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(1.5);
        const width = row.reduce((sum, b) => sum + b.width, 0) + 4 * (row.length - 1);
        expect(Math.abs(width - gridWidth)).toBeLessThan(2);
      }
      expect(all.slice(0, 6).every((b) => b.loading === "eager")).toBe(true);
      expect(all.slice(6).every((b) => b.loading === "lazy")).toBe(true);

      // The tab bar stays on top; a tab takes the client to its set.
      await tabs.getByRole("link", { name: gallery.sets[1]?.title }).click();
      await expect(page.getByRole("heading", { level: 2, name: gallery.sets[1]?.title })).toBeInViewport();
      // (The bar holds the tabs, and the list's count and messages when there are any.)
      expect((await page.locator(".cg-bar").boundingBox())?.y).toBe(0);
      await expect(tabs).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("on a phone the photos come first: rows of two in the first screen, the favourites' form folded until asked for", async ({
    page,
    axeViolations,
  }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    const gallery = await makeGallery({ perSet: [12, 2] });
    await page.goto(gallery.url);
    await hydrated(page);
    const firstScreen = await tiles(page).evaluateAll((items) =>
      items
        .map((item) => item.getBoundingClientRect())
        .filter((box) => box.bottom <= window.innerHeight)
        .map((box) => Math.round(box.top)),
    );
    // Whole photos on arrival, and landscape ones share rows (at the old row height each took one).
    expect(firstScreen.length).toBeGreaterThanOrEqual(4);
    expect(new Set(firstScreen).size).toBeLessThan(firstScreen.length);
    await expect(page.getByLabel("Your name")).toBeHidden();
    await page.getByText("Choose your favourites").click();
    await expect(page.getByLabel("Your name")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("5,000 photos: the first document stays under 100 KB, the rest come as the client scrolls", async ({
    page,
    request,
  }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    const gallery = await makeGallery({ perSet: [4_000, 1_000] });
    const html = await (await request.get(gallery.url)).text();
    test.info().annotations.push({ type: "first document", description: `${html.length} bytes` });
    console.log(`first document of a 5,000-photo gallery: ${html.length} bytes`);
    expect(html.length).toBeLessThan(100 * 1024);
    expect(html.match(/<li[^>]*class="cg-item"/g)).toHaveLength(FIRST_SCREEN_PHOTOS);

    const firstSet = page.locator(`#set-${gallery.sets[0]?.id}`);
    const page2 = page.waitForResponse((r) =>
      r.url().endsWith(`/photos?set=${gallery.sets[0]?.id}&offset=${FIRST_SCREEN_PHOTOS}`),
    );
    await page.goto(gallery.url);
    await hydrated(page);
    // At the first scroll every photo has its box; the boxes reached are filled.
    await page.mouse.wheel(0, 600);
    await expect(page.locator(".cg-slot")).toHaveCount(5_000 - FIRST_SCREEN_PHOTOS - PHOTOS_PER_PAGE);
    expect((await page2).status()).toBe(200);
    await expect(firstSet.locator(".cg-item")).toHaveCount(FIRST_SCREEN_PHOTOS + PHOTOS_PER_PAGE);
    const ids = await tiles(page).evaluateAll((items) => items.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    // The viewer opens on a photo that came later.
    await tiles(page)
      .nth(FIRST_SCREEN_PHOTOS + 3)
      .locator("a")
      .click();
    await expect(page).toHaveURL(new RegExp(`#gallery-${FIRST_SCREEN_PHOTOS + 4}$`));
    await expect(page.getByRole("button", { name: "Close the viewer" })).toBeVisible();
  });

  test("nothing is fetched while the phone starts; the first scroll fetches the set being read, not the ones below", async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    const gallery = await makeGallery({ perSet: [400, 300] });
    const asked = pageRequests(page);
    await page.goto(gallery.url);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
    const next = page.waitForResponse((r) => r.url().includes("/photos?"));
    await page.mouse.wheel(0, 300);
    expect(new URL((await next).url()).search).toBe(`?set=${gallery.sets[0]?.id}&offset=${FIRST_SCREEN_PHOTOS}`);
    await expect(tiles(page)).toHaveCount(FIRST_SCREEN_PHOTOS + PHOTOS_PER_PAGE);
    await page.waitForLoadState("networkidle");
    expect(asked.filter((search) => search.startsWith(`?set=${gallery.sets[1]?.id}&`))).toEqual([]);
  });

  test("boxes still on the screen once a page is in ask for the next; no page is asked for twice", async ({ page }) => {
    // A screen taller than a page of photos: empty boxes stay on it after the first page. The
    // page must ask again by itself, and never for the same page twice.
    await page.setViewportSize({ width: 1440, height: 7000 });
    const gallery = await makeGallery({ perSet: [400, 300] });
    const asked = pageRequests(page);
    await page.goto(gallery.url);
    await hydrated(page);
    const firstSet = page.locator(`#set-${gallery.sets[0]?.id}`);
    await expect
      .poll(() => firstSet.locator(".cg-item").count())
      .toBeGreaterThanOrEqual(FIRST_SCREEN_PHOTOS + 2 * PHOTOS_PER_PAGE);
    await page.waitForLoadState("networkidle");
    expect(new Set(asked).size).toBe(asked.length);
    const ids = await tiles(page).evaluateAll((items) => items.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("a page that could not be fetched is asked for again by itself, the reader not scrolling", async ({ page }) => {
    const gallery = await makeGallery({ perSet: [FIRST_SCREEN_PHOTOS + PHOTOS_PER_PAGE, 3] });
    let refused = 0;
    await page.route("**/photos?*", async (route) => {
      // The first answer is lost, as a phone's connection drops one, once the reader has stopped.
      if (refused++ === 0) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.abort("internetdisconnected");
      } else await route.continue();
    });
    await page.goto(gallery.url);
    await hydrated(page);
    await page.mouse.wheel(0, 300);
    await expect(page.getByText("Some photos could not be loaded.")).toBeVisible();
    await expect(page.locator(`[data-set="${gallery.sets[0]?.id}"] .cg-item`)).toHaveCount(
      FIRST_SCREEN_PHOTOS + PHOTOS_PER_PAGE,
    );
    expect(refused).toBeGreaterThanOrEqual(2);
  });

  test("without JavaScript, the next photos are a page link away", async ({ browser }) => {
    const gallery = await makeGallery({ perSet: [FIRST_SCREEN_PHOTOS + 10, 3] });
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto(gallery.url);
    await expect(tiles(page)).toHaveCount(FIRST_SCREEN_PHOTOS);
    await page.getByRole("link", { name: `More photos from ${gallery.sets[0]?.title} (10 more)` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?set=${gallery.sets[0]?.id}&offset=${FIRST_SCREEN_PHOTOS}#set-`));
    await expect(tiles(page)).toHaveCount(10);
    await expect(page.getByRole("link", { name: `Earlier photos from ${gallery.sets[0]?.title}` })).toBeVisible();
    await context.close();
  });
});

test.describe("a 3,600-photo gallery on a phone, its CPU slowed 4×", () => {
  test.use({ viewport: VIEWPORTS.phone });
  // A phone's CPU on a 2-core machine running another browser beside it: slow by design, so
  // every wait is longer (what is asserted is what happens, not how soon: that is the bench's).
  test.describe.configure({ timeout: 120_000 });
  const expect = slowExpect;
  /** As the wedding: sets of 300, 3,000 and 300. */
  const BIG: [number, number, number] = [300, 3_000, 300];
  /** Photo 2,000 of the gallery: place 1,699 of the 3,000-photo set. */
  const DEEP_PLACE = 2_000 - BIG[0] - 1;

  async function slowPhone(page: Page, gallery: MadeGallery) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(gallery.url);
    await hydrated(page);
  }
  /** The box of a set's photo (0-based place): empty, then the photo. */
  const place = (page: Page, setId: number | undefined, n: number) =>
    page.locator(`[data-set="${setId}"] > :nth-child(${n + 1})`);
  const onScreen = (n: ReturnType<typeof place>) =>
    n.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    });
  /** Where the box is on the screen, unrounded: rows above it are laid out in fractions of a pixel. */
  const topOf = (n: ReturnType<typeof place>) => n.evaluate((el) => el.getBoundingClientRect().top);
  const imageIn = async (n: ReturnType<typeof place>) => {
    await expect(n).toHaveClass(/cg-item/);
    await expect
      .poll(() => n.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  };

  test("scrolling fast to the end of each set loads all of it, whatever was flicked past", async ({ page }) => {
    // 3,600 photos through a slowed CPU, each page filled in at an idle moment.
    test.setTimeout(240_000);
    const gallery = await makeGallery({ perSet: BIG });
    await slowPhone(page, gallery);
    // The first scroll draws every photo's box.
    await page.mouse.wheel(0, 100);
    await expect(page.locator(".cg-slot").first()).toBeAttached();
    for (const [i, set] of gallery.sets.entries()) {
      const grid = page.locator(`[data-set="${set.id}"]`);
      // Flicks of four screens at a time until the set's end is on the screen.
      while (await grid.evaluate((el) => el.getBoundingClientRect().bottom > window.innerHeight)) {
        await page.mouse.wheel(0, 3_200);
        await page.waitForTimeout(100);
      }
      // The reader goes on a little: the set's end goes up past the middle of the screen, so the
      // next set is the one being read (what a flick often does, and what once left holes here).
      await grid.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight / 4));
      await expect(grid.locator(".cg-slot"), set.title).toHaveCount(0, { timeout: 60_000 });
      await expect(grid.locator(".cg-item")).toHaveCount(BIG[i] as number);
    }
  });

  test("a set's tab brings its first photo on screen, and it stays there while the sets above fill in", async ({
    page,
  }) => {
    const gallery = await makeGallery({ perSet: BIG });
    await slowPhone(page, gallery);
    for (const [i, set] of gallery.sets.entries()) {
      if (i === 0) continue;
      await page
        .locator(".cg-tabs")
        .getByRole("link", { name: new RegExp(`^${set.title}`) })
        .click();
      const first = place(page, set.id, 0);
      await imageIn(first);
      expect(await onScreen(first)).toBe(true);
      const top = await topOf(first);
      // The set above fills in at its end, just above the screen; nothing moves. (Less than a
      // pixel: hundreds of rows redrawn above may move it by a rounding's worth, which rounding
      // the position once turned into a pixel when it sat at a half.)
      const above = gallery.sets[i - 1];
      await imageIn(place(page, above?.id, (BIG[i - 1] as number) - 1));
      expect(Math.abs((await topOf(first)) - top)).toBeLessThan(1);
    }
  });

  test("a heart and a note 2,000 photos deep: pressed at the tap while the studio's answer is held, the page never moves", async ({
    page,
  }) => {
    const gallery = await makeGallery({ perSet: BIG });
    await slowPhone(page, gallery);
    await enterAs(page, "Meena", "112233");
    await expect(counter(page)).toHaveText("0 chosen in Album");
    const deep = place(page, gallery.sets[1]?.id, DEEP_PLACE);
    await deep.scrollIntoViewIfNeeded();
    await imageIn(deep);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/photos", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const scrolled = await page.evaluate(() => window.scrollY);
    const heart = deep.locator(".cg-heart");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(counter(page)).toHaveText("1 chosen in Album");
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    release();
    await expect
      .poll(() => withStudio(({ db }) => db.selectFrom("selection_items").select("photo_id").execute()))
      .not.toEqual([]);
    await deep.getByText("Add a note").click();
    await deep.getByRole("textbox").fill("Big print, please");
    await deep.getByRole("button", { name: "Save note" }).click();
    await expect(deep.getByText("Note saved.")).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(heart).toHaveAttribute("aria-pressed", "true");
  });

  test("Back from the viewer returns to the photo it was on, 2,000 photos deep", async ({ page }) => {
    const gallery = await makeGallery({ perSet: BIG });
    await slowPhone(page, gallery);
    const deep = place(page, gallery.sets[1]?.id, DEEP_PLACE);
    await deep.scrollIntoViewIfNeeded();
    await imageIn(deep);
    await deep.locator("a").click();
    await expect(page).toHaveURL(/#gallery-2000$/);
    await expect(page.getByRole("button", { name: "Close the viewer" })).toBeVisible();
    const shown = page.locator(".viewer-counter");
    for (let n = 2_001; n <= 2_003; n++) {
      // One move per NAVIGATION_THROTTLE_MS from the last one shown, whatever the keys: a key
      // pressed too soon on a slowed CPU is not a move, so press until the counter moves on.
      await expect(async () => {
        if ((await shown.textContent()) !== `${n} of 3600`) await page.keyboard.press("ArrowRight");
        await expect(shown).toHaveText(`${n} of 3600`, { timeout: 6 * NAVIGATION_THROTTLE_MS });
      }).toPass();
      await expect(page).toHaveURL(new RegExp(`#gallery-${n}$`));
    }
    await page.goBack();
    await expect(page.getByRole("button", { name: "Close the viewer" })).toBeHidden();
    const last = place(page, gallery.sets[1]?.id, DEEP_PLACE + 3);
    await expect(last.locator("a")).toBeFocused();
    expect(await onScreen(last)).toBe(true);
  });

  test("the viewer goes through the whole gallery: photo 3,600 and back to 3,599", async ({ page }) => {
    const gallery = await makeGallery({ perSet: BIG });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`${gallery.url}#gallery-3600`);
    await hydrated(page);
    const shown = page.locator(".yarl__slide_current .viewer-photo img");
    await expect(page.locator(".viewer-counter")).toHaveText(/3,?600 of 3,?600/);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.keyboard.press("ArrowLeft");
    await expect(page).toHaveURL(/#gallery-3599$/);
    await expect(page.locator(".viewer-counter")).toHaveText(/3,?599 of 3,?600/);
  });
});

test.describe("favourites that reach the studio", () => {
  test.use({ viewport: VIEWPORTS.phone });

  async function listRow(galleryId: number) {
    return withStudio(({ db }) =>
      db.selectFrom("selection_lists").selectAll().where("gallery_id", "=", galleryId).executeTakeFirstOrThrow(),
    );
  }

  test("in the phone's full-screen viewer the heart and the download are tapped, never the counter", async ({
    browser,
  }) => {
    const gallery = await makeGallery();
    await withStudio(({ db }) =>
      db.updateTable("client_galleries").set({ downloads: "web" }).where("id", "=", gallery.id).execute(),
    );
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    try {
      await page.goto(gallery.url);
      await hydrated(page);
      await enterAs(page, "Lakshmi", "246810");
      await expect(counter(page)).toHaveText("0 chosen in Album");
      await tiles(page).nth(1).locator("a").tap();
      const heart = page.getByRole("button", { name: "Heart this photo for Album" });
      const download = page.getByRole("link", { name: "Download this photo (web size)" });
      await expect(heart).toBeVisible();
      // Every button of the toolbar is on screen, and the counter lies over none of them.
      const place = await page.locator(".viewer-counter").boundingBox();
      if (!place) throw new Error("no counter");
      const buttons = page.locator(".yarl__toolbar .yarl__button");
      expect(await buttons.count()).toBeGreaterThanOrEqual(6);
      for (const button of await buttons.all()) {
        const box = await button.boundingBox();
        if (!box) throw new Error("a toolbar button without a box");
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
        const apart =
          box.x >= place.x + place.width ||
          place.x >= box.x + box.width ||
          box.y >= place.y + place.height ||
          place.y >= box.y + box.height;
        expect(apart, (await button.getAttribute("aria-label")) ?? "a toolbar button").toBe(true);
      }
      // Tapped where they are (a tap on anything lying over them would fail here).
      await heart.tap();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
      const [file] = await Promise.all([page.waitForEvent("download"), download.tap()]);
      // The photo's own name (these photos, made for the public site, have no delivery JPEG: the
      // web size is their largest stored variant).
      expect(file.suggestedFilename()).toMatch(/^[\w-]+\.(jpe?g|webp)$/i);
      await page.getByRole("button", { name: "Close the viewer" }).tap();
      await expect(counter(page)).toHaveText("1 chosen in Album");
    } finally {
      await context.close();
    }
  });

  test("only my favourites: the list's own view shows exactly its photos, set by set, and leads back to all", async ({
    page,
    axeViolations,
  }) => {
    const gallery = await makeGallery({ perSet: [40, 30] });
    await page.goto(gallery.url);
    await hydrated(page);
    await enterAs(page, "Divya", "424242");
    await expect(counter(page)).toHaveText("0 chosen in Album");
    const muhurtham = page.locator(`[data-set="${gallery.sets[0]?.id}"]`);
    const reception = page.locator(`[data-set="${gallery.sets[1]?.id}"]`);
    const hearted: string[] = [];
    const heart = async (tile: ReturnType<typeof tiles>) => {
      await tile.locator(".cg-heart").click();
      await expect(tile.locator(".cg-heart")).toHaveAttribute("aria-pressed", "true");
      hearted.push((await tile.getAttribute("id")) ?? "");
    };
    await heart(muhurtham.locator(".cg-item").nth(2));
    await heart(muhurtham.locator(".cg-item").nth(7));
    await page
      .locator(".cg-tabs")
      .getByRole("link", { name: new RegExp(`^${gallery.sets[1]?.title}`) })
      .click();
    await expect(reception.locator(":scope > :nth-child(4)")).toHaveClass(/cg-item/);
    await heart(reception.locator(":scope > :nth-child(4)"));
    await expect(counter(page)).toHaveText("3 chosen in Album");

    await page.getByRole("link", { name: "Only Album" }).click();
    await expect(page).toHaveURL(/[?&]only=list/);
    await expect(tiles(page)).toHaveCount(3);
    expect(await tiles(page).evaluateAll((items) => items.map((item) => item.id))).toEqual(hearted);
    // Each set counts its own favourites; every heart shows pressed.
    await expect(page.locator(".cg-tabs")).toContainText(`${gallery.sets[0]?.title} 2`);
    await expect(page.locator(".cg-tabs")).toContainText(`${gallery.sets[1]?.title} 1`);
    await expect(page.locator(".cg-grid .cg-heart[aria-pressed='true']")).toHaveCount(3);
    expect(await axeViolations(page)).toEqual([]);

    // Taken out here, it stays (pressed off) until the view is opened again: a slip is undone in place.
    const answered = page.waitForResponse((r) => r.url().endsWith("/photos") && r.request().method() === "POST");
    await tiles(page).nth(0).locator(".cg-heart").click();
    await expect(counter(page)).toHaveText("2 chosen in Album");
    await expect(tiles(page)).toHaveCount(3);
    expect((await answered).ok()).toBe(true);
    await page.reload();
    await expect(tiles(page)).toHaveCount(2);

    await page.getByRole("link", { name: "All photos" }).click();
    await expect(page).not.toHaveURL(/only=list/);
    await expect(page.locator(".cg-tabs")).toContainText(`${gallery.sets[0]?.title} 40`);
  });

  test("heart in the grid and the viewer, by keyboard too, note, hit the limit, submit; back on another device", async ({
    page,
    browser,
    axeViolations,
  }) => {
    const gallery = await makeGallery({ pin: "7070", limit: 3 });
    await openWithPin(page, gallery, "7070");
    await hydrated(page);
    await enterAs(page, "Priya  Ramesh", "135790");
    await expect(page.getByRole("heading", { name: "Priya Ramesh's favourites" })).toBeVisible();
    await expect(counter(page)).toHaveText("0 of 3 in Album");
    expect(await axeViolations(page)).toEqual([]);
    await hydrated(page);

    // In the grid, by pointer.
    await hearts(page).nth(0).click();
    await expect(hearts(page).nth(0)).toHaveAttribute("aria-pressed", "true");
    await expect(counter(page)).toHaveText("1 of 3 in Album");

    // In the viewer.
    await tiles(page).nth(1).locator("a").click();
    const viewerHeart = page.getByRole("button", { name: "Heart this photo for Album" });
    await expect(viewerHeart).toHaveAttribute("aria-pressed", "false");
    await viewerHeart.click();
    await expect(viewerHeart).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Escape");
    await expect(viewerHeart).toBeHidden();
    await expect(hearts(page).nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(counter(page)).toHaveText("2 of 3 in Album");

    // By keyboard: the heart follows its photo in the tab order.
    await tiles(page).nth(2).locator("a").focus();
    await page.keyboard.press("Tab");
    await expect(hearts(page).nth(2)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(hearts(page).nth(2)).toHaveAttribute("aria-pressed", "true");
    await expect(counter(page)).toHaveText("3 of 3 in Album");

    // Over the limit, screens down the page: refused, and said so beside the heart tapped, with
    // the list's count on screen too; the page does not move.
    const deep = hearts(page).nth(11);
    await deep.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(VIEWPORTS.phone.height);
    await deep.click();
    const refusal = tiles(page).nth(11).getByRole("alert");
    await expect(refusal).toHaveText("Album already holds 3 photos, its limit. Remove a heart to add another.");
    await expect(page.getByRole("alert")).toHaveCount(1);
    await expect(refusal).toBeInViewport();
    const [heartBox, refusalBox] = await Promise.all([deep.boundingBox(), refusal.boundingBox()]);
    expect(refusalBox && heartBox && refusalBox.y - (heartBox.y + heartBox.height)).toBeLessThan(16);
    await expect(counter(page)).toBeInViewport();
    await expect(deep).toHaveAttribute("aria-pressed", "false");
    await expect(deep).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(counter(page)).toHaveText("3 of 3 in Album");

    // A note on a hearted photo, saved where it is: the page neither reloads nor moves.
    const noted = tiles(page).nth(2);
    await noted.getByText("Add a note").click();
    await noted.getByRole("textbox").fill("Please brighten her face");
    const place = await page.evaluate(() => window.scrollY);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await noted.getByRole("button", { name: "Save note" }).click();
    await expect(noted.getByRole("status")).toHaveText("Note saved.");
    await expect(noted.getByText("Your note")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(place);
    const items = await withStudio(({ db }) =>
      db
        .selectFrom("selection_items")
        .innerJoin("selection_lists", "selection_lists.id", "selection_items.list_id")
        .select(["selection_items.comment"])
        .where("selection_lists.gallery_id", "=", gallery.id)
        .orderBy("selection_items.comment", "desc")
        .execute(),
    );
    expect(items.map((i) => i.comment)).toEqual(["Please brighten her face", "", ""]);

    // Sending asks first, saying what it means; nothing is sent until the second tap.
    await page.getByText("Send Album to the studio…").click();
    await expect(page.locator(".cg-submit")).toContainText(
      "Send the 3 photos of Album to the studio? It is then locked",
    );
    expect((await listRow(gallery.id)).submitted_at).toBeNull();
    await page.getByRole("button", { name: "Yes, send Album" }).click();
    await expect(page.getByText("Album was sent to the studio and is locked")).toBeVisible();
    await expect(hearts(page)).toHaveCount(0);
    await expect(page.locator(".cg-heart-mark")).toHaveCount(3);
    expect((await listRow(gallery.id)).submitted_at).not.toBeNull();
    // Locked on the server too, whatever a page sends.
    const refused = await page.request.post(`${gallery.url}/photos`, {
      form: { intent: "unheart", photo: "1", list: String((await listRow(gallery.id)).id) },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toContain("was sent to the studio and is locked");

    // Another device: the gallery's PIN, then the same name (any spacing or case) and PIN.
    const other = await freshPhone(browser);
    await openWithPin(other, gallery, "7070");
    await enterAs(other, "priya ramesh", "000000");
    await expect(other.locator("#visitor-pin-error")).toContainText("That PIN is not right.");
    await expect(other.getByLabel("Your name")).toHaveValue("priya ramesh");
    await enterAs(other, "priya ramesh", "135790");
    await expect(other.getByRole("navigation", { name: "Your lists" })).toContainText("Album 3 of 3 · sent");
    await expect(other.getByText("Album was sent to the studio and is locked")).toBeVisible();
    await other.context().close();

    // The studio reopens it: the client's page says so until the list is sent again.
    const listId = (await listRow(gallery.id)).id;
    expect(await withStudio(({ db }) => reopenSelectionList(db, gallery.id, listId))).toBe(true);
    await page.reload();
    await expect(page.getByText("The studio reopened Album: change it as you like")).toBeVisible();
    await page.getByText("Send Album to the studio…").click();
    await page.getByRole("button", { name: "Yes, send Album" }).click();
    await expect(page.getByText("Album was sent to the studio and is locked")).toBeVisible();
    await expect(page.getByText("The studio reopened Album")).toHaveCount(0);
  });

  test("without JavaScript, a person starts, hearts and makes a list with plain forms", async ({ browser }) => {
    const gallery = await makeGallery({ limit: 5 });
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto(gallery.url);
    await enterAs(page, "Meena", "2468");
    await expect(counter(page)).toHaveText("0 of 5 in Album");
    await hearts(page).nth(1).click();
    await expect(hearts(page).nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(counter(page)).toHaveText("1 of 5 in Album");
    await page.getByText("Make another list").click();
    await page.getByLabel("List name").fill("Prints");
    await page.getByRole("button", { name: "Make the list" }).click();
    await expect(counter(page)).toHaveText("0 of 5 in Prints");
    await expect(page.getByRole("navigation", { name: "Your lists" }).getByRole("link")).toHaveText([
      "Album 1 of 5",
      "Prints 0 of 5",
    ]);
    // A heart's form names no list: it goes to the one the page shows (Prints, the open one; then
    // Album, chosen in the lists).
    await hearts(page).nth(2).click();
    await expect(counter(page)).toHaveText("1 of 5 in Prints");
    await page
      .getByRole("navigation", { name: "Your lists" })
      .getByRole("link", { name: /^Album/ })
      .click();
    await expect(counter(page)).toHaveText("1 of 5 in Album");
    await hearts(page).nth(3).click();
    await expect(counter(page)).toHaveText("2 of 5 in Album");
    await expect(page.getByRole("navigation", { name: "Your lists" }).getByRole("link")).toHaveText([
      "Album 2 of 5",
      "Prints 1 of 5",
    ]);
    await page.getByText("Make another list").click();
    await page.getByLabel("List name").fill("prints");
    await page.getByRole("button", { name: "Make the list" }).click();
    await expect(page.locator("#list-name-error")).toHaveText("You already have a list called prints.");
    await expect(page.getByLabel("List name")).toHaveValue("prints");
    await context.close();
  });
});

/** The queries of the page's requests for more photos, as they are made. */
function pageRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/photos?")) asked.push(new URL(r.url()).search);
  });
  return asked;
}

async function freshPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  return context.newPage();
}

test.describe("a client gallery stays private", () => {
  test("never indexed, never sending its address on, previews show only the studio", async ({ page, request }) => {
    const name = await studioName();
    const gallery = await makeGallery();
    const answer = await request.get(gallery.url);
    expect(answer.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    // Never sent to another site; same-origin rather than no-referrer keeps the gallery's own posts' Origin.
    expect(answer.headers()["referrer-policy"]).toBe("same-origin");
    expect(answer.headers()["cache-control"]).toBe("no-store");
    const data = await request.get(`${gallery.url}/photos?set=${gallery.sets[0]?.id}&offset=0`);
    expect(data.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(data.headers()["cache-control"]).toBe("no-store");

    // Behind a PIN, the photo pages and hearts answer nothing to a browser that has not typed it.
    const locked = await makeGallery({ pin: "3141" });
    const photosPath = `${locked.url}/photos?set=${locked.sets[0]?.id}&offset=0`;
    expect((await request.get(photosPath)).status()).toBe(403);
    expect(
      (await request.post(`${locked.url}/photos`, { form: { intent: "heart", photo: "1", list: "1" } })).status(),
    ).toBe(403);

    await page.goto(gallery.url);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", name);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    const photoFiles = await page.$$eval(".cg-grid img", (imgs: HTMLImageElement[]) =>
      imgs.map((img) => new URL(img.src).pathname.split("/").pop() ?? ""),
    );
    expect(photoFiles.length).toBeGreaterThan(0);
    const head = await page.locator("head").innerHTML();
    expect(head).not.toContain(gallery.title);
    for (const file of photoFiles) expect(head).not.toContain(file);
  });

  test("not in the sitemap, search, the content API or the public shoot pages", async ({ request }) => {
    const gallery = await makeGallery();
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/g/");
    for (const set of gallery.sets) expect(sitemap).not.toContain(`/galleryList/${set.id}<`);

    // The search page repeats the query itself; no result may name the gallery or a set.
    for (const q of [gallery.title, gallery.sets[0]?.title ?? ""]) {
      const search = await request.get(`/search?q=${encodeURIComponent(q)}`);
      expect(search.status()).toBe(200);
      const html = await search.text();
      for (const set of gallery.sets) expect(html).not.toContain(`/galleryList/${set.id}"`);
      expect(html).toContain("Nothing matches");
    }

    for (const set of gallery.sets) expect((await request.get(`/galleryList/${set.id}`)).status()).toBe(404);

    const { token } = await withStudio(({ db }) => createApiToken(db, unique("gallery privacy")));
    const auth = { Authorization: `Bearer ${token}` };
    for (const apiPath of [
      "/api/collections?populate=*&pagination[pageSize]=100",
      "/api/galleries?populate=*",
      "/api/recent-storys?populate=*",
    ]) {
      const api = await request.get(apiPath, { headers: auth });
      expect(api.status(), apiPath).toBe(200);
      const body = await api.text();
      expect(body).not.toContain(gallery.title);
      for (const set of gallery.sets) expect(body).not.toContain(set.title);
    }
    for (const set of gallery.sets) {
      expect((await request.get(`/api/collections/${set.id}?populate=*`, { headers: auth })).status()).toBe(404);
    }
  });
});
