// Shoots in the admin: create (errors next to fields, values kept), publish and unpublish,
// delete into the trash and restore; the public page follows at the next request. New shoots
// go into Outdoor, which the public-site tests do not list, so the suites can run together.
import { randomBytes } from "node:crypto";
import { expect, test } from "./admin-fixtures.ts";

// Emptying the trash is global: run this file's tests one after the other, or the second could
// empty the trash under the first's restore.
test.describe.configure({ mode: "default" });

test("create, publish, trash and restore a shoot; the public page follows each step", async ({
  adminPage: page,
  axeViolations,
}) => {
  // One shoot's whole life: a dozen page loads and four axe passes take 20 s on a quiet machine
  // and overran the default 30 s on a busy one, which closes the browser context mid-step.
  test.setTimeout(90_000);
  const title = `Hill sunrise ${randomBytes(3).toString("hex")}`;
  await page.getByRole("link", { name: "New shoot" }).click();
  await page.getByLabel("Location", { exact: true }).fill("Ooty");
  await page.getByRole("button", { name: "Create shoot" }).click();
  await expect(page.locator("#shoot-title-error")).toHaveText("Give the shoot a title.");
  await expect(page.locator("#shoot-collection-error")).toHaveText("Choose a collection.");
  await expect(page.getByLabel("Title", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Location", { exact: true })).toHaveValue("Ooty");
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Collection").selectOption({ label: "Outdoor" });
  await page.getByLabel("Description", { exact: true }).fill("Mist over the tea gardens.");
  await page.getByRole("button", { name: "Create shoot" }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(/It is a draft/);
  expect(await axeViolations(page)).toEqual([]);
  const id = Number(new URL(page.url()).pathname.split("/").pop());

  const publicStatus = async () => (await page.request.get(`/galleryList/${id}`)).status();
  expect(await publicStatus()).toBe(404);

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(/Published/);
  expect(await publicStatus()).toBe(200);
  await page.goto(`/galleryList/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await page.goBack();

  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("status")).toHaveText(/Unpublished/);
  expect(await publicStatus()).toBe(404);
  // Exact: "Publish" is also part of "Unpublish", the button's label until the page has caught up
  // with the answer (on a busy machine the notice came first, and the test unpublished twice).
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(/Published/);

  await page.getByLabel("Title", { exact: true }).fill(`${title} (edited)`);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByRole("status")).toHaveText(/Details saved\./);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} (edited)`);

  await page.getByRole("link", { name: "Delete shoot…" }).click();
  await expect(page.getByText(/Move “.*” and its 0 photos to the trash\?/)).toBeVisible();
  await page.getByRole("button", { name: "Move to trash" }).click();
  await expect(page).toHaveURL(/\/admin\/trash/);
  expect(await publicStatus()).toBe(404);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: `Restore ${title} (edited)` }).click();
  await expect(page.getByRole("status")).toHaveText(/Restored/);
  expect(await publicStatus()).toBe(200);

  await page.goto("/admin");
  await expect(page.getByRole("link", { name: `${title} (edited)` })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("the trash empties only after confirming, and a deleted shoot is gone for good", async ({ adminPage: page }) => {
  const title = `Trash me ${randomBytes(3).toString("hex")}`;
  await page.goto("/admin/shoots/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Collection").selectOption({ label: "Outdoor" });
  await page.getByRole("button", { name: "Create shoot" }).click();
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  await page.getByRole("link", { name: "Delete shoot…" }).click();
  await page.getByRole("button", { name: "Move to trash" }).click();

  // A second tab empties the trash while this one still offers the restore.
  const other = await page.context().newPage();
  await other.goto("/admin/trash");
  await other.getByRole("link", { name: "Empty the trash…" }).click();
  await other.getByRole("button", { name: "Empty the trash" }).click();
  await expect(other.getByRole("status")).toHaveText(/Deleted \d+ shoots? and \d+ photos? for good/);
  expect((await page.request.get(`/admin/shoots/${id}`)).status()).toBe(404);

  await page.getByRole("button", { name: `Restore ${title}` }).click();
  await expect(page.getByRole("status")).toHaveText(/no longer in the trash/);
  expect((await page.request.get(`/admin/shoots/${id}`)).status()).toBe(404);
});
