// The visual image picker, on the collections' covers: opened by keyboard or pointer, searched,
// a cover chosen by keyboard and by click and saved, axe clean with the dialog open, no
// sideways scrolling on a phone, and the select still saving without JavaScript. Each test
// puts the demo's cover back (the public-site tests read the demo collections at the same time).
import type { Page } from "@playwright/test";
import { expect, test, withDatabase } from "./admin-fixtures.ts";
import { hydrated, VIEWPORTS } from "./fixtures.ts";

// In order, in one worker: every test changes the same collection's cover. Axe over the page
// with 30 thumbnails open took up to 47 s on a busy machine: 90 s each.
test.describe.configure({ mode: "default", timeout: 90_000 });

const COLLECTION = "Outdoor";
const OPEN = `Choose from this collection's photos… (Cover photo of ${COLLECTION})`;

interface Photo {
  id: number;
  name: string;
  shoot: string;
}

/** The collection's id, its cover, and the live photos it may take one from. */
function collection(): { id: number; coverId: number | null; photos: Photo[] } {
  return withDatabase((db) => {
    const row = db.prepare("SELECT id, cover_asset_id FROM collections WHERE name = ?").get(COLLECTION) as {
      id: number;
      cover_asset_id: number | null;
    };
    const photos = db
      .prepare(
        // Each photo once, under the collection's first shoot (by id) that has it, as the picker lists it.
        `SELECT assets.id, assets.original_name AS name, (
           SELECT shoots.title FROM photos JOIN shoots ON shoots.id = photos.shoot_id
           WHERE photos.asset_id = assets.id AND shoots.collection_id = ?1
             AND photos.deleted_at IS NULL AND shoots.deleted_at IS NULL
           ORDER BY shoots.id LIMIT 1
         ) AS shoot FROM assets WHERE shoot IS NOT NULL ORDER BY assets.original_name`,
      )
      .all(row.id) as unknown as Photo[];
    return { id: row.id, coverId: row.cover_asset_id, photos };
  });
}

/**
 * The picker lists the collection's photos as they were when it asked; other tests add shoots and
 * photos to the same collection meanwhile. So every photo there both before and after is listed,
 * and nothing is listed that was there neither before nor after.
 */
function expectListedBetween(listed: string[], before: Photo[], after: Photo[]) {
  const label = (photo: Photo) => `${photo.name}, ${photo.shoot}`;
  const afterLabels = new Set(after.map(label));
  const stayed = before.map(label).filter((l) => afterLabels.has(l));
  const either = new Set([...before.map(label), ...afterLabels]);
  expect(listed.length).toBe(new Set(listed).size);
  expect(listed).toEqual(expect.arrayContaining(stayed));
  expect(listed.filter((l) => !either.has(l))).toEqual([]);
}

function restoreCover(id: number, coverId: number | null) {
  withDatabase((db) => db.prepare("UPDATE collections SET cover_asset_id = ? WHERE id = ?").run(coverId, id));
}

/** A photo of the collection other than its cover, with a file name no other photo contains. */
function anotherPhoto(c: ReturnType<typeof collection>, skip: number[] = []): Photo {
  const photo = c.photos.find(
    (p) =>
      p.id !== c.coverId &&
      !skip.includes(p.id) &&
      c.photos.every((other) => other === p || !other.name.includes(p.name.replace(/\.\w+$/, ""))),
  );
  if (!photo) throw new Error(`${COLLECTION} needs two photos for this test`);
  return photo;
}

async function openCollections(page: Page) {
  await page.goto("/admin/collections");
  await expect(page.getByRole("heading", { name: "Collections", level: 1 })).toBeVisible();
  await hydrated(page, "main form");
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: COLLECTION, level: 2 }) });
}

/** Nothing on the page, nor in the open dialog, is wider than the viewport. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const dialog = document.querySelector("dialog[open]");
    const box = dialog?.getBoundingClientRect();
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      dialogOutside: box ? box.left < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight : null,
      dialogScroll: dialog ? dialog.scrollWidth - dialog.clientWidth : null,
    };
  });
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`a cover is searched for and chosen by keyboard, then saved (${size})`, async ({
      adminPage: page,
      axeViolations,
    }) => {
      const before = collection();
      const target = anotherPhoto(before);
      const panel = await openCollections(page);
      try {
        const opener = panel.getByRole("button", { name: OPEN });
        await opener.focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("dialog", { name: `Choose: Cover photo of ${COLLECTION}` });
        await expect(dialog).toBeVisible();
        const search = dialog.getByLabel("Search by shoot or file name");
        await expect(search).toBeFocused();
        // Every photo of the collection, grouped under its shoot's heading, and nothing else.
        const status = dialog.getByRole("status");
        await expect(status).toHaveText(/^\d+ images; showing all\.$/);
        const shown = Number((await status.textContent())?.split(" ")[0]);
        const thumbnails = dialog.locator(".image-picker-choice img");
        await expect(thumbnails).toHaveCount(shown);
        const labels = await dialog
          .locator(".image-picker-choice")
          .evaluateAll((buttons) =>
            buttons.map((b) => b.getAttribute("aria-label")?.replace(/ \(chosen now\)$/, "") ?? ""),
          );
        expectListedBetween(labels, before.photos, collection().photos);
        await expect(dialog.getByRole("heading", { level: 3, name: target.shoot })).toBeVisible();
        for (const img of await thumbnails.all()) {
          await expect(img).toHaveAttribute("width", /^\d+$/);
          await expect(img).toHaveAttribute("height", /^\d+$/);
          await expect(img).toHaveAttribute("loading", "lazy");
        }
        expect(await axeViolations(page)).toEqual([]);
        expect(await overflow(page)).toEqual({ page: 0, dialogOutside: false, dialogScroll: 0 });

        // The search narrows the thumbnails to the one photo; Tab reaches it, Enter takes it.
        const stem = target.name.replace(/\.\w+$/, "");
        await search.pressSequentially(stem.toUpperCase());
        await expect(dialog.getByRole("status")).toHaveText(`1 image matching “${stem.toUpperCase()}”; showing all.`);
        const choice = dialog.getByRole("button", { name: `${target.name}, ${target.shoot}` });
        await expect(choice).toHaveCount(1);
        await page.keyboard.press("Tab");
        await expect(choice).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
        await expect(panel.locator(".image-field-chosen")).toHaveText(`Chosen: ${target.name}`);
        await expect(panel.locator(".image-field-current img")).toHaveAttribute(
          "alt",
          `Current: Cover photo of ${COLLECTION}`,
        );
        await expect(panel.locator(".image-field-current img")).toHaveAttribute("src", /\/media\//);

        await panel.getByRole("button", { name: `Set cover of ${COLLECTION}` }).click();
        await expect(page.locator(".admin-notice")).toHaveText("Cover set.");
        expect(collection().coverId).toBe(target.id);
        await expect(panel.locator(".image-field-chosen")).toHaveText(`Chosen: ${target.name}`);
      } finally {
        restoreCover(before.id, before.coverId);
      }
    });

    test(`a cover is chosen by click, Escape closing the picker first (${size})`, async ({ adminPage: page }) => {
      const before = collection();
      const target = anotherPhoto(before);
      const panel = await openCollections(page);
      try {
        const opener = panel.getByRole("button", { name: OPEN });
        const dialog = page.getByRole("dialog");
        await opener.click();
        await expect(dialog).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();

        await opener.click();
        await dialog.getByLabel("Search by shoot or file name").fill(target.name);
        // The close button closes too, and keeps the choice as it was.
        await dialog.getByRole("button", { name: "Close" }).click();
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();

        await opener.click();
        // The search typed before is kept; the picker loads its answer again.
        await expect(dialog.getByLabel("Search by shoot or file name")).toHaveValue(target.name);
        await dialog.getByRole("button", { name: `${target.name}, ${target.shoot}` }).click();
        await expect(dialog).toBeHidden();
        await expect(panel.locator(".image-field-chosen")).toHaveText(`Chosen: ${target.name}`);
        expect(await overflow(page)).toEqual({ page: 0, dialogOutside: null, dialogScroll: null });
        await panel.getByRole("button", { name: `Set cover of ${COLLECTION}` }).click();
        await expect(page.locator(".admin-notice")).toHaveText("Cover set.");
        expect(collection().coverId).toBe(target.id);
      } finally {
        restoreCover(before.id, before.coverId);
      }
    });
  });
}

test("GET /admin/images answers the signed-in owner only, one page of JSON", async ({ adminPage: page, request }) => {
  const stranger = await request.get("/admin/images?q=a", { maxRedirects: 0 });
  expect(stranger.status()).toBe(302);
  expect(stranger.headers().location).toMatch(/^\/admin\/login\?next=/);

  const c = collection();
  const answer = await page.request.get(`/admin/images?collection=${c.id}&offset=1`);
  expect(answer.headers()["content-type"]).toMatch(/^application\/json/);
  expect(answer.headers()["cache-control"]).toBe("no-store");
  const body = await answer.json();
  const after = collection();
  expect(body).toMatchObject({ q: "", offset: 1, nextOffset: null });
  expect(body.items).toHaveLength(body.total - 1);
  // Offset 1 leaves out the first photo, so only "nothing else" can be checked against the lists.
  expectListedBetween(
    body.items.map((item: { fileName: string; group: string }) => `${item.fileName}, ${item.group}`),
    [],
    [...c.photos, ...after.photos],
  );
  expect(body.total).toBeGreaterThanOrEqual(Math.min(c.photos.length, after.photos.length));
  expect(body.total).toBeLessThanOrEqual(Math.max(c.photos.length, after.photos.length));
  expect(body.items[0]).toEqual({
    assetId: expect.any(Number),
    fileName: expect.any(String),
    group: expect.any(String),
    image: expect.objectContaining({ width: expect.any(Number), height: expect.any(Number), alt: "" }),
  });
});

/** Adds `count` images in no shoot (copies of an existing asset's variants); returns their ids. */
function addFillerImages(count: number): number[] {
  return withDatabase((db) => {
    const source = (db.prepare("SELECT id FROM assets ORDER BY id LIMIT 1").get() as { id: number }).id;
    const ids: number[] = [];
    for (let n = 0; n < count; n++) {
      const name = `zz-filler-${String(n).padStart(3, "0")}.jpg`;
      const row = db
        .prepare(
          `INSERT INTO assets (sha256, original_key, original_name, original_bytes, mime, width, height, placeholder)
           SELECT lower(hex(randomblob(32))), original_key, ?, original_bytes, mime, width, height, placeholder
           FROM assets WHERE id = ? RETURNING id`,
        )
        .get(name, source) as { id: number };
      db.prepare(
        `INSERT INTO asset_variants (asset_id, format, width, height, key, bytes)
         SELECT ?, format, width, height, key, bytes FROM asset_variants WHERE asset_id = ?`,
      ).run(row.id, source);
      ids.push(row.id);
    }
    return ids;
  });
}

test("a long list comes 60 at a time; Show more brings the next, its first thumbnail taking focus", async ({
  adminPage: page,
}) => {
  const fillers = addFillerImages(61);
  try {
    await page.goto("/admin/banners");
    const field = page.getByRole("group", { name: "Desktop image (wide)", exact: true });
    await field.getByRole("button", { name: /^Choose from the studio's images/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("status")).toHaveText(/^\d+ images; showing 60\.$/);
    // Its own 61 images only: other tests add shoots to the same studio meanwhile.
    await dialog.getByLabel("Search by shoot or file name").fill("zz-filler");
    await expect(dialog.getByRole("status")).toHaveText("61 images matching “zz-filler”; showing 60.");
    const choices = dialog.locator(".image-picker-choice");
    await expect(choices).toHaveCount(60);
    await dialog.getByRole("button", { name: "Show more" }).press("Enter");
    await expect(choices.nth(60)).toBeFocused();
    await expect(dialog.getByRole("status")).toHaveText("61 images matching “zz-filler”; showing all.");
    // "Other images" (in no shoot) come last, by file name.
    await expect(dialog.getByRole("heading", { level: 3 }).last()).toHaveText("Other images");
    await expect(dialog.getByRole("button", { name: "zz-filler-060.jpg, Other images" })).toBeVisible();
  } finally {
    withDatabase((db) => db.prepare(`DELETE FROM assets WHERE id IN (${fillers.join(",")})`).run());
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the select still chooses and saves a cover", async ({ adminPage: page }) => {
    const before = collection();
    const target = anotherPhoto(before);
    await page.goto("/admin/collections");
    const panel = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: COLLECTION, level: 2 }) });
    try {
      await expect(panel.getByRole("button", { name: OPEN })).toHaveCount(0);
      await panel.getByLabel("Choose one of this collection's photos").selectOption(String(target.id));
      await panel.getByRole("button", { name: `Set cover of ${COLLECTION}` }).click();
      await expect(page.locator(".admin-notice")).toHaveText("Cover set.");
      expect(collection().coverId).toBe(target.id);
    } finally {
      restoreCover(before.id, before.coverId);
    }
  });
});
