// An early tap does what a late tap does (issue 17): a public page's script starts at the
// visitor's first touch, and until it has run, a thumbnail must still open the viewer at that
// photo (not leave for the raw file), the showreel must still play here (not leave for the
// video's site), the menu must open, and the phone bar's Back must still go back (not home). The page's
// script is held back by the test for as long as it needs: nothing depends on how fast the
// machine is. The early listener is document/early-actions.ts.
import type { Page } from "@playwright/test";
import { EARLY_OPENING_ATTRIBUTE } from "#app/document/early-actions.ts";
import { expect, holdScripts, hydrated, isHydrated, test, VIEWPORTS } from "./fixtures.ts";

const SHOOT = "/galleryList/1";
const SHOOT_TITLE = "Priya & Karthik";
const PHOTO_COUNT = 6;
/** A page that links to the shoot, to come from. */
const PREVIOUS_PAGE = "/gallery/wedding";
/** Allows for the viewer's code and styles to load and start on a busy machine. */
const LOADING = { timeout: 20_000 };

const dialog = (page: Page) => page.getByRole("dialog", { name: `${SHOOT_TITLE}: photo viewer` });
const thumbnail = (page: Page, n: number) => page.locator(".photo-grid a").nth(n - 1);

/**
 * Opens `path` and returns once its document is parsed: a tap may come before its images have
 * loaded, and the test does not wait on them (a busy machine's images are slow, not its taps).
 * The page must be the page, not an error's.
 */
async function open(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  expect(response?.status(), `GET ${path}`).toBe(200);
}

/** Comes to the shoot by following its link on PREVIOUS_PAGE: a whole page load, before hydration. */
async function arriveFromPreviousPage(page: Page) {
  await open(page, PREVIOUS_PAGE);
  await page.locator(`a[href="${SHOOT}"]`).first().click();
  await expect(page).toHaveURL(SHOOT);
  await page.waitForLoadState("load");
}

test.describe("a thumbnail tapped before the page's script has run", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("opens the viewer at that photo once it runs, and Back then closes it on the page", async ({ page }) => {
    const documents: string[] = [];
    page.on("request", (r) => r.isNavigationRequest() && documents.push(new URL(r.url()).pathname));
    const release = await holdScripts(page);
    await open(page, SHOOT);
    expect(await isHydrated(page)).toBe(false);

    await thumbnail(page, 3).click();
    // Not followed: still the page, the tap seen on the thumbnail, and no viewer yet.
    await expect(thumbnail(page, 3)).toHaveAttribute(EARLY_OPENING_ATTRIBUTE, "");
    expect(new URL(page.url()).pathname).toBe(SHOOT);
    await expect(dialog(page)).toHaveCount(0);

    release();
    await expect(dialog(page)).toBeVisible(LOADING);
    await expect(dialog(page).getByRole("status")).toHaveText(`3 of ${PHOTO_COUNT}`);
    await expect(page).toHaveURL(/#gallery-3$/);
    await expect(thumbnail(page, 3)).not.toHaveAttribute(EARLY_OPENING_ATTRIBUTE);

    await page.goBack();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${SHOOT}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SHOOT_TITLE);
    // The photo's large file was never opened as a page.
    expect(documents).toEqual([SHOOT]);
  });

  test("the last of two taps wins, and a modified click still opens the large image", async ({ page }) => {
    const release = await holdScripts(page);
    await open(page, SHOOT);
    await thumbnail(page, 2).click();
    await thumbnail(page, 5).click();
    await expect(thumbnail(page, 2)).not.toHaveAttribute(EARLY_OPENING_ATTRIBUTE);
    await expect(thumbnail(page, 5)).toHaveAttribute(EARLY_OPENING_ATTRIBUTE, "");
    const tab = page.context().waitForEvent("page");
    await thumbnail(page, 1).click({ modifiers: ["ControlOrMeta"] });
    const opened = await tab;
    await opened.waitForURL(/\/media\//);
    expect(new URL(opened.url()).pathname).toMatch(/^\/media\//);
    await opened.close();

    release();
    await expect(dialog(page).getByRole("status")).toHaveText(`5 of ${PHOTO_COUNT}`, LOADING);
  });

  test("clicked as the page's load event fires, with its script not held, opens the viewer there", async ({ page }) => {
    await page.goto(SHOOT, { waitUntil: "load" });
    await thumbnail(page, 4).click();
    await expect(dialog(page).getByRole("status")).toHaveText(`4 of ${PHOTO_COUNT}`, LOADING);
    expect(new URL(page.url()).pathname).toBe(SHOOT);
  });
});

test.describe("the phone bar's Back before the page's script has run", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("returns to the page of this site the visitor came from", async ({ page }) => {
    await holdScripts(page);
    await arriveFromPreviousPage(page);
    expect(await isHydrated(page)).toBe(false);
    await page.getByRole("button", { name: "Go back" }).click();
    await expect(page).toHaveURL(PREVIOUS_PAGE);
  });

  test("goes home when the visitor came from elsewhere", async ({ page }) => {
    await holdScripts(page);
    await open(page, SHOOT);
    await page.getByRole("button", { name: "Go back" }).click();
    await expect(page).toHaveURL(/\/\??$/);
  });
});

test("after hydration, Back on a page loaded whole from another of ours returns there", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  const release = await holdScripts(page);
  await arriveFromPreviousPage(page);
  release();
  await hydrated(page);
  await page.getByRole("button", { name: "Go back" }).click();
  await expect(page).toHaveURL(PREVIOUS_PAGE);
});

test.describe("on the home page, before its script has run", () => {
  test("the showreel's play is held, then plays here once the script runs", async ({ page, offHostRequests }) => {
    const release = await holdScripts(page);
    await open(page, "/");
    const play = page.getByRole("link", { name: /Play the .* showreel/ });
    await play.scrollIntoViewIfNeeded();
    await play.click();
    await expect(play).toHaveAttribute(EARLY_OPENING_ATTRIBUTE, "");
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(offHostRequests).toEqual([]); // nothing from the video's site until it plays here

    release();
    await expect(page.locator("iframe")).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
      LOADING,
    );
    await expect(page.locator(`[${EARLY_OPENING_ATTRIBUTE}]`)).toHaveCount(0);
  });

  test("the phone menu opens at once, and becomes the modal dialog once the script runs", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    const release = await holdScripts(page);
    await open(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("dialog", { name: "Menu" });
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((el) => el.matches(":popover-open"))).toBe(true);

    release();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "true", LOADING);
    await expect.poll(() => panel.evaluate((el) => el.matches(":modal"))).toBe(true);
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});
