// The trash's photos in a real browser, at a desktop's 1440 px and a phone's 390 px: grouped by the
// shoot or set they left, a client gallery's set named with its gallery, each with its admin
// thumbnail; a set's photos ticked together ("Select all", with JavaScript) and restored with one
// "Restore selected", by keyboard, back in their places; one photo restored by its own button; and
// without JavaScript, ticked boxes restored by the same form. The trash is the whole studio's and
// other specs empty it, so these tests run on a server of their own (an empty studio), each test
// reading only its own groups; photos are small JPEGs put through the pipeline with their set's
// plan, as an upload leaves them.
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { upsertUser } from "#domain/auth/users.server.ts";
import { STUDIO } from "#domain/catalog/audience.server.ts";
import { ingestImage } from "#domain/catalog/ingest.server.ts";
import { appendPhotos, trashPhotos } from "#domain/catalog/photos.server.ts";
import { readShootPhotos } from "#domain/catalog/read-model.server.ts";
import { addCollection } from "#domain/catalog/seed.server.ts";
import { createShoot } from "#domain/catalog/shoots.server.ts";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { addPhotoToSet, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { makeTempDir } from "#fixtures/test-store.ts";
import { expect, type Studio, signIn, test, withStudio } from "./admin-fixtures.ts";
import { VIEWPORTS } from "./fixtures.ts";

test.describe.configure({ timeout: 90_000 });

const unique = (title: string) => `${title} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const notice = (page: Page) => page.locator(".admin-notice[role=status]");

const own = {} as { server: ServerProcess; dataDir: string };
test.beforeAll(async () => {
  own.dataDir = makeTempDir("studio-e2e-trash-");
  own.server = await startServer(own.dataDir, { DEMO_CONTENT: "off" });
  await own.server.waitUntilReady();
});
test.afterAll(async () => {
  await own.server?.stop("SIGTERM");
  fs.rmSync(own.dataDir, { recursive: true, force: true });
});

const studio = <T>(use: (studio: Studio) => Promise<T>) => withStudio(use, own.dataDir);

/** A page of a new owner's, signed in to this spec's server. */
async function signedIn(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean },
) {
  const owner = {
    email: `owner-${unique("trash").replace(/\W/g, "")}@example.com`,
    password: `pw-${unique("secret")}`,
  };
  await studio(({ db }) => upsertUser(db, owner.email, owner.password));
  const context = await browser.newContext({ ...options, baseURL: own.server.url });
  const page = await context.newPage();
  await signIn(page, owner);
  return { page, context };
}

interface TrashedSet {
  setId: number;
  shootId: number;
  /** "Muhurtham …, Priya & Karthik's wedding …": the set's group heading. */
  setPlace: string;
  shootTitle: string;
  /** The set's photos in their order, and which of them went to the trash. */
  setPhotos: { id: number; fileName: string }[];
  trashed: { id: number; fileName: string }[];
  shootPhoto: { id: number; fileName: string };
}

let seed = 0;

/** A client gallery's set of four photos, three of them in the trash, and a shoot's photo in the trash. */
function trashSetPhotos(): Promise<TrashedSet> {
  return studio(async (deps) => {
    const { db } = deps;
    const galleryTitle = unique("Priya & Karthik's wedding");
    const setTitle = unique("Muhurtham");
    const setId = await addGallerySet(db, await createGallery(db, { title: galleryTitle }), setTitle);
    const setPhotos: TrashedSet["setPhotos"] = [];
    // Each test's own bytes (the studio keeps an image once); the server is this worker's alone.
    const base = ++seed * 10;
    for (const n of [1, 2, 3, 4]) {
      const fileName = `DSC0124${n}.JPG`;
      setPhotos.push({ id: await addPhotoToSet(deps, setId, await seededJpeg(base + n), fileName), fileName });
    }
    const shootTitle = unique("Outdoor portraits");
    const shootId = await createShoot(db, {
      title: shootTitle,
      location: "",
      description: "",
      collectionId: await addCollection(db, { slug: unique("outdoor").replace(/\W/g, "-"), name: "Outdoor" }),
    });
    const shootFile = "IMG_0042.jpg";
    const { assetId } = await ingestImage(deps, await seededJpeg(base + 5), shootFile);
    const [shootPhotoId] = await appendPhotos(db, shootId, [assetId]);
    const trashed = [setPhotos[3], setPhotos[0], setPhotos[1]] as TrashedSet["trashed"];
    await trashPhotos(
      db,
      setId,
      trashed.map((p) => p.id),
    );
    await trashPhotos(db, shootId, [shootPhotoId as number]);
    return {
      setId,
      shootId,
      setPlace: `${setTitle}, ${galleryTitle}`,
      shootTitle,
      setPhotos,
      trashed,
      shootPhoto: { id: shootPhotoId as number, fileName: shootFile },
    };
  });
}

function liveOrder(shootId: number): Promise<number[]> {
  return studio(async ({ db }) => (await readShootPhotos(db, STUDIO, [shootId], { images: false })).map((p) => p.id));
}

const group = (page: Page, place: string) => page.getByRole("region", { name: place, exact: true });

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px (${name})`, () => {
    test("a set's photos are named with its gallery and shown; ticked together and restored by keyboard, back in their places", async ({
      browser,
      axeViolations,
    }) => {
      const made = await trashSetPhotos();
      const { page, context } = await signedIn(browser, { viewport });
      try {
        await page.goto("/admin/trash");
        const set = group(page, made.setPlace);
        await expect(set.getByRole("heading", { level: 3 })).toHaveText(made.setPlace);
        await expect(set).toContainText("A set of a client gallery · 3 photos in the trash");
        await expect(group(page, made.shootTitle)).toContainText("A portfolio shoot · 1 photo in the trash");
        // In their places in the set, each a thumbnail named by its file (and a box named the same).
        const inSetOrder = made.setPhotos.filter((p) => made.trashed.includes(p));
        await expect(set.getByRole("checkbox")).toHaveCount(3);
        for (const [i, photo] of inSetOrder.entries()) {
          await expect(set.getByRole("checkbox").nth(i)).toHaveAccessibleName(photo.fileName);
          const img = set.getByRole("img", { name: photo.fileName, exact: true });
          await expect(img).toHaveAttribute("loading", "lazy");
          await expect(img).toHaveAttribute("width", /^\d+$/);
          await expect(img).toHaveAttribute("height", /^\d+$/);
          await img.scrollIntoViewIfNeeded();
          await expect
            .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
            .toBe(true);
        }
        expect(await axeViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        // By keyboard: "Select all" ticks the set's three, Tab reaches the first box, Space leaves it out.
        const selectAll = set.getByRole("button", { name: `Select all from ${made.setPlace}` });
        await selectAll.focus();
        await page.keyboard.press("Enter");
        await expect(set.getByRole("checkbox", { checked: true })).toHaveCount(3);
        await expect(set.getByRole("button", { name: `Clear selection from ${made.setPlace}` })).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(set.getByRole("checkbox").first()).toBeFocused();
        await page.keyboard.press("Space");
        await expect(set.getByRole("checkbox", { checked: true })).toHaveCount(2);
        await expect(set.getByRole("button", { name: `Select all from ${made.setPlace}` })).toBeVisible();
        await page.getByRole("button", { name: "Restore selected" }).focus();
        await page.keyboard.press("Enter");
        await expect(notice(page)).toHaveText("2 photos restored, back in their places.");
        const [first, second, third, fourth] = made.setPhotos.map((p) => p.id);
        // The first photo stays in the trash; the second and fourth are back either side of the third.
        expect(await liveOrder(made.setId)).toEqual([second, third, fourth]);
        await expect(set.getByRole("checkbox")).toHaveCount(1);
        expect(await axeViolations(page)).toEqual([]);

        // One photo by its own button.
        await set.getByRole("button", { name: `Restore ${made.setPhotos[0]?.fileName} from ${made.setPlace}` }).focus();
        await page.keyboard.press("Enter");
        await expect(notice(page)).toHaveText("1 photo restored, back in its place.");
        expect(await liveOrder(made.setId)).toEqual([first, second, third, fourth]);
        await expect(set).toHaveCount(0);
        await expect(group(page, made.shootTitle).getByRole("checkbox")).toHaveCount(1);
      } finally {
        await context.close();
      }
    });
  });
}

test("without JavaScript: ticked photos from a set and a shoot are restored by one form", async ({ browser }) => {
  const made = await trashSetPhotos();
  const { page, context } = await signedIn(browser, { javaScriptEnabled: false });
  try {
    await page.goto("/admin/trash");
    const set = group(page, made.setPlace);
    // Selecting a whole set needs JavaScript; each box works without.
    await expect(page.getByRole("button", { name: /^Select all/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Restore selected" }).click();
    await expect(notice(page)).toHaveText("Tick the photos to restore first.");
    await set.getByRole("checkbox", { name: made.trashed[0]?.fileName }).check();
    await set.getByRole("checkbox", { name: made.trashed[2]?.fileName }).check();
    await group(page, made.shootTitle).getByRole("checkbox", { name: made.shootPhoto.fileName }).check();
    await page.getByRole("button", { name: "Restore selected" }).click();
    await expect(notice(page)).toHaveText("3 photos restored, back in their places.");
    expect(await liveOrder(made.shootId)).toEqual([made.shootPhoto.id]);
    expect(await liveOrder(made.setId)).toEqual(
      made.setPhotos.filter((p) => p.id !== made.trashed[1]?.id).map((p) => p.id),
    );
    await expect(set.getByRole("checkbox")).toHaveCount(1);
    await expect(group(page, made.shootTitle)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
