// Studio settings in the admin: a bad value is refused next to its field with what was typed
// kept; a good change shows on the public site at the next request. The tagline is put back
// afterwards, since the public-site tests read the demo studio.
import { expect, test } from "./admin-fixtures.ts";

test("settings are checked next to each field and show on the public site at once", async ({
  adminPage: page,
  axeViolations,
}) => {
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Studio settings" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const original = await page.getByLabel("Tagline").inputValue();
  const emails = page.getByLabel("E-mail addresses");
  const originalEmails = await emails.inputValue();

  await emails.fill(`${originalEmails}\nnot an address`);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.locator("#settings-emails-error")).toHaveText("Each line must be an e-mail address.");
  await expect(emails).toHaveValue(`${originalEmails}\nnot an address`);
  await expect(emails).toHaveAttribute("aria-invalid", "true");

  await emails.fill(originalEmails);
  await page.getByLabel("Tagline").fill("Weddings and families, in natural light");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status")).toHaveText(/Saved/);
  const about = await (await page.request.get("/about")).text();
  expect(about).toContain("Weddings and families, in natural light");

  await page.getByLabel("Tagline").fill(original);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status")).toHaveText(/Saved/);
});
