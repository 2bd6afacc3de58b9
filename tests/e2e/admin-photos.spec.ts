// Photos through the admin in a real browser: 20 uploaded over tus with progress to the end
// of processing, refused files named with their reasons, an upload cut mid-file and resumed,
// reordering by keyboard and by dragging a photo's handle (mouse and finger), cover and alt
// text, and the public page showing the photos in that order once the shoot is published. The
// photo manager's selection and bulk actions have their own spec (admin-photo-manager).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { MAX_SOURCE_BYTES } from "#domain/media/constants.ts";
import { deriveSource } from "#domain/media/pipeline.server.ts";
import { UPLOAD_CHUNK_BYTES } from "#domain/media/upload-constants.ts";
import { FIXTURES_DIR, noisePng } from "#fixtures/test-store.ts";
import { E2E_DATA_DIR, expect, test, withDatabase } from "./admin-fixtures.ts";

const PHOTO_COUNT = 20;
const SOURCE = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));

/**
 * Distinct JPEGs (each a different size), named in the order they are chosen. Tests that
 * share the server pass different widths: the same bytes would be the same stored image.
 */
async function photos(count: number, prefix: string, firstWidth = 320) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `${prefix}-${String(i + 1).padStart(2, "0")}.jpg`,
      mimeType: "image/jpeg",
      buffer: await deriveSource(SOURCE, { width: firstWidth + i * 7, height: 240 }),
    })),
  );
}

async function newShoot(page: Page, title: string): Promise<number> {
  await page.goto("/admin/shoots/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Collection").selectOption({ label: "Outdoor" });
  await page.getByRole("button", { name: "Create shoot" }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  // The uploader is ready once the page has hydrated.
  await expect(page.getByLabel("Choose photos to upload")).toBeEnabled();
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/** Drags photo `from`'s handle onto photo `to` with real pointer input: a mouse, or a finger. */
async function dragPhoto(
  page: Page,
  from: number,
  to: number,
  via: "mouse" | "touch",
  { cancelWithEscape = false } = {},
): Promise<void> {
  const cells = page.locator(".pm-grid [role=option]");
  await cells.nth(to).scrollIntoViewIfNeeded();
  // Coordinates are read once the thumbnails on screen have loaded, so the layout stays put.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>(".pm-grid img")).every(
      (img) => img.complete || img.getBoundingClientRect().top > window.innerHeight,
    ),
  );
  // The handle shows on a selected photo (and always on a touch screen).
  if (via === "mouse") await cells.nth(from).hover();
  const handle = await cells.nth(from).locator(".pm-handle").boundingBox();
  const target = await cells.nth(to).boundingBox();
  if (!handle || !target) throw new Error("the photos are not on screen");
  const start = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
  // The left part of the target: the photo lands before it.
  const end = { x: target.x + target.width / 4, y: target.y + target.height / 2 };
  const steps = 12;
  const along = (i: number) => ({
    x: start.x + ((end.x - start.x) * i) / steps,
    y: start.y + ((end.y - start.y) * i) / steps,
  });
  if (via === "mouse") {
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let i = 1; i <= steps; i++) await page.mouse.move(along(i).x, along(i).y);
    if (cancelWithEscape) {
      await expect(page.locator(".pm-cell.is-drop-before")).toHaveCount(1);
      await page.keyboard.press("Escape");
      await expect(page.locator(".pm-cell.is-drop-before")).toHaveCount(0);
    }
    await page.mouse.up();
    return;
  }
  // Touch input as a touch screen sends it (Chromium turns it into pointer events).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [start] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [along(i)] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** The answer to the last action, at the foot of the screen. */
const notice = (page: Page) => page.locator(".action-notice[role=status]");

const fileNames = (page: Page) => page.locator(".pm-grid .pm-file").allTextContents();
const photoCells = (page: Page) => page.locator(".pm-grid [role=option]");

test("20 photos upload with progress, refused files are named, then order, cover, alt text and publish", async ({
  adminPage: page,
  axeViolations,
}) => {
  test.setTimeout(180_000);
  const title = `Tea estate ${Date.now().toString(36)}`;
  const id = await newShoot(page, title);
  const files = await photos(PHOTO_COUNT, "estate");
  const truncated = Buffer.from(files[0]?.buffer ?? []).subarray(0, 300);

  const tooLarge = path.join(os.tmpdir(), `huge-${Date.now()}.jpg`);
  fs.writeFileSync(tooLarge, Buffer.alloc(MAX_SOURCE_BYTES + 1));
  try {
    await page
      .getByLabel("Choose photos to upload")
      .setInputFiles([
        ...files,
        { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("a shot list") },
        { name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("this is text pretending to be a photo") },
        { name: "broken.jpg", mimeType: "image/jpeg", buffer: truncated },
      ]);
    await page.getByLabel("Choose photos to upload").setInputFiles(tooLarge);
  } finally {
    fs.rmSync(tooLarge, { force: true });
  }

  await expect(page.getByLabel("estate-01.jpg upload")).toBeVisible();
  await expect(page.getByLabel("All files")).toBeVisible();
  const summary = page.locator(".uploader-summary");
  await expect(summary).toContainText(`${PHOTO_COUNT} of ${PHOTO_COUNT} uploaded`, { timeout: 90_000 });
  await expect(summary).toContainText("4 refused, 0 failed");
  const refusals = page.locator(".uploader .uploader-refusals");
  await expect(refusals).toContainText("notes.txt: not an image (text/plain)");
  await expect(refusals).toContainText(`${path.basename(tooLarge)}: too large`);
  await expect(refusals).toContainText(/fake\.jpg: .*not an image we can use/);
  // broken.jpg's header reads fine; the server decodes it when its upload finishes and says
  // why it refuses it there and then, not later in processing.
  await expect(refusals).toContainText("broken.jpg: the file is cut short: the end of the image is missing");

  await expect(page.getByText(`All ${PHOTO_COUNT} uploaded photos are ready.`)).toBeVisible({ timeout: 120_000 });
  await expect(page.locator(".uploader-processing .uploader-refusals")).toHaveCount(0);
  await expect(photoCells(page)).toHaveCount(PHOTO_COUNT);
  expect(await fileNames(page)).toEqual(files.map((f) => f.name));
  // Thumbnails use the site's variants.
  await expect(page.locator(".pm-grid img").first()).toHaveAttribute("src", /^\/media\//);
  expect(await axeViolations(page)).toEqual([]);

  // Keyboard: the first photo selected with Space, then Alt+Right moves it one place later.
  const names = page.locator(".pm-grid .pm-file");
  await photoCells(page).first().focus();
  await page.keyboard.press("Space");
  await expect(photoCells(page).first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Alt+ArrowRight");
  await expect(names.nth(0)).toHaveText("estate-02.jpg");
  await expect(names.nth(1)).toHaveText("estate-01.jpg");
  await expect(notice(page)).toHaveText(/Moved 1 photo to the new place\./);

  // Mouse: drag the third photo's handle onto the first photo.
  await dragPhoto(page, 2, 0, "mouse");
  const expected = ["estate-03.jpg", "estate-02.jpg", "estate-01.jpg", ...files.slice(3).map((f) => f.name)];
  await expect(names).toHaveText(expected);
  await expect(notice(page)).toHaveText(/Moved 1 photo to the new place\./);
  await page.reload();
  await expect(names).toHaveText(expected);

  await photoCells(page).nth(2).click();
  await page.getByRole("button", { name: "Set as cover" }).click();
  await expect(notice(page)).toHaveText(/estate-01\.jpg is the cover now\./);
  await expect(notice(page)).toBeInViewport();
  await photoCells(page).first().click();
  await page.getByLabel("Alt text", { exact: true }).fill("Pickers at dawn among the tea rows");
  await page.getByLabel("Alt text", { exact: true }).press("Enter");
  await expect(notice(page)).toHaveText(/Alt text set on 1 photo\./);

  const adminOrder = await page.locator(".pm-grid img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
  expect((await page.request.get(`/galleryList/${id}`)).status()).toBe(404);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();

  await page.goto(`/galleryList/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const publicImages = page.locator("main img");
  await expect(publicImages).toHaveCount(PHOTO_COUNT);
  await expect(publicImages.first()).toHaveAttribute("alt", "Pickers at dawn among the tea rows");
  expect(await publicImages.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")))).toEqual(adminOrder);
});

test("an upload cut off mid-file resumes from where it stopped, and arrives once", async ({ adminPage: page }) => {
  test.setTimeout(120_000);
  await newShoot(page, `Resume ${Date.now().toString(36)}`);
  const big = noisePng(1500, 1100);
  expect(big.byteLength).toBeGreaterThan(UPLOAD_CHUNK_BYTES);

  const requests: { method: string; offset: string | null; status?: number }[] = [];
  let patches = 0;
  await page.route("**/admin/uploads/**", async (route) => {
    const request = route.request();
    if (request.method() === "PATCH" && ++patches === 2) {
      // The connection drops while the second chunk is on its way.
      requests.push({ method: "PATCH", offset: request.headers()["upload-offset"] ?? null, status: 0 });
      await route.abort("connectionreset");
      return;
    }
    const response = await route.fetch();
    requests.push({
      method: request.method(),
      offset: response.headers()["upload-offset"] ?? null,
      status: response.status(),
    });
    await route.fulfill({ response });
  });

  await page.getByLabel("Choose photos to upload").setInputFiles({
    name: "wide-noise.png",
    mimeType: "image/png",
    buffer: big,
  });
  await expect(page.locator(".uploader-summary")).toContainText("1 of 1 uploaded", { timeout: 60_000 });
  await expect(page.locator(".uploader-summary")).toContainText("Every accepted file arrived.");
  // After the cut the client asked the server how far it had got (HEAD) and went on from there.
  const head = requests.find((r) => r.method === "HEAD");
  expect(Number(head?.offset)).toBe(UPLOAD_CHUNK_BYTES);
  const lastPatch = requests.filter((r) => r.method === "PATCH").at(-1);
  expect(Number(lastPatch?.offset)).toBe(big.byteLength);

  await expect(page.getByText("All 1 uploaded photos are ready.")).toBeVisible({ timeout: 60_000 });
  await expect(photoCells(page)).toHaveCount(1);
  expect(await fileNames(page)).toEqual(["wide-noise.png"]);
});

test("after a reload mid-file the page names the interrupted upload; the same file chosen again resumes at the server's offset", async ({
  adminPage: page,
  axeViolations,
}, testInfo) => {
  test.setTimeout(120_000);
  const shootId = await newShoot(page, `Reload ${Date.now().toString(36)}`);
  // Two chunks; the test holds the second back, so the server has exactly the first. A file
  // on disk, as a studio's would be: the same file chosen again has the same fingerprint.
  const file = testInfo.outputPath("reloaded-noise.png");
  fs.writeFileSync(file, noisePng(1400, 1200, 7));
  expect(fs.statSync(file).size).toBeGreaterThan(UPLOAD_CHUNK_BYTES);

  const log: { method: string; offset?: string; status?: number }[] = [];
  let held: (() => Promise<void>) | undefined;
  let uploadUrl = "";
  await page.route("**/admin/uploads**", async (route) => {
    const request = route.request();
    const sentOffset = request.headers()["upload-offset"];
    if (request.method() === "PATCH" && sentOffset !== "0" && !held) {
      // A slow hotel connection: this chunk never gets through before the page goes.
      log.push({ method: "PATCH", offset: sentOffset, status: 0 });
      held = () => route.abort("connectionreset").catch(() => {});
      return;
    }
    const response = await route.fetch();
    log.push({
      method: request.method(),
      offset: sentOffset ?? response.headers()["upload-offset"],
      status: response.status(),
    });
    if (request.method() === "POST") uploadUrl = new URL(response.headers().location ?? "", request.url()).pathname;
    await route.fulfill({ response });
  });

  await page.getByLabel("Choose photos to upload").setInputFiles(file);
  await expect.poll(() => held !== undefined, { timeout: 30_000 }).toBe(true);
  // The server holds the first chunk of this upload, and nothing more.
  const uploadId = uploadUrl.split("/").pop() ?? "";
  const stored = path.join(E2E_DATA_DIR, "uploads", uploadId);
  expect(fs.statSync(stored).size).toBe(UPLOAD_CHUNK_BYTES);

  await page.reload();
  await held?.();
  const notice = page.locator(".uploader-interrupted");
  await expect(notice).toContainText("reloaded-noise.png: 4.0 MB of");
  await expect(notice).toContainText("Choose the same file again");
  expect(await axeViolations(page)).toEqual([]);

  log.length = 0;
  await expect(page.getByLabel("Choose photos to upload")).toBeEnabled();
  await page.getByLabel("Choose photos to upload").setInputFiles(file);
  await expect(page.locator(".uploader-summary")).toContainText("Every accepted file arrived.", { timeout: 60_000 });
  await expect(notice).toHaveCount(0);
  // No new upload: the client asked the server how far it had got and went on from there.
  expect(log.filter((r) => r.method === "POST")).toEqual([]);
  expect(log.find((r) => r.method === "HEAD")).toMatchObject({ offset: String(UPLOAD_CHUNK_BYTES), status: 200 });
  expect(log.find((r) => r.method === "PATCH")?.offset).toBe(String(UPLOAD_CHUNK_BYTES));

  await expect(page.getByText("All 1 uploaded photos are ready.")).toBeVisible({ timeout: 60_000 });
  await expect(photoCells(page)).toHaveCount(1);
  const jobs = withDatabase((db) => db.prepare("SELECT upload_id, state FROM jobs WHERE shoot_id = ?").all(shootId));
  expect(jobs).toEqual([{ upload_id: uploadId, state: "done" }]);
});

test("uploading the bytes of a photo in the trash brings that photo back at the new place, and says so", async ({
  adminPage: page,
}) => {
  test.setTimeout(90_000);
  await newShoot(page, `Trash ${Date.now().toString(36)}`);
  const files = await photos(3, "again", 600);
  await page.getByLabel("Choose photos to upload").setInputFiles(files);
  await expect(page.getByText("All 3 uploaded photos are ready.")).toBeVisible({ timeout: 60_000 });
  await expect(photoCells(page)).toHaveCount(3);

  await photoCells(page).first().click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(photoCells(page)).toHaveCount(2);
  // The grid drops the photo at once; the server's answer is the notice. Choosing the file before
  // it would check it against the shoot as it was, with the photo still in it.
  await expect(page.locator(".action-notice[role=status]")).toHaveText(/1 photo moved to the trash\./);
  await page.getByLabel("Choose photos to upload").setInputFiles(files[0] as (typeof files)[number]);
  await expect(page.locator(".uploader-summary")).toContainText(
    "1 was a photo in the trash, brought back at its new place",
    { timeout: 30_000 },
  );
  await expect(page.locator(".uploader-file").last()).toContainText("uploaded: back from the trash");
  await expect(photoCells(page)).toHaveCount(3, { timeout: 30_000 });
  expect(await fileNames(page)).toEqual(["again-02.jpg", "again-03.jpg", "again-01.jpg"]);
  await page.goto("/admin/trash");
  await expect(page.getByText("again-01.jpg")).toHaveCount(0);
});

test("when the connection goes down mid-upload the page says so, and the file carries on by itself when it is back", async ({
  adminPage: page,
  context,
}) => {
  test.setTimeout(120_000);
  await newShoot(page, `Offline ${Date.now().toString(36)}`);
  let releaseChunk = () => {};
  const chunkHeld = new Promise<void>((resolve) => {
    releaseChunk = resolve;
  });
  let patches = 0;
  await page.route("**/admin/uploads/**", async (route) => {
    if (route.request().method() === "PATCH" && ++patches === 2) {
      // The second chunk is on its way when the connection goes.
      await chunkHeld;
      await route.abort("internetdisconnected");
      return;
    }
    await route.continue();
  });
  await page.getByLabel("Choose photos to upload").setInputFiles({
    name: "offline-noise.png",
    mimeType: "image/png",
    buffer: noisePng(1500, 1100, 11),
  });
  // The upload first hashes the file and asks what the shoot has: slow on a busy machine.
  await expect.poll(() => patches, { timeout: 60_000 }).toBe(2);
  await context.setOffline(true);
  releaseChunk();
  await expect(page.locator(".uploader-offline")).toContainText("The connection is down.");
  await expect(page.locator(".uploader-file")).toContainText("the connection failed");

  await context.setOffline(false);
  await expect(page.locator(".uploader-summary")).toContainText("1 of 1 uploaded", { timeout: 60_000 });
  await expect(page.locator(".uploader-offline")).toHaveCount(0);
  await expect(page.getByText("All 1 uploaded photos are ready.")).toBeVisible({ timeout: 60_000 });
  // The page asks for its photos again once the count says they are ready: wait for that answer.
  await expect(page.locator(".pm-grid .pm-file")).toHaveText(["offline-noise.png"]);
});

test("a batch chosen again sends only the photos the shoot does not have yet", async ({ adminPage: page }) => {
  test.setTimeout(90_000);
  await newShoot(page, `Again ${Date.now().toString(36)}`);
  const files = await photos(3, "resend", 1000);
  await page.getByLabel("Choose photos to upload").setInputFiles(files.slice(0, 2));
  await expect(page.getByText("All 2 uploaded photos are ready.")).toBeVisible({ timeout: 60_000 });

  // As after a closed laptop: the page again, and the whole batch chosen again.
  await page.reload();
  await expect(page.getByLabel("Choose photos to upload")).toBeEnabled();
  const created: string[] = [];
  page.on("request", (r) => r.method() === "POST" && r.url().includes("/admin/uploads") && created.push(r.url()));
  await page.getByLabel("Choose photos to upload").setInputFiles(files);
  await expect(page.locator(".uploader-summary")).toContainText("1 of 1 uploaded", { timeout: 30_000 });
  await expect(page.locator(".uploader-summary")).toContainText("2 already in this shoot, not sent again");
  await expect(page.locator(".uploader-file.is-present")).toHaveText([/resend-01\.jpg/, /resend-02\.jpg/]);
  expect(created).toHaveLength(1);
  await expect(page.locator(".pm-grid .pm-file")).toHaveText(["resend-01.jpg", "resend-02.jpg", "resend-03.jpg"], {
    timeout: 60_000,
  });
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 412, height: 915 } });

  test("a photo is reordered by dragging its handle with a finger, and the order is saved", async ({
    adminPage: page,
  }) => {
    test.setTimeout(90_000);
    await newShoot(page, `Touch ${Date.now().toString(36)}`);
    const files = await photos(3, "touch", 800);
    await page.getByLabel("Choose photos to upload").setInputFiles(files);
    await expect(page.getByText("All 3 uploaded photos are ready.")).toBeVisible({ timeout: 60_000 });
    await expect(photoCells(page)).toHaveCount(3);

    // Side by side on a phone: the second photo's handle onto the first photo.
    await dragPhoto(page, 1, 0, "touch");
    await expect(notice(page)).toHaveText(/Moved 1 photo to the new place\./);
    const expected = ["touch-02.jpg", "touch-01.jpg", "touch-03.jpg"];
    await expect(page.locator(".pm-grid .pm-file")).toHaveText(expected);
    await page.reload();
    await expect(page.locator(".pm-grid .pm-file")).toHaveText(expected);

    // A drag cancelled with Escape moves nothing, then or after a reload.
    await dragPhoto(page, 2, 0, "mouse", { cancelWithEscape: true });
    await expect(page.locator(".pm-grid .pm-file")).toHaveText(expected);
    await page.reload();
    await expect(page.locator(".pm-grid .pm-file")).toHaveText(expected);
  });
});
