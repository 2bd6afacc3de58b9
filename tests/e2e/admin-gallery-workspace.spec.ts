// The gallery admin as a workspace (issue 30, items 15 and 11), at a desktop's and a phone's
// width: photos dropped onto a set go up into it, a set is renamed in place and dragged to
// another place, access is changed and its answer shown beside it, axe clean and nothing scrolls
// sideways; and what is typed in one form survives another form's save.

import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { deriveSource } from "#domain/media/pipeline.server.ts";
import { FIXTURES_DIR } from "#fixtures/test-store.ts";
import { expect, test, withDatabase, withStudio } from "./admin-fixtures.ts";
import { hydrated, VIEWPORTS } from "./fixtures.ts";

// An upload and its processing on a busy machine take longer than the suite's default 30 s.
test.describe.configure({ timeout: 120_000 });

const SOURCE = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));
const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

const setTitles = (page: Page) => page.locator(".gw-set-list .gw-set-title");
const setRow = (page: Page, title: string) =>
  page.locator(".gw-set-list > li").filter({ has: page.locator(".gw-set-title", { hasText: title }) });
const tabs = (page: Page) => page.getByRole("navigation", { name: "The gallery's photos and settings" });

async function makeGallery(title: string, sets: string[]) {
  return withStudio(async ({ db }) => {
    const id = await createGallery(db, { title, clientName: "Priya" });
    const setIds: number[] = [];
    for (const set of sets) setIds.push(await addGallerySet(db, id, set));
    return { id, setIds };
  });
}

const storedSetTitles = (galleryId: number) =>
  withDatabase((db) =>
    (
      db
        .prepare("select title from shoots where gallery_id = ? and deleted_at is null order by gallery_position")
        .all(galleryId) as { title: string }[]
    ).map((r) => r.title),
  );

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: photos dropped onto a set, a set renamed in place and dragged, access saved beside its form`, async ({
    adminPage: page,
    axeViolations,
  }) => {
    await page.setViewportSize(viewport);
    const title = `Workspace ${unique()}`;
    const { id, setIds } = await makeGallery(title, ["Nalangu", "Muhurtham", "Reception"]);
    const muhurtham = setIds[1] as number;
    await page.goto(`/admin/galleries/${id}?set=${muhurtham}`);
    await expect(page.getByRole("heading", { name: /^Muhurtham/, level: 2 })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Muhurtham/ })).toHaveAttribute("aria-current", "page");
    await hydrated(page, ".gw-photos");
    await expect(page.getByLabel("Choose photos to upload")).toBeEnabled();

    // Two photos dropped onto the set's heading (not the uploader's own box) go up into it.
    const files = await Promise.all(
      [0, 1].map(async (i) => ({
        name: `drop-${unique()}-${i + 1}.jpg`,
        // 231 px high: no other test derives this size, so these bytes are new to the studio.
        bytes: [...(await deriveSource(SOURCE, { width: (name === "phone" ? 401 : 421) + i * 3, height: 231 }))],
      })),
    );
    const dataTransfer = await page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const f of list) transfer.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: "image/jpeg" }));
      return transfer;
    }, files);
    const target = page.locator("#set-photos-heading");
    await target.dispatchEvent("dragenter", { dataTransfer });
    await expect(page.locator(".gw-photos")).toHaveClass(/is-drop-target/);
    await target.dispatchEvent("dragover", { dataTransfer });
    await target.dispatchEvent("drop", { dataTransfer });
    await expect(page.getByText("All 2 uploaded photos are ready.")).toBeVisible({ timeout: 90_000 });
    await expect(page.locator(".pm-grid [role=option]")).toHaveCount(2);
    await expect(setRow(page, "Muhurtham")).toContainText("(2 photos)");
    expect(
      withDatabase((db) =>
        db
          .prepare(
            "select assets.original_name as name from photos join assets on assets.id = photos.asset_id where photos.shoot_id = ? order by photos.position",
          )
          .all(muhurtham),
      ),
    ).toEqual(files.map((f) => ({ name: f.name })));

    // Renamed in place: the set's photos stay on screen, the disclosure closes once it is saved.
    // Its Tamil title beside the English one (issue 33), saved with it.
    await page.locator("summary", { hasText: "Rename Nalangu" }).click();
    await page.getByLabel("New title for Nalangu").fill("Nalangu, morning");
    await page.getByLabel("Title in Tamil for Nalangu (optional)").fill("நலங்கு");
    await page.getByRole("button", { name: "Save the title of Nalangu" }).click();
    await expect(setTitles(page)).toHaveText(["Nalangu, morning", "Muhurtham", "Reception"]);
    await expect(page.getByLabel("New title for Nalangu, morning")).toBeHidden();
    expect(
      withDatabase((db) =>
        db.prepare("select title_ta from shoots where gallery_id = ? and title = ?").get(id, "Nalangu, morning"),
      ),
    ).toEqual({ title_ta: "நலங்கு" });
    await expect(page.locator(".pm-grid [role=option]")).toHaveCount(2);
    expect(new URL(page.url()).searchParams.get("set")).toBe(String(muhurtham));

    // Dragged by its handle from last to first (on a phone the list is above the photos: in view first).
    await page.locator(".gw-set-list").scrollIntoViewIfNeeded();
    const handle = setRow(page, "Reception").locator(".gw-set-handle");
    const from = await handle.boundingBox();
    const to = await setRow(page, "Nalangu, morning").boundingBox();
    if (!from || !to) throw new Error("the sets are not on screen");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 8 });
    await expect(setRow(page, "Nalangu, morning")).toHaveClass(/is-drop-before/);
    await page.mouse.up();
    await expect(setTitles(page)).toHaveText(["Reception", "Nalangu, morning", "Muhurtham"]);
    await expect(page.getByRole("status").filter({ hasText: "Sets reordered." })).toBeVisible();
    await expect.poll(() => storedSetTitles(id)).toEqual(["Reception", "Nalangu, morning", "Muhurtham"]);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    // Access, changed in its panel, answers there (and not a second time at the foot of the screen).
    await tabs(page).getByRole("link", { name: "Access & downloads" }).click();
    const access = page.getByRole("region", { name: "Access & downloads" });
    await access.getByLabel("Downloads", { exact: true }).selectOption("original");
    await access.getByRole("button", { name: "Save access" }).click();
    await expect(access.locator(".admin-form-end").getByRole("status")).toHaveText("Access saved.");
    await expect(page.getByRole("status").filter({ hasText: "Access saved." })).toHaveCount(1);
    expect(withDatabase((db) => db.prepare("select downloads from client_galleries where id = ?").get(id))).toEqual({
      downloads: "original",
    });
    await expect(access.getByLabel("Downloads", { exact: true })).toHaveValue("original");
    // The set stays chosen behind the panel: the Photos tab goes back to it.
    await tabs(page).getByRole("link", { name: "Photos" }).click();
    await expect(page.getByRole("heading", { name: /^Muhurtham/, level: 2 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
  });
}

test("what is typed in one form stays while another form saves, and then saves", async ({ adminPage: page }) => {
  const { id } = await makeGallery(`Typing ${unique()}`, ["Nalangu"]);
  await page.goto(`/admin/galleries/${id}?panel=access`);
  await hydrated(page, ".gw");
  await page.locator("summary", { hasText: "Rename Nalangu" }).click();
  await page.getByLabel("New title for Nalangu").fill("Nalangu, evening");
  await page.getByLabel("Download PIN").fill("2468");
  // Another form saves, and the page's data is read again.
  await page.getByLabel("Watermark text").fill("Nila Studio");
  await page.getByRole("button", { name: "Save access" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Access saved." })).toBeVisible();
  await expect(page.getByLabel("New title for Nalangu")).toHaveValue("Nalangu, evening");
  await expect(page.getByLabel("Download PIN")).toHaveValue("2468");

  // Each then saves what was typed; the PIN's field is emptied after its own save only.
  await page.getByRole("button", { name: "Set PIN for downloads" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Download PIN set." })).toBeVisible();
  await expect(page.getByLabel("New download PIN")).toHaveValue("");
  expect(
    withDatabase((db) =>
      db.prepare("select download_pin_hash is not null as set_ from client_galleries where id = ?").get(id),
    ),
  ).toEqual({ set_: 1 });
  await expect(page.getByLabel("New title for Nalangu")).toHaveValue("Nalangu, evening");
  await page.getByRole("button", { name: "Save the title of Nalangu" }).click();
  await expect(setTitles(page)).toHaveText(["Nalangu, evening"]);
  expect(storedSetTitles(id)).toEqual(["Nalangu, evening"]);
  await expect(page.getByLabel("Watermark text")).toHaveValue("Nila Studio");
});
