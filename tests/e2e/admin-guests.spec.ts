// The studio's side of guest face search (issue 31), in a real browser at a phone's and a
// desktop's width: the Guests panel turned on, a set opened to guests, the event link with its
// QR code and printable card, the search's progress, a photo hidden from guests in the set's
// photo manager, and guest search turned off after a confirmation, which deletes the gallery's
// face data; the people view, from made-up faces (fixtures/faces.ts: the face model itself takes
// a second a photo and is not what these test), grouped by person, a person's photos, and a
// selection list made of them; a face's crop refused to anyone signed out. Axe clean, nothing
// scrolling sideways. Faces are saved before a set is opened, so the server's face search finds
// nothing left to search and the model never starts.

import type { Page } from "@playwright/test";
import { chooseGuestSets, setGuestSearch } from "#domain/faces/guest-search.server.ts";
import { countGalleryFaceData, readPlacedFaces, saveScan } from "#domain/faces/store.server.ts";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { madeUpFace } from "#fixtures/faces.ts";
import { addPhotoToSet, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { expect, test, withDatabase, withStudio } from "./admin-fixtures.ts";
import { hydrated, VIEWPORTS } from "./fixtures.ts";

// Each test makes a gallery of processed photos, then goes through several pages.
test.describe.configure({ timeout: 90_000 });

const tag = () => (Math.floor(Math.random() * 0x7f_0000) + 1).toString(36);

/**
 * A gallery with a getting-ready set of one photo and a reception of `people.length` photos, each
 * reception photo with the faces of the people (0, 1...) listed for it, saved as the face search
 * saves them. Its guest search is left as it is made: off.
 */
async function makeGallery(people: number[][]) {
  const base = Math.floor(Math.random() * 0x7f_0000) + 1;
  const title = `Meena & Arjun ${base.toString(36)}`;
  return withStudio(async (deps) => {
    const id = await createGallery(deps.db, { title, clientName: "Meena & Arjun", eventDate: "2026-12-12" });
    const gettingReady = await addGallerySet(deps.db, id, "Getting ready");
    const reception = await addGallerySet(deps.db, id, "Reception");
    await addPhotoToSet(deps, gettingReady, await seededJpeg(base, 300, 200), `ready-${base}.jpg`);
    const photos: number[] = [];
    for (const [i, faces] of people.entries()) {
      const photoId = await addPhotoToSet(
        deps,
        reception,
        await seededJpeg(base + i + 1, 300, 200),
        `rc-${base}-${i + 1}.jpg`,
      );
      photos.push(photoId);
      await saveScan(deps.db, {
        photoId,
        galleryId: id,
        faces: faces.map((person, n) => madeUpFace(person, i * 10 + n)),
      });
    }
    return { id, title, reception, photos };
  });
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
}

const faceData = (galleryId: number) => withStudio(({ db }) => countGalleryFaceData(db, galleryId));

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: guest search turned on, a set opened, the event link and its card, a photo hidden, then off with its face data`, async ({
    adminPage: page,
    axeViolations,
  }) => {
    await page.setViewportSize(viewport);
    const { id, reception, photos } = await makeGallery([[0], [0, 1]]);
    await page.goto(`/admin/galleries/${id}`);
    await hydrated(page);
    await page
      .getByRole("navigation", { name: "The gallery's photos and settings" })
      .getByRole("link", { name: "Guests" })
      .click();
    const panel = page.getByRole("region", { name: "Guests" });
    await expect(panel.getByText("Off.")).toBeVisible();
    await panel.getByRole("button", { name: "Turn on" }).click();
    await expect(panel.getByRole("status").filter({ hasText: "Guests can find their photos." })).toBeVisible();

    // The event link, on the site's address, apart from the couple's; its QR code beside it.
    const token = withDatabase(
      (db) => db.prepare("select guest_token as t from client_galleries where id = ?").get(id) as { t: string },
    ).t;
    await expect(panel.getByLabel("Event link")).toHaveValue(new RegExp(`^http://[^/]+/e/${token}$`));
    const qr = panel.getByRole("img", { name: "QR code of the event link" });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Only the reception opened; getting ready stays the couple's.
    await expect(panel.getByText("Getting-ready sets can stay the couple's only")).toBeVisible();
    await panel.getByLabel(/^Reception/).check();
    await panel.getByRole("button", { name: "Save sets" }).click();
    await expect(panel.getByRole("status").filter({ hasText: "Guests may search 1 set." })).toBeVisible();
    expect(
      withDatabase((db) => db.prepare("select title from shoots where gallery_id = ? and guest_visible = 1").all(id)),
    ).toEqual([{ title: "Reception" }]);
    await expect(panel.getByLabel(/^Reception/)).toBeChecked();
    await expect(panel.getByLabel(/^Getting ready/)).not.toBeChecked();
    // Its photos were searched already (the faces saved above): the progress says so.
    await expect(panel.getByText("2 of 2 photos in the open sets searched, 3 faces found.")).toBeVisible();
    await hydrated(page, ".gw");
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    // The printable card: the couple, the day, the QR code, the link and one line.
    await panel.getByRole("link", { name: "Printable card" }).click();
    const card = page.getByRole("article", { name: "The card as printed" });
    await expect(card.getByRole("heading", { name: "Meena & Arjun" })).toBeVisible();
    await expect(card).toContainText("12 December 2026");
    await expect(card).toContainText("Scan, take a selfie, find your photos");
    await expect(card).toContainText(`/e/${token}`);
    await expect(card.getByRole("img", { name: "QR code of the event link" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".admin-header")).toBeHidden();
    await expect(card).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    // A photo hidden from guests in the set's photo manager, badged there.
    await page.goto(`/admin/galleries/${id}?set=${reception}`);
    await hydrated(page, ".gw-photos");
    await page.locator(`#pm-photo-${photos[1]}`).click();
    await page.getByRole("button", { name: "Hide from guests" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 photo hidden from guests" })).toBeVisible();
    await expect(page.locator(`#pm-photo-${photos[1]}`).getByText("Hidden from guests")).toBeVisible();
    await expect(page.locator(`#pm-photo-${photos[0]}`).getByText("Hidden from guests")).toHaveCount(0);
    expect(
      withDatabase((db) => db.prepare("select id from photos where guest_hidden = 1 and shoot_id = ?").all(reception)),
    ).toEqual([{ id: photos[1] }]);
    expect(await axeViolations(page)).toEqual([]);

    // Off: asked first, saying what it deletes; then every face and guest of the gallery is gone.
    expect(await faceData(id)).toEqual({ scans: 2, faces: 3, guests: 0 });
    await page.goto(`/admin/galleries/${id}?panel=guests`);
    await page.getByRole("link", { name: "Turn off…" }).click();
    const confirm = panel.locator(".admin-confirm");
    await expect(confirm).toContainText("This deletes the gallery's face data and every guest's data");
    expect(await faceData(id)).toEqual({ scans: 2, faces: 3, guests: 0 });
    await confirm.getByRole("button", { name: "Turn off and delete the face data" }).click();
    await expect(panel.getByRole("status").filter({ hasText: "Guest search is off" })).toBeVisible();
    await expect(panel.getByText("Off.")).toBeVisible();
    expect(new URL(page.url()).searchParams.get("confirm")).toBeNull();
    expect(await faceData(id)).toEqual({ scans: 0, faces: 0, guests: 0 });
    // The Photos tab no longer offers guests' actions.
    await page.goto(`/admin/galleries/${id}?set=${reception}`);
    await hydrated(page, ".gw-photos");
    await expect(page.getByRole("button", { name: "Hide from guests" })).toHaveCount(0);
  });

  // The people view's layout is the same grid at both sizes: the phone's narrow one is the one to check.
  if (name !== "phone") continue;
  test(`${name}: the people view groups the faces, shows a person's photos and makes a list of them`, async ({
    adminPage: page,
    axeViolations,
  }) => {
    await page.setViewportSize(viewport);
    // The grandmother (0) in four photos, the groom (1) in two of them and one more.
    const { id, photos } = await makeGallery([[0], [0], [0, 1], [0, 1], [1]]);
    await withStudio(async ({ db }) => {
      await setGuestSearch(db, id, true);
      const [, reception] = await db
        .selectFrom("shoots")
        .select("id")
        .where("gallery_id", "=", id)
        .orderBy("gallery_position")
        .execute();
      await chooseGuestSets(db, id, [reception?.id as number]);
    });
    await page.goto(`/admin/galleries/${id}?panel=guests`);
    await page.getByRole("link", { name: "People in this gallery" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^People in/ })).toBeVisible();
    const people = page.getByRole("list", { name: "People" }).getByRole("listitem");
    await expect(people).toHaveText(["Person 1: 4 photos", "Person 2: 3 photos"]);
    // Each shown by a crop of their face, made by the server.
    const faces = page.locator(".people-grid img");
    await expect(faces).toHaveCount(2);
    await expect
      .poll(() => faces.evaluateAll((imgs: HTMLImageElement[]) => imgs.map((img) => img.complete && img.naturalWidth)))
      .toEqual([192, 192]);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    await people.first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 2, name: /^Person 1/ })).toBeVisible();
    const shown = page.getByRole("list", { name: "Photos of Person 1" }).getByRole("listitem");
    await expect(shown).toHaveCount(4);
    await expect(shown.locator(".picks-name")).toHaveText(fileNames(photos.slice(0, 4)));
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    const listName = `Grandmother ${tag()}`;
    await page.getByLabel("Name of the new list").fill(listName);
    await page.getByRole("button", { name: "Make a list of the 4 photos" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/galleries/${id}/selections\\?a=\\d+&made`));
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(listName) })).toBeVisible();
    const listId = Number(new URL(page.url()).searchParams.get("a"));
    expect(
      withDatabase((db) =>
        db.prepare("select photo_id from selection_items where list_id = ? order by photo_id").all(listId),
      ),
    ).toEqual(photos.slice(0, 4).map((photo_id) => ({ photo_id })));
  });
}

test("a face's crop and the people view are the signed-in studio's only", async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  const { id } = await makeGallery([[0]]);
  const [face] = await withStudio(({ db }) => readPlacedFaces(db, id));
  const crop = `/admin/galleries/${id}/faces/${face?.id}.webp`;
  const signedIn = await page.request.get(crop);
  expect(signedIn.status()).toBe(200);
  expect(signedIn.headers()["content-type"]).toBe("image/webp");
  expect(signedIn.headers()["cache-control"]).toMatch(/^private\b/);

  const stranger = await playwright.request.newContext({ baseURL });
  try {
    for (const path of [crop, `/admin/galleries/${id}/people`, `/admin/galleries/${id}/event-card`]) {
      const answer = await stranger.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(302);
      expect(answer.headers().location, path).toMatch(/^\/admin\/login\?next=/);
    }
  } finally {
    await stranger.dispose();
  }
});

function fileNames(photoIds: number[]): string[] {
  return withDatabase((db) =>
    photoIds.map(
      (id) =>
        (
          db
            .prepare(
              "select assets.original_name as n from photos join assets on assets.id = photos.asset_id where photos.id = ?",
            )
            .get(id) as { n: string }
        ).n,
    ),
  );
}
