// Typed Playwright fixtures: every test can assert no request left the host and run axe.
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { HYDRATE_GLOBAL } from "#app/document/early-actions.ts";

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

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
      const result = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      return result.violations.map((v) => ({
        id: v.id,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(" ")),
      }));
    });
  },
});

export { expect };

/**
 * Starts the page's modules, as a visitor's touch would, and waits until React has hydrated
 * `selector` (it carries React's props): public pages start their scripts after the first
 * paint or only on intent (ADR 015), so a click straight after `goto` may still be a plain
 * link's.
 */
export async function hydrated(page: Page, selector = "main") {
  await page.evaluate(
    (name) => (window as unknown as Record<string, (() => void) | undefined>)[name]?.(),
    HYDRATE_GLOBAL,
  );
  await untilHydrated(page, selector);
}

const hasReactProps = (selector: string) => {
  const element = document.querySelector(selector);
  return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
};

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

/** Waits, starting nothing, until React has hydrated `selector`. */
export async function untilHydrated(page: Page, selector = "main") {
  await page.waitForFunction(hasReactProps, selector);
}

/** Whether React has hydrated `selector` yet. */
export function isHydrated(page: Page, selector = "main"): Promise<boolean> {
  return page.evaluate(hasReactProps, selector);
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
