import type { Page } from "@playwright/test";
import { BANNER_INTERVAL_MS } from "#app/components/banner-slideshow.tsx";
import { expect, imagesOf, test, VIEWPORTS } from "./fixtures.ts";

/** Which banner slides (1-based) have an image the browser has chosen a file for. */
function requestedSlides(page: Page): Promise<number[]> {
  return page
    .locator(".banner-slide img")
    .evaluateAll((imgs) => (imgs as HTMLImageElement[]).flatMap((img, i) => (img.currentSrc ? [i + 1] : [])));
}

test.describe("home page", () => {
  test("shows the banner and the four collections from the database, in AVIF", async ({ page, offHostRequests }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Browse By Collection" })).toBeVisible();
    const cards = page.getByRole("region", { name: "Browse By Collection" }).getByRole("link");
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(1)).toHaveAttribute("href", "/gallery/BabyShoot");

    const banner = page.locator(".banner img").first();
    await expect(banner).toHaveJSProperty("complete", true);
    const desktopSrc = await banner.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(desktopSrc).toMatch(/\/media\/.+\.avif$/);
    expect(offHostRequests).toEqual([]);
  });

  test("loads the portrait banner on a phone", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/");
    const banner = page.locator(".banner img").first();
    await expect(banner).toHaveJSProperty("complete", true);
    const phoneSrc = await banner.evaluate((img: HTMLImageElement) => img.currentSrc);
    const mobileSet = await page.locator('.banner source[media="(max-width: 768px)"]').first().getAttribute("srcset");
    expect(mobileSet).toContain(phoneSrc.replace(/^https?:\/\/[^/]+/, ""));
    const { naturalWidth, naturalHeight } = await banner.evaluate((img: HTMLImageElement) => ({
      naturalWidth: img.naturalWidth,
      naturalHeight: img.naturalHeight,
    }));
    expect(naturalHeight).toBeGreaterThan(naturalWidth);
  });

  test("gives every image its dimensions and loads those below the fold lazily", async ({ page }) => {
    await page.goto("/");
    // The studio's logo (header, phone bar, footer) is lazy wherever it is: left out here.
    const images = (await imagesOf(page)).filter((image) => image.alt !== "Nila Studio");
    expect(images.length).toBeGreaterThan(1);
    for (const image of images) expect(image.hasSize, image.alt).toBe(true);
    expect(images[0]?.loading).toBe("eager");
    expect(images.slice(1).every((i) => i.loading === "lazy")).toBe(true);
  });

  test("loads a later banner slide only while the slideshow runs, one ahead of its turn", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(await requestedSlides(page)).toEqual([1]);

    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    await page.mouse.move(0, 800); // away from the banner: hovering pauses it
    await expect.poll(() => requestedSlides(page)).toEqual([1, 2]);
    await expect(page.locator('.banner-slide[data-active="true"]')).toHaveAttribute("aria-label", "2 of 6", {
      timeout: BANNER_INTERVAL_MS * 2,
    });
    await expect.poll(() => requestedSlides(page)).toEqual([1, 2, 3]);
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`has no axe violations at ${viewport.width} px (${name})`, async ({ page, axeViolations }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server-rendered home page is complete", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Browse By Collection" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // Every slide is in the markup, but only the first is shown: without a script the
    // slideshow cannot advance, and the others' images are never fetched.
    await expect(page.locator(".banner-slide")).toHaveCount(6);
    await expect(page.locator(".banner-slide:visible")).toHaveCount(1);
    const first = page.locator(".banner img").first();
    await expect(first).toHaveJSProperty("complete", true);
    expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The others name their files only in data- attributes (lazy images load at once without scripts).
    expect(await requestedSlides(page)).toEqual([1]);
    await expect(page.locator(".banner-slide img:not([src])")).toHaveCount(5);
    await expect(page.locator(".banner-slide source[srcset]")).toHaveCount(4);
  });
});
