// The admin's photo edits on a real SQLite file: placing a selection writes only its own rows
// (gapped positions), a full gap renumbers once, and bulk alt text, move, trash and restore; the
// trash's photos by the shoot or client gallery's set they left; a move never crosses a gallery.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addGallerySet, createGallery } from "#domain/galleries/galleries.server.ts";
import { PUBLIC_MEDIA_URL_PREFIX } from "#domain/media/storage.server.ts";
import { seedCollection } from "#fixtures/seed.ts";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import { STUDIO } from "./audience.server.ts";
import { ADMIN_THUMBNAIL_MIN_WIDTH_PX } from "./images.server.ts";
import { POSITION_GAP } from "./photo-order.ts";
import {
  appendPhotos,
  listTrashedPhotos,
  movePhoto,
  movePhotosToShoot,
  parsePhotoIds,
  placePhotos,
  restorePhotos,
  setAltText,
  trashPhotos,
} from "./photos.server.ts";
import { readShootPhotos } from "./read-model.server.ts";
import { createShoot, getShootForEdit, setCover, trashShoot } from "./shoots.server.ts";

const PHOTOS = 60;

describe("a shoot's photos, edited one or many at a time", () => {
  let store: TestStore;
  let shootId: number;
  let otherShootId: number;
  let collectionId: number;
  let ids: number[];
  let assetIds: number[];

  const order = async (id = shootId) =>
    (await readShootPhotos(store.db, STUDIO, [id], { images: false })).map((p) => p.id);
  const positions = async () =>
    new Map((await store.db.selectFrom("photos").select(["id", "position"]).execute()).map((r) => [r.id, r.position]));

  beforeAll(async () => {
    store = await createTestStore();
    collectionId = await seedCollection(store.db, { slug: "weddings", name: "Weddings", position: 0 });
    shootId = await createShoot(store.db, { title: "Wedding", location: "", description: "", collectionId });
    otherShootId = await createShoot(store.db, { title: "Reception", location: "", description: "", collectionId });
    assetIds = await insertAssets(store.db, PHOTOS, 1);
    ids = await appendPhotos(store.db, shootId, assetIds);
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("appends with gaps, in the order given", async () => {
    expect(await order()).toEqual(ids);
    const before = await positions();
    expect(ids.map((id) => before.get(id))).toEqual(ids.map((_, i) => i * POSITION_GAP));
  });

  it("places a scattered selection before another photo, writing only the selection's rows", async () => {
    const [a, b, c] = [ids[40], ids[7], ids[59]] as [number, number, number];
    const before = await positions();
    expect(await placePhotos(store.db, shootId, [a, b, c], { before: ids[3] as number })).toBe(3);
    const after = await positions();
    const changed = [...after].filter(([id, position]) => before.get(id) !== position).map(([id]) => id);
    expect(changed.sort((x, y) => x - y)).toEqual([b, a, c].sort((x, y) => x - y));
    // The selection keeps its own order (7, 40, 59) and lands between photos 2 and 3.
    const now = await order();
    expect(now.slice(0, 7)).toEqual([ids[0], ids[1], ids[2], b, a, c, ids[3]]);
    expect(now).toHaveLength(PHOTOS);
  });

  it("moves to the start and the end, and one step each way", async () => {
    const last = ids[30] as number;
    await placePhotos(store.db, shootId, [last], { at: "start" });
    expect((await order())[0]).toBe(last);
    await placePhotos(store.db, shootId, [last], { at: "end" });
    expect((await order()).at(-1)).toBe(last);
    expect(await movePhoto(store.db, shootId, last, 1)).toBe(false);
    expect(await movePhoto(store.db, shootId, last, -1)).toBe(true);
    expect((await order()).at(-2)).toBe(last);
    const first = (await order())[0] as number;
    expect(await movePhoto(store.db, shootId, first, -1)).toBe(false);
    expect(await movePhoto(store.db, shootId, first, 1)).toBe(true);
    expect((await order())[1]).toBe(first);
  });

  it("renumbers the shoot once when a gap is used up, keeping every photo's place", async () => {
    // Photo x dropped again and again between the same two neighbours halves their gap away.
    const current = await order();
    const [low, high] = [current[10] as number, current[11] as number];
    let moving = current[20] as number;
    for (let i = 0; i < 14; i++) {
      await placePhotos(store.db, shootId, [moving], { before: high });
      moving = (await order())[30] as number;
    }
    const now = await order();
    expect(now.indexOf(low)).toBeLessThan(now.indexOf(high));
    expect(new Set(now).size).toBe(PHOTOS);
    const stored = [...(await positions()).values()];
    expect(new Set(stored).size).toBe(stored.length);
  });

  it("sets and clears the alt text of many photos in one go, only in this shoot", async () => {
    const some = ids.slice(0, 25);
    expect(await setAltText(store.db, shootId, some, "  The couple at the mandap  ")).toBe(25);
    expect(await setAltText(store.db, otherShootId, some, "elsewhere")).toBe(0);
    const alts = await readShootPhotos(store.db, STUDIO, [shootId], { images: false });
    expect(alts.filter((p) => p.alt === "The couple at the mandap")).toHaveLength(25);
    expect(await setAltText(store.db, shootId, some.slice(0, 5), "")).toBe(5);
    expect(
      (await readShootPhotos(store.db, STUDIO, [shootId], { images: false })).filter((p) => p.alt === ""),
    ).toHaveLength(PHOTOS - 20);
  });

  it("moves a selection to another shoot in its order, skipping images that shoot has", async () => {
    const [x, y, z] = (await order()).slice(0, 3) as [number, number, number];
    const assetOfZ = (await getShootForEdit(store.db, shootId))?.photos.find((p) => p.id === z)?.assetId as number;
    const [existing] = await appendPhotos(store.db, otherShootId, [assetOfZ]);
    expect(await movePhotosToShoot(store.db, shootId, [y, x, z], otherShootId)).toEqual({ moved: 2, alreadyThere: 1 });
    expect(await order(otherShootId)).toEqual([existing, x, y]);
    expect(await order()).toContain(z);
    expect(await movePhotosToShoot(store.db, shootId, [z], shootId)).toBe("no-target");
    expect(await movePhotosToShoot(store.db, shootId, [z], 999_999)).toBe("no-target");
  });

  it("trashes a selection, releasing the cover, and restores it in its place", async () => {
    const current = await order();
    const chosen = [current[4], current[5], current[9]] as number[];
    const cover = (await getShootForEdit(store.db, shootId))?.photos.find((p) => p.id === chosen[1]);
    expect(await setCover(store.db, shootId, cover?.assetId as number)).toBe(true);
    expect(await trashPhotos(store.db, shootId, [...chosen, 123_456])).toEqual(chosen);
    expect(await order()).toEqual(current.filter((id) => !chosen.includes(id)));
    expect((await getShootForEdit(store.db, shootId))?.coverAssetId).toBeNull();
    expect(await restorePhotos(store.db, chosen, otherShootId)).toBe(0);
    expect(await restorePhotos(store.db, chosen, shootId)).toBe(3);
    expect(await order()).toEqual(current);
  });

  it("appends from several connections at once, each photo at a place of its own", async () => {
    // On PostgreSQL these are four transactions on four connections (several instances'
    // workers finishing at once); on SQLite they take turns anyway.
    const shoot = await createShoot(store.db, {
      title: "Ceremony",
      location: "",
      description: "",
      collectionId,
    });
    const assets = await insertAssets(store.db, 8, 1_000);
    const appended = await Promise.all([0, 2, 4, 6].map((i) => appendPhotos(store.db, shoot, assets.slice(i, i + 2))));
    const rows = await store.db.selectFrom("photos").select(["id", "position"]).where("shoot_id", "=", shoot).execute();
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((r) => r.position)).size).toBe(8);
    // Each call's two photos stay together, in their order.
    const positionOf = new Map(rows.map((r) => [r.id, r.position]));
    for (const [a, b] of appended)
      expect(positionOf.get(b as number)).toBe((positionOf.get(a as number) as number) + POSITION_GAP);
  });

  it("reads a form's photo ids strictly", () => {
    expect(parsePhotoIds("3,1,3,2")).toEqual([3, 1, 2]);
    for (const bad of ["", "1,,2", "1;2", "-1", "1e3", "1,2,", null]) expect(parsePhotoIds(bad)).toBeNull();
    expect(parsePhotoIds(Array.from({ length: 10_001 }, (_, i) => i + 1).join(","))).toBeNull();
  });
});

describe("photos of a client gallery's sets: the trash names their set and gallery, and a move stays in the gallery", () => {
  let store: TestStore;
  let shootId: number;
  let galleryId: number;
  let muhurtham: number;
  let reception: number;
  let otherGallerySet: number;
  /** Per set, its photos' ids in their order. */
  const photos = new Map<number, number[]>();

  const order = async (id: number) =>
    (await readShootPhotos(store.db, STUDIO, [id], { images: false })).map((p) => p.id);
  /** Each asset as the pipeline leaves it: a small and a larger file per format (widths in px). */
  const withVariants = async (assetIds: number[]) => {
    await store.db
      .insertInto("asset_variants")
      .values(
        assetIds.flatMap((id) =>
          (["avif", "webp", "jpeg"] as const).flatMap((format) =>
            [160, 480].map((width) => ({
              asset_id: id,
              format,
              width,
              height: Math.round((width * 2) / 3),
              key: `${id}-${width}.${format}`,
              bytes: width,
            })),
          ),
        ),
      )
      .execute();
    return assetIds;
  };

  beforeAll(async () => {
    store = await createTestStore();
    const collectionId = await seedCollection(store.db, { slug: "weddings", name: "Weddings", position: 0 });
    shootId = await createShoot(store.db, { title: "Mehendi", location: "", description: "", collectionId });
    galleryId = await createGallery(store.db, { title: "Priya & Karthik's wedding" });
    muhurtham = await addGallerySet(store.db, galleryId, "Muhurtham");
    reception = await addGallerySet(store.db, galleryId, "Reception");
    otherGallerySet = await addGallerySet(
      store.db,
      await createGallery(store.db, { title: "Meena's birthday" }),
      "Cake",
    );
    let from = 1;
    for (const [id, count] of [
      [shootId, 3],
      [muhurtham, 4],
      [reception, 2],
    ] as const) {
      photos.set(id, await appendPhotos(store.db, id, await withVariants(await insertAssets(store.db, count, from))));
      from += count;
    }
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("lists the trash by the shoot or set each photo left, with its admin thumbnail, and restores a selection from several in their places", async () => {
    const [m1, m2, , m4] = photos.get(muhurtham) as number[];
    const [s1, , s3] = photos.get(shootId) as number[];
    const [r1] = photos.get(reception) as number[];
    const muhurthamBefore = await order(muhurtham);
    // Muhurtham's photos went last (the fourth after the second), the shoot's before them; the
    // Reception set went to the trash after its photo did.
    await trashPhotos(store.db, shootId, [s3 as number, s1 as number]);
    await trashPhotos(store.db, muhurtham, [m4 as number, m2 as number]);
    await trashPhotos(store.db, reception, [r1 as number]);
    await trashShoot(store.db, reception);
    const at = (second: number) => `2026-02-14T10:00:0${second}.000Z`;
    for (const [id, second] of [
      [s1, 1],
      [s3, 2],
      [r1, 3],
      [m4, 4],
      [m2, 5],
    ] as const)
      await store.db
        .updateTable("photos")
        .set({ deleted_at: at(second) })
        .where("id", "=", id as number)
        .execute();

    const trash = await listTrashedPhotos(store.db);
    expect(trash.map(({ photos, ...group }) => ({ ...group, photos: photos.map((p) => [p.id, p.fileName]) }))).toEqual([
      {
        shootId: muhurtham,
        shootTitle: "Muhurtham",
        galleryId,
        shootTrashed: false,
        // In their places in the set, not in the order they were deleted.
        photos: [
          [m2, "IMG_5.jpg"],
          [m4, "IMG_7.jpg"],
        ],
      },
      { shootId: reception, shootTitle: "Reception", galleryId, shootTrashed: true, photos: [[r1, "IMG_8.jpg"]] },
      {
        shootId,
        shootTitle: "Mehendi",
        galleryId: null,
        shootTrashed: false,
        photos: [
          [s1, "IMG_1.jpg"],
          [s3, "IMG_3.jpg"],
        ],
      },
    ]);
    // The photo manager's thumbnail: per format the smallest file at least that wide (480 here).
    expect(ADMIN_THUMBNAIL_MIN_WIDTH_PX).toBeGreaterThan(160);
    expect(ADMIN_THUMBNAIL_MIN_WIDTH_PX).toBeLessThanOrEqual(480);
    const [m2Asset] = await store.db
      .selectFrom("photos")
      .select("asset_id")
      .where("id", "=", m2 as number)
      .execute();
    const key = (format: string) => `${PUBLIC_MEDIA_URL_PREFIX}${m2Asset?.asset_id}-480.${format}`;
    expect(trash[0]?.photos[0]?.thumbnail).toEqual({
      width: 3,
      height: 2,
      sources: [
        { type: "image/avif", src: key("avif") },
        { type: "image/webp", src: key("webp") },
      ],
      src: key("jpeg"),
    });

    // Restored together from two groups (and an id that is not in the trash): each back in its place.
    expect(await restorePhotos(store.db, [m4 as number, s1 as number, m2 as number, m1 as number])).toBe(3);
    expect(await order(muhurtham)).toEqual(muhurthamBefore);
    expect((await listTrashedPhotos(store.db)).map((g) => [g.shootId, g.photos.map((p) => p.id)])).toEqual([
      [reception, [r1]],
      [shootId, [s3]],
    ]);
  });

  it("moves a set's photos to another set of its gallery, never to a portfolio shoot nor another gallery's set, nor a shoot's into a set", async () => {
    const [, , m3] = photos.get(muhurtham) as number[];
    const [, s2] = photos.get(shootId) as number[];
    await store.db.updateTable("shoots").set({ deleted_at: null }).where("id", "=", reception).execute();
    expect(await movePhotosToShoot(store.db, muhurtham, [m3 as number], shootId)).toBe("other-gallery");
    expect(await movePhotosToShoot(store.db, muhurtham, [m3 as number], otherGallerySet)).toBe("other-gallery");
    expect(await movePhotosToShoot(store.db, shootId, [s2 as number], muhurtham)).toBe("other-gallery");
    // Nothing moved.
    expect(await order(muhurtham)).toContain(m3);
    expect(await order(shootId)).toContain(s2);
    expect(await order(otherGallerySet)).toEqual([]);
    expect(await movePhotosToShoot(store.db, muhurtham, [m3 as number], reception)).toEqual({
      moved: 1,
      alreadyThere: 0,
    });
    expect((await order(reception)).at(-1)).toBe(m3);
  });
});
