import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAsset, seedCollection } from "#fixtures/seed.ts";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import { addBannerSlide, listBannerSlides, moveBannerSlide, removeBannerSlide } from "./banners.server.ts";
import { NO_SCRIPT_IMAGE_CHOICES } from "./image-choice.ts";
import { listImageChoices } from "./image-picker.server.ts";
import { OTHER_IMAGES_GROUP } from "./image-picker.ts";
import { createShoot } from "./shoots.server.ts";

describe("admin banner slides", () => {
  let store: TestStore;
  const assets: number[] = [];
  beforeAll(async () => {
    store = await createTestStore();
    for (const [i, [w, h]] of [
      [1600, 900],
      [900, 1600],
    ].entries()) {
      assets.push(
        await seedAsset(store.db, { original_name: `image-${i}.jpg`, width: w as number, height: h as number }),
      );
    }
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("offers every image, marking portrait ones, grouped by shoot with the rest last", async () => {
    expect((await listImageChoices(store.db)).map((c) => [c.group, c.label])).toEqual([
      [OTHER_IMAGES_GROUP, "image-0.jpg (1600 × 900)"],
      [OTHER_IMAGES_GROUP, "image-1.jpg (900 × 1600, portrait)"],
    ]);
    const collectionId = await seedCollection(store.db, { slug: "outdoor", name: "Outdoor", position: 1 });
    const shoot = await createShoot(store.db, {
      title: "Kodaikanal lake",
      location: "",
      description: "",
      collectionId,
    });
    await store.db
      .insertInto("photos")
      .values({ shoot_id: shoot, asset_id: assets[1] as number, position: 0, alt: "" })
      .execute();
    expect((await listImageChoices(store.db)).map((c) => [c.group, c.label])).toEqual([
      ["Kodaikanal lake", "image-1.jpg (900 × 1600, portrait)"],
      [OTHER_IMAGES_GROUP, "image-0.jpg (1600 × 900)"],
    ]);
    await store.db.deleteFrom("photos").execute();
  });

  it("offers the newest images and those chosen now, not tens of thousands, before the picker loads", async () => {
    const extra = await insertAssets(store.db, NO_SCRIPT_IMAGE_CHOICES, 1000);
    try {
      const offered = (await listImageChoices(store.db)).map((c) => c.assetId);
      expect(offered).toHaveLength(NO_SCRIPT_IMAGE_CHOICES);
      expect(offered).not.toContain(assets[0]);
      const withChosen = (await listImageChoices(store.db, [assets[0] as number, null])).map((c) => c.assetId);
      expect(withChosen).toHaveLength(NO_SCRIPT_IMAGE_CHOICES + 1);
      expect(withChosen).toContain(assets[0]);
    } finally {
      await store.db.deleteFrom("assets").where("id", "in", extra).execute();
    }
  });

  it("refuses a slide without images or description, field by field", async () => {
    expect(await addBannerSlide(store.db, { desktop: Number.NaN, mobile: 9999, alt: " " })).toEqual({
      desktop: "Choose the desktop image.",
      mobile: "Choose the mobile image.",
      alt: "Describe the slide for people who cannot see it.",
    });
    expect(await listBannerSlides(store.db)).toEqual([]);
  });

  it("adds slides at the end, reorders and removes them", async () => {
    const [desktop, mobile] = assets as [number, number];
    for (const alt of ["First", "Second", "Third"]) {
      expect(await addBannerSlide(store.db, { desktop, mobile, alt })).toBeNull();
    }
    const alts = async () => (await listBannerSlides(store.db)).map((s) => s.alt);
    expect(await alts()).toEqual(["First", "Second", "Third"]);
    const [first, , third] = await listBannerSlides(store.db);
    await moveBannerSlide(store.db, third?.id as number, -1);
    expect(await alts()).toEqual(["First", "Third", "Second"]);
    await removeBannerSlide(store.db, first?.id as number);
    expect(await alts()).toEqual(["Third", "Second"]);
    const positions = await store.db.selectFrom("banner_slides").select("position").orderBy("position").execute();
    expect(positions.map((p) => p.position)).toEqual([0, 1]);
  });

  it("adds and removes slides at once from several connections, leaving each at a place of its own", async () => {
    // On PostgreSQL, four transactions on four connections (two admins, or two tabs); on SQLite
    // they take turns anyway.
    const [desktop, mobile] = assets as [number, number];
    const [gone] = await listBannerSlides(store.db);
    await Promise.all([
      ...["Fourth", "Fifth", "Sixth"].map((alt) => addBannerSlide(store.db, { desktop, mobile, alt })),
      removeBannerSlide(store.db, gone?.id as number),
    ]);
    const positions = await store.db.selectFrom("banner_slides").select("position").orderBy("position").execute();
    expect(positions.map((p) => p.position)).toEqual([0, 1, 2, 3]);
  });
});
