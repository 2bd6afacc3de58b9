// Banner slides in the admin: the demo slides are listed with both images, the screen is axe
// clean, an incomplete new slide is refused field by field with what was chosen kept, and a
// slide's two images can be uploaded directly (that slide is removed again in the same test:
// the home-page tests read the demo slides at the same time, and a new slide goes last).
import { deflateSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { pngFile } from "#fixtures/test-store.ts";
import { expect, test } from "./admin-fixtures.ts";

// Signing in (a fresh owner made by the CLI), axe over the page and the picker's thumbnails
// took the first test past 30 s on a busy machine (31 s, its fixtures alone 20 s): 60 s each.
test.describe.configure({ timeout: 60_000 });

const PICK = /^Choose from the studio's images/;
const UPLOAD = "Or upload a new image";
const field = (page: Page, legend: string) => page.getByRole("group", { name: legend, exact: true });

/** A PNG no earlier run uploaded, in one random colour. */
function uniquePng(width: number, height: number): Buffer {
  const rowBytes = width * 3 + 1;
  const rows = Buffer.alloc(rowBytes * height);
  const colour = [0, 0, 0].map(() => Math.floor(Math.random() * 256));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(colour, y * rowBytes + 1 + x * 3);
  }
  return pngFile(width, height, deflateSync(rows));
}

test("slides are listed with both images; an incomplete slide is refused beside each field", async ({
  adminPage: page,
  axeViolations,
}) => {
  await page.getByRole("link", { name: "Banners" }).click();
  await expect(page.getByRole("heading", { name: /^Slide 1:/ })).toBeVisible();
  await expect(page.locator(".admin-banner-images").first().locator("img")).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);

  await field(page, "Mobile image (portrait)").getByRole("button", { name: PICK }).click();
  await page.getByRole("dialog").locator(".image-picker-choice").first().click();
  await page.getByRole("button", { name: "Add slide" }).click();
  await expect(field(page, "Desktop image (wide)").locator(".field-error")).toHaveText(
    "Choose the desktop image or upload one.",
  );
  await expect(page.locator("#slide-alt-error")).toHaveText(/Describe the slide/);
  await expect(field(page, "Mobile image (portrait)").locator('input[name="mobile"]')).not.toHaveValue("");
  // The chosen image is shown as a thumbnail beside its field.
  await expect(field(page, "Mobile image (portrait)").locator("img")).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
});

test("a new slide's images are uploaded directly; a non-image is refused by name", async ({ adminPage: page }) => {
  await page.goto("/admin/banners");
  const slides = page.getByRole("heading", { name: /^Slide \d+:/ });
  const before = await slides.count();
  const alt = `Uploaded slide ${Date.now().toString(36)}`;

  await field(page, "Desktop image (wide)")
    .getByLabel(UPLOAD)
    .setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: Buffer.from("not a png") });
  await field(page, "Mobile image (portrait)")
    .getByLabel(UPLOAD)
    .setInputFiles({ name: "tall.png", mimeType: "image/png", buffer: uniquePng(90, 160) });
  await page.getByLabel("Description (alt text)").fill(alt);
  await page.getByRole("button", { name: "Add slide" }).click();
  await expect(field(page, "Desktop image (wide)").locator(".field-error")).toHaveText(/^wide\.png: not an image/);
  // The accepted upload is kept and chosen, and the description stays.
  await expect(field(page, "Mobile image (portrait)").locator(".image-field-chosen")).toHaveText("Chosen: tall.png");
  await expect(page.getByLabel("Description (alt text)")).toHaveValue(alt);

  await field(page, "Desktop image (wide)")
    .getByLabel(UPLOAD)
    .setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: uniquePng(320, 180) });
  await page.getByRole("button", { name: "Add slide" }).click();
  await expect(page.getByRole("status")).toHaveText("Slide added at the end.");
  const added = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: `Slide ${before + 1}: ${alt}` }) });
  try {
    await expect(added.locator("img")).toHaveCount(2);
    for (const img of await added.locator("img").all()) {
      await expect(img).toHaveAttribute("src", /\/media\//);
    }
  } finally {
    await page.goto("/admin/banners");
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: `Slide ${before + 1}: ${alt}` }) })
      .getByRole("link", { name: /Remove/ })
      .click();
    await page.getByRole("button", { name: `Yes, remove slide ${before + 1}` }).click();
    await expect(page.getByRole("status")).toHaveText("Slide removed.");
  }
  await expect(slides).toHaveCount(before);
});
