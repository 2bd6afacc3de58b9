import type { Page } from "@playwright/test";

/**
 * A client starts choosing on a gallery's page: unfolds "Choose your favourites" when it is folded
 * (it comes back open after a refused entry), then gives a name and PIN. The album's page has the
 * same form under its own words (`submit`: "Continue").
 */
export async function enterAs(page: Page, name: string, pin: string, submit = "Start choosing") {
  const start = page.locator(".cg-panel--start details");
  if ((await start.getAttribute("open")) === null) {
    await start.locator("summary").click();
  }
  await page.getByLabel("Your name", { exact: true }).fill(name);
  await page.getByLabel("Your PIN (4 to 8 digits)").fill(pin);
  await page.getByRole("button", { name: submit }).click();
}
