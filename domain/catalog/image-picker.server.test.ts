import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAsset } from "#fixtures/seed.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { createShoot } from "../catalog/shoots.server.ts";
import { addGallerySet, createGallery } from "../galleries/galleries.server.ts";
import { findImagePage, IMAGE_PAGE_SIZE, listImageChoices } from "./image-picker.server.ts";

describe("the image picker's pages", () => {
  let store: TestStore;
  let weddingsId: number;
  let outdoorId: number;
  const assetIds = new Map<string, number>();

  async function addAsset(name: string): Promise<number> {
    const id = await seedAsset(store.db, {
      original_name: name,
      width: 30,
      height: 20,
      placeholder: "data:image/webp;base64,AA",
      variants: [{ format: "webp", width: 320, height: 213, key: `${name}-${assetIds.size}-320.webp`, bytes: 1 }],
    });
    assetIds.set(name, id);
    return id;
  }

  async function addShoot(title: string, collectionId: number, files: string[]): Promise<number> {
    const shootId = await createShoot(store.db, { title, location: "", description: "", collectionId });
    for (const [position, file] of files.entries()) {
      const assetId = await addAsset(file);
      await store.db.insertInto("photos").values({ shoot_id: shootId, asset_id: assetId, position }).execute();
    }
    return shootId;
  }

  const names = (page: { items: { fileName: string }[] }) => page.items.map((i) => i.fileName);

  beforeAll(async () => {
    store = await createTestStore();
    const collection = async (slug: string, position: number) =>
      (
        await store.db
          .insertInto("collections")
          .values({ slug, name: slug, position })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    weddingsId = await collection("wedding", 0);
    outdoorId = await collection("outdoor", 1);
    await addShoot("Meera & Arjun", weddingsId, ["vows-2.jpg", "vows-1.jpg", "rings.jpg"]);
    await addShoot("Coast", outdoorId, ["sea.jpg"]);
    const trashed = await addShoot("Old shoot", outdoorId, ["forgotten.jpg"]);
    await store.db
      .updateTable("shoots")
      .set({ deleted_at: new Date().toISOString() })
      .where("id", "=", trashed)
      .execute();
    await addAsset("logo.png");
    await addAsset("banner_50%.jpg");
    // A client gallery's set: its own photo is private; a photo it shares with a portfolio shoot
    // is listed under that shoot. Every count above and below holds only if the picker leaves
    // the private one out.
    const galleryId = await createGallery(store.db, { title: "Private wedding" });
    const setId = await addGallerySet(store.db, galleryId, "Meera & Arjun private");
    await store.db
      .insertInto("photos")
      .values([
        { shoot_id: setId, asset_id: await addAsset("private.jpg"), position: 0 },
        { shoot_id: setId, asset_id: assetIds.get("rings.jpg") ?? 0, position: 1024 },
      ])
      .execute();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("lists shoots by title, then file name, with images in no live shoot last under Other images", async () => {
    const page = await findImagePage(store.db);
    expect(page.items.map((i) => [i.group, i.fileName])).toEqual([
      ["Coast", "sea.jpg"],
      ["Meera & Arjun", "rings.jpg"],
      ["Meera & Arjun", "vows-1.jpg"],
      ["Meera & Arjun", "vows-2.jpg"],
      ["Other images", "banner_50%.jpg"],
      ["Other images", "forgotten.jpg"],
      ["Other images", "logo.png"],
    ]);
    expect(page).toMatchObject({ q: "", offset: 0, total: 7, nextOffset: null });
    // Each comes with its own small variants and size, for a thumbnail without layout shift.
    const sea = page.items[0];
    expect(sea).toMatchObject({ assetId: assetIds.get("sea.jpg"), image: { width: 30, height: 20, alt: "" } });
    expect(sea?.image.sources[0]?.srcSet).toMatch(/-320\.webp 320w$/);
  });

  it("pages through the list, saying where the next page starts", async () => {
    const first = await findImagePage(store.db, { limit: 3 });
    expect(names(first)).toEqual(["sea.jpg", "rings.jpg", "vows-1.jpg"]);
    expect(first).toMatchObject({ total: 7, nextOffset: 3 });
    const second = await findImagePage(store.db, { limit: 3, offset: 3 });
    expect(names(second)).toEqual(["vows-2.jpg", "banner_50%.jpg", "forgotten.jpg"]);
    expect(second.nextOffset).toBe(6);
    const last = await findImagePage(store.db, { limit: 3, offset: 6 });
    expect(names(last)).toEqual(["logo.png"]);
    expect(last.nextOffset).toBeNull();
    expect(IMAGE_PAGE_SIZE).toBeGreaterThan(3);
  });

  it("searches shoot titles and file names, any case, every word", async () => {
    expect(names(await findImagePage(store.db, { q: "coast" }))).toEqual(["sea.jpg"]);
    expect(names(await findImagePage(store.db, { q: "LOGO" }))).toEqual(["logo.png"]);
    expect(names(await findImagePage(store.db, { q: "  meera   vows " }))).toEqual(["vows-1.jpg", "vows-2.jpg"]);
    const none = await findImagePage(store.db, { q: "meera sea" });
    expect(none).toMatchObject({ total: 0, nextOffset: null, items: [] });
  });

  it("takes the search's wildcards literally", async () => {
    expect(names(await findImagePage(store.db, { q: "50%" }))).toEqual(["banner_50%.jpg"]);
    expect(names(await findImagePage(store.db, { q: "_" }))).toEqual(["banner_50%.jpg"]);
  });

  it("keeps to one collection's live photos when asked (a collection's cover)", async () => {
    expect(names(await findImagePage(store.db, { collectionId: outdoorId }))).toEqual(["sea.jpg"]);
    const weddings = await findImagePage(store.db, { collectionId: weddingsId, q: "vows" });
    expect(weddings).toMatchObject({ total: 2, nextOffset: null });
    expect(weddings.items.every((i) => i.group === "Meera & Arjun")).toBe(true);
  });

  it("never offers a photo only a client gallery holds, neither in pages, searches nor the select", async () => {
    const privateId = assetIds.get("private.jpg");
    expect((await findImagePage(store.db, { q: "private" })).items).toEqual([]);
    const all = await findImagePage(store.db, { limit: 100 });
    expect(all.items.map((i) => i.assetId)).not.toContain(privateId);
    expect(all.items.find((i) => i.fileName === "rings.jpg")?.group).toBe("Meera & Arjun");
    const choices = await listImageChoices(store.db);
    expect(choices.map((c) => c.assetId)).not.toContain(privateId);
    expect(choices.find((c) => c.fileName === "rings.jpg")?.group).toBe("Meera & Arjun");
  });
});
