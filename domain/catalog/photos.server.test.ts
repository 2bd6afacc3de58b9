// The admin's photo edits on a real SQLite file: placing a selection writes only its own rows
// (gapped positions), a full gap renumbers once, and bulk alt text, move, trash and restore.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCollection } from "#fixtures/seed.ts";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import { STUDIO } from "./audience.server.ts";
import { POSITION_GAP } from "./photo-order.ts";
import {
  appendPhotos,
  movePhoto,
  movePhotosToShoot,
  parsePhotoIds,
  placePhotos,
  restorePhotos,
  setAltText,
  trashPhotos,
} from "./photos.server.ts";
import { readShootPhotos } from "./read-model.server.ts";
import { createShoot, getShootForEdit, setCover } from "./shoots.server.ts";

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
    expect(await movePhotosToShoot(store.db, shootId, [z], shootId)).toBeNull();
    expect(await movePhotosToShoot(store.db, shootId, [z], 999_999)).toBeNull();
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
