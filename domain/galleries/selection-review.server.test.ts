// The clients' selection lists as the studio reads them, on a real SQLite file (and PostgreSQL
// in its run): each list with its visitor and photos in the gallery's order, reopening a
// submitted one, and its exports; two people's lists compared, and the studio's own list made
// from them.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import { addGallerySet, createGallery } from "./galleries.server.ts";
import { moveGallerySet } from "./gallery-sets.server.ts";
import { exportFileName, selectionCsv, selectionFileNames } from "./selection-export.server.ts";
import {
  comparePicks,
  heartCounts,
  listFromPicks,
  pickThumbnails,
  readSelectionLists,
  reopenSelectionList,
} from "./selection-review.server.ts";
import {
  createList,
  createStudioList,
  enterAsVisitor,
  heartPhoto,
  onListSubmitted,
  readLists,
  setComment,
  type Visitor,
} from "./selections.server.ts";

describe("selection lists in the studio's database", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store.cleanup());

  it("reads each selection list with its visitor, count, comments in the gallery's order; reopens a submitted one", async () => {
    const id = await createGallery(store.db, { title: "Selections", selectionLimit: 300 });
    const reception = await addGallerySet(store.db, id, "Reception");
    const muhurtham = await addGallerySet(store.db, id, "Muhurtham");
    await moveGallerySet(store.db, id, muhurtham, -1);
    const assets = await insertAssets(store.db, 3, 200);
    const photos = await store.db
      .insertInto("photos")
      .values([
        { shoot_id: reception, asset_id: assets[0] ?? 0, position: 0 },
        { shoot_id: muhurtham, asset_id: assets[1] ?? 0, position: 1024 },
        { shoot_id: muhurtham, asset_id: assets[2] ?? 0, position: 0 },
      ])
      .returning("id")
      .execute();
    const [p0, p1, p2] = photos.map((p) => p.id) as [number, number, number];
    const { id: visitor } = await store.db
      .insertInto("gallery_visitors")
      .values({ gallery_id: id, name: "Amma", name_key: "amma", pin_hash: "x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const lists = await store.db
      .insertInto("selection_lists")
      .values([
        { gallery_id: id, visitor_id: visitor, name: "Album", submitted_at: "2026-02-20T10:00:00.000Z" },
        { gallery_id: id, visitor_id: visitor, name: "Prints" },
      ])
      .returning("id")
      .execute();
    const [album, prints] = lists.map((l) => l.id) as [number, number];
    await store.db
      .insertInto("selection_items")
      .values([
        { list_id: album, photo_id: p0, comment: '=HYPERLINK("x"), "big" one' },
        { list_id: album, photo_id: p1, comment: "" },
        { list_id: album, photo_id: p2, comment: "Crop, please" },
      ])
      .execute();

    const [first, second] = await readSelectionLists(store.db, id);
    expect(first).toMatchObject({
      id: album,
      name: "Album",
      visitorName: "Amma",
      submittedAt: "2026-02-20T10:00:00.000Z",
    });
    expect(second).toMatchObject({ id: prints, submittedAt: null, items: [] });
    // Muhurtham comes first (moved up), its photos in their order; then Reception.
    expect(first?.items).toEqual([
      { photoId: p2, assetId: assets[2], fileName: "IMG_202.jpg", setTitle: "Muhurtham", comment: "Crop, please" },
      { photoId: p1, assetId: assets[1], fileName: "IMG_201.jpg", setTitle: "Muhurtham", comment: "" },
      {
        photoId: p0,
        assetId: assets[0],
        fileName: "IMG_200.jpg",
        setTitle: "Reception",
        comment: '=HYPERLINK("x"), "big" one',
      },
    ]);
    if (!first) return;
    expect(selectionCsv(first)).toBe(
      '\uFEFF"file name","set","comment"\r\n' +
        '"IMG_202.jpg","Muhurtham","Crop, please"\r\n' +
        '"IMG_201.jpg","Muhurtham",""\r\n' +
        '"IMG_200.jpg","Reception","\'=HYPERLINK(""x""), ""big"" one"\r\n',
    );
    expect(selectionFileNames(first)).toBe("IMG_202, IMG_201, IMG_200\n");
    expect(exportFileName("Priya & Karthik", { name: "Parents' album", visitorName: "Meena" }, "csv")).toBe(
      "priya-karthik-meena-parents-album.csv",
    );
    // Two people's lists of the same name are two files.
    expect(exportFileName("Priya & Karthik", { name: "Album", visitorName: "Priya" }, "txt")).not.toBe(
      exportFileName("Priya & Karthik", { name: "Album", visitorName: "Karthik" }, "txt"),
    );

    expect(await reopenSelectionList(store.db, id, prints)).toBe(false);
    expect(await reopenSelectionList(store.db, id + 1000, album)).toBe(false);
    expect(await reopenSelectionList(store.db, id, album)).toBe(true);
    expect((await readSelectionLists(store.db, id, album))[0]?.submittedAt).toBeNull();
    // The client's page is told it was reopened, until they send it again.
    const client = { id: visitor, galleryId: id, name: "Amma" };
    expect((await readLists(store.db, visitor)).find((l) => l.id === album)?.reopenedAt).toMatch(/^\d{4}-/);
    expect(await onListSubmitted(store.db, client, album)).toEqual({ ok: true });
    expect((await readLists(store.db, visitor)).find((l) => l.id === album)).toMatchObject({ reopenedAt: null });
  });

  it("compares two people's lists (in both, only in one), refuses another gallery's list, and makes the studio's own list from them", async () => {
    const db = store.db;
    const id = await createGallery(db, { title: "Compared", selectionLimit: 300 });
    const set = await addGallerySet(db, id, "Muhurtham");
    const assets = await insertAssets(db, 6, 300);
    const rows = await db
      .insertInto("photos")
      .values(assets.map((asset_id, i) => ({ shoot_id: set, asset_id, position: i * 1024 })))
      .returning("id")
      .execute();
    const [p1, p2, p3, p4, p5, p6] = rows.map((r) => r.id) as [number, number, number, number, number, number];
    // Another gallery, with a list and a photo of its own.
    const otherId = await createGallery(db, { title: "Another wedding" });
    const otherSet = await addGallerySet(db, otherId, "Reception");
    const [otherAsset] = await insertAssets(db, 1, 400);
    const { id: otherPhoto } = await db
      .insertInto("photos")
      .values({ shoot_id: otherSet, asset_id: otherAsset ?? 0, position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();

    const person = async (galleryId: number, name: string): Promise<Visitor> => {
      const entered = await enterAsVisitor(db, galleryId, name, "2468");
      if (!entered.ok) throw new Error(`could not enter as ${name}`);
      return entered.visitor;
    };
    const listOf = async (visitor: Visitor, name: string, photos: number[], notes: Record<number, string> = {}) => {
      const made = await createList(db, visitor, name);
      if (!made.ok) throw new Error(`could not make ${name}`);
      for (const photoId of photos) {
        expect(await heartPhoto(db, { visitor, listId: made.listId, photoId })).toMatchObject({ ok: true });
        const note = notes[photoId];
        if (note) await setComment(db, { visitor, listId: made.listId, photoId }, note);
      }
      return made.listId;
    };
    const priya = await person(id, "Priya");
    const amma = await person(id, "Amma");
    const bride = await listOf(priya, "Album", [p5, p1, p2, p3], { [p2]: "The one with the garland" });
    const mother = await listOf(amma, "Album", [p2, p3, p4], { [p2]: "Brighten, please", [p4]: "For the frame" });
    await listOf(amma, "Prints", [p1]);
    const stranger = await listOf(await person(otherId, "Meena"), "Album", [otherPhoto]);

    const compared = await comparePicks(db, id, bride, mother);
    expect(compared?.a).toMatchObject({ id: bride, visitorName: "Priya", byStudio: false });
    expect(compared?.b).toMatchObject({ id: mother, visitorName: "Amma" });
    // Each group in the gallery's order, with each person's note (null: not in their list).
    expect(compared?.both).toEqual([
      {
        photoId: p2,
        assetId: assets[1],
        fileName: "IMG_301.jpg",
        setTitle: "Muhurtham",
        noteA: "The one with the garland",
        noteB: "Brighten, please",
      },
      { photoId: p3, assetId: assets[2], fileName: "IMG_302.jpg", setTitle: "Muhurtham", noteA: "", noteB: "" },
    ]);
    expect(compared?.onlyA.map((p) => p.photoId)).toEqual([p1, p5]);
    expect(compared?.onlyB).toEqual([
      {
        photoId: p4,
        assetId: assets[3],
        fileName: "IMG_303.jpg",
        setTitle: "Muhurtham",
        noteA: null,
        noteB: "For the frame",
      },
    ]);
    // Swapped, the groups swap.
    expect((await comparePicks(db, id, mother, bride))?.onlyA.map((p) => p.photoId)).toEqual([p4]);

    // A list of another gallery is no list of this one, whichever side it is on.
    expect(await comparePicks(db, id, bride, stranger)).toBeNull();
    expect(await comparePicks(db, id, stranger, mother)).toBeNull();
    expect(await comparePicks(db, otherId, bride, stranger)).toBeNull();
    expect(await comparePicks(db, id, bride, 999_999)).toBeNull();

    // Hearts: the people who chose each photo, in any of their lists (Amma's Prints too).
    const hearts = await heartCounts(db, id, [p1, p2, p3, p4, p5, p6]);
    expect(Object.fromEntries(hearts)).toEqual({ [p1]: 2, [p2]: 2, [p3]: 2, [p4]: 1, [p5]: 1 });

    // The studio's own list from "in both": one more list of the gallery, the studio's.
    const made = await listFromPicks(db, id, {
      a: bride,
      b: mother,
      scope: "both",
      checked: [],
      name: " Album,  final ",
    });
    if (!made.ok) throw new Error(`refused: ${made.error}`);
    const [final] = await readSelectionLists(db, id, made.listId);
    expect(final).toMatchObject({
      name: "Album, final",
      visitorName: "Studio",
      byStudio: true,
      limit: null,
      submittedAt: null,
    });
    expect(final?.items.map((i) => i.photoId)).toEqual([p2, p3]);
    expect(
      await listFromPicks(db, id, { a: bride, b: mother, scope: "both", checked: [], name: "album, FINAL" }),
    ).toEqual({ ok: false, error: "taken" });
    // Either: every photo of the two lists; checked: those of them checked (p6 is in neither).
    const either = await listFromPicks(db, id, { a: bride, b: mother, scope: "either", checked: [], name: "All" });
    if (!either.ok) throw new Error(`refused: ${either.error}`);
    expect((await readSelectionLists(db, id, either.listId))[0]?.items.map((i) => i.photoId)).toEqual([
      p1,
      p2,
      p3,
      p4,
      p5,
    ]);
    const checked = await listFromPicks(db, id, {
      a: bride,
      b: mother,
      scope: "checked",
      checked: [p4, p6, otherPhoto, p1],
      name: "Frames",
    });
    if (!checked.ok) throw new Error(`refused: ${checked.error}`);
    expect((await readSelectionLists(db, id, checked.listId))[0]?.items.map((i) => i.photoId)).toEqual([p1, p4]);
    expect(await listFromPicks(db, id, { a: bride, b: mother, scope: "checked", checked: [p6], name: "None" })).toEqual(
      { ok: false, error: "empty" },
    );
    expect(await listFromPicks(db, id, { a: bride, b: stranger, scope: "either", checked: [], name: "Mixed" })).toEqual(
      {
        ok: false,
        error: "no-list",
      },
    );
    // Not even by hand can another gallery's photo, or one nobody chose, go into the studio's list.
    expect(await createStudioList(db, id, "Mixed", [p1, otherPhoto])).toEqual({ ok: false, error: "not-picked" });
    expect(await createStudioList(db, id, "Unchosen", [p6])).toEqual({ ok: false, error: "not-picked" });
    expect(await createStudioList(db, id, "", [p1])).toEqual({ ok: false, error: "name" });

    // The studio's lists are not hearts, nor any client's: Priya sees her own list only, and a
    // client who calls herself "Studio" is a person of her own.
    expect(Object.fromEntries(await heartCounts(db, id, [p1, p2, p3, p4, p5]))).toEqual(Object.fromEntries(hearts));
    expect((await readLists(db, priya.id)).map((l) => l.name)).toEqual(["Album"]);
    const namesake = await enterAsVisitor(db, id, "Studio", "1357");
    expect(namesake).toMatchObject({ ok: true, created: true });
    if (namesake.ok) expect(await readLists(db, namesake.visitor.id)).toEqual([]);
    expect((await enterAsVisitor(db, id, " ", "1357")).ok).toBe(false);
    // The gallery's page shows its six lists, the clients' three and the studio's three, and no other gallery's.
    const lists = await readSelectionLists(db, id);
    expect(lists.filter((l) => l.byStudio).map((l) => l.name)).toEqual(["Album, final", "All", "Frames"]);
    expect(lists.some((l) => l.id === stranger)).toBe(false);

    // The photo manager's thumbnails (the smallest of each format at its width or wider), for
    // images that have their files; these test assets have none but the first's.
    await db
      .insertInto("asset_variants")
      .values(
        [160, 320, 640].flatMap((width) =>
          (["avif", "webp", "jpeg"] as const).map((format) => ({
            asset_id: assets[0] ?? 0,
            format,
            width,
            height: width / 2,
            key: `ab/thumb-${width}.${format}`,
            bytes: 1,
          })),
        ),
      )
      .execute();
    const thumbnails = await pickThumbnails(db, assets);
    expect([...thumbnails.keys()]).toEqual([assets[0]]);
    expect(thumbnails.get(assets[0] ?? 0)).toEqual({
      width: 3,
      height: 2,
      sources: [
        { type: "image/avif", src: "/media/ab/thumb-320.avif" },
        { type: "image/webp", src: "/media/ab/thumb-320.webp" },
      ],
      src: "/media/ab/thumb-320.jpeg",
    });
  });
});
