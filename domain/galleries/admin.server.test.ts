// The studio's side of client galleries on a real SQLite file: the gallery's form, the admin's
// list with its counts and link states, sets (rename, reorder, trash), access settings, the
// link's WhatsApp share, selection lists (read, reopen) and their exports.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studioDay } from "#domain/catalog/studio-time.ts";
import { addPhotoToSet, makeSelectionList, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import { verifyPassword } from "../auth/password.server.ts";
import { listShoots } from "../catalog/shoots.server.ts";
import { enqueueMail } from "../mail/outbox.server.ts";
import {
  checkPin,
  checkSetTitle,
  emptyGalleryTrash,
  exportFileName,
  galleryLink,
  listGalleriesForAdmin,
  listGallerySets,
  moveGallerySet,
  parseAccessForm,
  parseGalleryForm,
  readSelectionLists,
  renameGallerySet,
  reopenSelectionList,
  restoreGallery,
  selectionCsv,
  selectionFileNames,
  setGalleryDownloadPin,
  trashGallery,
  trashGallerySet,
  updateGallery,
  updateGalleryAccess,
  whatsappLink,
} from "./admin.server.ts";
import { setGalleryCover } from "./cover.server.ts";
import { addGallerySet, createGallery, readGallery, revokeGalleryLink } from "./galleries.server.ts";

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

const GOOD = {
  title: "  Priya & Karthik  ",
  clientName: "Priya",
  clientEmail: "priya@example.com",
  clientPhone: "+91 98765 43210",
  eventDate: "2026-02-14",
  selectionLimit: "300",
};

describe("the gallery's form", () => {
  it("reads a good form, trimmed, with an empty limit meaning none", () => {
    const parsed = parseGalleryForm(formOf(GOOD));
    expect(parsed).toEqual({
      ok: true,
      value: { ...GOOD, title: "Priya & Karthik", selectionLimit: 300 },
    });
    const none = parseGalleryForm(formOf({ ...GOOD, selectionLimit: "", eventDate: "", clientEmail: "" }));
    expect(none.ok && [none.value.selectionLimit, none.value.eventDate, none.value.clientEmail]).toEqual([
      null,
      null,
      "",
    ]);
  });

  it("says what is wrong with each field and keeps what was typed", () => {
    const typed = {
      title: " ",
      clientName: "Priya",
      clientEmail: "priya-at-example",
      clientPhone: "call me",
      eventDate: "2026-02-30",
      selectionLimit: "0",
    };
    const parsed = parseGalleryForm(formOf(typed));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.values).toEqual(typed);
    expect(Object.keys(parsed.errors).sort()).toEqual(
      ["clientEmail", "clientPhone", "eventDate", "selectionLimit", "title"].sort(),
    );
    expect(parsed.errors.title).toBe("Give the gallery a title.");
  });

  it("checks access settings: a real expiry day, a known downloads choice, an opacity in range", () => {
    const good = parseAccessForm(
      formOf({
        expiresOn: "2026-03-31",
        downloads: "web",
        watermarkText: " Nila ",
        watermarkPosition: "center",
        watermarkOpacity: "40",
      }),
    );
    expect(good).toEqual({
      ok: true,
      value: {
        expiresOn: "2026-03-31",
        downloads: "web",
        watermarkText: "Nila",
        watermarkPosition: "center",
        watermarkOpacity: 40,
      },
    });
    const bad = parseAccessForm(
      formOf({
        expiresOn: "31/03/2026",
        downloads: "all",
        watermarkText: "",
        watermarkPosition: "middle",
        watermarkOpacity: "101",
      }),
    );
    expect(bad.ok === false && Object.keys(bad.errors).sort()).toEqual(
      ["downloads", "expiresOn", "watermarkOpacity", "watermarkPosition"].sort(),
    );
  });

  it("takes a PIN of 4 to 64 characters and a set title that is not empty", () => {
    expect(checkPin("482")).toMatchObject({ ok: false });
    expect(checkPin(" 4821 ")).toEqual({ ok: true, pin: "4821" });
    expect(checkPin("x".repeat(65))).toMatchObject({ ok: false });
    expect(checkSetTitle("  ")).toMatchObject({ ok: false });
    expect(checkSetTitle(" Nalangu ")).toEqual({ ok: true, title: "Nalangu" });
  });
});

describe("links", () => {
  it("puts the token on the public origin, and prefills WhatsApp with digits only", () => {
    expect(galleryLink("https://nila.example", "abc")).toBe("https://nila.example/g/abc");
    expect(whatsappLink("+91 98765-43210", "Your photos: https://nila.example/g/abc")).toBe(
      "https://wa.me/919876543210?text=Your%20photos%3A%20https%3A%2F%2Fnila.example%2Fg%2Fabc",
    );
    expect(whatsappLink("", "x")).toBeNull();
  });

  it("counts days in the studio's time zone", () => {
    const lateUtc = new Date("2026-03-31T20:00:00Z");
    expect(studioDay("UTC", lateUtc)).toBe("2026-03-31");
    expect(studioDay("Asia/Kolkata", lateUtc)).toBe("2026-04-01");
  });
});

describe("galleries in the studio's database", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store.cleanup());

  it("lists each gallery with its sets, live photos, cover, link state and whether it was sent", async () => {
    const id = await createGallery(store.db, { title: "Listed", clientName: "Anu", eventDate: "2026-01-10" });
    const a = await addGallerySet(store.db, id, "Nalangu");
    const b = await addGallerySet(store.db, id, "Reception");
    const assets = await insertAssets(store.db, 3, 100);
    const photos = await store.db
      .insertInto("photos")
      .values([
        { shoot_id: a, asset_id: assets[0] ?? 0, position: 0 },
        { shoot_id: a, asset_id: assets[1] ?? 0, position: 1024, deleted_at: "2026-01-01T00:00:00.000Z" },
        { shoot_id: b, asset_id: assets[2] ?? 0, position: 0 },
      ])
      .returning("id")
      .execute();
    const expired = await createGallery(store.db, { title: "Old" });
    await updateGalleryAccess(store.db, expired, {
      expiresOn: "2026-01-31",
      downloads: "off",
      watermarkText: "",
      watermarkPosition: "bottom-right",
      watermarkOpacity: 40,
    });
    const revoked = await createGallery(store.db, { title: "Revoked" });
    await revokeGalleryLink(store.db, revoked);

    const rows = await listGalleriesForAdmin(store.db, "2026-02-01");
    expect(rows.find((r) => r.id === id)).toEqual({
      id,
      title: "Listed",
      clientName: "Anu",
      eventDate: "2026-01-10",
      setCount: 2,
      photoCount: 2,
      access: "open",
      sentAt: null,
      cover: null,
    });
    await setGalleryCover(store.db, id, photos[2]?.id ?? 0);
    const withCover = (await listGalleriesForAdmin(store.db, "2026-02-01")).find((r) => r.id === id);
    expect(withCover?.cover).toMatchObject({ alt: "Cover photo of Listed", width: 3, height: 2 });
    expect(rows.find((r) => r.id === expired)?.access).toBe("expired");
    expect(rows.find((r) => r.id === revoked)?.access).toBe("revoked");

    // A gallery in the trash leaves the list and comes back when restored.
    await trashGallery(store.db, revoked);
    expect((await listGalleriesForAdmin(store.db, "2026-02-01")).map((r) => r.id)).not.toContain(revoked);
    expect(await restoreGallery(store.db, revoked)).toBe(true);
    expect(await restoreGallery(store.db, revoked)).toBe(false);
  });

  it("empties trashed galleries for good, with their sets, photos, people, lists and mails; assets stay", async () => {
    const kept = await createGallery(store.db, { title: "Kept" });
    const gone = await createGallery(store.db, { title: "Gone" });
    const set = await addGallerySet(store.db, gone, "Reception");
    const photoId = await addPhotoToSet(store, set, await seededJpeg(4242, 120, 80), "DSC_1.jpg");
    const listId = await makeSelectionList(store.db, gone, "Anu", [photoId]);
    await enqueueMail(store.db, { kind: "selection-submitted", galleryId: gone, listId });
    await trashGallery(store.db, gone);
    const assetsBefore = await store.db.selectFrom("assets").select("id").execute();

    expect(await emptyGalleryTrash(store.db)).toBe(1);
    expect(await readGallery(store.db, gone)).toBeNull();
    expect(await readGallery(store.db, kept)).not.toBeNull();
    expect(await store.db.selectFrom("shoots").select("id").where("gallery_id", "=", gone).execute()).toEqual([]);
    expect(await store.db.selectFrom("photos").select("id").where("id", "=", photoId).execute()).toEqual([]);
    expect(await store.db.selectFrom("selection_lists").select("id").where("id", "=", listId).execute()).toEqual([]);
    expect(await store.db.selectFrom("gallery_visitors").select("id").where("gallery_id", "=", gone).execute()).toEqual(
      [],
    );
    expect(await store.db.selectFrom("mail_outbox").select("id").where("gallery_id", "=", gone).execute()).toEqual([]);
    expect(await store.db.selectFrom("assets").select("id").execute()).toEqual(assetsBefore);
    expect(await emptyGalleryTrash(store.db)).toBe(0);
  });

  it("saves the details, and keeps only the hash of a download PIN", async () => {
    const id = await createGallery(store.db, { title: "Before" });
    const parsed = parseGalleryForm(formOf(GOOD));
    if (!parsed.ok) throw new Error("form");
    await updateGallery(store.db, id, parsed.value);
    const gallery = await readGallery(store.db, id);
    expect(gallery).toMatchObject({
      title: "Priya & Karthik",
      clientEmail: "priya@example.com",
      clientPhone: "+91 98765 43210",
      eventDate: "2026-02-14",
      selectionLimit: 300,
      hasDownloadPin: false,
    });
    await setGalleryDownloadPin(store.db, id, "9090");
    const { download_pin_hash } = await store.db
      .selectFrom("client_galleries")
      .select("download_pin_hash")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(download_pin_hash).not.toContain("9090");
    expect(await verifyPassword("9090", download_pin_hash ?? "")).toBe(true);
    await setGalleryDownloadPin(store.db, id, null);
    expect((await readGallery(store.db, id))?.hasDownloadPin).toBe(false);
  });

  it("renames, reorders and trashes sets; a trashed set is in the trash with its gallery's name", async () => {
    const id = await createGallery(store.db, { title: "Wedding sets" });
    const other = await createGallery(store.db, { title: "Other" });
    const one = await addGallerySet(store.db, id, "One");
    const two = await addGallerySet(store.db, id, "Two");
    const three = await addGallerySet(store.db, id, "Three");
    expect(await renameGallerySet(store.db, id, two, "Muhurtham")).toBe(true);
    expect(await renameGallerySet(store.db, other, two, "Not yours")).toBe(false);
    expect(await moveGallerySet(store.db, id, three, -1)).toBe(true);
    expect(await moveGallerySet(store.db, id, one, -1)).toBe(false);
    expect((await listGallerySets(store.db, id)).map((s) => s.title)).toEqual(["One", "Three", "Muhurtham"]);

    expect(await trashGallerySet(store.db, other, one)).toBe(false);
    expect(await trashGallerySet(store.db, id, one)).toBe(true);
    expect((await listGallerySets(store.db, id)).map((s) => s.id)).toEqual([three, two]);
    // The portfolio's lists never show sets; the trash does, with their gallery (whose title the trash page reads).
    expect((await listShoots(store.db, { trashed: false })).map((s) => s.id)).not.toContain(two);
    expect((await listShoots(store.db, { trashed: true })).map((s) => s.id)).not.toContain(one);
    expect((await listShoots(store.db, { trashed: true, withSets: true })).find((s) => s.id === one)).toMatchObject({
      title: "One",
      galleryId: id,
      collection: "",
    });
  });

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
      { photoId: p2, fileName: "IMG_202.jpg", setTitle: "Muhurtham", comment: "Crop, please" },
      { photoId: p1, fileName: "IMG_201.jpg", setTitle: "Muhurtham", comment: "" },
      { photoId: p0, fileName: "IMG_200.jpg", setTitle: "Reception", comment: '=HYPERLINK("x"), "big" one' },
    ]);
    if (!first) return;
    expect(selectionCsv(first)).toBe(
      '\uFEFF"file name","set","comment"\r\n' +
        '"IMG_202.jpg","Muhurtham","Crop, please"\r\n' +
        '"IMG_201.jpg","Muhurtham",""\r\n' +
        '"IMG_200.jpg","Reception","\'=HYPERLINK(""x""), ""big"" one"\r\n',
    );
    expect(selectionFileNames(first)).toBe("IMG_202, IMG_201, IMG_200\n");
    expect(exportFileName("Priya & Karthik", "Parents' album", "csv")).toBe("priya-karthik-parents-album.csv");

    expect(await reopenSelectionList(store.db, id, prints)).toBe(false);
    expect(await reopenSelectionList(store.db, id + 1000, album)).toBe(false);
    expect(await reopenSelectionList(store.db, id, album)).toBe(true);
    expect((await readSelectionLists(store.db, id, album))[0]?.submittedAt).toBeNull();
  });
});
