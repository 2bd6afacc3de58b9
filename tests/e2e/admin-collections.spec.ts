// Collections in the admin: the screen lists them in the site's order, is axe clean, and a bad
// name is refused next to its field. (Renames and moves that would stick are covered by the
// unit tests: the public-site tests read the demo collections at the same time.)
import { expect, test } from "./admin-fixtures.ts";

test("collections are listed in the site's order; an empty name is refused beside the field", async ({
  adminPage: page,
  axeViolations,
}) => {
  await page.getByRole("link", { name: "Collections" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Wedding", "Baby Shoot", "Motherhood", "Outdoor"]);
  expect(await axeViolations(page)).toEqual([]);
  const name = page.getByLabel("Name").first();
  await name.fill("  ");
  await page.getByRole("button", { name: "Rename Wedding" }).click();
  await expect(page.locator(".field-error")).toHaveText("Give the collection a name.");
  await expect(page.getByLabel("Name").first()).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("Wedding");
});
