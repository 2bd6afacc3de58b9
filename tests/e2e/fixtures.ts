// Typed Playwright fixtures: every test can assert no request left the host and run axe.
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** Every public screen, for the checks that must hold on all of them. */
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/gallery/wedding",
  "/gallery/babyShoot",
  "/galleryList/1",
  "/galleryList/101",
  "/contactUs",
  "/search?q=madurai",
  "/credits",
];

interface Fixtures {
  /** URLs of every request this page made to another host. */
  offHostRequests: string[];
  /** Runs axe (WCAG 2.2 A and AA) on the page and returns its violations. */
  axeViolations: (page: Page) => Promise<{ id: string; help: string; targets: string[] }[]>;
}

/** The longest an axe run waits for the page's animations to finish (the action notice's is 150 ms). */
const ANIMATIONS_BOUND_MS = 2_000;

/** Time added to a test's limit for each axe run it makes. */
const AXE_RUN_ALLOWANCE_MS = 30_000;

export const test = base.extend<Fixtures>({
  offHostRequests: async ({ page, baseURL }, use) => {
    const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
    const offHost: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith("data:") && new URL(url).origin !== origin) offHost.push(url);
    });
    await use(offHost);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  axeViolations: async ({}, use, testInfo) => {
    await use(async (page) => {
      // One axe run over a page took up to 20 s on a busy machine: each run brings its own time,
      // so a test's limit covers its own steps, however many pages it checks.
      testInfo.setTimeout(testInfo.timeout + AXE_RUN_ALLOWANCE_MS);
      // The page as it settles: a notice fading in (150 ms) has, part way, the contrast of its
      // opacity, which axe measured once on a busy machine. Endless animations are not waited for.
      // A paused one would never finish: the wait is bounded.
      await page.evaluate(
        (boundMs) =>
          Promise.race([
            Promise.all(
              document
                .getAnimations()
                .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
                .map((animation) => animation.finished.catch(() => undefined)),
            ),
            new Promise((settle) => setTimeout(settle, boundMs)),
          ]),
        ANIMATIONS_BOUND_MS,
      );
      const result = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        // Only the violations are read: axe then keeps one example of each passed or
        // inapplicable rule instead of every element it checked (its documented speed-up).
        .options({ resultTypes: ["violations"] })
        .analyze();
      return result.violations.map((v) => ({
        id: v.id,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(" ")),
      }));
    });
  },
});

// The viewports and the wait for hydration are the bench's too (scripts/bench/): they live in
// fixtures/, and the specs keep importing them from here.
export { hydrated, isHydrated, untilHydrated, VIEWPORTS } from "#fixtures/browser-page.ts";
export { expect };

/** Holds every script of the site's build until the returned function is called. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue().catch(() => {}); // The page may be gone by then.
  });
  return release;
}

/** Every <img> on the page with whether it has width and height and what it loaded. */
export function imagesOf(page: Page) {
  return page.$$eval("img", (imgs) =>
    imgs.map((img) => ({
      alt: img.alt,
      hasSize: img.hasAttribute("width") && img.hasAttribute("height"),
      currentSrc: img.currentSrc,
      loaded: img.complete && img.naturalWidth > 0,
      loading: img.loading,
    })),
  );
}
