// The review of picks stays light for a wedding's long lists: each group shows a page of
// PICKS_PER_PAGE photos (its own page from the address, kept within the group's pages), with
// thumbnails and hearts read for that page only. On a real database (PostgreSQL in its run).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import { type Pick, showPicks } from "./picks.server.ts";
import { PICKS_PER_PAGE } from "./picks.ts";

describe("the pages of a long list's picks", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store.cleanup());

  it("shows each group's page of photos, as the address asks, within its pages", async () => {
    const galleryId = await createGallery(store.db, { title: "A long list" });
    const set = await addGallerySet(store.db, galleryId, "Reception");
    const total = 2 * PICKS_PER_PAGE + 10;
    const assets = await insertAssets(store.db, total, 500);
    const photos = await store.db
      .insertInto("photos")
      .values(assets.map((asset_id, i) => ({ shoot_id: set, asset_id, position: i * 1024 })))
      .returning(["id", "asset_id"])
      .execute();
    const picks: Pick[] = photos.map((p, i) => ({
      photoId: p.id,
      assetId: p.asset_id,
      fileName: `IMG_${500 + i}.jpg`,
      setTitle: "Reception",
      notes: [],
    }));
    const show = (query: string) =>
      showPicks(
        store.db,
        galleryId,
        [
          { key: "both", picks },
          { key: "onlyA", picks: picks.slice(0, 3) },
        ],
        new URLSearchParams(query),
      );

    const [first, short] = await show("");
    expect(first).toMatchObject({ key: "both", total, page: 1, pages: 3 });
    expect(first?.photos.map((p) => p.fileName)).toEqual(picks.slice(0, PICKS_PER_PAGE).map((p) => p.fileName));
    expect(short).toMatchObject({ key: "onlyA", total: 3, page: 1, pages: 1 });
    // Nobody hearted them and their images have no files: shown all the same, without either.
    expect(first?.photos[0]).toMatchObject({ hearts: 0, thumbnail: null });

    // Each group its own page; a page past the last shows the last, anything else the first.
    const [last, stillShort] = await show("bothPage=3&onlyAPage=2");
    expect(last).toMatchObject({ page: 3 });
    expect(last?.photos.map((p) => p.photoId)).toEqual(picks.slice(2 * PICKS_PER_PAGE).map((p) => p.photoId));
    expect(stillShort).toMatchObject({ page: 1, pages: 1 });
    expect((await show("bothPage=99"))[0]).toMatchObject({ page: 3 });
    expect((await show("bothPage=two"))[0]).toMatchObject({ page: 1 });
    expect((await show("bothPage=-4"))[0]).toMatchObject({ page: 1 });
  });
});
