// The site header: the desktop nav's order and styles, the phone bar and its menu panel
// (focus, scroll lock, closing), with and without JavaScript, and its accessibility.
import type { Page } from "@playwright/test";
import { NAV_LINKS } from "#domain/catalog/navigation.ts";
import { DEMO_SETTINGS } from "#domain/demo/studio.ts";
import { expect, hydrated, test, VIEWPORTS } from "./fixtures.ts";

/** A path no route answers: the error page renders the same layout with isHome false. */
const NOT_FOUND_PATH = "/no-such-page";
/** More presses than the panel has stops, so a leak out of it would show. */
const TAB_PRESSES = 20;

const menuButton = (page: Page) => page.getByRole("button", { name: "Open menu" });
const panel = (page: Page) => page.getByRole("dialog", { name: "Menu" });

/** Whether the page can be scrolled by the visitor, told by a wheel turn over it. */
async function scrollsOnWheel(page: Page): Promise<boolean> {
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.move(VIEWPORTS.phone.width / 2, VIEWPORTS.phone.height / 2);
  await page.mouse.wheel(0, 400);
  // A wheel scroll lands on the next frames; two are enough for an instant (non-smooth) scroll.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return (await page.evaluate(() => window.scrollY)) !== before;
}

async function openMenu(page: Page) {
  await menuButton(page).click();
  await expect(panel(page)).toBeVisible();
}

test.describe("header on a desktop", () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test("lists the links in the spec's order with the logo in the middle", async ({ page, offHostRequests }) => {
    await page.goto("/");
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
    const names = ["About", "Wedding", "Baby shoot", `${DEMO_SETTINGS.name}, home`, "Motherhood", "Outdoor", "Contact"];
    await expect(links).toHaveCount(names.length);
    for (const [i, name] of names.entries()) await expect(links.nth(i)).toHaveAccessibleName(name);
    // The demo studio has a logo image; a studio without one gets its name as a wordmark
    // (components/studio-logo.test.ts).
    const logo = links.nth(3);
    await expect(logo).toHaveAttribute("href", "/");
    await expect(logo.getByRole("img", { name: DEMO_SETTINGS.name })).toBeVisible();
    expect(await links.first().evaluate((a) => getComputedStyle(a).textTransform)).toBe("uppercase");
    // The phone bar and the closed panel are not there for anyone on a wide screen.
    await expect(menuButton(page)).toBeHidden();
    await expect(panel(page)).toBeHidden();
    expect(offHostRequests).toEqual([]);
  });

  test("lies over the banner on the home page and is solid elsewhere", async ({ page }) => {
    const headerStyle = () =>
      page.locator("header.site-header").evaluate((header) => {
        const style = getComputedStyle(header);
        return { position: style.position, background: style.backgroundColor, color: style.color };
      });
    await page.goto("/");
    const home = await headerStyle();
    expect(home.position).toBe("absolute");
    expect(home.background).toBe("rgba(0, 0, 0, 0)");
    expect(home.color).toBe("rgb(255, 255, 255)");
    const banner = await page.locator(".banner").boundingBox();
    expect(banner?.y).toBe(0);

    await page.goto(NOT_FOUND_PATH);
    const elsewhere = await headerStyle();
    expect(elsewhere.position).toBe("static");
    expect(elsewhere.background).toBe("rgb(250, 248, 245)");
    expect(elsewhere.color).toBe("rgb(29, 27, 25)");
  });

  test("marks the current page and no link on the home page", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.goto("/");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);

    // NavLink follows the address, so this holds whether or not /about has its page yet.
    const about = NAV_LINKS[0];
    if (!about) throw new Error("NAV_LINKS is empty");
    await page.goto(about.to);
    const current = nav.getByRole("link", { name: about.label });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    const underline = (name: string) =>
      nav.getByRole("link", { name }).evaluate((a) => getComputedStyle(a).textDecorationColor);
    expect(await underline(about.label)).not.toBe("rgba(0, 0, 0, 0)");
    expect(await underline("Contact")).toBe("rgba(0, 0, 0, 0)");
  });

  test("has no axe violations on the home page", async ({ page, axeViolations }) => {
    await page.goto("/");
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("header on a phone", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("opens a full-width panel with Home, the six links and the social links", async ({ page, offHostRequests }) => {
    await page.goto("/");
    // The menu with the page hydrated (a tap before then: early-tap.spec.ts).
    await hydrated(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(panel(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton(page)).toHaveAttribute("aria-controls", "site-menu");

    await openMenu(page);
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    // Modal, so the page behind it is inert to keyboards and screen readers.
    expect(await panel(page).evaluate((el) => el.matches(":modal"))).toBe(true);
    await expect(panel(page).getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
      "Home",
      ...NAV_LINKS.map((l) => l.label),
    ]);
    await expect(panel(page).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    for (const social of DEMO_SETTINGS.social_links) {
      const link = panel(page).getByRole("link", { name: social.label, exact: true });
      await expect(link).toHaveAttribute("href", social.url);
      await expect(link.locator("svg")).toBeVisible();
    }
    await expect(panel(page).getByRole("link")).toHaveCount(1 + NAV_LINKS.length + DEMO_SETTINGS.social_links.length);
    // Wait for the slide-in to end before measuring.
    await expect.poll(() => panel(page).evaluate((el) => el.getBoundingClientRect().x)).toBe(0);
    expect((await panel(page).boundingBox())?.width).toBe(VIEWPORTS.phone.width);
    expect(offHostRequests).toEqual([]);
  });

  test("locks the page's scrolling while open and unlocks it on close", async ({ page }) => {
    await page.goto("/");
    await openMenu(page);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    expect(await scrollsOnWheel(page)).toBe(false);

    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(panel(page)).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
    expect(await scrollsOnWheel(page)).toBe(true);
  });

  test("moves focus into the panel and keeps it there", async ({ page }) => {
    await page.goto("/");
    // The menu with the page hydrated (a tap before then: early-tap.spec.ts).
    await hydrated(page);
    await openMenu(page);
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    const focusInPanel = () => page.evaluate(() => Boolean(document.activeElement?.closest("#site-menu")));
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i < TAB_PRESSES; i++) {
        await page.keyboard.press(key);
        expect(await focusInPanel(), `${key} press ${i + 1}`).toBe(true);
      }
    }
  });

  test("closes on Escape and returns focus to the menu button", async ({ page }) => {
    await page.goto("/");
    // The menu with the page hydrated (a tap before then: early-tap.spec.ts).
    await hydrated(page);
    await openMenu(page);
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  });

  test("closes with the close button and returns focus to the menu button", async ({ page }) => {
    await page.goto(NOT_FOUND_PATH);
    await openMenu(page);
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(panel(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    // Closed, nothing in it can be reached with Tab.
    for (let i = 0; i < TAB_PRESSES; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#site-menu")))).toBe(false);
    }
  });

  test("navigates and closes when a link in the panel is chosen", async ({ page }) => {
    await page.goto("/");
    await openMenu(page);
    const target = NAV_LINKS.at(-1);
    if (!target) throw new Error("NAV_LINKS is empty");
    await panel(page).getByRole("link", { name: target.label }).click();
    await expect(page).toHaveURL(target.to);
    await expect(panel(page)).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  });

  test("shows the search link on the home page only", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Search" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search" })).toHaveAttribute("href", "/search");
    await expect(page.getByRole("button", { name: "Go back" })).toHaveCount(0);

    await page.goto(NOT_FOUND_PATH);
    await expect(page.getByRole("link", { name: "Search" })).toHaveCount(0);
    await expect(page.locator(".site-bar-logo")).toBeVisible();
    await expect(page.locator(".site-bar-logo")).toHaveAttribute("href", "/");
  });

  test("goes back within the site, or home when there is nothing to go back to", async ({ page }) => {
    await page.goto(NOT_FOUND_PATH);
    await hydrated(page);
    const back = page.getByRole("button", { name: "Go back" });
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL("/");

    await openMenu(page);
    await panel(page).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL("/contactUs");
    const historyLength = await page.evaluate(() => window.history.length);
    await page.getByRole("button", { name: "Go back" }).click();
    await expect(page).toHaveURL("/");
    // A step back, not a new entry.
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength);
    await expect(page.getByRole("link", { name: "Search" })).toBeVisible();
  });

  test("has no axe violations with the panel open", async ({ page, axeViolations }) => {
    await page.goto("/");
    await openMenu(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("slides the panel in, but not for visitors who ask for reduced motion", async ({ page }) => {
    await page.goto("/");
    // The closed panel is hidden from the accessibility tree, so find it by its id.
    const longestSeconds = () =>
      page
        .locator("#site-menu")
        .evaluate((el) => Math.max(...getComputedStyle(el).transitionDuration.split(", ").map(Number.parseFloat)));
    expect(await longestSeconds()).toBeGreaterThan(0.1);
    await page.emulateMedia({ reducedMotion: "reduce" });
    // Near zero rather than zero: a site-wide reduced-motion rule may shorten every transition to 0.01 ms.
    expect(await longestSeconds()).toBeLessThan(0.001);
  });
});

test.describe("header on a phone without JavaScript", () => {
  test.use({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });

  test("the menu still opens, lists the links and closes", async ({ page }) => {
    await page.goto("/");
    await openMenu(page);
    await expect(panel(page).getByRole("link", { name: "Wedding" })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(panel(page)).toBeHidden();
  });

  test("the back button takes the visitor home", async ({ page }) => {
    await page.goto(NOT_FOUND_PATH);
    await page.getByRole("button", { name: "Go back" }).click();
    await expect(page).toHaveURL(/\/\??$/);
    await expect(page.getByRole("link", { name: "Search" })).toBeVisible();
  });
});
