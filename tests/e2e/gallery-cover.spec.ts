// A client gallery's cover (issue 15, migration 0016), in a real browser: the studio picks one of
// the gallery's own photos with the image picker, by keyboard, and the admin's list shows it; the
// client, past the PIN on a phone's 390 px, sees it as the page's hero (responsive, preloaded at
// high priority, its box kept), while the door, the closed link's page and the link preview
// (og:image) never carry it; and without JavaScript the cover is a radio button found by search.
// Galleries are made through the domain layer on the demo studio's own processed images (no
// uploads, so no stored image is shared with another spec by its bytes), each test its own.
import type { Page } from "@playwright/test";
import { appendPhotos } from "#domain/catalog/photos.server.ts";
import { setGalleryCover } from "#domain/galleries/cover.server.ts";
import {
  addGallerySet,
  createGallery,
  readGallery,
  revokeGalleryLink,
  setGalleryPin,
} from "#domain/galleries/galleries.server.ts";
import { processedAssets } from "#fixtures/gallery-fixture.ts";
import { expect, test, withDatabase, withStudio } from "./admin-fixtures.ts";
import { hydrated, VIEWPORTS } from "./fixtures.ts";

test.describe.configure({ timeout: 120_000 });

const unique = (title: string) => `${title} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PIN = "2468";

interface MadeGallery {
  id: number;
  title: string;
  url: string;
  /** The photo of the second set a cover is made of, with its file name and stored files' keys. */
  coverPhoto: { id: number; fileName: string; keys: string[]; setTitle: string };
}

/** A gallery with a PIN and two sets of three of the demo studio's images each, distinct files. */
function makeGallery(): Promise<MadeGallery> {
  return withStudio(async ({ db }) => {
    const title = unique("Meena weds Arun");
    const id = await createGallery(db, { title, clientName: "Meena", eventDate: "2026-03-08" });
    await setGalleryPin(db, id, PIN);
    const assets = await processedAssets(db, 6);
    expect(new Set(assets.map((a) => a.original_name)).size).toBe(6);
    const setTitles = [unique("Nalangu"), unique("Reception")];
    const photoIds: number[] = [];
    for (const [i, setTitle] of setTitles.entries()) {
      const setId = await addGallerySet(db, id, setTitle);
      photoIds.push(
        ...(await appendPhotos(
          db,
          setId,
          assets.slice(i * 3, i * 3 + 3).map((a) => a.id),
        )),
      );
    }
    // The second set's last photo: not the first the client's grid shows.
    const asset = assets[5] as { id: number; original_name: string };
    const keys = (await db.selectFrom("asset_variants").select("key").where("asset_id", "=", asset.id).execute()).map(
      (v) => v.key,
    );
    const token = (await readGallery(db, id))?.token ?? "";
    return {
      id,
      title,
      url: `/g/${token}`,
      coverPhoto: { id: photoIds[5] as number, fileName: asset.original_name, keys, setTitle: setTitles[1] ?? "" },
    };
  });
}

const storedCover = (id: number) =>
  withDatabase(
    (db) =>
      (
        db.prepare("select cover_photo_id from client_galleries where id = ?").get(id) as {
          cover_photo_id: number | null;
        }
      ).cover_photo_id,
  );

/** Whether any of the photo's stored files is named in the text (markup, a header's value). */
const namesAny = (text: string, keys: string[]) => keys.some((key) => text.includes(key));

async function ogImage(page: Page): Promise<string | null> {
  const tag = page.locator('meta[property="og:image"]');
  return (await tag.count()) === 0 ? null : tag.getAttribute("content");
}

test("'Set as cover' in a set's photo manager makes the gallery's cover, the one its admin and the client show", async ({
  adminPage: page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const gallery = await makeGallery();
  const setId = withDatabase(
    (db) =>
      (db.prepare("select shoot_id from photos where id = ?").get(gallery.coverPhoto.id) as { shoot_id: number })
        .shoot_id,
  );
  await page.goto(`/admin/shoots/${setId}`);
  const photo = page.locator(".pm-grid [role=option]").filter({ hasText: gallery.coverPhoto.fileName });
  await photo.click();
  await page.getByRole("button", { name: "Set as cover" }).click();
  await expect(page.locator(".action-notice[role=status]")).toHaveText(
    new RegExp(
      `${gallery.coverPhoto.fileName.replace(/\./g, "\\.")} is the gallery's cover now: the client sees it atop`,
    ),
  );
  expect(storedCover(gallery.id)).toBe(gallery.coverPhoto.id);
  // The set's grid badges the gallery's cover; the gallery's own page shows the same one.
  await expect(photo.locator(".pm-badge")).toHaveText("Cover");
  await page.goto(`/admin/galleries/${gallery.id}?panel=cover`);
  await expect(page.getByRole("region", { name: "Cover" })).toContainText(gallery.coverPhoto.fileName);
});

test("the studio picks the cover from the gallery's own photos by keyboard; the list shows it", async ({
  adminPage: page,
  axeViolations,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const gallery = await makeGallery();
  await page.goto(`/admin/galleries/${gallery.id}?panel=cover`);
  const cover = page.getByRole("region", { name: "Cover" });
  await expect(cover.getByText("No cover: the gallery opens with its title.")).toBeVisible();

  const open = cover.getByRole("button", { name: "Choose from this gallery's photos… (Cover photo)" });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Choose: Cover photo" });
  await expect(dialog).toBeVisible();
  // Only this gallery's six photos, under its two sets.
  await expect(dialog.getByRole("status")).toHaveText("6 images; showing all.");
  await expect(dialog.getByRole("heading", { level: 3 })).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);
  await expect(dialog.getByLabel("Search by set or file name")).toBeFocused();
  await page.keyboard.type(gallery.coverPhoto.fileName);
  await expect(dialog.getByRole("status")).toHaveText(
    `1 image matching “${gallery.coverPhoto.fileName}”; showing all.`,
  );
  await page.keyboard.press("Tab");
  const choice = dialog.getByRole("button", { name: `${gallery.coverPhoto.fileName}, ${gallery.coverPhoto.setTitle}` });
  await expect(choice).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await expect(cover.locator("#cover-chosen")).toHaveText(`Chosen: ${gallery.coverPhoto.fileName}`);
  expect(storedCover(gallery.id)).toBeNull();

  await cover.getByRole("button", { name: "Save cover" }).click();
  const notice = cover.locator(".admin-form-end").getByRole("status");
  await expect(notice).toHaveText("Cover saved: the client sees it atop the gallery.");
  await expect(notice).toBeFocused();
  expect(storedCover(gallery.id)).toBe(gallery.coverPhoto.id);
  const thumbnail = cover.getByRole("img", { name: "The cover now chosen" });
  expect(
    namesAny((await thumbnail.evaluate((img: HTMLImageElement) => img.currentSrc)) ?? "", gallery.coverPhoto.keys),
  ).toBe(true);
  expect(await axeViolations(page)).toEqual([]);

  // The list of galleries shows the cover's thumbnail beside the title.
  await page.goto("/admin/galleries");
  const row = page.getByRole("row").filter({ hasText: gallery.title });
  const listed = row.locator("img");
  await expect(listed).toHaveCount(1);
  await expect.poll(() => listed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(namesAny(await listed.evaluate((img: HTMLImageElement) => img.currentSrc), gallery.coverPhoto.keys)).toBe(
    true,
  );
  expect(await axeViolations(page)).toEqual([]);

  // No cover again, by click.
  await page.goto(`/admin/galleries/${gallery.id}?panel=cover`);
  await hydrated(page, "#cover form[method=post]");
  await cover.getByRole("button", { name: "No cover" }).click();
  await cover.getByRole("button", { name: "Save cover" }).click();
  await expect(cover.locator(".admin-form-end").getByRole("status")).toHaveText("Cover removed.");
  expect(storedCover(gallery.id)).toBeNull();
});

test.describe("the client", () => {
  test.use({ viewport: VIEWPORTS.phone });

  test("sees the cover as the hero past the PIN on a phone; never on the door, the closed page or og:image", async ({
    page,
    request,
    axeViolations,
  }) => {
    const gallery = await makeGallery();
    await withStudio(async ({ db }) => {
      expect(await setGalleryCover(db, gallery.id, gallery.coverPhoto.id)).toEqual({ ok: true });
    });
    // The door: the studio's PIN form, nothing of the gallery's, not even in the head.
    await page.goto(gallery.url);
    await expect(page.getByRole("heading", { level: 1, name: "A private gallery" })).toBeVisible();
    expect(namesAny(await page.content(), gallery.coverPhoto.keys)).toBe(false);
    expect(namesAny((await ogImage(page)) ?? "", gallery.coverPhoto.keys)).toBe(false);
    await expect(page.locator(".cg-hero")).toHaveCount(0);

    await page.getByLabel("Gallery PIN").fill(PIN);
    await page.getByRole("button", { name: "Open the gallery" }).click();
    await expect(page.getByRole("heading", { level: 1, name: gallery.title })).toBeVisible();
    const hero = page.locator(".cg-hero img");
    await expect(hero).toHaveAttribute("alt", `Cover photo of ${gallery.title}`);
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("loading", "eager");
    await expect(hero).toHaveAttribute("width", /^\d+$/);
    await expect(hero).toHaveAttribute("height", /^\d+$/);
    await expect(page.locator(".cg-hero source").first()).toHaveAttribute("sizes", /100vw/);
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(namesAny(await hero.evaluate((img: HTMLImageElement) => img.currentSrc), gallery.coverPhoto.keys)).toBe(
      true,
    );
    // The hero comes first, across the phone's width less the page's sides.
    const box = await hero.boundingBox();
    expect(box?.width).toBeGreaterThan(VIEWPORTS.phone.width - 40);
    expect(box?.y).toBeLessThan((await page.getByRole("heading", { level: 1 }).boundingBox())?.y ?? 0);
    // Preloaded as the page's largest image, and the only image asked for first.
    const preloads = await page
      .locator('link[rel="preload"][as="image"]')
      .evaluateAll((links) => links.map((l) => `${l.getAttribute("imagesrcset")} ${l.getAttribute("href")}`));
    expect(preloads).toHaveLength(1);
    expect(namesAny(preloads[0] ?? "", gallery.coverPhoto.keys)).toBe(true);
    await expect(page.locator('.cg-grid img[fetchpriority="high"]')).toHaveCount(0);
    // Its box was kept before it loaded: nothing moved.
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
          }).observe({ type: "layout-shift", buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
        }),
    );
    expect(shift).toBeLessThan(0.01);
    // The link preview stays the studio's, past the door too.
    expect(namesAny((await ogImage(page)) ?? "", gallery.coverPhoto.keys)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(await axeViolations(page)).toEqual([]);

    // A closed link's page names no photo of the gallery either.
    await withStudio(({ db }) => revokeGalleryLink(db, gallery.id));
    const closed = await request.get(gallery.url);
    expect(closed.status()).toBe(410);
    expect(namesAny(await closed.text(), gallery.coverPhoto.keys)).toBe(false);
  });
});

test("before the page's scripts run, the cover's radio buttons are keyboard-reachable and axe clean", async ({
  adminPage: page,
  axeViolations,
}) => {
  const gallery = await makeGallery();
  // axe needs JavaScript in the page: the app's own scripts are kept out instead, so the page
  // stays as the server drew it (what a browser without JavaScript shows).
  await page.route("**/*.js", (route) => route.abort());
  await page.goto(`/admin/galleries/${gallery.id}?panel=cover`);
  const cover = page.getByRole("region", { name: "Cover" });
  await expect(cover.getByRole("radio")).toHaveCount(7);
  await cover.getByRole("radio", { name: "No cover" }).focus();
  // One tab stop for the group; the arrow keys move the choice.
  await page.keyboard.press("ArrowDown");
  await expect(cover.getByRole("radio").nth(1)).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cover is a radio button among the gallery's photos, found by search", async ({ adminPage: page }) => {
    const gallery = await makeGallery();
    await page.goto(`/admin/galleries/${gallery.id}?panel=cover`);
    const cover = page.getByRole("region", { name: "Cover" });
    await expect(cover.getByRole("radio")).toHaveCount(7);
    await expect(cover.getByRole("radio", { name: "No cover" })).toBeChecked();
    await cover.getByLabel("Find a photo by file name or set").fill(gallery.coverPhoto.fileName);
    await cover.getByRole("button", { name: "Search" }).click();
    await expect(cover.getByRole("radio")).toHaveCount(2);
    await expect(cover.getByRole("group", { name: gallery.coverPhoto.setTitle })).toBeVisible();
    await cover.getByRole("radio", { name: gallery.coverPhoto.fileName }).check();
    await cover.getByRole("button", { name: "Save cover" }).click();
    await expect(cover.locator(".admin-form-end").getByRole("status")).toHaveText(
      "Cover saved: the client sees it atop the gallery.",
    );
    expect(storedCover(gallery.id)).toBe(gallery.coverPhoto.id);
    await expect(cover.getByRole("radio", { name: gallery.coverPhoto.fileName })).toBeChecked();

    // Another page of photos keeps the cover as a choice of its own.
    await page.goto(`/admin/galleries/${gallery.id}?panel=cover&coverQ=${encodeURIComponent(gallery.title)}#cover`);
    await expect(cover.getByText(`No photos matching “${gallery.title}”.`)).toBeVisible();
    await expect(cover.getByRole("radio", { name: `${gallery.coverPhoto.fileName} (` })).toBeChecked();
  });
});
