// A heart or a note from a gallery's page (itemAction): a request naming its list acts on it; a
// heart posted without scripts names none and acts on the list the page shows (its ?list=, else
// the person's open list), as the page's loader chose it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import { appendPhotos } from "../catalog/photos.server.ts";
import { itemAction } from "./client-request.server.ts";
import { addGallerySet, createGallery } from "./galleries.server.ts";
import { createList, enterAsVisitor, readListItems, readLists, type Visitor } from "./selections.server.ts";

describe("a heart from a gallery's page", () => {
  let store: TestStore;
  let photos: number[];
  let visitor: Visitor;
  beforeAll(async () => {
    store = await createTestStore();
    const galleryId = await createGallery(store.db, { title: "Hearts without scripts" });
    const setId = await addGallerySet(store.db, galleryId, "Muhurtham");
    photos = await appendPhotos(store.db, setId, await insertAssets(store.db, 3));
    const entered = await enterAsVisitor(store.db, galleryId, "Meena", "2468");
    if (!entered.ok) throw new Error(entered.error);
    visitor = entered.visitor;
  });
  afterAll(() => store.cleanup());

  const heart = (photo: number, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "heart", photo: String(photo), ...fields }))
      form.set(name, value);
    return form;
  };
  const listed = async (listId: number) => [...(await readListItems(store.db, listId)).keys()];

  it("acts on the list the page shows when it names none, and on the one it names otherwise", async () => {
    const made = [await createList(store.db, visitor, "Album"), await createList(store.db, visitor, "Parents' album")];
    const [firstId, secondId] = made.map((m) => (m.ok ? m.listId : 0)) as [number, number];
    const first = { id: firstId };
    // The newer list is the person's open one, the page's list when its address names none.
    expect((await readLists(store.db, visitor.id)).map((l) => l.id)).toEqual([firstId, secondId]);
    const [a, b, c] = photos as [number, number, number];

    // The page at ?list=<first>: the heart goes there, though the person's open list is the newer.
    expect(await itemAction(store.db, visitor, heart(a), undefined, first.id)).toMatchObject({ ok: true });
    // No ?list= on the page: the person's open list, as the page's loader shows.
    expect(await itemAction(store.db, visitor, heart(b))).toMatchObject({ ok: true });
    // Named (the scripts' request): that list, whatever the page's address.
    expect(
      await itemAction(store.db, visitor, heart(c, { list: String(first.id) }), undefined, secondId),
    ).toMatchObject({ ok: true });
    expect((await listed(first.id)).sort()).toEqual([a, c].sort());
    expect(await listed(secondId)).toEqual([b]);

    // A list named but not the person's is refused, never taken as "no list named".
    expect(await itemAction(store.db, visitor, heart(b, { list: "x" }))).toMatchObject({ ok: false });
  });
});
