// Every public page with the keyboard alone: the skip link comes first and works, Tab reaches
// every visible control in order without getting stuck, and each one shows where focus is.
import type { Page } from "@playwright/test";
import { expect, PUBLIC_PAGES, test, VIEWPORTS } from "./fixtures.ts";

/** More presses than any page has controls; reaching it means focus never came back round. */
const MAX_TAB_PRESSES = 150;

interface Focused {
  /** A readable name for failure messages. */
  label: string;
  /** Index of the element among the page's focusable elements, -1 for none. */
  index: number;
  visibleIndicator: boolean;
}

/** Marks every visible, keyboard-reachable control so Tab's path can be compared with it. */
async function markFocusables(page: Page): Promise<number> {
  return page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"]), iframe, summary';
    let count = 0;
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      const hidden =
        el.tabIndex < 0 || // taken out of the tab order on purpose (a duplicate link)
        rect.width === 0 ||
        rect.height === 0 ||
        style.visibility === "hidden" ||
        el.closest("[inert], [hidden], [popover]:not(:popover-open)") !== null;
      if (!hidden) el.dataset.kbIndex = String(count++);
    }
    return count;
  });
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { label: "body", index: -1, visibleIndicator: false };
    const style = getComputedStyle(el);
    const outlined = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const label = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    return {
      label,
      index: Number(el.dataset.kbIndex ?? -1),
      visibleIndicator: outlined || style.boxShadow !== "none",
    };
  });
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`keyboard alone on a ${name}`, () => {
    test.use({ viewport });
    for (const path of PUBLIC_PAGES) {
      test(`${path}: Tab reaches every control in order with a visible focus ring`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: "reduce" }); // a still banner keeps the set fixed
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const total = await markFocusables(page);

        const path_: Focused[] = [];
        for (let i = 0; i < MAX_TAB_PRESSES; i++) {
          await page.keyboard.press("Tab");
          const now = await focused(page);
          if (now.index === 0 && path_.length > 0) break; // came round to the start
          if (now.label === "body" && path_.length > 0) break; // left the document
          path_.push(now);
        }
        expect(path_[0]?.label, "the skip link comes first").toMatch(/Skip to content/);
        const reached = path_.map((f) => f.index);
        expect(reached, "Tab follows the page's order and reaches every visible control").toEqual(
          Array.from({ length: total }, (_, i) => i),
        );
        const withoutRing = path_.filter((f) => !f.visibleIndicator).map((f) => f.label);
        expect(withoutRing, "controls without a visible focus indicator").toEqual([]);
      });
    }

    test("the skip link moves focus to the page's content", async ({ page }) => {
      await page.goto("/gallery/wedding");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect(page.locator("main")).toBeFocused();
      await page.keyboard.press("Tab");
      const inMain = await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement));
      expect(inMain).toBe(true);
    });
  });
}
