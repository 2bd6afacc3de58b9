// The full-screen viewer on a shoot page (issue 4): every key and control, the drag and click
// gestures, the slideshow, the thumbnail strip's rule, deep links and history, focus, failures,
// lazy loading under the strict CSP, axe with the viewer open, and the page without JavaScript.
// Every timing and threshold comes from the viewer's constants module. A gesture whose timing
// matters is sent with its events' timestamps set by the test (timed-input.ts), and a wait the
// page's timers decide runs on the page's clock where the test must hold it: nothing depends
// on how fast the machine happens to be.
import type { Page } from "@playwright/test";
import {
  DOUBLE_CLICK_WINDOW_MS,
  DRAG_CLOSE_DISTANCE_PX,
  DRAG_CLOSE_FLICK_DISTANCE_PX,
  DRAG_CLOSE_FLICK_WINDOW_MS,
  FADE_ANIMATION_MS,
  FRAME_MS,
  NAVIGATION_THROTTLE_MS,
  PAN_FRICTION,
  PAN_GLIDE_MIN_SPEED_PX_PER_FRAME,
  PRELOAD_NEIGHBOURS,
  SLIDESHOW_DELAY_MS,
  THUMBNAILS_MIN_SCREEN_HEIGHT_PX,
  WHEEL_ZOOM_FACTOR,
  ZOOM_MAX_SCALE,
  ZOOM_MIN_SCALE,
} from "#app/components/viewer/constants.ts";
import { expect, hydrated, test, VIEWPORTS } from "./fixtures.ts";
import { straightSteps, timedInput } from "./timed-input.ts";

const SHOOT = "/galleryList/1";
const SHOOT_TITLE = "Priya & Karthik";
/** A page to come from, to tell "back to the shoot page" from "back past it". */
const PREVIOUS_PAGE = "/gallery/wedding";
const PHOTO_COUNT = 6;
/** The viewer's code and styles are their own build assets. */
const VIEWER_ASSET = /\/assets\/viewer-[\w-]+\.(js|css)$/;

/** The width a variant's file name carries (photo-1280-hash.avif), NaN for any other URL. */
const variantWidth = (url: string) => Number(/-(\d+)-[0-9a-f]{8}\.\w+$/.exec(url)?.[1]);
/** The photo a media URL belongs to (/media/ab/<photo>-<width>-<hash>.<ext>). */
const photoOf = (url: string) => /\/media\/\w+\/(\w+)-\d+-/.exec(url)?.[1];
/** The grid's thumbnails are at most this wide (its `sizes` times the pixel ratio): wider files
    are the viewer's. */
const GRID_VARIANT_MAX_PX = 480;

/**
 * How long the viewer may take to appear after a page load or its first opening, when it has
 * its code and styles to fetch and start on a busy machine: a bound on loading, not one of the
 * viewer's timings (those are all held exactly, with the page's clock or the events' own times).
 */
const LOADING = { timeout: 20_000 };

test.use({ viewport: VIEWPORTS.desktop });

const dialog = (page: Page) => page.getByRole("dialog", { name: `${SHOOT_TITLE}: photo viewer` });
const position = (page: Page) => dialog(page).getByRole("status");
const thumbnailLinks = (page: Page) => page.locator(".photo-grid a");
const button = (page: Page, name: string) => dialog(page).getByRole("button", { name, exact: true });
const strip = (page: Page) => dialog(page).getByRole("navigation", { name: "Thumbnails" });
/** The photo shown (our own slide's markup, not the library's). */
const currentPhoto = (page: Page) => dialog(page).locator(".viewer-slide[data-current] .viewer-photo");

async function openAt(page: Page, n: number) {
  await page.goto(SHOOT);
  await hydrated(page);
  await thumbnailLinks(page)
    .nth(n - 1)
    .click();
  await expect(dialog(page)).toBeVisible(LOADING);
  await expect(position(page)).toHaveText(`${n} of ${PHOTO_COUNT}`);
}

/** The current photo's zoom and pan, read from the transform the viewer gives it. */
async function transformOf(page: Page) {
  const transform = await currentPhoto(page).evaluate((el) => (el as HTMLElement).style.transform);
  const [, x = "0", y = "0"] = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(transform) ?? [];
  return { zoom: Number(/scale\(([\d.]+)\)/.exec(transform)?.[1] ?? "1"), x: Number(x), y: Number(y) };
}

/** A glide moves the photo every frame until it stops: this many frames without a move is stopped. */
const STILL_FRAMES = 10;

/**
 * The current photo's transform once it has stayed put for STILL_FRAMES frames. Counted in the
 * page's own frames, not in time: two reads a poll apart matched mid-glide on a busy machine,
 * when no frame ran between them.
 */
async function settledTransform(page: Page) {
  await currentPhoto(page).evaluate(
    (el, frames) =>
      new Promise<void>((resolve) => {
        let last = (el as HTMLElement).style.transform;
        let still = 0;
        const tick = () => {
          const now = (el as HTMLElement).style.transform;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= frames) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    STILL_FRAMES,
  );
  return transformOf(page);
}

async function zoomOf(page: Page): Promise<number> {
  return (await transformOf(page)).zoom;
}

async function photoBox(page: Page) {
  const box = await currentPhoto(page).boundingBox();
  if (!box) throw new Error("the current photo has no box");
  return box;
}

/** A point on the backdrop: beside the photo, clear of the toolbar, counter and arrows. */
async function backdropPoint(page: Page) {
  const box = await photoBox(page);
  if (box.x < 8) throw new Error("the photo leaves no backdrop beside it");
  return { x: box.x / 2, y: box.y + box.height * 0.8 };
}

/** A vertical drag from the photo's centre: `dy` px in 50 ms, released `releasedAtMs` after the press. */
async function drag(page: Page, dy: number, releasedAtMs: number) {
  const box = await photoBox(page);
  // Whole pixels: the distance is then exactly dy.
  const from = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  const to = { x: from.x, y: from.y + dy };
  const moves = straightSteps(from, to, Math.min(50, releasedAtMs), 5);
  await (await timedInput(page)).mouseDrag([...moves, { ...to, at: releasedAtMs }]);
}

/**
 * Holds the page's clock (installed with `page.clock.install()` before the page loaded): from
 * here its timers, performance.now() and every event's timeStamp (Playwright's clock sets that
 * too) move only by `page.clock.runFor`, however slow the machine is.
 */
async function holdClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** Lets the page run what the last input queued (React's effects), with the clock held. */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

async function expectClosedOnPage(page: Page) {
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${SHOOT}$`));
}

test.describe("opening", () => {
  test("loads the viewer's code only on the first click, with no CSP violation, and is axe clean", async ({
    page,
    axeViolations,
    offHostRequests,
  }) => {
    const viewerRequests: string[] = [];
    const cspMessages: string[] = [];
    page.on("request", (r) => VIEWER_ASSET.test(new URL(r.url()).pathname) && viewerRequests.push(r.url()));
    page.on("console", (m) => /Content Security Policy/i.test(m.text()) && cspMessages.push(m.text()));
    await page.goto(SHOOT);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(viewerRequests).toEqual([]);

    await thumbnailLinks(page).nth(1).click();
    await expect(dialog(page)).toBeVisible(LOADING);
    await expect(position(page)).toHaveText(`2 of ${PHOTO_COUNT}`);
    await expect(dialog(page).locator(".viewer-counter")).toHaveText(`2 of ${PHOTO_COUNT}`);
    await expect(page).toHaveURL(new RegExp(`${SHOOT}#gallery-2$`));
    expect(viewerRequests.some((url) => url.endsWith(".js"))).toBe(true);
    // The library's styles apply: they came in as a stylesheet the CSP allows.
    expect(await dialog(page).evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    await expect(currentPhoto(page).locator("img")).toHaveJSProperty("complete", true);

    expect(await axeViolations(page)).toEqual([]);
    expect(cspMessages).toEqual([]);
    expect(offHostRequests).toEqual([]);
  });

  test("is axe clean open on a phone, with the strip shown", async ({ page, axeViolations }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await openAt(page, 3);
    await expect(strip(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("asks for the variant that fits the screen, and a larger one when zoomed", async ({ page }) => {
    await openAt(page, 1);
    const img = currentPhoto(page).locator("img");
    await expect(img).toHaveJSProperty("complete", true);
    const fitted = await img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, width: el.clientWidth }));
    expect(fitted.src).toMatch(/\.avif$/);
    expect(variantWidth(fitted.src)).toBeGreaterThanOrEqual(Math.min(fitted.width, 2560) * 0.9);

    await button(page, "Zoom in").click();
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MAX_SCALE);
    // While the larger file is chosen, currentSrc may briefly be empty: wait for the new variant.
    await expect
      .poll(async () => variantWidth(await img.evaluate((el: HTMLImageElement) => el.currentSrc)))
      .toBeGreaterThan(variantWidth(fitted.src));
  });

  test.describe("on a screen of pixel ratio 2", () => {
    test.use({ deviceScaleFactor: 2 });

    test("asks for a variant of twice the drawn width", async ({ page }) => {
      await openAt(page, 1);
      const img = currentPhoto(page).locator("img");
      await expect(img).toHaveJSProperty("complete", true);
      const { src, width, largest } = await img.evaluate((el: HTMLImageElement) => ({
        src: el.currentSrc,
        width: el.clientWidth,
        largest: Math.max(
          ...(el.parentElement?.querySelector("source")?.srcset ?? "")
            .split(",")
            .map((c) => Number.parseInt(c.trim().split(" ")[1] ?? "", 10)),
        ),
      }));
      expect(variantWidth(src)).toBeGreaterThanOrEqual(Math.min(width * 2, largest) * 0.9);
    });
  });

  test(`loads the photo shown and ${PRELOAD_NEIGHBOURS} on each side, no more`, async ({ page }) => {
    await page.goto(SHOOT);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const photos = await thumbnailLinks(page).evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    const opened = 3;
    const expected = photos
      .slice(opened - 1 - PRELOAD_NEIGHBOURS, opened + PRELOAD_NEIGHBOURS)
      .map(photoOf)
      .sort();
    expect(expected).toHaveLength(1 + 2 * PRELOAD_NEIGHBOURS);
    const viewerFiles: string[] = [];
    page.on("request", (r) => variantWidth(r.url()) > GRID_VARIANT_MAX_PX && viewerFiles.push(r.url()));

    await thumbnailLinks(page)
      .nth(opened - 1)
      .click();
    await expect(position(page)).toHaveText(`${opened} of ${PHOTO_COUNT}`, LOADING);
    await page.waitForLoadState("networkidle");
    const slideFiles = await dialog(page)
      .locator(".viewer-photo img")
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
    expect(slideFiles.map(photoOf).sort()).toEqual(expected);
    expect([...new Set(viewerFiles.map(photoOf))].sort()).toEqual(expected);
  });

  test("shows what the grid showed, over the stored placeholder, until the photo's own file arrives", async ({
    page,
  }) => {
    await page.goto(SHOOT);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const shown = await thumbnailLinks(page)
      .nth(2)
      .locator("img")
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(shown).not.toBe("");
    // Every photo file is held back until the checks below are done.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/media/**", async (route) => {
      await held;
      await route.continue();
    });

    await thumbnailLinks(page).nth(2).click();
    const photo = currentPhoto(page);
    await expect(photo).toHaveAttribute("data-status", "loading", LOADING);
    const underlay = await photo.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(underlay).toContain(shown);
    expect(underlay).toContain("data:image/");
    const box = await photoBox(page);
    expect(box.width).toBeGreaterThan(VIEWPORTS.desktop.width / 2);
    // The strip's thumbnails keep their size and show their placeholder while they load.
    const thumbnail = strip(page).locator(".viewer-thumbnail").first();
    await expect(thumbnail).toHaveJSProperty("complete", false);
    expect((await thumbnail.boundingBox())?.width).toBeGreaterThan(0);
    expect(await thumbnail.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain("data:image/");

    release();
    await expect(photo).toHaveAttribute("data-status", "complete");
  });

  test("is a labelled modal dialog whose controls are labelled buttons and which keeps focus inside", async ({
    page,
  }) => {
    await openAt(page, 1);
    await expect(dialog(page)).toHaveAttribute("aria-modal", "true");
    for (const name of [
      "Next photo",
      "Previous photo",
      "Zoom in",
      "Zoom out",
      "Play the slideshow",
      "Enter full screen",
      "Hide thumbnails",
      "Close the viewer",
    ]) {
      await expect(button(page, name)).toHaveCount(1);
      // On a plate of its own: the controls can lie over a white sky.
      const plate = await button(page, name).evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(plate, name).not.toMatch(/^(transparent|rgba\(.*, 0\))$/);
    }
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press(i % 5 === 4 ? "Shift+Tab" : "Tab");
      expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  });

  test("animations are off for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openAt(page, 1);
    // The site's own reduced-motion rule leaves a hundredth of a millisecond.
    const fade = await dialog(page).evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(Number.parseFloat(fade)).toBeLessThan(0.001);
    // Every animation that runs from the key on, as long as it lasts: the page's reduced-motion
    // rule still starts transitions of a hundredth of a millisecond, which a single look at the
    // running animations may catch in their one frame; nothing may last a perceptible time.
    await page.evaluate(() => {
      const seen = new Set<number>();
      (window as unknown as { longestMotionMs: () => number }).longestMotionMs = () => Math.max(0, ...seen);
      const look = () => {
        for (const animation of document.getAnimations()) {
          if (animation.playState === "running") seen.add(Number(animation.effect?.getComputedTiming().duration ?? 0));
        }
        requestAnimationFrame(look);
      };
      look();
    });
    await page.keyboard.press("ArrowRight");
    await expect(position(page)).toHaveText(`2 of ${PHOTO_COUNT}`);
    // Ten frames after the move has shown: long enough for any animation it started to be seen.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let frames = 10;
          const next = () => (--frames === 0 ? resolve() : requestAnimationFrame(next));
          requestAnimationFrame(next);
        }),
    );
    const longest = await page.evaluate(() =>
      (window as unknown as { longestMotionMs: () => number }).longestMotionMs(),
    );
    expect(longest).toBeLessThan(1);
  });
});

test.describe("keys", () => {
  for (const key of ["Escape", "Delete", "Backspace"]) {
    test(`${key} closes, once and for good`, async ({ page }) => {
      // Counts every viewer dialog put into the page, to catch one that closes and reopens.
      await page.addInitScript(() => {
        const w = window as unknown as { dialogsOpened: number };
        w.dialogsOpened = 0;
        new MutationObserver((records) => {
          for (const r of records)
            for (const node of r.addedNodes)
              if (node instanceof Element && node.matches('[role="dialog"]')) w.dialogsOpened += 1;
        }).observe(document, { childList: true, subtree: true });
      });
      await openAt(page, 2);
      await page.keyboard.press(key);
      await expectClosedOnPage(page);
      await page.waitForTimeout(FADE_ANIMATION_MS * 2);
      await expect(dialog(page)).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { dialogsOpened: number }).dialogsOpened)).toBe(1);
    });
  }

  test("arrow keys and PageUp/PageDown move one photo at a time", async ({ page }) => {
    await openAt(page, 3);
    const steps: [string, number][] = [
      ["ArrowRight", 4],
      ["ArrowLeft", 3],
      ["ArrowDown", 4],
      ["ArrowUp", 3],
      ["PageDown", 4],
      ["PageUp", 3],
    ];
    for (const [key, expected] of steps) {
      // One move per throttle window: wait it out so each press counts.
      await page.waitForTimeout(NAVIGATION_THROTTLE_MS);
      await page.keyboard.press(key);
      await expect(position(page), key).toHaveText(`${expected} of ${PHOTO_COUNT}`);
      await expect(page).toHaveURL(new RegExp(`#gallery-${expected}$`));
    }
  });

  test(`keys pressed within ${NAVIGATION_THROTTLE_MS} ms move one photo`, async ({ page }) => {
    await openAt(page, 1);
    for (const [key, expected] of [
      ["ArrowRight", 2],
      ["PageDown", 3],
      ["ArrowDown", 4],
    ] as const) {
      await page.waitForTimeout(NAVIGATION_THROTTLE_MS);
      // Three presses in one task: within the throttle however slow the machine.
      await page.evaluate((k) => {
        const target = document.activeElement ?? document.body;
        for (let i = 0; i < 3; i += 1) {
          target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
        }
      }, key);
      await expect(position(page), key).toHaveText(`${expected} of ${PHOTO_COUNT}`);
    }
    await page.waitForTimeout(NAVIGATION_THROTTLE_MS);
    await expect(position(page)).toHaveText(`4 of ${PHOTO_COUNT}`);
  });

  test("space toggles the slideshow and t the thumbnails", async ({ page }) => {
    await openAt(page, 1);
    await page.keyboard.press("Space");
    await expect(button(page, "Pause the slideshow")).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Space");
    await expect(button(page, "Play the slideshow")).toHaveAttribute("aria-pressed", "false");

    await expect(strip(page)).toBeVisible();
    await page.keyboard.press("t");
    await expect(strip(page)).toBeHidden();
    await page.keyboard.press("t");
    await expect(strip(page)).toBeVisible();
  });

  test("t with focus in the strip keeps focus in the viewer, so the keys still work", async ({ page }) => {
    await openAt(page, 1);
    await strip(page)
      .getByRole("button", { name: `3 of ${PHOTO_COUNT}` })
      .click();
    await expect(position(page)).toHaveText(`3 of ${PHOTO_COUNT}`);
    await page.keyboard.press("t");
    await expect(strip(page)).toBeHidden();
    expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.waitForTimeout(NAVIGATION_THROTTLE_MS);
    await page.keyboard.press("ArrowRight");
    await expect(position(page)).toHaveText(`4 of ${PHOTO_COUNT}`);
    await page.keyboard.press("Escape");
    await expectClosedOnPage(page);
  });

  test("space after a click on a control is still the slideshow's; on a control reached by Tab it presses it", async ({
    page,
  }) => {
    // Held, the slideshow cannot move on while the test checks that it has not.
    await page.clock.install();
    await openAt(page, 1);
    await holdClock(page);
    await button(page, "Next photo").click();
    await expect(position(page)).toHaveText(`2 of ${PHOTO_COUNT}`);
    await page.clock.runFor(NAVIGATION_THROTTLE_MS);
    await page.keyboard.press("Space");
    await expect(button(page, "Pause the slideshow")).toHaveAttribute("aria-pressed", "true");
    await expect(position(page)).toHaveText(`2 of ${PHOTO_COUNT}`);
    await page.keyboard.press("Space");
    await expect(button(page, "Play the slideshow")).toHaveAttribute("aria-pressed", "false");
    await page.clock.resume();

    // Tab until the Close button has focus: Space presses it.
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    for (let i = 0; i < 30 && (await focusedLabel()) !== "Close the viewer"; i += 1) await page.keyboard.press("Tab");
    await expect(button(page, "Close the viewer")).toBeFocused();
    await page.keyboard.press("Space");
    await expectClosedOnPage(page);
  });
});

test.describe("controls", () => {
  test("previous and next, a thumbnail in the strip, zoom in and out, full screen, close", async ({ page }) => {
    await openAt(page, 1);
    await expect(button(page, "Previous photo")).toBeDisabled();
    await button(page, "Next photo").click();
    await expect(position(page)).toHaveText(`2 of ${PHOTO_COUNT}`);
    await page.waitForTimeout(NAVIGATION_THROTTLE_MS);
    await button(page, "Previous photo").click();
    await expect(position(page)).toHaveText(`1 of ${PHOTO_COUNT}`);

    await strip(page)
      .getByRole("button", { name: `3 of ${PHOTO_COUNT}` })
      .click();
    await expect(position(page)).toHaveText(`3 of ${PHOTO_COUNT}`);

    await expect(button(page, "Zoom out")).toBeDisabled();
    await button(page, "Zoom in").click();
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MAX_SCALE);
    await expect(button(page, "Zoom in")).toBeDisabled();
    await button(page, "Zoom out").click();
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MIN_SCALE);

    await button(page, "Enter full screen").click();
    await expect(button(page, "Exit full screen")).toBeVisible();
    expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await button(page, "Exit full screen").click();
    await expect(button(page, "Enter full screen")).toBeVisible();

    await button(page, "Hide thumbnails").click();
    await expect(strip(page)).toBeHidden();
    await button(page, "Show thumbnails").click();
    await expect(strip(page)).toBeVisible();

    await button(page, "Close the viewer").click();
    await expectClosedOnPage(page);
  });

  test("the slideshow advances every delay and stops at the last photo", async ({ page }) => {
    // Its timer runs on the page's clock, held by the test.
    await page.clock.install();
    await openAt(page, PHOTO_COUNT - 1);
    // It counts from when the photo shown has loaded.
    await expect(currentPhoto(page)).toHaveAttribute("data-status", "complete");
    await holdClock(page);
    await button(page, "Play the slideshow").click();
    await expect(button(page, "Pause the slideshow")).toBeVisible();
    await settle(page);
    await page.clock.runFor(SLIDESHOW_DELAY_MS - 1);
    await settle(page);
    await expect(position(page)).toHaveText(`${PHOTO_COUNT - 1} of ${PHOTO_COUNT}`);
    await page.clock.runFor(1);
    await expect(position(page)).toHaveText(`${PHOTO_COUNT} of ${PHOTO_COUNT}`);
    // At the end it stops by itself: its button goes back to Play and cannot start it again.
    await expect(button(page, "Play the slideshow")).toBeDisabled();
    await page.clock.runFor(SLIDESHOW_DELAY_MS * 2);
    await settle(page);
    await expect(position(page)).toHaveText(`${PHOTO_COUNT} of ${PHOTO_COUNT}`);
    await expect(dialog(page)).toBeVisible();
  });

  test("the slideshow stops when the visitor interacts or the tab's visibility changes", async ({ page }) => {
    // Its timer runs on the page's clock, held by the test: each stop is checked over twice the
    // delay, and nothing can move on before the stop.
    await page.clock.install();
    await openAt(page, 1);
    await expect(currentPhoto(page)).toHaveAttribute("data-status", "complete");
    await holdClock(page);
    const box = await photoBox(page);
    const expectStopped = async (at: number) => {
      await expect(button(page, "Play the slideshow")).toBeVisible();
      await page.clock.runFor(SLIDESHOW_DELAY_MS * 2);
      await settle(page);
      await expect(position(page)).toHaveText(`${at} of ${PHOTO_COUNT}`);
    };

    await button(page, "Play the slideshow").click();
    await expect(button(page, "Pause the slideshow")).toBeVisible();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expectStopped(1);

    await button(page, "Play the slideshow").click();
    await expect(button(page, "Pause the slideshow")).toBeVisible();
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expectStopped(1);

    // A key stops it too (the key still does its own job).
    await button(page, "Play the slideshow").click();
    await expect(button(page, "Pause the slideshow")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(position(page)).toHaveText(`2 of ${PHOTO_COUNT}`);
    await expectStopped(2);
  });
});

test.describe("gestures", () => {
  test("a horizontal drag moves to the next photo and back", async ({ page }) => {
    await openAt(page, 2);
    const box = await photoBox(page);
    const y = box.y + box.height / 2;
    // Further than the library's own rule (30% of the width moves, however slow the drag): no
    // drag needs to be quick.
    const distance = VIEWPORTS.desktop.width * 0.4;
    for (const [dx, expected] of [
      [-distance, 3],
      [distance, 2],
    ] as const) {
      await page.waitForTimeout(NAVIGATION_THROTTLE_MS);
      await page.mouse.move(box.x + box.width / 2, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + dx, y, { steps: 8 });
      await page.mouse.up();
      await expect(position(page)).toHaveText(`${expected} of ${PHOTO_COUNT}`);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    }
    await expect(dialog(page)).toBeVisible();
  });

  test(`a vertical drag of ${DRAG_CLOSE_DISTANCE_PX} px closes, however slow`, async ({ page }) => {
    await openAt(page, 2);
    await drag(page, DRAG_CLOSE_DISTANCE_PX + 10, DRAG_CLOSE_FLICK_WINDOW_MS + 100);
    await expectClosedOnPage(page);
  });

  test(`a flick of ${DRAG_CLOSE_FLICK_DISTANCE_PX} px released within ${DRAG_CLOSE_FLICK_WINDOW_MS} ms closes`, async ({
    page,
  }) => {
    await openAt(page, 2);
    // Released 10 ms inside the window by its events' timestamps, however late they arrive.
    await drag(page, DRAG_CLOSE_FLICK_DISTANCE_PX, DRAG_CLOSE_FLICK_WINDOW_MS - 10);
    await expectClosedOnPage(page);
  });

  test("a drag below both thresholds does not close and the photo settles back", async ({ page }) => {
    await openAt(page, 2);
    // Past the flick distance but released 10 ms after the flick window.
    await drag(page, DRAG_CLOSE_FLICK_DISTANCE_PX + 10, DRAG_CLOSE_FLICK_WINDOW_MS + 10);
    // Nearly the full distance, held well beyond the window.
    await drag(page, DRAG_CLOSE_DISTANCE_PX - 5, DRAG_CLOSE_FLICK_WINDOW_MS * 3);
    // Below the flick distance, however quick.
    await drag(page, DRAG_CLOSE_FLICK_DISTANCE_PX - 5, 20);
    await page.waitForTimeout(DOUBLE_CLICK_WINDOW_MS * 2);
    await expect(dialog(page)).toBeVisible();
    await expect(position(page)).toHaveText(`2 of ${PHOTO_COUNT}`);
    // Back in place: nothing of the drag is left on the slide.
    const slide = dialog(page).locator(".viewer-slide[data-current]");
    expect(
      await slide.evaluate((el) => [(el as HTMLElement).style.translate, (el as HTMLElement).style.opacity]),
    ).toEqual(["", ""]);
  });

  test("a double click zooms to the maximum and back; a single click on the backdrop closes", async ({ page }) => {
    // The page's clock moves only when the test moves it: its timers (the backdrop's pending
    // close) and the time it gives every event (Playwright's clock sets Event.timeStamp too).
    await page.clock.install();
    await openAt(page, 1);
    const box = await photoBox(page);
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // Measured before any zoom: a zoom animation would enlarge the box.
    const backdrop = await backdropPoint(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const clicks = async ({ x, y }: { x: number; y: number }, apartMs: number) => {
      await page.mouse.click(x, y);
      await page.clock.runFor(apartMs);
      await page.mouse.click(x, y);
    };
    // A second click at the very end of the window makes a double click; one just after, two clicks.
    await clicks(centre, DOUBLE_CLICK_WINDOW_MS);
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MAX_SCALE);
    await page.clock.runFor(DOUBLE_CLICK_WINDOW_MS * 2);
    await clicks(centre, DOUBLE_CLICK_WINDOW_MS / 3);
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MIN_SCALE);
    await page.clock.runFor(DOUBLE_CLICK_WINDOW_MS * 2);
    await clicks(centre, DOUBLE_CLICK_WINDOW_MS + 1);
    expect(await zoomOf(page)).toBe(ZOOM_MIN_SCALE);

    // On the backdrop the first click's close waits out the window, which has not passed on the
    // page's clock however late the second click arrives: the double click zooms, nothing closes.
    await page.clock.runFor(DOUBLE_CLICK_WINDOW_MS * 2);
    await clicks(backdrop, DOUBLE_CLICK_WINDOW_MS / 3);
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MAX_SCALE);
    await page.clock.runFor(DOUBLE_CLICK_WINDOW_MS * 2);
    await expect(dialog(page)).toBeVisible();
    await page.clock.resume();

    await button(page, "Zoom out").click();
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MIN_SCALE);
    // Until the zoom-out animation ends the photo still covers the backdrop point.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await page.mouse.click(backdrop.x, backdrop.y);
    await expectClosedOnPage(page);
  });

  test("the wheel zooms between the limits, and a released pan glides on with the friction", async ({ page }) => {
    await openAt(page, 1);
    const box = await photoBox(page);
    const centre = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    await page.mouse.move(centre.x, centre.y);
    // A step of half the wheel factor zooms by half.
    await page.mouse.wheel(0, -WHEEL_ZOOM_FACTOR / 2);
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MIN_SCALE * 1.5);
    for (let i = 0; i < 6; i += 1) await page.mouse.wheel(0, -200);
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MAX_SCALE);
    for (let i = 0; i < 6; i += 1) await page.mouse.wheel(0, 200);
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MIN_SCALE);

    const input = await timedInput(page);
    await input.mouseClicks(centre, [0, DOUBLE_CLICK_WINDOW_MS / 3]);
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MAX_SCALE);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    const before = await transformOf(page);
    // 60 px to the right in 50 ms by the events' timestamps: 20 px per frame at release.
    const dx = 60;
    const releaseSpeed = (dx / 50) * FRAME_MS;
    await input.mouseDrag(straightSteps(centre, { x: centre.x + dx, y: centre.y }, 50, 3));
    // It glides on until it is slower than the minimum: speed * (1 - PAN_FRICTION^n) / -ln(PAN_FRICTION)
    // further, between these two bounds (the last frame falls anywhere in the final slowing).
    const glideMin = (releaseSpeed - PAN_GLIDE_MIN_SPEED_PX_PER_FRAME) / -Math.log(PAN_FRICTION);
    const glideMax = releaseSpeed / -Math.log(PAN_FRICTION);
    const after = await settledTransform(page);
    expect(after.x - before.x).toBeGreaterThanOrEqual(dx + glideMin - 1);
    expect(after.x - before.x).toBeLessThanOrEqual(dx + glideMax + 1);
    expect(after.y).toBe(before.y);
    expect(after.zoom).toBe(ZOOM_MAX_SCALE);
  });
});

test.describe("touch", () => {
  test.use({ hasTouch: true });

  test("a pinch zooms up to the maximum and back to fit; a double tap zooms", async ({ page }) => {
    await openAt(page, 1);
    const box = await photoBox(page);
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await page.context().newCDPSession(page);
    const pinch = async (from: number, to: number) => {
      const points = (gap: number) => [
        { x: centre.x - gap / 2, y: centre.y, id: 1 },
        { x: centre.x + gap / 2, y: centre.y, id: 2 },
      ];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(from) });
      const STEPS = 10;
      for (let i = 1; i <= STEPS; i += 1) {
        await cdp.send("Input.dispatchTouchEvent", {
          type: "touchMove",
          touchPoints: points(from + ((to - from) * i) / STEPS),
        });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    // Spread far wider than a doubling: the zoom stops at the maximum.
    await pinch(100, 600);
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MAX_SCALE);
    await pinch(600, 100);
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MIN_SCALE);
    await expect(dialog(page)).toBeVisible();
    // Zoomed back to the fit halfway through, the fingers went on closing sideways: that is
    // still the pinch, not a swipe to the next photo.
    await expect(position(page)).toHaveText(`1 of ${PHOTO_COUNT}`);

    // Two taps within the window by their timestamps.
    await (await timedInput(page)).taps(centre, [0, DOUBLE_CLICK_WINDOW_MS / 2]);
    await expect.poll(() => zoomOf(page)).toBe(ZOOM_MAX_SCALE);
  });
});

test.describe("thumbnail strip", () => {
  test(`is hidden, with no toggle, on a window lower than ${THUMBNAILS_MIN_SCREEN_HEIGHT_PX} px`, async ({ page }) => {
    await page.setViewportSize({ width: VIEWPORTS.desktop.width, height: 480 });
    await openAt(page, 1);
    await expect(strip(page)).toBeHidden();
    await expect(dialog(page).getByRole("button", { name: /thumbnails/ })).toHaveCount(0);
    await page.keyboard.press("t");
    await expect(strip(page)).toBeHidden();

    await page.setViewportSize(VIEWPORTS.desktop);
    await expect(strip(page)).toBeVisible();
    await expect(button(page, "Hide thumbnails")).toBeVisible();

    // Lowered again with focus on the toggle, which goes: focus stays in the viewer.
    await button(page, "Hide thumbnails").focus();
    await page.setViewportSize({ width: VIEWPORTS.desktop.width, height: 480 });
    await expect(strip(page)).toBeHidden();
    await expect.poll(() => dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expectClosedOnPage(page);
  });
});

test.describe("deep links and history", () => {
  test("#gallery-N opens at photo N, and Back closes it without leaving the page", async ({ page }) => {
    await page.goto(`${SHOOT}#gallery-4`);
    await expect(dialog(page)).toBeVisible(LOADING);
    await expect(position(page)).toHaveText(`4 of ${PHOTO_COUNT}`);
    await page.goBack();
    await expectClosedOnPage(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SHOOT_TITLE);
  });

  test("Back closes a viewer opened by a click, on the photo last shown", async ({ page }) => {
    await openAt(page, 2);
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/#gallery-3$/);
    await page.goBack();
    await expectClosedOnPage(page);
    await expect(thumbnailLinks(page).nth(2)).toBeFocused();
  });

  test("a double click on a thumbnail makes one history entry: closing leaves no hash, and one Back leaves", async ({
    page,
  }) => {
    await page.goto(PREVIOUS_PAGE);
    await page.goto(SHOOT);
    await hydrated(page);
    await thumbnailLinks(page).nth(1).dblclick();
    await expect(position(page)).toHaveText(`2 of ${PHOTO_COUNT}`, LOADING);
    await page.keyboard.press("Escape");
    await expectClosedOnPage(page);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${PREVIOUS_PAGE}$`));
  });

  test("after Back and Forward, or a reload, closing still goes back to the page, not beyond it", async ({ page }) => {
    await page.goto(PREVIOUS_PAGE);
    await openAt(page, 2);
    await page.goBack();
    await expectClosedOnPage(page);
    await page.goForward();
    await expect(position(page)).toHaveText(`2 of ${PHOTO_COUNT}`);
    await page.reload();
    await expect(position(page)).toHaveText(`2 of ${PHOTO_COUNT}`, LOADING);
    await hydrated(page);
    await button(page, "Close the viewer").click();
    await expectClosedOnPage(page);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${PREVIOUS_PAGE}$`));
  });

  test("closing returns focus to the thumbnail and keeps the scroll position", async ({ page }) => {
    await page.goto(SHOOT);
    await hydrated(page);
    const link = thumbnailLinks(page).nth(PHOTO_COUNT - 1);
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await link.click();
    await expect(dialog(page)).toBeVisible(LOADING);
    await button(page, "Close the viewer").click();
    await expectClosedOnPage(page);
    await expect(link).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test("moving to another shoot without leaving the page shows that shoot's photos", async ({ page }) => {
    await openAt(page, 1);
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    // No link leads from one shoot straight to another today; the router does it as Back and
    // Forward between two shoots would, without remounting the route.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/galleryList/2"),
    );
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(SHOOT_TITLE);
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    const firstThumbnail = await thumbnailLinks(page).first().getAttribute("href");
    await thumbnailLinks(page).first().click();
    const other = page.getByRole("dialog", { name: `${title}: photo viewer` });
    await expect(other).toBeVisible();
    await expect
      .poll(() => other.locator(".viewer-slide[data-current] img").first().getAttribute("src"))
      .toContain(photoOf(firstThumbnail ?? "") ?? "none");
  });
});

test.describe("failures", () => {
  test("a photo that fails to load shows 'Image Not Found' instead of a broken image", async ({ page }) => {
    const failing = new Set<string>();
    await page.route("**/media/**", (route) =>
      failing.has(new URL(route.request().url()).pathname) ? route.fulfill({ status: 404 }) : route.continue(),
    );
    await page.goto(SHOOT);
    const urls = await thumbnailLinks(page)
      .nth(1)
      .evaluate((a) =>
        [...a.querySelectorAll("source, img")].flatMap((el) =>
          (el.getAttribute("srcset") ?? el.getAttribute("src") ?? "").split(",").map((c) => c.trim().split(" ")[0]),
        ),
      );
    for (const url of urls) if (url) failing.add(new URL(url, page.url()).pathname);
    expect(failing.size).toBeGreaterThan(2);

    await openAt(page, 2);
    const slide = dialog(page).locator(".viewer-slide[data-current]");
    await expect(slide.getByText("Image Not Found")).toBeVisible();
    await expect(slide.locator("img")).toHaveCount(0);
  });

  test("a viewer that cannot load says 'Something Went Wrong, Please Try Again Later' over the page, and closes", async ({
    page,
    axeViolations,
  }) => {
    let blocked = true;
    await page.route(/\/assets\/viewer-[\w-]+\.js$/, (route) => (blocked ? route.abort() : route.continue()));
    await page.goto(SHOOT);
    await hydrated(page);
    // The last thumbnail: the message must not be left at the foot of the page, out of sight.
    const link = thumbnailLinks(page).nth(PHOTO_COUNT - 1);
    await link.click();
    const failure = page.getByRole("alertdialog", { name: "Something Went Wrong, Please Try Again Later" });
    await expect(failure).toBeVisible();
    await expect(failure).toBeInViewport({ ratio: 1 });
    await expect(failure.getByRole("button", { name: "Close" })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Tab");
    await expect(failure.getByRole("button", { name: "Close" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(failure).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${SHOOT}$`));
    await expect(link).toBeFocused();

    // The next click tries again.
    blocked = false;
    await link.click();
    await expect(dialog(page)).toBeVisible(LOADING);
    await expect(position(page)).toHaveText(`${PHOTO_COUNT} of ${PHOTO_COUNT}`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each thumbnail is a link to its large image", async ({ page, request }) => {
    await page.goto(SHOOT);
    const links = thumbnailLinks(page);
    await expect(links).toHaveCount(PHOTO_COUNT);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    for (const href of hrefs) {
      const response = await request.get(href);
      expect(response.ok(), href).toBe(true);
      expect(response.headers()["content-type"]).toBe("image/webp");
    }
    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`${hrefs[0]}$`));
  });
});
