import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAsset, seedCollection } from "#fixtures/seed.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { getCollectionPage, getRecentStories, getShootPage, searchShoots } from "./public-pages.server.ts";
import {
  createShoot,
  emptyTrash,
  getShootForEdit,
  listShoots,
  listStories,
  moveStory,
  parseShootForm,
  restoreShoot,
  setCover,
  setShootStatus,
  setStory,
  trashShoot,
} from "./shoots.server.ts";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

describe("admin shoots", () => {
  let store: TestStore;
  let collectionId: number;
  let assetId: number;
  beforeAll(async () => {
    store = await createTestStore();
    collectionId = await seedCollection(store.db, { slug: "outdoor", name: "Outdoor", position: 1 });
    assetId = await seedAsset(store.db, { original_name: "a.jpg", width: 10, height: 10 });
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("checks the form: a message per field, and what was typed is given back", async () => {
    const bad = await parseShootForm(store.db, form({ title: "  ", location: "Ooty", collectionId: "999" }));
    expect(bad).toEqual({
      ok: false,
      errors: { title: "Give the shoot a title." },
      values: {
        title: "  ",
        titleTa: "",
        location: "Ooty",
        locationTa: "",
        description: "",
        descriptionTa: "",
        collectionId: "999",
      },
    });
    const unknownCollection = await parseShootForm(store.db, form({ title: "Hills", collectionId: "999" }));
    expect(unknownCollection).toMatchObject({ ok: false, errors: { collectionId: "Choose a collection." } });
    const good = await parseShootForm(store.db, form({ title: " Hills ", collectionId: String(collectionId) }));
    expect(good).toEqual({
      ok: true,
      // The Tamil fields left empty are none: the Tamil pages show the English.
      value: {
        title: "Hills",
        titleTa: null,
        location: "",
        locationTa: null,
        description: "",
        descriptionTa: null,
        collectionId,
      },
    });
  });

  it("creates drafts with new public ids, hidden until published, and hidden again in the trash", async () => {
    const value = { title: "Tea gardens", location: "Ooty", description: "", collectionId };
    const id = await createShoot(store.db, value);
    const second = await createShoot(store.db, { ...value, title: "Second" });
    expect(second).toBe(id + 1);
    expect(await getShootPage(store.db, id)).toBeNull();

    await setShootStatus(store.db, id, "published");
    expect((await getShootPage(store.db, id))?.title).toBe("Tea gardens");
    expect((await searchShoots(store.db, "tea"))?.map((s) => s.id)).toEqual([id]);

    await setStory(store.db, id, true);
    expect((await getRecentStories(store.db)).map((s) => s.id)).toEqual([id]);

    await trashShoot(store.db, id);
    expect(await getShootPage(store.db, id)).toBeNull();
    expect(await searchShoots(store.db, "tea")).toEqual([]);
    expect(await getRecentStories(store.db)).toEqual([]);
    expect((await getCollectionPage(store.db, "outdoor"))?.shoots).toEqual([]);
    expect((await listShoots(store.db, { trashed: true })).map((s) => s.id)).toEqual([id]);
    expect((await listShoots(store.db, { trashed: false })).map((s) => s.id)).toEqual([second]);

    expect(await restoreShoot(store.db, id)).toBe(true);
    expect(await restoreShoot(store.db, id)).toBe(false);
    expect((await getShootPage(store.db, id))?.title).toBe("Tea gardens");

    await trashShoot(store.db, second);
    expect(await emptyTrash(store.db)).toBe(1);
    expect(await getShootForEdit(store.db, second)).toBeNull();
    expect(await restoreShoot(store.db, second)).toBe(false);
    expect(await getShootForEdit(store.db, id)).not.toBeNull();
  });

  it("orders stories and moves them one place at a time", async () => {
    const ids = [];
    for (const title of ["A", "B", "C"]) {
      const id = await createShoot(store.db, { title, location: "", description: "", collectionId });
      await setStory(store.db, id, true);
      ids.push(id);
    }
    const order = async () => (await listStories(store.db)).map((s) => s.title).filter((t) => t.length === 1);
    expect(await order()).toEqual(["A", "B", "C"]);
    await moveStory(store.db, ids[2] as number, -1);
    expect(await order()).toEqual(["A", "C", "B"]);
    await moveStory(store.db, ids[0] as number, -1);
    expect(await order()).toEqual(["A", "C", "B"]);
    await setStory(store.db, ids[0] as number, false);
    expect(await order()).toEqual(["C", "B"]);
  });

  it("takes a cover only from the shoot's own photos", async () => {
    const id = await createShoot(store.db, { title: "Cover", location: "", description: "", collectionId });
    expect(await setCover(store.db, id, assetId)).toBe(false);
    await store.db.insertInto("photos").values({ shoot_id: id, asset_id: assetId, position: 0 }).execute();
    expect(await setCover(store.db, id, assetId)).toBe(true);
    expect((await getShootForEdit(store.db, id))?.coverAssetId).toBe(assetId);
  });
});
