// The clients' selection lists as the studio reads them, on a real SQLite file: each list with
// its visitor and photos in the gallery's order, reopening a submitted one, and its exports.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import { addGallerySet, createGallery } from "./galleries.server.ts";
import { moveGallerySet } from "./gallery-sets.server.ts";
import { exportFileName, selectionCsv, selectionFileNames } from "./selection-export.server.ts";
import { readSelectionLists, reopenSelectionList } from "./selection-review.server.ts";
import { onListSubmitted, readLists } from "./selections.server.ts";

describe("selection lists in the studio's database", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store.cleanup());

  it("reads each selection list with its visitor, count, comments in the gallery's order; reopens a submitted one", async () => {
    const id = await createGallery(store.db, { title: "Selections", selectionLimit: 300 });
    const reception = await addGallerySet(store.db, id, "Reception");
    const muhurtham = await addGallerySet(store.db, id, "Muhurtham");
    await moveGallerySet(store.db, id, muhurtham, -1);
    const assets = await insertAssets(store.db, 3, 200);
    const photos = await store.db
      .insertInto("photos")
      .values([
        { shoot_id: reception, asset_id: assets[0] ?? 0, position: 0 },
        { shoot_id: muhurtham, asset_id: assets[1] ?? 0, position: 1024 },
        { shoot_id: muhurtham, asset_id: assets[2] ?? 0, position: 0 },
      ])
      .returning("id")
      .execute();
    const [p0, p1, p2] = photos.map((p) => p.id) as [number, number, number];
    const { id: visitor } = await store.db
      .insertInto("gallery_visitors")
      .values({ gallery_id: id, name: "Amma", name_key: "amma", pin_hash: "x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const lists = await store.db
      .insertInto("selection_lists")
      .values([
        { gallery_id: id, visitor_id: visitor, name: "Album", submitted_at: "2026-02-20T10:00:00.000Z" },
        { gallery_id: id, visitor_id: visitor, name: "Prints" },
      ])
      .returning("id")
      .execute();
    const [album, prints] = lists.map((l) => l.id) as [number, number];
    await store.db
      .insertInto("selection_items")
      .values([
        { list_id: album, photo_id: p0, comment: '=HYPERLINK("x"), "big" one' },
        { list_id: album, photo_id: p1, comment: "" },
        { list_id: album, photo_id: p2, comment: "Crop, please" },
      ])
      .execute();

    const [first, second] = await readSelectionLists(store.db, id);
    expect(first).toMatchObject({
      id: album,
      name: "Album",
      visitorName: "Amma",
      submittedAt: "2026-02-20T10:00:00.000Z",
    });
    expect(second).toMatchObject({ id: prints, submittedAt: null, items: [] });
    // Muhurtham comes first (moved up), its photos in their order; then Reception.
    expect(first?.items).toEqual([
      { photoId: p2, fileName: "IMG_202.jpg", setTitle: "Muhurtham", comment: "Crop, please" },
      { photoId: p1, fileName: "IMG_201.jpg", setTitle: "Muhurtham", comment: "" },
      { photoId: p0, fileName: "IMG_200.jpg", setTitle: "Reception", comment: '=HYPERLINK("x"), "big" one' },
    ]);
    if (!first) return;
    expect(selectionCsv(first)).toBe(
      '\uFEFF"file name","set","comment"\r\n' +
        '"IMG_202.jpg","Muhurtham","Crop, please"\r\n' +
        '"IMG_201.jpg","Muhurtham",""\r\n' +
        '"IMG_200.jpg","Reception","\'=HYPERLINK(""x""), ""big"" one"\r\n',
    );
    expect(selectionFileNames(first)).toBe("IMG_202, IMG_201, IMG_200\n");
    expect(exportFileName("Priya & Karthik", { name: "Parents' album", visitorName: "Meena" }, "csv")).toBe(
      "priya-karthik-meena-parents-album.csv",
    );
    // Two people's lists of the same name are two files.
    expect(exportFileName("Priya & Karthik", { name: "Album", visitorName: "Priya" }, "txt")).not.toBe(
      exportFileName("Priya & Karthik", { name: "Album", visitorName: "Karthik" }, "txt"),
    );

    expect(await reopenSelectionList(store.db, id, prints)).toBe(false);
    expect(await reopenSelectionList(store.db, id + 1000, album)).toBe(false);
    expect(await reopenSelectionList(store.db, id, album)).toBe(true);
    expect((await readSelectionLists(store.db, id, album))[0]?.submittedAt).toBeNull();
    // The client's page is told it was reopened, until they send it again.
    const client = { id: visitor, galleryId: id, name: "Amma" };
    expect((await readLists(store.db, visitor)).find((l) => l.id === album)?.reopenedAt).toMatch(/^\d{4}-/);
    expect(await onListSubmitted(store.db, client, album)).toEqual({ ok: true });
    expect((await readLists(store.db, visitor)).find((l) => l.id === album)).toMatchObject({ reopenedAt: null });
  });
});
