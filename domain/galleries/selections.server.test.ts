// Selections on a real SQLite file: people by name and their own PIN, named lists with the
// gallery's limit, hearts, notes, submitting (and the lock it puts on a list), and the pages of
// photos the client's screen reads.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import { appendPhotos, trashPhotos } from "../catalog/photos.server.ts";
import { FIRST_SCREEN_PHOTOS, PHOTOS_PER_PAGE } from "./client-types.ts";
import { galleryWindows, setPhotoPage } from "./client-view.server.ts";
import { addGallerySet, createGallery } from "./galleries.server.ts";
import {
  createList,
  enterAsVisitor,
  heartPhoto,
  nameKey,
  onListSubmitted,
  readListItems,
  readLists,
  setComment,
  unheartPhoto,
  type Visitor,
} from "./selections.server.ts";
import { decodeShapes } from "./shape-codes.ts";

describe("selections", () => {
  let store: TestStore;
  let galleryId: number;
  let otherGalleryId: number;
  let photos: number[];
  let otherPhoto: number;
  let setA: number;
  let setB: number;
  beforeAll(async () => {
    store = await createTestStore();
    galleryId = await createGallery(store.db, { title: "Priya & Karthik", selectionLimit: 3 });
    setA = await addGallerySet(store.db, galleryId, "Muhurtham");
    setB = await addGallerySet(store.db, galleryId, "Reception");
    const assets = await insertAssets(store.db, 6);
    photos = [
      ...(await appendPhotos(store.db, setA, assets.slice(0, 4))),
      ...(await appendPhotos(store.db, setB, assets.slice(4))),
    ];
    otherGalleryId = await createGallery(store.db, { title: "Someone else" });
    const otherSet = await addGallerySet(store.db, otherGalleryId, "Other");
    [otherPhoto] = (await appendPhotos(store.db, otherSet, assets.slice(0, 1))) as [number];
  });
  afterAll(() => store.cleanup());

  async function person(name: string, pin = "2468", gallery = galleryId): Promise<Visitor> {
    const result = await enterAsVisitor(store.db, gallery, name, pin);
    if (!result.ok) throw new Error(result.error);
    return result.visitor;
  }

  it("knows a person by their name, however it is spaced or cased, and their own PIN", async () => {
    expect(nameKey("  Priya   Ramesh ")).toBe("priya ramesh");
    const first = await enterAsVisitor(store.db, galleryId, "  Priya   Ramesh ", "482193");
    expect(first).toMatchObject({ ok: true, created: true, visitor: { name: "Priya Ramesh" } });
    const again = await enterAsVisitor(store.db, galleryId, "priya ramesh", "482193");
    expect(again).toMatchObject({ ok: true, created: false });
    expect(again.ok && first.ok && again.visitor.id === first.visitor.id).toBe(true);
    expect(await enterAsVisitor(store.db, galleryId, "PRIYA RAMESH", "000000")).toEqual({
      ok: false,
      error: "wrong-pin",
    });
    // The same name in another gallery is another person.
    expect(await enterAsVisitor(store.db, otherGalleryId, "Priya Ramesh", "111111")).toMatchObject({ created: true });
    const { pin_hash } = await store.db
      .selectFrom("gallery_visitors")
      .select("pin_hash")
      .where("name_key", "=", "priya ramesh")
      .where("gallery_id", "=", galleryId)
      .executeTakeFirstOrThrow();
    expect(pin_hash).not.toContain("482193");
  });

  it("refuses a blank or long name and a PIN that is not 4 to 8 digits", async () => {
    expect(await enterAsVisitor(store.db, galleryId, "   ", "1234")).toEqual({ ok: false, error: "name" });
    expect(await enterAsVisitor(store.db, galleryId, "x".repeat(61), "1234")).toEqual({ ok: false, error: "name" });
    for (const pin of ["123", "123456789", "12a4", ""]) {
      expect(await enterAsVisitor(store.db, galleryId, "Anand", pin)).toEqual({ ok: false, error: "pin-format" });
    }
  });

  it("makes named lists with the gallery's limit, one name once per person", async () => {
    const amma = await person("Amma");
    const album = await createList(store.db, amma, "Album");
    expect(album.ok).toBe(true);
    expect(await createList(store.db, amma, "  album ")).toEqual({ ok: false, error: "taken" });
    expect(await createList(store.db, amma, "")).toEqual({ ok: false, error: "name" });
    expect((await createList(store.db, amma, "Parents' album")).ok).toBe(true);
    const lists = await readLists(store.db, amma.id);
    expect(lists.map((l) => [l.name, l.itemLimit, l.count])).toEqual([
      ["Album", 3, 0],
      ["Parents' album", 3, 0],
    ]);
    // Another person may have their own "Album".
    expect((await createList(store.db, await person("Appa"), "Album")).ok).toBe(true);
  });

  it("hearts up to the list's limit and refuses the next one; unhearting makes room", async () => {
    const anu = await person("Anu");
    const made = await createList(store.db, anu, "Album");
    if (!made.ok) throw new Error(made.error);
    const at = (photoId: number) => ({ visitor: anu, listId: made.listId, photoId });
    expect(await heartPhoto(store.db, at(photos[0] as number))).toEqual({ ok: true, count: 1 });
    // Hearting twice is one heart.
    expect(await heartPhoto(store.db, at(photos[0] as number))).toEqual({ ok: true, count: 1 });
    expect(await heartPhoto(store.db, at(photos[1] as number))).toEqual({ ok: true, count: 2 });
    expect(await heartPhoto(store.db, at(photos[4] as number))).toEqual({ ok: true, count: 3 });
    expect(await heartPhoto(store.db, at(photos[5] as number))).toEqual({ ok: false, error: "full", count: 3 });
    expect(await unheartPhoto(store.db, at(photos[1] as number))).toEqual({ ok: true, count: 2 });
    expect(await heartPhoto(store.db, at(photos[5] as number))).toEqual({ ok: true, count: 3 });
    expect([...(await readListItems(store.db, made.listId)).keys()].sort()).toEqual(
      [photos[0], photos[4], photos[5]].sort(),
    );
  });

  it("hearts only this gallery's live photos, into the person's own lists", async () => {
    const ravi = await person("Ravi");
    const mine = await createList(store.db, ravi, "Prints");
    const theirs = await createList(store.db, await person("Meena"), "Prints");
    if (!mine.ok || !theirs.ok) throw new Error("lists");
    expect(await heartPhoto(store.db, { visitor: ravi, listId: mine.listId, photoId: otherPhoto })).toEqual({
      ok: false,
      error: "no-photo",
    });
    expect(await heartPhoto(store.db, { visitor: ravi, listId: theirs.listId, photoId: photos[0] as number })).toEqual({
      ok: false,
      error: "no-list",
    });
    await trashPhotos(store.db, setA, [photos[3] as number]);
    expect(await heartPhoto(store.db, { visitor: ravi, listId: mine.listId, photoId: photos[3] as number })).toEqual({
      ok: false,
      error: "no-photo",
    });
  });

  it("keeps a note on a hearted photo only", async () => {
    const devi = await person("Devi");
    const list = await createList(store.db, devi, "Album");
    if (!list.ok) throw new Error(list.error);
    const at = { visitor: devi, listId: list.listId, photoId: photos[2] as number };
    expect(await setComment(store.db, at, "Brighten her face")).toEqual({ ok: false, error: "not-hearted" });
    await heartPhoto(store.db, at);
    expect(await setComment(store.db, at, "  Brighten her face ")).toEqual({ ok: true, count: 1 });
    expect(await setComment(store.db, at, "x".repeat(501))).toEqual({ ok: false, error: "comment" });
    expect((await readListItems(store.db, list.listId)).get(photos[2] as number)).toBe("Brighten her face");
  });

  it("submits a list once, not empty, and then locks it against hearts, unhearts and notes", async () => {
    const kavya = await person("Kavya");
    const list = await createList(store.db, kavya, "Album");
    if (!list.ok) throw new Error(list.error);
    const at = { visitor: kavya, listId: list.listId, photoId: photos[0] as number };
    expect(await onListSubmitted(store.db, kavya, list.listId)).toEqual({ ok: false, error: "empty" });
    await heartPhoto(store.db, at);
    expect(await onListSubmitted(store.db, await person("Someone"), list.listId)).toEqual({
      ok: false,
      error: "no-list",
    });
    expect(await onListSubmitted(store.db, kavya, list.listId, new Date("2026-03-01T10:00:00Z"))).toEqual({ ok: true });
    expect((await readLists(store.db, kavya.id))[0]?.submittedAt).toBe("2026-03-01T10:00:00.000Z");
    // The studio's mail is queued with it, once: a refused submit queues nothing.
    const mails = () =>
      store.db.selectFrom("mail_outbox").select(["kind", "gallery_id"]).where("list_id", "=", list.listId).execute();
    expect(await mails()).toEqual([{ kind: "selection-submitted", gallery_id: kavya.galleryId }]);
    expect(await onListSubmitted(store.db, kavya, list.listId)).toEqual({ ok: false, error: "locked" });
    expect(await mails()).toHaveLength(1);
    expect(await heartPhoto(store.db, { ...at, photoId: photos[1] as number })).toEqual({
      ok: false,
      error: "locked",
    });
    expect(await unheartPhoto(store.db, at)).toEqual({ ok: false, error: "locked" });
    expect(await setComment(store.db, at, "late")).toEqual({ ok: false, error: "locked" });
    expect((await readLists(store.db, kavya.id))[0]?.count).toBe(1);
  });

  it("shows the first screenful across the sets, then a set's pages, with the person's hearts", async () => {
    const big = await createGallery(store.db, { title: "Big" });
    const first = await addGallerySet(store.db, big, "Nalangu");
    const second = await addGallerySet(store.db, big, "Reception");
    const assets = await insertAssets(store.db, 3, 1000);
    // Many photos on a few assets: the pages are about photo rows, not pixels.
    const many = await appendPhotos(
      store.db,
      first,
      Array.from({ length: FIRST_SCREEN_PHOTOS + PHOTOS_PER_PAGE + 5 }, (_, i) => assets[i % 3] as number),
    );
    await appendPhotos(store.db, second, assets);
    const viewer = await person("Lakshmi", "9999", big);
    const list = await createList(store.db, viewer, "Album");
    if (!list.ok) throw new Error(list.error);
    await heartPhoto(store.db, { visitor: viewer, listId: list.listId, photoId: many[1] as number });

    const windows = await galleryWindows(store, big, { listId: list.listId, language: "en" });
    expect(windows.map((w) => [w.title, w.count, w.offset, w.photos.length])).toEqual([
      ["Nalangu", many.length, 0, FIRST_SCREEN_PHOTOS],
      ["Reception", 3, 0, 0],
    ]);
    expect(windows[0]?.photos.filter((p) => p.hearted).map((p) => p.id)).toEqual([many[1]]);

    const paged = await galleryWindows(store, big, {
      setId: first,
      offset: PHOTOS_PER_PAGE,
      listId: null,
      language: "en",
    });
    expect(paged.map((w) => [w.offset, w.photos.length])).toEqual([
      [PHOTOS_PER_PAGE, many.length - PHOTOS_PER_PAGE],
      [0, 0],
    ]);

    const next = await setPhotoPage(store, big, first, FIRST_SCREEN_PHOTOS, { listId: list.listId, language: "en" });
    expect(next?.photos.map((p) => p.id)).toEqual(
      many.slice(FIRST_SCREEN_PHOTOS, FIRST_SCREEN_PHOTOS + PHOTOS_PER_PAGE),
    );
    // Another gallery's set is not reachable through this gallery.
    expect(await setPhotoPage(store, galleryId, first, 0, { listId: null, language: "en" })).toBeNull();

    // Every photo's shape, and where the hearted ones are, for the page's boxes.
    expect(decodeShapes(windows[0]?.shapes ?? { of: [], at: "" })).toHaveLength(many.length);
    expect(windows.map((w) => w.hearted)).toEqual([[1], []]);

    // Only the list's photos: its sets' counts, shapes and pages are the list's.
    const late = many.at(-1) as number;
    await heartPhoto(store.db, { visitor: viewer, listId: list.listId, photoId: late });
    const only = await galleryWindows(store, big, { listId: list.listId, onlyList: true, language: "en" });
    expect(only.map((w) => [w.title, w.count, w.photos.map((p) => p.id)])).toEqual([
      ["Nalangu", 2, [many[1], late]],
      ["Reception", 0, []],
    ]);
    expect(decodeShapes(only[0]?.shapes ?? { of: [], at: "" })).toHaveLength(2);
    const onlyPage = await setPhotoPage(store, big, first, 1, { listId: list.listId, onlyList: true, language: "en" });
    expect([onlyPage?.count, onlyPage?.photos.map((p) => p.id)]).toEqual([2, [late]]);
    // Without a list, "only" has nothing to keep to: every photo.
    expect((await galleryWindows(store, big, { listId: null, onlyList: true, language: "en" }))[0]?.count).toBe(
      many.length,
    );
  });

  it("titles each set in the page's language: the studio's Tamil on a Tamil page, else the English", async () => {
    const tamil = await createGallery(store.db, { title: "Meena & Suresh" });
    const muhurtham = await addGallerySet(store.db, tamil, "Muhurtham", "முகூர்த்தம்");
    const reception = await addGallerySet(store.db, tamil, "Reception");
    const assets = await insertAssets(store.db, 2, 2000);
    await appendPhotos(store.db, muhurtham, assets.slice(0, 1));
    await appendPhotos(store.db, reception, assets.slice(1));
    const titles = async (language: "en" | "ta") =>
      (await galleryWindows(store, tamil, { listId: null, language })).map((w) => [w.id, w.title]);
    expect(await titles("ta")).toEqual([
      [muhurtham, "முகூர்த்தம்"],
      [reception, "Reception"],
    ]);
    expect(await titles("en")).toEqual([
      [muhurtham, "Muhurtham"],
      [reception, "Reception"],
    ]);
  });
});
