// A gallery's sets as the studio arranges them, on a real SQLite file: titles as typed, rename,
// reorder, trash.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { listShoots } from "../catalog/shoots.server.ts";
import { addGallerySet, createGallery, readGallerySets } from "./galleries.server.ts";
import {
  checkSetTitle,
  listGallerySets,
  moveGallerySet,
  placeGallerySet,
  renameGallerySet,
  SET_TITLE_MAX_LENGTH,
  trashGallerySet,
} from "./gallery-sets.server.ts";

/** A Tamil title one character past the limit: Tamil is held to the English title's limit, no less. */
const TOO_LONG_TA = "ம".repeat(SET_TITLE_MAX_LENGTH + 1);

describe("a set's title", () => {
  it("takes a set title that is not empty, and its Tamil version trimmed (empty: not translated)", () => {
    expect(checkSetTitle("  ", "")).toEqual({ ok: false, errors: { title: "Give the set a title, like Muhurtham." } });
    expect(checkSetTitle(" Nalangu ", "")).toEqual({ ok: true, title: "Nalangu", titleTa: null });
    expect(checkSetTitle(" Nalangu ", "  ")).toEqual({ ok: true, title: "Nalangu", titleTa: null });
    expect(checkSetTitle("Nalangu", " நலங்கு ")).toEqual({ ok: true, title: "Nalangu", titleTa: "நலங்கு" });
    expect(checkSetTitle("Nalangu", "ம".repeat(SET_TITLE_MAX_LENGTH))).toMatchObject({ ok: true });
  });

  it("refuses a Tamil title past the English title's limit, beside its own field, with its own words", () => {
    expect(checkSetTitle("Nalangu", TOO_LONG_TA)).toEqual({
      ok: false,
      errors: { titleTa: `The Tamil title: at most ${SET_TITLE_MAX_LENGTH} characters.` },
    });
    // Both fields wrong: each has its message.
    expect(checkSetTitle("", TOO_LONG_TA)).toMatchObject({
      ok: false,
      errors: { title: expect.any(String), titleTa: expect.any(String) },
    });
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
    expect(await renameGallerySet(store.db, id, two, { title: "Muhurtham", titleTa: null })).toBe(true);
    expect(await renameGallerySet(store.db, other, two, { title: "Not yours", titleTa: null })).toBe(false);
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

  it("saves a set's Tamil title when added and renamed, clears it when emptied, and reads it beside the English", async () => {
    const id = await createGallery(store.db, { title: "Tamil sets" });
    const other = await createGallery(store.db, { title: "Someone else's" });
    const nalangu = await addGallerySet(store.db, id, "Nalangu", "நலங்கு");
    const reception = await addGallerySet(store.db, id, "Reception");
    const titles = async () => (await listGallerySets(store.db, id)).map((s) => [s.title, s.titleTa]);
    expect(await titles()).toEqual([
      ["Nalangu", "நலங்கு"],
      ["Reception", null],
    ]);
    expect(await readGallerySets(store.db, id)).toMatchObject([
      { id: nalangu, title: "Nalangu", titleTa: "நலங்கு" },
      { id: reception, title: "Reception", titleTa: null },
    ]);

    const renamed = checkSetTitle("Reception, evening", " வரவேற்பு ");
    if (!renamed.ok) throw new Error("refused");
    expect(await renameGallerySet(store.db, id, reception, renamed)).toBe(true);
    // Another gallery's form cannot write this gallery's set, in either language.
    expect(await renameGallerySet(store.db, other, nalangu, { title: "Not yours", titleTa: "இல்லை" })).toBe(false);
    // An emptied Tamil field clears the Tamil title: the Tamil page shows the English again.
    const cleared = checkSetTitle("Nalangu", "");
    if (!cleared.ok) throw new Error("refused");
    expect(await renameGallerySet(store.db, id, nalangu, cleared)).toBe(true);
    expect(await titles()).toEqual([
      ["Nalangu", null],
      ["Reception, evening", "வரவேற்பு"],
    ]);
  });
});
