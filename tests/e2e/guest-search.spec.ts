// A wedding guest finds their photos with a selfie (issue 31), on a phone's 390 px, against the
// real server and its face model: the studio opens one set to guests (another stays the couple's)
// and hides one photo; the server's job worker searches the open set; the guest opens the event
// link, is refused a selfie without a face (their name kept), consents, chooses a selfie and sees
// exactly the photos with their face that guests may see; comes back by the personal link on
// another browser; and deletes their data, after which the link is gone.

import {
  chooseGuestSets,
  guestSearchStatus,
  hideFromGuests,
  setGuestSearch,
} from "#domain/faces/guest-search.server.ts";
import { countGalleryFaceData, readPlacedFaces } from "#domain/faces/store.server.ts";
import { addGallerySet, createGallery, readGallery } from "#domain/galleries/galleries.server.ts";
import { CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL_PATH } from "#fixtures/chromium.ts";
import { noFacePhoto, samplePhoto, secondPhoto, selfieOf } from "#fixtures/faces.ts";
import { addPhotoToSet } from "#fixtures/gallery-fixture.ts";
import { withStudio } from "./admin-fixtures.ts";
import { expect, hydrated, test, VIEWPORTS } from "./fixtures.ts";

/** Searching five photos with a cold model takes seconds; a busy machine, more. */
const INDEXING_TIMEOUT_MS = 120_000;

test.use({
  viewport: VIEWPORTS.phone,
  // Chromium's own fake camera (a moving test pattern: no face in it), its prompt answered yes.
  launchOptions: {
    executablePath: CHROMIUM_HEADLESS_SHELL_PATH,
    args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

/** A wedding open to guests; `photos: false` without any (a test of the form alone searches nothing). */
async function makeWedding({ photos = true } = {}) {
  return withStudio(async (studio) => {
    const { db } = studio;
    const id = await createGallery(db, { title: `Guests ${Date.now().toString(36)}`, eventDate: "2026-02-14" });
    const reception = await addGallerySet(db, id, "Reception");
    const gettingReady = await addGallerySet(db, id, "Getting ready");
    if (!photos) {
      await setGuestSearch(db, id, true);
      return {
        id,
        token: (await readGallery(db, id))?.guests.token ?? "",
        first: 0,
        again: 0,
        hidden: 0,
        coupleOnly: 0,
      };
    }
    const first = await addPhotoToSet(studio, reception, samplePhoto(1), "first.jpg");
    const again = await addPhotoToSet(studio, reception, await secondPhoto(1), "again.jpg");
    await addPhotoToSet(studio, reception, samplePhoto(2), "others.jpg");
    const hidden = await addPhotoToSet(
      studio,
      reception,
      await secondPhoto(1, { share: 0.95, width: 1400 }),
      "hid.jpg",
    );
    const coupleOnly = await addPhotoToSet(studio, gettingReady, await secondPhoto(1, { share: 0.9 }), "ready.jpg");
    await setGuestSearch(db, id, true);
    await chooseGuestSets(db, id, [reception]);
    await hideFromGuests(db, id, [hidden], true);
    const token = (await readGallery(db, id))?.guests.token ?? "";
    return { id, token, first, again, hidden, coupleOnly };
  });
}

const shownPhotoIds = (page: import("@playwright/test").Page) =>
  page
    .locator(".ev-grid .cg-item")
    .evaluateAll((items) => items.map((item) => Number(item.id.replace("p-", ""))).sort((a, b) => a - b));

test("a guest finds exactly their photos with a selfie, comes back by their link, and is forgotten", async ({
  page,
  browser,
  axeViolations,
  offHostRequests,
}) => {
  test.setTimeout(INDEXING_TIMEOUT_MS + 90_000);
  const wedding = await makeWedding();
  await expect
    .poll(async () => (await withStudio(({ db }) => guestSearchStatus(db, wedding.id))).searched, {
      timeout: INDEXING_TIMEOUT_MS,
    })
    .toBe(4);
  // The guest's selfie: their face cut from the first photo, mirrored and relit, as a phone's would be.
  const faces = await withStudio(({ db }) => readPlacedFaces(db, wedding.id));
  const [face] = faces.filter((f) => f.photoId === wedding.first).sort((a, b) => b.w * b.h - a.w * a.h);
  if (!face) throw new Error("no face was found in the first photo");
  const selfie = await selfieOf(1, face);

  await page.goto(`/e/${wedding.token}`);
  await expect(page.getByRole("heading", { level: 1, name: "Find your photos" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Your name").fill("Meena Sundaram");
  await page.getByLabel(/I agree that/).check();
  await page
    .getByLabel("Your selfie")
    .setInputFiles({ name: "wall.jpg", mimeType: "image/jpeg", buffer: await noFacePhoto() });
  await page.getByRole("button", { name: "Find my photos" }).click();
  await expect(page.locator("#guest-selfie-error")).toContainText("could not find a face");
  await expect(page.getByLabel("Your name")).toHaveValue("Meena Sundaram");
  await expect(page.getByLabel(/I agree that/)).toBeChecked();

  await page.getByLabel("Your selfie").setInputFiles({ name: "selfie.jpg", mimeType: "image/jpeg", buffer: selfie });
  await page.getByRole("button", { name: "Find my photos" }).click();
  await page.waitForURL(new RegExp(`/e/${wedding.token}/g/[A-Za-z0-9_-]{43}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Your photos, Meena Sundaram" })).toBeVisible();
  expect(await shownPhotoIds(page)).toEqual([wedding.first, wedding.again].sort((a, b) => a - b));
  expect(await axeViolations(page)).toEqual([]);
  const personal = page.url();
  // Never shared with another site (the WhatsApp button is a link the guest chooses to follow).
  expect(offHostRequests).toEqual([]);

  // Back another day, on another browser, by the personal link alone.
  const other = await browser.newContext({ viewport: VIEWPORTS.phone });
  const again = await other.newPage();
  await again.goto(personal);
  expect(await shownPhotoIds(again)).toEqual([wedding.first, wedding.again].sort((a, b) => a - b));

  await page.getByRole("button", { name: "Forget me" }).click();
  await page.waitForURL(/\?forgotten=1$/);
  await expect(page.getByRole("status")).toContainText("deleted");
  expect((await again.goto(personal))?.status()).toBe(404);
  expect((await withStudio(({ db }) => countGalleryFaceData(db, wedding.id))).guests).toBe(0);
  await other.close();
});

test.describe("the live camera", () => {
  test("takes the selfie from a live preview into the same form, and the server reads it", async ({ page }) => {
    const wedding = await makeWedding({ photos: false });
    await page.goto(`/e/${wedding.token}`);
    await hydrated(page);
    await page.getByLabel("Your name").fill("Arjun");
    await page.getByLabel(/I agree that/).check();
    await page.getByRole("button", { name: "Use the camera here" }).click();
    await expect(page.getByLabel("Camera preview")).toBeVisible();
    // The fake camera's first frame: its size is known once it has come (a busy machine: seconds).
    await expect
      .poll(() => page.getByLabel("Camera preview").evaluate((v: HTMLVideoElement) => v.videoWidth), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await page.getByRole("button", { name: "Take the selfie" }).click();
    await expect(page.getByAltText("Your selfie, ready to send")).toBeVisible();
    expect(await page.getByLabel("Your selfie").evaluate((input: HTMLInputElement) => input.files?.[0]?.type)).toBe(
      "image/jpeg",
    );
    await page.getByRole("button", { name: "Find my photos" }).click();
    // The test pattern reached the model as a picture: it has no face, and the guest is told so.
    await expect(page.locator("#guest-selfie-error")).toContainText("could not find a face");
    await expect(page.getByLabel("Your name")).toHaveValue("Arjun");
  });
});
