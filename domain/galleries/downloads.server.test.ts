// A gallery's downloads on a real SQLite file and real files: what each download holds and under
// which names, the ZIP a real unzip opens with the stored bytes, resuming from the middle, the
// watermarked web size, and CRC-32s kept once computed. Who may download is access.server.test.ts's.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPhotoToSet, makeSelectionList, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { zipBytes } from "#platform/zip.server.ts";
import { variantKey } from "../catalog/ingest.server.ts";
import { planGalleryVariants } from "../media/pipeline.server.ts";
import { parseDownloadPath } from "./download-request.server.ts";
import {
  allowsDownload,
  type DownloadScope,
  deliveryFiles,
  deliveryZip,
  downloadOffers,
  offeredSizes,
} from "./downloads.server.ts";
import { addGallerySet, createGallery, type GalleryRecord, readGallery } from "./galleries.server.ts";

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Nalangu's Tamil title (issue 33); Muhurtham has none, and reads in English on a Tamil page. */
const NALANGU_TA = "நலங்கு";

describe("gallery downloads", () => {
  let store: TestStore;
  let gallery: GalleryRecord;
  let sets: { nalangu: number; muhurtham: number };
  const photos: { id: number; name: string; setId: number }[] = [];
  let listId: number;

  beforeAll(async () => {
    store = await createTestStore();
    const id = await createGallery(store.db, { title: "Anitha & Karthik" });
    sets = {
      nalangu: await addGallerySet(store.db, id, "Nalangu", NALANGU_TA),
      muhurtham: await addGallerySet(store.db, id, "Muhurtham / Kalyanam"),
    };
    // Muhurtham's photos are added first: the archive still follows the sets' order.
    let seed = 1;
    for (const setId of [sets.muhurtham, sets.nalangu]) {
      for (const name of ["DSC_0001.JPG", "DSC_0002.jpg", "dsc_0001.jpg"]) {
        const photoId = await addPhotoToSet(store, setId, await seededJpeg(seed++, 600, 400), name);
        photos.push({ id: photoId, name, setId });
      }
    }
    listId = await makeSelectionList(
      store.db,
      id,
      "Anitha",
      photos.filter((_, i) => i % 2 === 0).map((p) => p.id),
    );
    const read = await readGallery(store.db, id);
    if (!read) throw new Error("no gallery");
    gallery = read;
  });
  afterAll(() => store.cleanup());

  async function listOwner(id: number): Promise<number> {
    const row = await store.db
      .selectFrom("selection_lists")
      .select("visitor_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return row.visitor_id;
  }

  it("names files by set folder in the gallery's order, unique in each folder whatever the case", async () => {
    const all = await deliveryFiles(store.db, store.storage, gallery, { kind: "all" }, "original");
    expect(all?.preparing).toEqual([]);
    expect(all?.files.map((f) => f.name)).toEqual([
      "01 Nalangu/DSC_0001.JPG",
      "01 Nalangu/DSC_0002.jpg",
      "01 Nalangu/dsc_0001 (2).jpg",
      "02 Muhurtham _ Kalyanam/DSC_0001.JPG",
      "02 Muhurtham _ Kalyanam/DSC_0002.jpg",
      "02 Muhurtham _ Kalyanam/dsc_0001 (2).jpg",
    ]);
    const web = await deliveryFiles(store.db, store.storage, gallery, { kind: "set", setId: sets.nalangu }, "web");
    expect(web?.files.map((f) => f.name)).toEqual([
      "01 Nalangu/DSC_0001.jpg",
      "01 Nalangu/DSC_0002.jpg",
      "01 Nalangu/dsc_0001 (2).jpg",
    ]);
    expect(web?.files.every((f) => f.store === "public")).toBe(true);
    // The set's archive is labelled with its title, and its Tamil title for a Tamil reader's name
    // (its folder inside keeps the English above); the whole gallery's has no Tamil label.
    expect([web?.label, web?.labelTa]).toEqual(["Nalangu", NALANGU_TA]);
    const muhurtham = await deliveryFiles(
      store.db,
      store.storage,
      gallery,
      { kind: "set", setId: sets.muhurtham },
      "web",
    );
    expect([muhurtham?.label, muhurtham?.labelTa]).toEqual(["Muhurtham / Kalyanam", null]);
    expect(all?.labelTa).toBeNull();
    const owner = { visitorId: await listOwner(listId) };
    const list = await deliveryFiles(
      store.db,
      store.storage,
      gallery,
      { kind: "list", listId, reader: owner },
      "original",
    );
    expect(list?.files.map((f) => f.photoId).sort()).toEqual(
      photos
        .filter((_, i) => i % 2 === 0)
        .map((p) => p.id)
        .sort(),
    );
    // Nothing of another gallery, or that does not exist.
    const other = await createGallery(store.db, { title: "Someone else" });
    const otherSet = await addGallerySet(store.db, other, "Reception");
    expect(await deliveryFiles(store.db, store.storage, gallery, { kind: "set", setId: otherSet }, "web")).toBeNull();
    expect(
      await deliveryFiles(store.db, store.storage, gallery, { kind: "photo", photoId: 999_999 }, "web"),
    ).toBeNull();
    expect(
      await deliveryFiles(
        store.db,
        store.storage,
        { ...gallery, id: other },
        { kind: "list", listId, reader: "studio" },
        "web",
      ),
    ).toBeNull();
    // A list is its person's and the studio's: another person of the same gallery gets nothing.
    const someoneElse = { visitorId: await listOwner(await makeSelectionList(store.db, gallery.id, "Meena", [])) };
    expect(
      await deliveryFiles(store.db, store.storage, gallery, { kind: "list", listId, reader: someoneElse }, "web"),
    ).toBeNull();
    const studio = await deliveryFiles(
      store.db,
      store.storage,
      gallery,
      { kind: "list", listId, reader: "studio" },
      "web",
    );
    expect(studio?.files).toHaveLength(3);
  });

  it("zips the stored bytes: unzip and Python open it, and a range from the middle equals the whole's", async () => {
    const files = (await deliveryFiles(store.db, store.storage, gallery, { kind: "all" }, "original"))?.files;
    if (!files) throw new Error("no files");
    const layout = await deliveryZip(store.db, store.storage, files);
    const whole = await collect(zipBytes(layout));
    expect(whole.length).toBe(layout.size);
    const file = path.join(store.dataDir, "all.zip");
    fs.writeFileSync(file, whole);
    expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toMatch(/No errors detected/);
    const out = path.join(store.dataDir, "unzipped");
    execFileSync("python3", ["-m", "zipfile", "-e", file, out]);
    for (const f of files) {
      const stored = await store.storage.originals.get(f.key);
      expect(fs.readFileSync(path.join(out, f.name)).equals(stored)).toBe(true);
    }
    const half = Math.floor(layout.size / 2);
    expect((await collect(zipBytes(layout, half))).equals(whole.subarray(half))).toBe(true);
    // Kept once computed: the same archive again reads no file to lay itself out.
    const kept = await store.db.selectFrom("file_checksums").select("key").where("store", "=", "originals").execute();
    expect(kept.length).toBe(files.length);
    expect((await deliveryZip(store.db, store.storage, files)).etag).toBe(layout.etag);
  });

  it("gives the watermarked viewing JPEG as web size in a watermarked gallery, never for originals", async () => {
    await store.db
      .updateTable("client_galleries")
      .set({ watermark_text: "Nila Studio", watermark_opacity: 60 })
      .where("id", "=", gallery.id)
      .execute();
    const marked = await readGallery(store.db, gallery.id);
    if (!marked) throw new Error("no gallery");
    const setId = await addGallerySet(store.db, gallery.id, "Reception");
    const photoId = await addPhotoToSet(store, setId, await seededJpeg(99, 900, 600), "R_0001.jpg");
    const [web] =
      (await deliveryFiles(store.db, store.storage, marked, { kind: "photo", photoId }, "web"))?.files ?? [];
    const asset = await store.db
      .selectFrom("photos")
      .innerJoin("assets", "assets.id", "photos.asset_id")
      .select(["sha256", "width", "height", "original_key"])
      .where("photos.id", "=", photoId)
      .executeTakeFirstOrThrow();
    const view = planGalleryVariants(asset, marked.watermark).at(-1);
    if (!view?.watermark) throw new Error("no watermarked view");
    expect(web?.key).toBe(variantKey(asset.sha256, view));
    const [original] =
      (await deliveryFiles(store.db, store.storage, marked, { kind: "photo", photoId }, "original"))?.files ?? [];
    expect(original).toMatchObject({ store: "originals", key: asset.original_key, name: "03 Reception/R_0001.jpg" });
    // The earlier photos, processed before the watermark was set, have no marked file: left out,
    // not sent unmarked, and named as still being prepared (the download says so, not sends short).
    const all = await deliveryFiles(store.db, store.storage, marked, { kind: "all" }, "web");
    expect(all?.files.map((f) => f.name)).toEqual(["03 Reception/R_0001.jpg"]);
    expect(all?.preparing.map((p) => p.photoId).sort()).toEqual(photos.map((p) => p.id).sort());
    expect(all?.preparing.filter((p) => p.setId === sets.nalangu)).toHaveLength(3);
    // Their originals are never held back: originals are not watermarked.
    expect((await deliveryFiles(store.db, store.storage, marked, { kind: "all" }, "original"))?.preparing).toEqual([]);
    // The downloads page counts them in, and offers web size only once they are made.
    const offers = await downloadOffers(store.db, store.storage, { ...marked, downloads: "original" }, null, "en");
    const nalangu = offers.find((o) => o.path === `set/${sets.nalangu}.zip`);
    expect(nalangu).toMatchObject({ photos: 3, preparing: 3 });
    expect(nalangu?.bytes.web).toBeUndefined();
    expect(nalangu?.bytes.original).toBeGreaterThan(0);
    const reception = offers.find((o) => o.path === `set/${setId}.zip`);
    expect(reception).toMatchObject({ photos: 1, preparing: 0 });
    expect(reception?.bytes.web).toBeGreaterThan(0);
    await store.db.updateTable("client_galleries").set({ watermark_text: "" }).where("id", "=", gallery.id).execute();
  });

  it("offers what the gallery allows: nothing, web size, or originals and web size", () => {
    expect(allowsDownload({ downloads: "off" }, "web")).toBe(false);
    expect(allowsDownload({ downloads: "web" }, "web")).toBe(true);
    expect(allowsDownload({ downloads: "web" }, "original")).toBe(false);
    expect(allowsDownload({ downloads: "original" }, "original")).toBe(true);
    expect(allowsDownload({ downloads: "original" }, "web")).toBe(true);
  });

  it("offers everything, each set and the person's non-empty lists, each at its exact archive size", async () => {
    const originals = { ...gallery, downloads: "original" as const };
    const visitorId = await listOwner(listId);
    await store.db
      .insertInto("selection_lists")
      .values({ gallery_id: gallery.id, visitor_id: visitorId, name: "Prints" })
      .execute();
    // Someone else's list is not offered to this person.
    await makeSelectionList(store.db, gallery.id, "Karthik", [photos[0]?.id ?? 0]);
    const offers = await downloadOffers(store.db, store.storage, originals, { id: visitorId }, "en");
    // (An earlier test added a set of its own to this gallery.)
    const setOffers = offers.filter((o) => o.kind === "set");
    expect(offers[0]).toMatchObject({ path: "all.zip", label: "All photos" });
    expect(offers[0]?.photos).toBe(setOffers.reduce((sum, o) => sum + o.photos, 0));
    expect(setOffers.slice(0, 2).map((o) => [o.path, o.label, o.photos])).toEqual([
      [`set/${sets.nalangu}.zip`, "Nalangu", 3],
      [`set/${sets.muhurtham}.zip`, "Muhurtham / Kalyanam", 3],
    ]);
    // On a Tamil page each set is offered under its Tamil title, or its English one where it has none.
    const tamil = await downloadOffers(store.db, store.storage, originals, { id: visitorId }, "ta");
    expect(
      tamil
        .filter((o) => o.kind === "set")
        .slice(0, 2)
        .map((o) => [o.path, o.label]),
    ).toEqual([
      [`set/${sets.nalangu}.zip`, NALANGU_TA],
      [`set/${sets.muhurtham}.zip`, "Muhurtham / Kalyanam"],
    ]);
    // The empty list is not offered.
    expect(offers.filter((o) => o.kind === "list").map((o) => [o.path, o.label, o.photos])).toEqual([
      [`list/${listId}.zip`, "Album", 3],
    ]);
    // The figure shown is the length the download answers with, at each size.
    for (const offer of offers) {
      const named = parseDownloadPath(offer.path);
      if (!named) throw new Error(offer.path);
      const scope: DownloadScope = named.kind === "list" ? { ...named, reader: { visitorId } } : named;
      for (const size of ["web", "original"] as const) {
        const files = (await deliveryFiles(store.db, store.storage, gallery, scope, size))?.files;
        if (!files) throw new Error(offer.path);
        expect(offer.bytes[size]).toBe((await deliveryZip(store.db, store.storage, files)).size);
      }
    }
    // Sizes are read from what was recorded at upload: a file is not read to say how big it is.
    await store.db.deleteFrom("file_checksums").execute();
    const again = await downloadOffers(store.db, store.storage, originals, null, "en");
    expect(again[0]?.bytes).toEqual(offers[0]?.bytes);
    expect(
      await store.db.selectFrom("file_checksums").select("key").where("store", "=", "originals").execute(),
    ).toEqual([]);
    // A web-size gallery offers web size only; a gallery without downloads offers nothing.
    expect(offeredSizes({ downloads: "web" })).toEqual(["web"]);
    expect(offeredSizes({ downloads: "off" })).toEqual([]);
    const webOnly = await downloadOffers(store.db, store.storage, { ...gallery, downloads: "web" }, null, "en");
    expect(webOnly.every((o) => o.bytes.original === undefined && o.bytes.web !== undefined)).toBe(true);
    expect(await downloadOffers(store.db, store.storage, { ...gallery, downloads: "off" }, null, "en")).toEqual([]);
  });

  it("reads the download paths, and nothing else", () => {
    expect(parseDownloadPath("all.zip")).toEqual({ kind: "all" });
    expect(parseDownloadPath("set/12.zip")).toEqual({ kind: "set", setId: 12 });
    expect(parseDownloadPath("list/3.zip")).toEqual({ kind: "list", listId: 3 });
    expect(parseDownloadPath("photo/42")).toEqual({ kind: "photo", photoId: 42 });
    expect(parseDownloadPath("photo/42.jpg")).toEqual({ kind: "photo", photoId: 42 });
    for (const bad of ["", "set/12", "set/0.zip", "list/x.zip", "photo/42.zip/..", "../all.zip", "all.zip/"]) {
      expect(parseDownloadPath(bad)).toBeNull();
    }
  });
});
