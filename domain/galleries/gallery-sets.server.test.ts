// A gallery's sets as the studio arranges them, on a real SQLite file: titles as typed, rename,
// reorder, trash.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { listShoots } from "../catalog/shoots.server.ts";
import { addGallerySet, createGallery } from "./galleries.server.ts";
import {
  checkSetTitle,
  listGallerySets,
  moveGallerySet,
  placeGallerySet,
  renameGallerySet,
  trashGallerySet,
} from "./gallery-sets.server.ts";

describe("a set's title", () => {
  it("takes a set title that is not empty", () => {
    expect(checkSetTitle("  ")).toMatchObject({ ok: false });
    expect(checkSetTitle(" Nalangu ")).toEqual({ ok: true, title: "Nalangu" });
  });
});

describe("sets in the studio's database", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store.cleanup());

  it("renames, reorders and trashes sets; a trashed set is in the trash with its gallery's name", async () => {
    const id = await createGallery(store.db, { title: "Wedding sets" });
    const other = await createGallery(store.db, { title: "Other" });
    const one = await addGallerySet(store.db, id, "One");
    const two = await addGallerySet(store.db, id, "Two");
    const three = await addGallerySet(store.db, id, "Three");
    expect(await renameGallerySet(store.db, id, two, "Muhurtham")).toBe(true);
    expect(await renameGallerySet(store.db, other, two, "Not yours")).toBe(false);
    expect(await moveGallerySet(store.db, id, three, -1)).toBe(true);
    expect(await moveGallerySet(store.db, id, one, -1)).toBe(false);
    expect((await listGallerySets(store.db, id)).map((s) => s.title)).toEqual(["One", "Three", "Muhurtham"]);
    // A drag's drop: several places at once, only within its own gallery.
    expect(await placeGallerySet(store.db, id, two, 0)).toBe(true);
    expect((await listGallerySets(store.db, id)).map((s) => s.title)).toEqual(["Muhurtham", "One", "Three"]);
    expect(await placeGallerySet(store.db, other, two, 2)).toBe(false);
    expect(await placeGallerySet(store.db, id, two, 0)).toBe(false);
    expect(await placeGallerySet(store.db, id, two, 99)).toBe(true);
    expect((await listGallerySets(store.db, id)).map((s) => s.title)).toEqual(["One", "Three", "Muhurtham"]);

    expect(await trashGallerySet(store.db, other, one)).toBe(false);
    expect(await trashGallerySet(store.db, id, one)).toBe(true);
    expect((await listGallerySets(store.db, id)).map((s) => s.id)).toEqual([three, two]);
    // The portfolio's lists never show sets; the trash does, with their gallery (whose title the trash page reads).
    expect((await listShoots(store.db, { trashed: false })).map((s) => s.id)).not.toContain(two);
    expect((await listShoots(store.db, { trashed: true })).map((s) => s.id)).not.toContain(one);
    expect((await listShoots(store.db, { trashed: true, withSets: true })).find((s) => s.id === one)).toMatchObject({
      title: "One",
      galleryId: id,
      collection: "",
    });
  });
});
