// The big-shoot fixture, at a dozen photos: distinct images, in file-name order, every variant
// on disk (the 3,000-photo runs are in `npm run bench` and the browser test).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readShootPhotos } from "#domain/catalog/read-model.server.ts";
import { planVariants } from "#domain/media/pipeline.server.ts";
import { BIG_SHOOT_WIDTH_PX, seedBigShoot } from "./big-shoot.ts";
import { createTestStore, type TestStore } from "./test-store.ts";

const PHOTOS = 12;

describe("seedBigShoot", () => {
  let store: TestStore;
  let shootId: number;
  let photoIds: number[];

  beforeAll(async () => {
    store = await createTestStore();
    ({ shootId, photoIds } = await seedBigShoot(store, { count: PHOTOS, title: "Wedding" }));
  });
  afterAll(() => store.cleanup());

  it("makes a shoot of distinct images", async () => {
    expect(photoIds).toHaveLength(PHOTOS);
    const assets = await store.db.selectFrom("assets").select(["sha256", "width"]).execute();
    expect(new Set(assets.map((a) => a.sha256)).size).toBe(PHOTOS);
    expect(assets.every((a) => a.width === BIG_SHOOT_WIDTH_PX)).toBe(true);
  });

  it("keeps the photos in file-name order", async () => {
    const photos = await readShootPhotos(store.db, [shootId]);
    expect(photos.map((p) => p.id)).toEqual(photoIds);
    expect(photos.map((p) => p.fileName)).toEqual(
      Array.from({ length: PHOTOS }, (_, i) => `DSC_${String(i + 1).padStart(4, "0")}.jpg`),
    );
    expect(photos.every((p) => p.image !== null)).toBe(true);
  });

  it("writes every variant's file", async () => {
    const variants = await store.db.selectFrom("asset_variants").select("key").execute();
    expect(variants).toHaveLength(PHOTOS * planVariants(BIG_SHOOT_WIDTH_PX).length);
    for (const { key } of variants) expect(await store.storage.public.has(key)).toBe(true);
  });
});
