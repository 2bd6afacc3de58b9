// The Tamil pages' web font (issue 33): a Tamil page draws its Tamil text in Noto Sans Tamil, which
// it preloads; an English page never fetches that file, though its language switch says "தமிழ்".
import type { Page } from "@playwright/test";
import { expect, test, VIEWPORTS } from "./fixtures.ts";

const TAMIL_FAMILY = "Noto Sans Tamil";
/** The built font file (app/styles/fonts/noto-sans-tamil-*.woff2, with the build's hash). */
const TAMIL_FONT_FILE = /\/noto-sans-tamil-[^/]*\.woff2$/;
/** The site's Tamil name for the About page, in the wide nav (app/locales/ta/site.po). */
const TAMIL_ABOUT = "எங்களைப் பற்றி";
/** The narrowest phone: Tamil's longer words must fit it. */
const NARROW_PHONE = { width: 360, height: 740 };

/** Every URL the page requests from now on. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

/** Scrolls through the whole page (its late-rendered parts lay out then) and waits for its fonts. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await document.fonts.ready;
  });
}

/** The statuses of the page's Tamil faces ("unloaded" until a Tamil character needs one). */
function tamilFaceStatuses(page: Page): Promise<string[]> {
  return page.evaluate(
    (family) => [...document.fonts].filter((face) => face.family.replaceAll('"', "") === family).map((f) => f.status),
    TAMIL_FAMILY,
  );
}

/** The fonts Chromium really drew an element's text with (DevTools' "Rendered fonts"). */
async function renderedFonts(page: Page, selector: string): Promise<{ familyName: string; isCustomFont: boolean }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument");
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    return fonts;
  } finally {
    await cdp.detach();
  }
}

test.describe("the Tamil font", () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test("a Tamil page preloads Noto Sans Tamil and draws its Tamil text in it, without tracking", async ({ page }) => {
    const requests = requestsOf(page);
    await page.goto("/ta/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    const preloads = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(preloads.filter((href) => TAMIL_FONT_FILE.test(href))).toHaveLength(1);
    await settle(page);

    // The regular face is loaded (the bold one waits for bold Tamil text, which this page has none of).
    expect(await tamilFaceStatuses(page)).toEqual(["loaded", "unloaded"]);
    expect(await page.evaluate((family) => document.fonts.check(`16px "${family}"`, "தமிழ்"), TAMIL_FAMILY)).toBe(true);
    // Fetched once: the preload and the face are the same request.
    expect(requests.filter((url) => TAMIL_FONT_FILE.test(url))).toHaveLength(1);

    const nav = page.getByRole("navigation", { name: "முதன்மை" });
    const about = nav.getByRole("link", { name: TAMIL_ABOUT, exact: true });
    await expect(about).toBeVisible();
    const fonts = await renderedFonts(page, `nav a[href="/ta/about"]`);
    expect(fonts).toContainEqual(expect.objectContaining({ familyName: TAMIL_FAMILY, isCustomFont: true }));
    // header.css tracks the nav's English capitals 0.2em; Tamil syllables stay whole.
    expect(await about.evaluate((link) => getComputedStyle(link).letterSpacing)).toBe("normal");
  });

  test("an English page never requests the Tamil font, though its language switch is in Tamil", async ({ page }) => {
    const requests = requestsOf(page);
    for (const path of ["/", "/about", "/contactUs"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("link", { name: "தமிழ்" }).first()).toBeVisible();
      await settle(page);
      // Its stylesheet has no Tamil face at all (tamil.css is only in Tamil documents).
      expect(await tamilFaceStatuses(page), path).toEqual([]);
    }
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => TAMIL_FONT_FILE.test(url))).toEqual([]);
  });
});

test.describe("Tamil at 360 px", () => {
  test.use({ viewport: NARROW_PHONE });

  test("a Tamil page fits a phone: nothing wider than the screen", async ({ page }) => {
    for (const path of ["/ta", "/ta/about", "/ta/contactUs"]) {
      await page.goto(path);
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
