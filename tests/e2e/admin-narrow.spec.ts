// The admin on a phone (390 px): no page scrolls sideways, so every control is reachable without
// panning, on the demo studio's data (a shoot with its photos, the settings' long form).

import { expect, test } from "./admin-fixtures.ts";
import { VIEWPORTS } from "./fixtures.ts";

const ADMIN_PAGES = [
  "/admin/shoots",
  "/admin/shoots/new",
  "/admin/shoots/1",
  "/admin/galleries",
  "/admin/galleries/new",
  "/admin/stories",
  "/admin/collections",
  "/admin/banners",
  "/admin/settings",
  "/admin/trash",
  "/admin/inquiries",
  "/admin/tokens",
];

test.use({ viewport: VIEWPORTS.phone });

test("no admin page scrolls sideways at 390 px", async ({ adminPage: page }) => {
  const wide: string[] = [];
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page.locator("main h1")).toBeVisible();
    const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
      // The element that sticks out furthest, to name in the failure.
      let widest = "";
      let right = window.innerWidth;
      for (const element of document.querySelectorAll<HTMLElement>("body *")) {
        const box = element.getBoundingClientRect();
        if (box.right > right + 0.5) {
          right = box.right;
          widest = `${element.tagName.toLowerCase()}.${element.className} in .${element.parentElement?.className} (${Math.round(box.right)} px)`;
        }
      }
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest };
    });
    if (scrollWidth > innerWidth) wide.push(`${path}: ${scrollWidth} px wide; ${widest}`);
  }
  expect(wide).toEqual([]);
});
