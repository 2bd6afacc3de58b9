// The big-shoot fixture, at a dozen photos: distinct images, in file-name order, every variant
// on disk, and the same again from a copied template (the 3,000-photo runs are in `npm run bench`).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readShootPhotos } from "#domain/catalog/read-model.server.ts";
import { planVariants } from "#domain/media/pipeline.server.ts";
import { diskMediaStorage } from "#domain/media/storage.server.ts";
import { DATABASE_FILE_NAME, openDatabase } from "#platform/db/db.server.ts";
import { BIG_SHOOT_WIDTH_PX, bigShootDataDir, seedBigShoot } from "./big-shoot.ts";
import { createTestStore, makeTempDir, type TestStore } from "./test-store.ts";

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

describe("bigShootDataDir", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("copies one template into each data directory, whole", async () => {
    const [first, second] = [makeTempDir(), makeTempDir()] as [string, string];
    dirs.push(first, second);
    const made = await bigShootDataDir(first, { count: PHOTOS, title: "Template test" });
    const copied = await bigShootDataDir(second, { count: PHOTOS, title: "Template test" });
    expect(copied.made).toBe(false);
    expect(copied.photoIds).toEqual(made.photoIds);

    const db = openDatabase(path.join(second, DATABASE_FILE_NAME));
    try {
      const photos = await readShootPhotos(db, [copied.shootId]);
      expect(photos.map((p) => p.id)).toEqual(copied.photoIds);
      const storage = diskMediaStorage(second);
      const variants = await db.selectFrom("asset_variants").select("key").execute();
      expect(variants).toHaveLength(PHOTOS * planVariants(BIG_SHOOT_WIDTH_PX).length);
      for (const { key } of variants) expect(await storage.public.has(key)).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
