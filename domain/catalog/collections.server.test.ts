import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAsset, seedCollection } from "#fixtures/seed.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import {
  listCollectionsWithCovers,
  moveCollection,
  renameCollection,
  setCollectionCover,
} from "./collections.server.ts";
import { getCollectionCards } from "./public-pages.server.ts";
import { createShoot } from "./shoots.server.ts";

describe("admin collections", () => {
  let store: TestStore;
  const ids: number[] = [];
  let assetId: number;
  beforeAll(async () => {
    store = await createTestStore();
    for (const [position, slug] of ["wedding", "outdoor", "motherhood"].entries()) {
      ids.push(await seedCollection(store.db, { slug, position }));
    }
    assetId = await seedAsset(store.db, { original_name: "b.jpg", width: 10, height: 10 });
    const shootId = await createShoot(store.db, {
      title: "Coast",
      location: "",
      description: "",
      collectionId: ids[1] as number,
    });
    await store.db.insertInto("photos").values({ shoot_id: shootId, asset_id: assetId, position: 0 }).execute();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("renames (refusing an empty name) and keeps the slug", async () => {
    expect(await renameCollection(store.db, ids[0] as number, "  ")).toBe("Give the collection a name.");
    expect(await renameCollection(store.db, ids[0] as number, " Weddings ")).toBeNull();
    const cards = await getCollectionCards(store.db);
    expect(cards[0]).toMatchObject({ slug: "wedding", name: "Weddings" });
  });

  it("reorders one place at a time, as the public site shows them", async () => {
    await moveCollection(store.db, ids[2] as number, -1);
    expect((await getCollectionCards(store.db)).map((c) => c.slug)).toEqual(["wedding", "motherhood", "outdoor"]);
    await moveCollection(store.db, ids[0] as number, -1);
    expect((await getCollectionCards(store.db)).map((c) => c.slug)).toEqual(["wedding", "motherhood", "outdoor"]);
  });

  it("takes a cover only from the collection's own photos", async () => {
    expect(await setCollectionCover(store.db, ids[0] as number, assetId)).toBe(false);
    expect(await setCollectionCover(store.db, ids[1] as number, assetId)).toBe(true);
    const listed = await listCollectionsWithCovers(store.db);
    const outdoor = listed.find((c) => c.slug === "outdoor");
    expect(outdoor).toMatchObject({ coverAssetId: assetId, candidates: [{ assetId, label: "Coast: b.jpg" }] });
  });
});
