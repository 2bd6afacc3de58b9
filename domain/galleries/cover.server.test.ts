// A client gallery's cover on a real SQLite file: only one of the gallery's own live photos may
// be it (another gallery's photo, a portfolio photo, one in the trash are refused in words); a
// cover in the trash is not shown and comes back with it; the picker's source lists this
// gallery's photos only, set by set, searchable by file name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCollection } from "#fixtures/seed.ts";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import { findImagePage } from "../catalog/image-picker.server.ts";
import { appendPhotos, restorePhotos, setAltText, trashPhotos } from "../catalog/photos.server.ts";
import { createShoot, trashShoot } from "../catalog/shoots.server.ts";
import {
  COVER_IN_TRASH,
  COVER_NOT_IN_GALLERY,
  type CoverAlt,
  coverAltIn,
  findGalleryPhotoPage,
  galleryCover,
  galleryCovers,
  setGalleryCover,
  studioCoverAlt,
} from "./cover.server.ts";
import { addGallerySet, createGallery, readGallery } from "./galleries.server.ts";

describe("a client gallery's cover", () => {
  let store: TestStore;
  let galleryId: number;
  let otherGalleryId: number;
  let sets: { muhurtham: number; reception: number };
  let photos: { muhurtham: number[]; reception: number[]; other: number[]; portfolio: number[] };
  beforeAll(async () => {
    store = await createTestStore();
    const db = store.db;
    const assets = await insertAssets(db, 6);
    const a = (i: number) => assets[i] as number;
    galleryId = await createGallery(db, { title: "Priya & Karthik" });
    otherGalleryId = await createGallery(db, { title: "Someone else" });
    sets = { reception: await addGallerySet(db, galleryId, "Reception"), muhurtham: 0 };
    sets.muhurtham = await addGallerySet(db, galleryId, "Muhurtham");
    const otherSet = await addGallerySet(db, otherGalleryId, "Nalangu");
    const collectionId = await seedCollection(db, { slug: "weddings", name: "Weddings", position: 0 });
    const shoot = await createShoot(db, { title: "Portfolio", location: "", description: "", collectionId });
    photos = {
      // IMG_2 before IMG_1 in the set's own order: the picker lists by file name.
      reception: await appendPhotos(db, sets.reception, [a(1), a(0)]),
      muhurtham: await appendPhotos(db, sets.muhurtham, [a(2), a(3)]),
      other: await appendPhotos(db, otherSet, [a(4)]),
      portfolio: await appendPhotos(db, shoot, [a(5)]),
    };
  });
  afterAll(() => store.cleanup());

  const first = (ids: number[]) => ids[0] as number;

  it("is one of the gallery's own photos, shown with its image and alt text; null clears it", async () => {
    const db = store.db;
    expect(await galleryCover(db, { id: galleryId, title: "Priya & Karthik" }, studioCoverAlt)).toBeNull();
    expect(await setGalleryCover(db, galleryId, first(photos.muhurtham))).toEqual({ ok: true });
    expect((await readGallery(db, galleryId))?.coverPhotoId).toBe(first(photos.muhurtham));
    expect(await galleryCover(db, { id: galleryId, title: "Priya & Karthik" }, studioCoverAlt)).toMatchObject({
      photoId: first(photos.muhurtham),
      fileName: "IMG_3.jpg",
      setTitle: "Muhurtham",
      image: { alt: "Cover photo of Priya & Karthik", width: 3, height: 2 },
    });
    const covers = await galleryCovers(
      db,
      [
        { id: galleryId, title: "Priya & Karthik" },
        { id: otherGalleryId, title: "Someone else" },
      ],
      studioCoverAlt,
    );
    expect([...covers.keys()]).toEqual([galleryId]);

    expect(await setGalleryCover(db, galleryId, null)).toEqual({ ok: true });
    expect((await readGallery(db, galleryId))?.coverPhotoId).toBeNull();
  });

  it("is described in the reader's language: the studio's alt text in it, else the reader's words (issue 33)", async () => {
    const db = store.db;
    const gallery = { id: galleryId, title: "Priya & Karthik" };
    const cover = first(photos.reception);
    await setGalleryCover(db, galleryId, cover);
    const words =
      (language: "en" | "ta"): CoverAlt<typeof gallery> =>
      (g, label) =>
        coverAltIn(language, label, `${language}: cover of ${g.title}`);
    const altIn = async (language: "en" | "ta") => (await galleryCover(db, gallery, words(language)))?.image.alt;
    // No alt text of the studio's: the reader's own words for the gallery.
    expect([await altIn("en"), await altIn("ta")]).toEqual([
      "en: cover of Priya & Karthik",
      "ta: cover of Priya & Karthik",
    ]);
    // An English alt text only: both read it (a Tamil page falls back to the English, never to nothing).
    await setAltText(db, sets.reception, [cover], "Priya at the mandapam", "");
    expect([await altIn("en"), await altIn("ta")]).toEqual(["Priya at the mandapam", "Priya at the mandapam"]);
    await setAltText(db, sets.reception, [cover], "Priya at the mandapam", "மண்டபத்தில் பிரியா");
    expect([await altIn("en"), await altIn("ta")]).toEqual(["Priya at the mandapam", "மண்டபத்தில் பிரியா"]);
    // The admin's, in English: the alt text, else "Cover photo of …".
    expect((await galleryCover(db, gallery, studioCoverAlt))?.image.alt).toBe("Priya at the mandapam");
    await setAltText(db, sets.reception, [cover], "", "");
    await setGalleryCover(db, galleryId, null);
  });

  it("refuses another gallery's photo, a portfolio photo, an unknown one, and one in the trash", async () => {
    const db = store.db;
    await setGalleryCover(db, galleryId, first(photos.reception));
    const refused = { ok: false, error: COVER_NOT_IN_GALLERY };
    expect(await setGalleryCover(db, galleryId, first(photos.other))).toEqual(refused);
    expect(await setGalleryCover(db, galleryId, first(photos.portfolio))).toEqual(refused);
    expect(await setGalleryCover(db, galleryId, 999_999)).toEqual(refused);
    const trashed = photos.muhurtham[1] as number;
    await trashPhotos(db, sets.muhurtham, [trashed]);
    expect(await setGalleryCover(db, galleryId, trashed)).toEqual({ ok: false, error: COVER_IN_TRASH });
    // Nothing refused changed the cover.
    expect((await readGallery(db, galleryId))?.coverPhotoId).toBe(first(photos.reception));
    await restorePhotos(db, [trashed]);
  });

  it("is not shown while its photo or its set is in the trash, and comes back with it", async () => {
    const db = store.db;
    const gallery = { id: galleryId, title: "Priya & Karthik" };
    const cover = photos.muhurtham[1] as number;
    expect(await setGalleryCover(db, galleryId, cover)).toEqual({ ok: true });
    await trashPhotos(db, sets.muhurtham, [cover]);
    expect(await galleryCover(db, gallery, studioCoverAlt)).toBeNull();
    expect((await readGallery(db, galleryId))?.coverPhotoId).toBe(cover);
    await restorePhotos(db, [cover]);
    expect((await galleryCover(db, gallery, studioCoverAlt))?.photoId).toBe(cover);

    await trashShoot(db, sets.muhurtham);
    expect(await galleryCover(db, gallery, studioCoverAlt)).toBeNull();
    expect(await setGalleryCover(db, galleryId, first(photos.muhurtham))).toEqual({
      ok: false,
      error: COVER_IN_TRASH,
    });
    await db.updateTable("shoots").set({ deleted_at: null }).where("id", "=", sets.muhurtham).execute();
    expect((await galleryCover(db, gallery, studioCoverAlt))?.photoId).toBe(cover);
  });

  it("is chosen from this gallery's photos only, set by set and by file name, searchable", async () => {
    const db = store.db;
    const page = await findGalleryPhotoPage(db, galleryId);
    expect(page.items.map((i) => [i.group, i.fileName, i.photoId])).toEqual([
      ["Reception", "IMG_1.jpg", photos.reception[1]],
      ["Reception", "IMG_2.jpg", photos.reception[0]],
      ["Muhurtham", "IMG_3.jpg", photos.muhurtham[0]],
      ["Muhurtham", "IMG_4.jpg", photos.muhurtham[1]],
    ]);
    expect(page).toMatchObject({ total: 4, nextOffset: null, offset: 0, q: "" });
    expect((await findGalleryPhotoPage(db, galleryId, { q: " img_4 " })).items.map((i) => i.fileName)).toEqual([
      "IMG_4.jpg",
    ]);
    expect((await findGalleryPhotoPage(db, galleryId, { q: "muhur" })).total).toBe(2);
    const paged = await findGalleryPhotoPage(db, galleryId, { limit: 3 });
    expect(paged).toMatchObject({ total: 4, nextOffset: 3 });
    expect((await findGalleryPhotoPage(db, galleryId, { offset: 3, limit: 3 })).items).toHaveLength(1);
    await trashPhotos(db, sets.reception, [first(photos.reception)]);
    expect((await findGalleryPhotoPage(db, galleryId)).items.map((i) => i.fileName)).not.toContain("IMG_2.jpg");
    await restorePhotos(db, [first(photos.reception)]);

    // The studio-wide picker still never offers a gallery's photos.
    const studio = await findImagePage(db);
    expect(studio.items.map((i) => i.fileName)).toEqual(["IMG_6.jpg"]);
  });
});
