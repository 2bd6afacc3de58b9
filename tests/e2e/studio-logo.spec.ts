// The studio's logo image (issue 17): the demo studio's drawn logo in the wide header, the phone
// bar, the footer and on the contact page, named for the studio, really loaded, at its place's
// height. A studio without a logo keeps its name as a wordmark (components/studio-logo.test.ts).
import type { Locator, Page } from "@playwright/test";
import { LOGO_HEIGHT_PX, type LogoPlace } from "#app/components/studio-logo.tsx";
import { DEMO_SETTINGS } from "#domain/demo/studio.ts";
import { expect, test, VIEWPORTS } from "./fixtures.ts";

const NAME = DEMO_SETTINGS.name;
/** Sub-pixel rounding of the drawn height. */
const HEIGHT_TOLERANCE_PX = 1;

const headerLogo = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("img", { name: NAME });
const barLogo = (page: Page) => page.locator(".site-bar").getByRole("img", { name: NAME });

/**
 * The logo is shown and loaded: fetched and decoded (a broken image, or a lazy one never fetched,
 * has no natural width), with its size in the markup so nothing moves when it arrives.
 */
async function expectLogo(img: Locator, place: LogoPlace) {
  await img.scrollIntoViewIfNeeded();
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute("alt", NAME);
  await expect(img).toHaveAttribute("width", /^\d+$/);
  await expect(img).toHaveAttribute("height", /^\d+$/);
  await expect(img).toHaveJSProperty("complete", true);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  const box = await img.boundingBox();
  expect(Math.abs((box?.height ?? 0) - LOGO_HEIGHT_PX[place])).toBeLessThanOrEqual(HEIGHT_TOLERANCE_PX);
}

test.describe("on a wide screen", () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test("the header shows the logo over the banner and on a solid header, the bar's stays hidden", async ({ page }) => {
    for (const path of ["/", "/about"]) {
      await page.goto(path);
      await expectLogo(headerLogo(page), "header");
      await expect(page.getByRole("link", { name: `${NAME}, home` })).toBeVisible();
      await expect(barLogo(page)).toBeHidden();
    }
  });

  test("the footer shows the logo", async ({ page }) => {
    await page.goto("/about");
    await expectLogo(page.getByRole("contentinfo").getByRole("img", { name: NAME }), "footer");
  });

  test("the contact page shows the logo", async ({ page, axeViolations }) => {
    await page.goto("/contactUs");
    await expectLogo(page.getByRole("main").getByRole("img", { name: NAME }), "contact");
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("the bar shows the logo, the wide header's stays hidden", async ({ page }) => {
    for (const path of ["/", "/contactUs"]) {
      await page.goto(path);
      await expectLogo(barLogo(page), "bar");
      await expect(headerLogo(page)).toBeHidden();
    }
    await expectLogo(page.getByRole("main").getByRole("img", { name: NAME }), "contact");
    await expectLogo(page.getByRole("contentinfo").getByRole("img", { name: NAME }), "footer");
  });
});
