// A shoot's photos by hand, by capture time or by file name (ADR 023): the one read model sorts
// them for every reader, a new upload takes its place, and going back to a hand-made order keeps
// what the studio was looking at, written as gapped positions.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { cameraJpeg } from "#tests/helpers/exif-jpeg.ts";
import { STUDIO } from "./audience.server.ts";
import { ingestImage } from "./ingest.server.ts";
import { POSITION_GAP } from "./photo-order.ts";
import { ensureManualOrder, isPhotoOrder, placePhotos, setPhotoOrder } from "./photos.server.ts";
import { getShootPage } from "./public-pages.server.ts";
import { readShootPhotos } from "./read-model.server.ts";
import { getShootForEdit } from "./shoots.server.ts";

const WEDDING = 1;
const PORTRAITS = 2;

/** One photo as uploaded: its file name and the capture time its EXIF gave (null: none). */
type Upload = [fileName: string, capturedAt: string | null];

// In upload order (so ids ascend in this order) and, for 'manual', in position order too.
const WEDDING_UPLOADS: Upload[] = [
  ["IMG_10.jpg", "2024-05-04T16:20:11"],
  ["img_2.jpg", null],
  ["IMG_1.jpg", "2024-05-04T09:00:00+05:30"],
  ["IMG_3.JPG", "2024-05-04T16:20:11"], // the same second as IMG_10: the name decides
  ["DSC_0001.jpg", null],
  ["IMG_2.jpg", null], // img_2.jpg in another case: the id decides
  ["IMG_20.jpg", "2024-05-04T12:00:00-08:00"], // its offset does not move it: the wall clock sorts
];

let store: TestStore;
/** Photo ids by file name. */
let photo: Record<string, number>;

async function addPhotos(shootId: number, uploads: Upload[], firstPosition = 0): Promise<void> {
  for (const [index, [fileName, capturedAt]] of uploads.entries()) {
    const { id: assetId } = await store.db
      .insertInto("assets")
      .values({
        sha256: `${shootId}-${fileName}`.padEnd(64, "0"),
        original_key: `xx/${shootId}-${fileName}`,
        original_name: fileName,
        original_bytes: 1,
        mime: "image/jpeg",
        width: 4,
        height: 3,
        placeholder: "",
        captured_at: capturedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await store.db
      .insertInto("asset_variants")
      .values({ asset_id: assetId, format: "jpeg", width: 4, height: 3, key: `xx/${assetId}-4.jpg`, bytes: 1 })
      .execute();
    const { id } = await store.db
      .insertInto("photos")
      .values({ shoot_id: shootId, asset_id: assetId, position: firstPosition + index })
      .returning("id")
      .executeTakeFirstOrThrow();
    photo[fileName] = id;
  }
}

const names = async (shootId: number) =>
  (await readShootPhotos(store.db, STUDIO, [shootId], { images: false })).map((p) => p.fileName);
const positions = async (shootId: number) =>
  Object.fromEntries(
    (await store.db.selectFrom("photos").select(["id", "position"]).where("shoot_id", "=", shootId).execute()).map(
      (p) => [p.id, p.position],
    ),
  );

beforeEach(async () => {
  store = await createTestStore();
  photo = {};
  const { id: collectionId } = await store.db
    .insertInto("collections")
    .values({ slug: "weddings", name: "Weddings", position: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await store.db
    .insertInto("shoots")
    .values([
      { id: WEDDING, collection_id: collectionId, title: "Asha & Ravi", status: "published" },
      { id: PORTRAITS, collection_id: collectionId, title: "Portraits", status: "published" },
    ])
    .execute();
  await addPhotos(WEDDING, WEDDING_UPLOADS);
  // In the trash: the earliest and first by name, and never shown.
  await addPhotos(WEDDING, [["AAA_0001.jpg", "2020-01-01T00:00:00"]], WEDDING_UPLOADS.length);
  await store.db
    .updateTable("photos")
    .set({ deleted_at: "2026-11-01T00:00:00.000Z" })
    .where("id", "=", photo["AAA_0001.jpg"] ?? 0)
    .execute();
  await addPhotos(PORTRAITS, [
    ["b.jpg", "2024-01-01T10:00:00"],
    ["a.jpg", "2024-01-01T11:00:00"],
  ]);
});
afterEach(() => store.cleanup());

describe("a shoot's photo order", () => {
  it("is by hand (position, then id) until the studio chooses otherwise", async () => {
    expect(await names(WEDDING)).toEqual(WEDDING_UPLOADS.map(([name]) => name));
    const shoot = await getShootForEdit(store.db, WEDDING);
    expect(shoot?.photoOrder).toBe("manual");
    expect(shoot?.photos.map((p) => [p.fileName, p.capturedAt])).toEqual(WEDDING_UPLOADS);
  });

  it("by capture time: the camera's wall clock, the same second by file name, photos without one last", async () => {
    await setPhotoOrder(store.db, WEDDING, "captured");
    const expected = ["IMG_1.jpg", "IMG_20.jpg", "IMG_3.JPG", "IMG_10.jpg", "DSC_0001.jpg", "img_2.jpg", "IMG_2.jpg"];
    expect(await names(WEDDING)).toEqual(expected);
    // Every reader gets that order: the admin, the public shoot page.
    const shoot = await getShootForEdit(store.db, WEDDING);
    expect(shoot?.photoOrder).toBe("captured");
    expect(shoot?.photos.map((p) => p.fileName)).toEqual(expected);
    expect((await getShootPage(store.db, WEDDING))?.photos.map((p) => p.id)).toEqual(expected.map((n) => photo[n]));
  });

  it("by file name as people read them: numbers as numbers, case aside, then by id", async () => {
    await setPhotoOrder(store.db, WEDDING, "name");
    expect(await names(WEDDING)).toEqual([
      "DSC_0001.jpg",
      "IMG_1.jpg",
      "img_2.jpg",
      "IMG_2.jpg",
      "IMG_3.JPG",
      "IMG_10.jpg",
      "IMG_20.jpg",
    ]);
  });

  it("is each shoot's own when several shoots are read at once", async () => {
    await setPhotoOrder(store.db, PORTRAITS, "name");
    const photos = await readShootPhotos(store.db, STUDIO, [PORTRAITS, WEDDING], { images: false });
    expect(photos.map((p) => p.fileName)).toEqual([...WEDDING_UPLOADS.map(([name]) => name), "a.jpg", "b.jpg"]);
  });

  it("takes in a new upload where its capture time puts it, with nothing to renumber", async () => {
    await setPhotoOrder(store.db, WEDDING, "captured");
    const jpeg = await cameraJpeg({ label: "ring exchange", taken: "2024:05:04 10:30:00" });
    const { assetId } = await ingestImage(store, jpeg, "IMG_7.jpg");
    // As an upload does: after the last position.
    await store.db.insertInto("photos").values({ shoot_id: WEDDING, asset_id: assetId, position: 1_000_000 }).execute();
    expect((await names(WEDDING)).slice(0, 3)).toEqual(["IMG_1.jpg", "IMG_7.jpg", "IMG_20.jpg"]);
    await setPhotoOrder(store.db, WEDDING, "name");
    expect((await names(WEDDING)).slice(4, 7)).toEqual(["IMG_3.JPG", "IMG_7.jpg", "IMG_10.jpg"]);
  });

  it("back to by hand keeps the order the studio was looking at, as gapped positions", async () => {
    await setPhotoOrder(store.db, WEDDING, "captured");
    const shown = await names(WEDDING);
    const earlier = "2026-01-01T00:00:00.000Z";
    await store.db.updateTable("shoots").set({ updated_at: earlier }).execute();
    const trashedPosition = (await positions(WEDDING))[photo["AAA_0001.jpg"] ?? 0];

    await setPhotoOrder(store.db, WEDDING, "manual");
    expect(await names(WEDDING)).toEqual(shown);
    expect((await getShootForEdit(store.db, WEDDING))?.photoOrder).toBe("manual");
    const written = await positions(WEDDING);
    expect(shown.map((name) => written[photo[name] ?? 0])).toEqual(shown.map((_, i) => i * POSITION_GAP));
    expect(written[photo["AAA_0001.jpg"] ?? 0]).toBe(trashedPosition);
    // The public site and the content API give another order now (unless it was the same).
    const updated = async (id: number) =>
      (await store.db.selectFrom("shoots").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow())
        .updated_at;
    expect(await updated(WEDDING)).not.toBe(earlier);
    expect(await updated(PORTRAITS)).toBe(earlier);
    // The other shoot is untouched.
    expect(await names(PORTRAITS)).toEqual(["b.jpg", "a.jpg"]);
  });

  it("is made by hand before a hand reorder, once: ensureManualOrder writes nothing when it already is", async () => {
    await setPhotoOrder(store.db, WEDDING, "name");
    const byName = await names(WEDDING);
    expect(await store.db.transaction().execute((trx) => ensureManualOrder(trx, WEDDING))).toBe(true);
    expect(await names(WEDDING)).toEqual(byName);
    // The studio's next move starts from what it saw, and sticks.
    const moved = [...byName.slice(1), byName[0] ?? ""].map((name) => photo[name] ?? 0);
    expect(await placePhotos(store.db, WEDDING, [photo[byName[0] ?? ""] ?? 0], { at: "end" })).toBe(1);
    const reordered = await positions(WEDDING);
    expect(await store.db.transaction().execute((trx) => ensureManualOrder(trx, WEDDING))).toBe(false);
    await setPhotoOrder(store.db, WEDDING, "manual");
    expect(await positions(WEDDING)).toEqual(reordered);
    expect((await readShootPhotos(store.db, STUDIO, [WEDDING], { images: false })).map((p) => p.id)).toEqual(moved);
    expect(await store.db.transaction().execute((trx) => ensureManualOrder(trx, 999))).toBe(false);
  });

  it("turns to by hand when a photo is moved by hand, starting from the order shown", async () => {
    await setPhotoOrder(store.db, WEDDING, "name");
    const byName = await names(WEDDING);
    const last = photo[byName.at(-1) ?? ""] ?? 0;
    expect(await placePhotos(store.db, WEDDING, [last], { at: "start" })).toBe(1);
    expect(await names(WEDDING)).toEqual([byName.at(-1), ...byName.slice(0, -1)]);
    const shoot = await store.db
      .selectFrom("shoots")
      .select("photo_order")
      .where("id", "=", WEDDING)
      .executeTakeFirst();
    expect(shoot?.photo_order).toBe("manual");
  });

  it("accepts only the three orders from a form", () => {
    expect(["manual", "captured", "name"].every(isPhotoOrder)).toBe(true);
    for (const wrong of ["", "Manual", "random", null, undefined, 1]) expect(isPhotoOrder(wrong)).toBe(false);
  });
});
