// The Guests panel's forms as the gallery's page answers them (issue 31), on a real database (and
// PostgreSQL in its run): guest search turned on gives an event link and its QR code; the sets
// guests may search are exactly those ticked of this gallery's; guest downloads, the event PIN
// and a new event link; a guest's data deleted by the studio; the panel's other forms refused
// while it is off; and turning it off deletes every face and every guest of the gallery. Also
// the photo manager's "Hide from guests" on a set's photos.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestHiddenPhotoIds, guestSetIds } from "#domain/catalog/sets.server.ts";
import { getShootForEdit } from "#domain/catalog/shoots.server.ts";
import { countGalleryFaceData, insertGuest, listGuests, saveScan } from "#domain/faces/store.server.ts";
import { addGallerySet, createGallery, type GalleryRecord, readGallery } from "#domain/galleries/galleries.server.ts";
import { madeUpFace } from "#fixtures/faces.ts";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import type { Day } from "#platform/db/schema.server.ts";
import { photoAction } from "../photo-actions.server.ts";
import type { Answer } from "./answer.ts";
import { guestsIntents, guestsPanelData } from "./guests.server.ts";

const TODAY = "2026-11-28" as Day;

/** What React Router's data() gives: the body, with the status it is sent with. */
interface WithInit {
  type: "DataWithResponseInit";
  data: Answer;
  init: { status?: number } | null;
}

/** The answer's body and status, whether the handler gave a plain answer or one with a status. */
function answerOf(result: unknown): { status: number; answer: Answer } {
  const withInit = result as Partial<WithInit>;
  if (withInit.type === "DataWithResponseInit")
    return { status: withInit.init?.status ?? 200, answer: withInit.data as Answer };
  return { status: 200, answer: result as Answer };
}

describe("the Guests panel's forms", () => {
  let store: TestStore;
  let galleryId: number;
  let sets: [number, number];
  let photos: number[];
  let otherGallerySet: number;

  beforeAll(async () => {
    store = await createTestStore();
    galleryId = await createGallery(store.db, { title: "Meena & Arjun", clientName: "Meena" });
    sets = [
      await addGallerySet(store.db, galleryId, "Getting ready"),
      await addGallerySet(store.db, galleryId, "Reception"),
    ];
    const assets = await insertAssets(store.db, 3, 900);
    photos = (
      await store.db
        .insertInto("photos")
        .values(assets.map((asset_id, i) => ({ shoot_id: sets[1], asset_id, position: i * 1024 })))
        .returning("id")
        .execute()
    ).map((p) => p.id);
    const other = await createGallery(store.db, { title: "Another wedding" });
    otherGallerySet = await addGallerySet(store.db, other, "Muhurtham");
  });
  afterAll(() => store.cleanup());

  const gallery = async () => (await readGallery(store.db, galleryId)) as GalleryRecord;
  const post = async (intent: string, fields: Record<string, string | string[]> = {}) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields))
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
    const handle = guestsIntents[intent];
    if (!handle) throw new Error(`no intent ${intent}`);
    return answerOf(await handle({ db: store.db, gallery: await gallery(), form, today: TODAY }));
  };

  it("refuses the panel's settings while guest search is off, and shows only that it is off", async () => {
    expect((await gallery()).guests.search).toBe(false);
    expect(await post("guest-sets", { guestSet: String(sets[1]) })).toMatchObject({
      status: 400,
      answer: { notice: "Turn guest search on first." },
    });
    expect(await guestSetIds(store.db, galleryId)).toEqual([]);
    const panel = await guestsPanelData(store.db, await gallery());
    expect(panel).toEqual({
      on: false,
      sets: [
        { id: sets[0], title: "Getting ready", photoCount: 0, open: false },
        { id: sets[1], title: "Reception", photoCount: 3, open: false },
      ],
    });
  });

  it("turns guest search on: an event link on the site's address, its QR code, and the progress", async () => {
    expect(await post("guest-search-on")).toMatchObject({ status: 200, answer: { form: "guests" } });
    const on = await gallery();
    expect(on.guests.search).toBe(true);
    const panel = await guestsPanelData(store.db, on);
    if (!panel.on) throw new Error("guest search should be on");
    expect(panel.link).toMatch(new RegExp(`^https?://[^/]+/e/${on.guests.token}$`));
    expect(panel.qrCode).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(panel.status).toMatchObject({ photos: 0, searched: 0, faces: 0, pending: 0, guests: [] });
  });

  it("opens exactly the ticked sets of this gallery to guests, and queues their photos' search", async () => {
    const chosen = await post("guest-sets", { guestSet: [String(sets[1]), String(otherGallerySet), "x"] });
    expect(chosen).toMatchObject({
      status: 200,
      answer: { form: "guest-sets", notice: expect.stringMatching(/1 set\b/) },
    });
    expect(await guestSetIds(store.db, galleryId)).toEqual([sets[1]]);
    const panel = await guestsPanelData(store.db, await gallery());
    if (!panel.on) throw new Error("guest search should be on");
    expect(panel.sets.map((s) => s.open)).toEqual([false, true]);
    expect(panel.status).toMatchObject({ photos: 3, searched: 0, pending: 3 });
  });

  it("sets guest downloads apart from the couple's, and refuses a value it does not offer", async () => {
    expect(await post("guest-downloads", { guestDownloads: "everything" })).toMatchObject({
      status: 400,
      answer: { form: "guest-downloads", errors: { guestDownloads: "Choose what guests may download." } },
    });
    expect(await post("guest-downloads", { guestDownloads: "web" })).toMatchObject({ status: 200 });
    const after = await gallery();
    expect(after.guests.downloads).toBe("web");
    expect(after.downloads).toBe("off");
  });

  it("sets and removes the event PIN as the couple's PIN is checked", async () => {
    expect(await post("event-pin-set", { pin: "12" })).toMatchObject({
      status: 400,
      answer: { form: "event-pin", errors: { pin: expect.stringMatching(/^Use 4 to 64 characters/) } },
    });
    expect(await post("event-pin-set", { pin: "2468" })).toMatchObject({ status: 200, answer: { form: "event-pin" } });
    expect((await gallery()).guests.hasPin).toBe(true);
    expect((await gallery()).hasPin).toBe(false);
    await post("event-pin-clear");
    expect((await gallery()).guests.hasPin).toBe(false);
  });

  it("makes a new event link: the old token is gone", async () => {
    const before = (await gallery()).guests.token;
    expect(await post("event-link-renew")).toMatchObject({ status: 200, answer: { form: "event-link" } });
    const after = (await gallery()).guests.token;
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });

  it("deletes one guest's data, and says so when it is already gone", async () => {
    const face = madeUpFace(0, 0).descriptor;
    const kept = await insertGuest(store.db, {
      galleryId,
      name: "Lakshmi",
      tokenHash: "a".repeat(43),
      descriptor: face,
      found: 4,
    });
    const gone = await insertGuest(store.db, {
      galleryId,
      name: "Ravi",
      tokenHash: "b".repeat(43),
      descriptor: face,
      found: 2,
    });
    const panel = await guestsPanelData(store.db, await gallery());
    if (!panel.on) throw new Error("guest search should be on");
    expect(panel.status.guests.map((g) => [g.name, g.found])).toEqual([
      ["Ravi", 2],
      ["Lakshmi", 4],
    ]);
    expect(await post("guest-delete", { guestId: String(gone) })).toMatchObject({
      status: 200,
      answer: { form: "guest-list", notice: expect.stringMatching(/^Ravi's data is deleted/) },
    });
    expect((await listGuests(store.db, galleryId)).map((g) => g.id)).toEqual([kept]);
    expect(await post("guest-delete", { guestId: String(gone) })).toMatchObject({ status: 404 });
  });

  it("hides a set's photos from guests and shows them again (the photo manager's actions)", async () => {
    const shoot = await getShootForEdit(store.db, sets[1]);
    if (!shoot) throw new Error("no set");
    const form = new FormData();
    form.set("photoIds", `${photos[0]},${photos[2]}`);
    expect(await photoAction(store.db, shoot, "photos-guest-hide", form)).toEqual({
      notice: "2 photos hidden from guests: a guest's search never shows them.",
    });
    expect(await guestHiddenPhotoIds(store.db, galleryId, photos)).toEqual(new Set([photos[0], photos[2]]));
    form.set("photoIds", String(photos[2]));
    expect(await photoAction(store.db, shoot, "photos-guest-show", form)).toEqual({
      notice: "1 photo shown to guests again.",
    });
    expect(await guestHiddenPhotoIds(store.db, galleryId, photos)).toEqual(new Set([photos[0]]));
  });

  it("turns guest search off: every face and every guest of the gallery deleted, and the event link gone", async () => {
    for (const [i, photoId] of photos.entries())
      await saveScan(store.db, { photoId, galleryId, faces: [madeUpFace(0, i), madeUpFace(1, i)] });
    expect(await countGalleryFaceData(store.db, galleryId)).toEqual({ scans: 3, faces: 6, guests: 1 });
    expect(await post("guest-search-off")).toMatchObject({
      status: 200,
      answer: { form: "guests", notice: expect.stringMatching(/face data and every guest's data are deleted/) },
    });
    expect(await countGalleryFaceData(store.db, galleryId)).toEqual({ scans: 0, faces: 0, guests: 0 });
    const off = await gallery();
    expect(off.guests).toMatchObject({ search: false, token: null, hasPin: false });
  });
});
