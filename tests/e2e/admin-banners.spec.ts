// Banner slides in the admin: the demo slides are listed with both images, the screen is axe
// clean, and an incomplete new slide is refused field by field with what was chosen kept.
// (Adding, moving and removing for good are covered by the unit tests: the home-page tests
// read the demo slides at the same time.)
import { expect, test } from "./admin-fixtures.ts";

test("slides are listed with both images; an incomplete slide is refused beside each field", async ({
  adminPage: page,
  axeViolations,
}) => {
  await page.getByRole("link", { name: "Banners" }).click();
  await expect(page.getByRole("heading", { name: /^Slide 1:/ })).toBeVisible();
  await expect(page.locator(".admin-banner-images").first().locator("img")).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel("Mobile image (portrait)").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Add slide" }).click();
  await expect(page.locator("#slide-desktop-error")).toHaveText("Choose the desktop image.");
  await expect(page.locator("#slide-alt-error")).toHaveText(/Describe the slide/);
  await expect(page.getByLabel("Mobile image (portrait)")).not.toHaveValue("");
});
