// The one rule of who sees what (ADR 039), read through the catalog's own readers: the public
// never loads a client's photo, a gallery's link sees its own sets only, and an image the studio
// placed publicly (a banner) stays public when the same bytes are also delivered in a gallery.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAsset, seedCollection } from "#fixtures/seed.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { addGallerySet, createGallery } from "../galleries/galleries.server.ts";
import { galleryAudience, PUBLIC, STUDIO } from "./audience.server.ts";
import { loadStoredImages } from "./images.server.ts";
import { appendPhotos, trashPhotos } from "./photos.server.ts";
import { readShootPhotos, readShoots } from "./read-model.server.ts";
import { createShoot, setShootStatus } from "./shoots.server.ts";

describe("audiences", () => {
  let store: TestStore;
  let portfolio: number;
  let draft: number;
  let set: number;
  let otherSet: number;
  let galleryId: number;
  const asset = { shown: 0, privateOnly: 0, banner: 0, other: 0, trashed: 0 };

  beforeAll(async () => {
    store = await createTestStore();
    const { db } = store;
    const collectionId = await seedCollection(db, { slug: "weddings" });
    portfolio = await createShoot(db, { title: "Shown", location: "", description: "", collectionId });
    await setShootStatus(db, portfolio, "published");
    draft = await createShoot(db, { title: "Draft", location: "", description: "", collectionId });
    galleryId = await createGallery(db, { title: "Priya & Karthik" });
    set = await addGallerySet(db, galleryId, "Muhurtham");
    otherSet = await addGallerySet(db, await createGallery(db, { title: "Another couple" }), "Reception");
    for (const name of Object.keys(asset) as (keyof typeof asset)[]) asset[name] = await seedAsset(db);
    await appendPhotos(db, portfolio, [asset.shown]);
    await appendPhotos(db, set, [asset.privateOnly, asset.banner, asset.trashed]);
    await appendPhotos(db, otherSet, [asset.other]);
    const [trashedPhoto] = (await readShootPhotos(db, STUDIO, [set], { images: false })).filter(
      (p) => p.assetId === asset.trashed,
    );
    await trashPhotos(db, set, [trashedPhoto?.id ?? 0]);
    // The studio used the couple's photo as a banner too: the same bytes, one asset.
    await db
      .insertInto("banner_slides")
      .values({ position: 0, desktop_asset_id: asset.banner, mobile_asset_id: asset.banner, alt: "" })
      .execute();
  });
  afterAll(() => store.cleanup());

  const loaded = async (audience: Parameters<typeof loadStoredImages>[1]) =>
    [...(await loadStoredImages(store.db, audience, Object.values(asset))).keys()].sort((a, b) => a - b);

  it("gives the public no client's photo, but a banner stays a banner", async () => {
    expect(await loaded(PUBLIC)).toEqual([asset.shown, asset.banner].sort((a, b) => a - b));
    expect((await readShoots(store.db, PUBLIC, { kind: "any" })).map((s) => s.id)).toEqual([portfolio]);
    expect(await readShootPhotos(store.db, PUBLIC, [set, otherSet, draft])).toEqual([]);
  });

  it("gives a gallery's link its own live photos, never another gallery's or the portfolio's", async () => {
    const audience = galleryAudience(galleryId);
    expect(await loaded(audience)).toEqual([asset.privateOnly, asset.banner].sort((a, b) => a - b));
    expect((await readShoots(store.db, audience, { kind: "portfolio" })).map((s) => s.id)).toEqual([set]);
    const photos = await readShootPhotos(store.db, audience, [set, otherSet, portfolio], { images: false });
    expect(photos.map((p) => p.assetId)).toEqual([asset.privateOnly, asset.banner]);
  });

  it("gives the studio everything it asks for", async () => {
    expect(await loaded(STUDIO)).toEqual(Object.values(asset).sort((a, b) => a - b));
  });
});
