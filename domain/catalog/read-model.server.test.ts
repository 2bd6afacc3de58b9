import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { RESOURCES } from "../content-api/content.server.ts";
import { PUBLIC, STUDIO } from "./audience.server.ts";
import { listBannerSlides } from "./banners.server.ts";
import { getBannerSlides, getShootPage } from "./public-pages.server.ts";
import { readShoots } from "./read-model.server.ts";
import { getShootForEdit } from "./shoots.server.ts";

const ORIGIN = "http://studio.test";
const api = (path: string) => new URL(`${ORIGIN}/api/${path}`);

describe("the catalog's read model", () => {
  let store: TestStore;
  const assets: number[] = [];
  beforeAll(async () => {
    store = await createTestStore();
    for (const i of [0, 1, 2, 3, 4, 5]) {
      const { id } = await store.db
        .insertInto("assets")
        .values({
          sha256: String(i).repeat(64),
          original_key: `0${i}/x.jpeg`,
          original_name: `image-${i}.jpg`,
          original_bytes: 1,
          mime: "image/jpeg",
          width: 4,
          height: 3,
          placeholder: "",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await store.db
        .insertInto("asset_variants")
        .values({ asset_id: id, format: "jpeg", width: 4, height: 3, key: `0${i}/x-4.jpg`, bytes: 1 })
        .execute();
      assets.push(id);
    }
    const { id: collectionId } = await store.db
      .insertInto("collections")
      .values({ slug: "wedding", name: "Wedding", position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await store.db
      .insertInto("shoots")
      .values([
        { id: 1, collection_id: collectionId, title: "Published", status: "published" },
        { id: 2, collection_id: collectionId, title: "Draft", status: "draft" },
        {
          id: 3,
          collection_id: collectionId,
          title: "Trashed",
          status: "published",
          deleted_at: "2026-01-01T00:00:00.000Z",
        },
      ])
      .execute();
  });
  afterAll(() => store.cleanup());

  it("scopes shoots: public is published and not in the trash; live is not in the trash", async () => {
    const ids = async (scope: "public" | "live" | "trashed" | "any") =>
      (await (scope === "public" ? readShoots(store.db, PUBLIC, {}) : readShoots(store.db, STUDIO, { scope }))).map(
        (s) => s.id,
      );
    expect(await ids("public")).toEqual([1]);
    expect(await ids("live")).toEqual([1, 2]);
    expect(await ids("trashed")).toEqual([3]);
    expect(await ids("any")).toEqual([1, 2, 3]);
  });

  it("gives the slides in one order, by position then id, to the home page, the admin and the API", async () => {
    const [a, b, c, d, e, f] = assets as [number, number, number, number, number, number];
    // Positions tie (as after an interrupted renumbering): position decides, then id.
    const slides = await store.db
      .insertInto("banner_slides")
      .values([
        { position: 1, desktop_asset_id: a, mobile_asset_id: b, alt: "third" },
        { position: 0, desktop_asset_id: c, mobile_asset_id: d, alt: "first" },
        { position: 0, desktop_asset_id: e, mobile_asset_id: f, alt: "second" },
      ])
      .returning("id")
      .execute();
    const [third, first, second] = slides.map((s) => s.id);
    const expected = [first, second, third];
    expect((await getBannerSlides(store.db)).map((s) => s.id)).toEqual(expected);
    expect((await listBannerSlides(store.db)).map((s) => s.id)).toEqual(expected);
    const banners = await RESOURCES.banners?.list(
      { db: store.db, origin: ORIGIN },
      api("banners?populate=bannerImage"),
      { strict: false },
    );
    const bannerImage = banners?.data[0]?.attributes.bannerImage as
      | { data: { id: number; device: string }[] }
      | undefined;
    const images = bannerImage?.data ?? [];
    expect(images.filter((i) => i.device === "desktop").map((i) => i.id)).toEqual([c, e, a]);
    await store.db.deleteFrom("banner_slides").execute();
  });

  it("gives a shoot's photos outside the trash in one order to the shoot page, the admin and the API", async () => {
    const [a, b, c, d] = assets as [number, number, number, number];
    const photos = await store.db
      .insertInto("photos")
      .values([
        { shoot_id: 1, asset_id: a, position: 1, alt: "later" },
        { shoot_id: 1, asset_id: b, position: 0, alt: "first" },
        { shoot_id: 1, asset_id: c, position: 0, alt: "tied" },
        { shoot_id: 1, asset_id: d, position: 2, alt: "trashed", deleted_at: "2026-01-01T00:00:00.000Z" },
      ])
      .returning("id")
      .execute();
    const [later, first, tied] = photos.map((p) => p.id);
    expect((await getShootPage(store.db, 1))?.photos.map((p) => p.id)).toEqual([first, tied, later]);
    expect((await getShootForEdit(store.db, 1))?.photos.map((p) => p.id)).toEqual([first, tied, later]);
    const shoot = await RESOURCES.collections?.one(
      { db: store.db, origin: ORIGIN },
      api("collections/1?populate=*"),
      1,
      { strict: false },
    );
    const attributes = shoot?.data.attributes ?? {};
    const images = (attributes.images as { data: { id: number }[] } | undefined)?.data ?? [];
    expect(images.map((i) => i.id)).toEqual([b, c, a]);
    // The API's createdAt is the stored time as it is: ISO 8601 in UTC with milliseconds.
    expect(attributes.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
