// Studio settings in the admin: a bad value is refused next to its field with what was typed
// kept; a good change shows on the public site at the next request; a logo and an about photo
// uploaded here appear on the public pages; a non-image and an oversized file are refused by
// name next to their field, with or without JavaScript. Whatever a test changes on the public
// site it puts back at once, since the public-site tests read the demo studio at the same time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import type { Locator, Page } from "@playwright/test";
import { MAX_SOURCE_BYTES } from "#domain/media/constants.ts";
import { pngFile } from "#fixtures/test-store.ts";
import { expect, test } from "./admin-fixtures.ts";

// In order, in one worker: every save sends the whole form, so two tests saving at once would
// undo each other's images. Each test posts the whole multipart form (images included) and runs
// axe over a long page: 12 to 22 s here, and past 30 s in two fresh-clone runs on a busy machine,
// so they get 90 s.
test.describe.configure({ mode: "default", timeout: 90_000 });

const MB = 1024 * 1024;
const UPLOAD = "Or upload a new image";

/** A small PNG that no earlier run uploaded: random colours, row by row. */
function uniquePng(width: number, height: number): Buffer {
  const rowBytes = width * 3 + 1;
  const rows = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const [r, g, b] = [0, 0, 0].map(() => Math.floor(Math.random() * 256));
    for (let x = 0; x < width; x++) rows.set([r ?? 0, g ?? 0, b ?? 0], y * rowBytes + 1 + x * 3);
  }
  return pngFile(width, height, deflateSync(rows));
}

/** A file just over the limit, on disk (a browser reads it; Playwright need not carry it). */
function oversizedFile(name: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "settings-e2e-")), name);
  fs.writeFileSync(file, Buffer.alloc(MAX_SOURCE_BYTES + MB));
  return file;
}

const imageField = (page: Page, legend: string): Locator => page.getByRole("group", { name: legend, exact: true });
/** The image field's value, as the form posts it (the picker keeps it in a hidden input). */
const chosenId = (field: Locator, name: string) => field.locator(`input[name="${name}"]`);
/** Chooses an image by file name with the field's picker. */
async function pick(page: Page, field: Locator, fileName: string) {
  await field.getByRole("button", { name: /^Choose from the studio's images/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Search by shoot or file name").fill(fileName);
  await dialog.getByRole("button", { name: `${fileName}, ` }).click();
  await expect(dialog).toBeHidden();
}
const save = async (page: Page) => {
  await page.getByRole("button", { name: "Save settings" }).click();
};

async function openSettings(page: Page) {
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Studio settings" })).toBeVisible();
}

test("settings are checked next to each field, the values kept", async ({ adminPage: page, axeViolations }) => {
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Studio settings" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // The admin's times are in the studio's zone; the demo studio keeps the default, by today's name.
  await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Kolkata");
  await expect(page.getByLabel("Time zone").locator("option", { hasText: "Asia/Kolkata" })).toHaveCount(1);
  const emails = page.getByLabel("E-mail addresses");
  const originalEmails = await emails.inputValue();

  await emails.fill(`${originalEmails}\nnot an address`);
  await page.getByLabel("Instagram").fill("http://www.instagram.com/nila");
  await page.getByLabel("Facebook").fill("https://facebook.example.com/nila");
  const reminderDays = page.getByLabel("Remind the couple after (days)");
  await expect(reminderDays).toHaveValue("7");
  await reminderDays.fill("90");
  await save(page);
  await expect(page.locator("#settings-emails-error")).toHaveText("Each line must be an e-mail address.");
  await expect(emails).toHaveValue(`${originalEmails}\nnot an address`);
  await expect(emails).toHaveAttribute("aria-invalid", "true");
  // The first field to correct takes focus; the answer stands beside the Save button.
  await expect(emails).toBeFocused();
  await expect(page.locator(".admin-form-end").getByRole("status")).toHaveText(/Not saved/);
  await expect(page.locator("#settings-instagram-error")).toContainText(
    "https:// address of the studio's Instagram page",
  );
  await expect(page.locator("#settings-facebook-error")).toContainText("Facebook page");
  await expect(page.getByLabel("Instagram")).toHaveValue("http://www.instagram.com/nila");
  await expect(page.locator("#settings-albumReminderDays-error")).toHaveText(
    "Enter a whole number of days from 0 to 60 (0: never remind).",
  );
  await expect(reminderDays).toHaveValue("90");
  expect(await axeViolations(page)).toEqual([]);
});

// Apart from the refusals above, to keep each test short.
test("saved settings show on the public site at once; the answer is beside the Save button", async ({
  adminPage: page,
}) => {
  await openSettings(page);
  const original = await page.getByLabel("Tagline", { exact: true }).inputValue();
  await page.getByLabel("Tagline", { exact: true }).fill("Weddings and families, in natural light");
  await save(page);
  await expect(page.getByRole("status")).toHaveText(/Saved/);
  const about = await (await page.request.get("/about")).text();
  expect(about).toContain("Weddings and families, in natural light");

  // Saved from the bottom of the long form: the page stays there, and the answer is beside the
  // button, with focus, not three screens up.
  await page.getByLabel("Tagline", { exact: true }).fill(original);
  await page.getByRole("button", { name: "Save settings" }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  await save(page);
  const answer = page.locator(".admin-form-end").getByRole("status");
  await expect(answer).toHaveText(/Saved/);
  await expect(answer).toBeFocused();
  await expect(answer).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
});

test("a logo and an about photo uploaded here show on the public pages", async ({ adminPage: page, axeViolations }) => {
  await openSettings(page);
  const logo = imageField(page, "Logo");
  const aboutPhoto = imageField(page, "About photo");
  // The demo studio has a logo of its own (a drawn sample): it is put back at the end.
  await expect(chosenId(logo, "logo")).not.toHaveValue("");
  const originalLogo = (await logo.locator(".image-field-chosen strong").textContent()) ?? "";
  const originalAbout = (await aboutPhoto.locator(".image-field-chosen strong").textContent()) ?? "";
  const visitor = await page.context().newPage();
  const logoSrc = async () => {
    await visitor.goto("/contactUs");
    return visitor.locator(".contact-logo img").getAttribute("src");
  };
  const aboutPhotoSrc = async () => {
    await visitor.goto("/about");
    return visitor.locator(".about img").getAttribute("src");
  };
  const logoBefore = await logoSrc();
  const aboutBefore = await aboutPhotoSrc();

  await logo
    .getByLabel(UPLOAD)
    .setInputFiles({ name: "nila-logo.png", mimeType: "image/png", buffer: uniquePng(240, 80) });
  await aboutPhoto
    .getByLabel(UPLOAD)
    .setInputFiles({ name: "at-work.png", mimeType: "image/png", buffer: uniquePng(320, 240) });
  await save(page);
  try {
    await expect(page.getByRole("status")).toHaveText(/Saved/);
    // The fields now show the new images, made from our own variants.
    await expect(logo.locator("img")).toHaveAttribute("src", /\/media\//);
    await expect(logo.locator(".image-field-chosen")).toHaveText("Chosen: nila-logo.png");
    expect(await axeViolations(page)).toEqual([]);

    const logoAfter = await logoSrc();
    expect(logoAfter).toMatch(/^\/media\//);
    expect(logoAfter).not.toBe(logoBefore);
    for (const place of [".site-logo", ".footer-logo", ".contact-logo"]) {
      const img = visitor.locator(`${place} img`);
      await expect(img).toHaveAttribute("alt", "Nila Studio");
      await expect(img).toHaveJSProperty("complete", true);
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(visitor.getByRole("link", { name: "Nila Studio, home" }).first()).toBeVisible();
    const aboutAfter = await aboutPhotoSrc();
    expect(aboutAfter).toMatch(/^\/media\//);
    expect(aboutAfter).not.toBe(aboutBefore);
    await expect(visitor.locator(".about img")).toHaveJSProperty("complete", true);
  } finally {
    // Back to the demo's logo and about photo.
    await openSettings(page);
    await pick(page, imageField(page, "Logo"), originalLogo);
    await pick(page, imageField(page, "About photo"), originalAbout);
    await save(page);
    await expect(page.getByRole("status")).toHaveText(/Saved/);
  }
  expect(await logoSrc()).toBe(logoBefore);
  expect(await aboutPhotoSrc()).toBe(aboutBefore);
});

test("a non-image and an oversized file are refused by name beside their field, the rest kept", async ({
  adminPage: page,
}) => {
  await openSettings(page);
  const tagline = await page.getByLabel("Tagline", { exact: true }).inputValue();
  await page.getByLabel("Tagline", { exact: true }).fill("Typed, not saved");

  // Over the limit: the browser refuses it before sending a byte.
  const poster = imageField(page, "Showreel poster");
  await poster.getByLabel(UPLOAD).setInputFiles(oversizedFile("huge-poster.jpg"));
  await expect(poster.locator(".field-error")).toHaveText("huge-poster.jpg: too large (61.0 MB; the limit is 60.0 MB)");
  await expect(poster.getByLabel(UPLOAD)).toHaveValue("");

  // Not an image: the server sniffs it and says so.
  const logo = imageField(page, "Logo");
  await logo
    .getByLabel(UPLOAD)
    .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("notes") });
  await save(page);
  await expect(page.getByRole("status")).toHaveText(/Not saved/);
  await expect(logo.locator(".field-error")).toHaveText(/^notes\.png: not an image we can use/);
  await expect(logo.getByLabel(UPLOAD)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Tagline", { exact: true })).toHaveValue("Typed, not saved");
  expect(await (await page.request.get("/about")).text()).toContain(tagline);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an oversized file is refused by the server by name, the values after it kept", async ({ adminPage: page }) => {
    await openSettings(page);
    const tagline = await page.getByLabel("Tagline", { exact: true }).inputValue();
    await page.getByLabel("Tagline", { exact: true }).fill("Typed before the file");
    await page.getByLabel("Opening hours").fill("Typed after the logo");
    await imageField(page, "About photo").getByLabel(UPLOAD).setInputFiles(oversizedFile("huge-about.jpg"));
    await page.getByLabel("Instagram").fill("https://www.instagram.com/typed.after.the.file/");
    await save(page);
    await expect(page.getByRole("status")).toHaveText(/Not saved/);
    // A new page without JavaScript: autofocus brings the owner back to the answer by the button.
    // The page asks for it on the one element; whether Chromium grants it is its own scheduling
    // (once in a fresh-clone run it skipped it after this 61 MB post), so that is not asserted.
    await expect(page.locator("[autofocus]")).toHaveCount(1);
    await expect(page.locator(".admin-form-end [autofocus][role=status]")).toHaveText(/Not saved/);
    await expect(imageField(page, "About photo").locator(".field-error")).toHaveText(
      "huge-about.jpg: too large (the limit is 60.0 MB)",
    );
    await expect(page.getByLabel("Tagline", { exact: true })).toHaveValue("Typed before the file");
    await expect(page.getByLabel("Opening hours")).toHaveValue("Typed after the logo");
    await expect(page.getByLabel("Instagram")).toHaveValue("https://www.instagram.com/typed.after.the.file/");
    expect(await (await page.request.get("/about")).text()).toContain(tagline);
  });
});
