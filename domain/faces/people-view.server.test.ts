// The studio's people view (issue 31) on a real database and media folder, with made-up faces
// (fixtures/faces.ts) saved as the face search saves them: faces grouped by person, most
// photographed first, photos in the trash left out; a person found by any of their faces; a
// face's crop a small square WebP without metadata from the photo's stored variant; and a studio
// list made of a person's photos, which takes only the gallery's own live photos.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { madeUpFace } from "#fixtures/faces.ts";
import { addPhotoToSet, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { trashPhotos } from "../catalog/photos.server.ts";
import { addGallerySet, createGallery } from "../galleries/galleries.server.ts";
import { readSelectionLists } from "../galleries/selection-review.server.ts";
import { createStudioList } from "../galleries/selections.server.ts";
import { FACE_CROP_EDGE_PX } from "../media/constants.ts";
import { faceCrop, findPerson, galleryPeople, personPhotos } from "./people-view.server.ts";
import { readPlacedFaces, saveScan } from "./store.server.ts";

describe("the people in a gallery", () => {
  let store: TestStore;
  let galleryId: number;
  let photos: number[];
  let otherPhoto: number;
  let otherGallery: number;
  let set: number;

  beforeAll(async () => {
    store = await createTestStore();
    galleryId = await createGallery(store.db, { title: "Meena & Arjun" });
    set = await addGallerySet(store.db, galleryId, "Reception");
    photos = [];
    for (let i = 0; i < 5; i++)
      photos.push(await addPhotoToSet(store, set, await seededJpeg(7100 + i, 600, 400), `DSC_${i}.jpg`));
    otherGallery = await createGallery(store.db, { title: "Another wedding" });
    const otherSet = await addGallerySet(store.db, otherGallery, "Muhurtham");
    otherPhoto = await addPhotoToSet(store, otherSet, await seededJpeg(7199, 600, 400), "OTHER.jpg");
    // The grandmother (person 0) in photos 0-3, the groom (1) in 3 and 4; photo 3 holds both.
    const faces: [number, ReturnType<typeof madeUpFace>[]][] = [
      [photos[0] as number, [madeUpFace(0, 0, { score: 0.8 })]],
      [photos[1] as number, [madeUpFace(0, 1, { score: 0.99 })]],
      [photos[2] as number, [madeUpFace(0, 2)]],
      [photos[3] as number, [madeUpFace(0, 3), madeUpFace(1, 0, { box: { x: 0.1, y: 0.1, w: 0.2, h: 0.3 } })]],
      [photos[4] as number, [madeUpFace(1, 1)]],
    ];
    for (const [photoId, found] of faces) await saveScan(store.db, { photoId, galleryId, faces: found });
    await saveScan(store.db, { photoId: otherPhoto, galleryId: otherGallery, faces: [madeUpFace(0, 9)] });
  });
  afterAll(() => store.cleanup());

  it("groups the faces by person, the most photographed first, each named by their clearest face", async () => {
    const faces = await readPlacedFaces(store.db, galleryId);
    const clearest = faces.find((f) => f.photoId === photos[1])?.id;
    const people = await galleryPeople(store.db, galleryId);
    expect(people.map((p) => p.photoIds.length)).toEqual([4, 2]);
    expect(people[0]?.faceId).toBe(clearest);
    expect(new Set(people[0]?.photoIds)).toEqual(new Set(photos.slice(0, 4)));
    expect(new Set(people[1]?.photoIds)).toEqual(new Set(photos.slice(3)));
  });

  it("finds a person by any of their faces, with their photos in the gallery's order", async () => {
    const people = await galleryPeople(store.db, galleryId);
    const groom = people[1];
    if (!groom) throw new Error("no second person");
    const found = findPerson(people, groom.faceIds.at(-1) as number);
    expect(found).toMatchObject({ rank: 2, person: { faceId: groom.faceId } });
    expect((await personPhotos(store.db, galleryId, groom)).map((p) => p.fileName)).toEqual(["DSC_3.jpg", "DSC_4.jpg"]);
    const elsewhere = (await readPlacedFaces(store.db, otherGallery))[0]?.id as number;
    expect(findPerson(people, elsewhere)).toBeNull();
  });

  it("cuts a face out of its photo as a small square WebP with no metadata; none for another gallery's face", async () => {
    const [face] = await readPlacedFaces(store.db, galleryId);
    if (!face) throw new Error("no face");
    const crop = await faceCrop(store, galleryId, face.id);
    if (!crop) throw new Error("no crop");
    const meta = await sharp(crop).metadata();
    expect(meta).toMatchObject({ format: "webp", width: FACE_CROP_EDGE_PX, height: FACE_CROP_EDGE_PX });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    const foreign = (await readPlacedFaces(store.db, otherGallery))[0]?.id as number;
    expect(await faceCrop(store, galleryId, foreign)).toBeNull();
  });

  it("makes a studio list of a person's photos: the gallery's live photos only", async () => {
    const [grandmother] = await galleryPeople(store.db, galleryId);
    if (!grandmother) throw new Error("no person");
    const made = await createStudioList(store.db, galleryId, "Grandmother", grandmother.photoIds, { from: "gallery" });
    if (!made.ok) throw new Error(made.error);
    const [list] = await readSelectionLists(store.db, galleryId, made.listId);
    expect(list).toMatchObject({ name: "Grandmother", byStudio: true });
    expect(list?.items.map((i) => i.fileName)).toEqual(["DSC_0.jpg", "DSC_1.jpg", "DSC_2.jpg", "DSC_3.jpg"]);
    // Another gallery's photo is refused from the gallery; from the picks, as before, unpicked photos are.
    expect(
      await createStudioList(store.db, galleryId, "Mixed", [photos[0] as number, otherPhoto], { from: "gallery" }),
    ).toEqual({
      ok: false,
      error: "not-in-gallery",
    });
    expect(await createStudioList(store.db, galleryId, "Picks", [photos[4] as number])).toEqual({
      ok: false,
      error: "not-picked",
    });
  });

  it("leaves out the photos in the trash", async () => {
    await trashPhotos(store.db, set, [photos[4] as number]);
    const people = await galleryPeople(store.db, galleryId);
    expect(people.map((p) => p.photoIds.length)).toEqual([4, 1]);
    expect(await createStudioList(store.db, galleryId, "Groom", [photos[4] as number], { from: "gallery" })).toEqual({
      ok: false,
      error: "not-in-gallery",
    });
  });
});
