// Guest face search end to end below HTTP (issue 31), with the real model on real photos (the
// model package's samples): what is searched, what a guest's selfie finds, what a guest is never
// shown, what a selfie is refused for, and that turning it off erases every face. On SQLite and,
// in the PostgreSQL run, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addGallerySet } from "#domain/galleries/galleries.server.ts";
import { guestVisiblePhotoIds } from "#domain/galleries/guest-view.server.ts";
import { jobWork } from "#domain/jobs/worker.server.ts";
import { enqueueUploadedPhoto } from "#domain/processing/photo-jobs.server.ts";
import { photoWork, type UploadSource } from "#domain/processing/photo-worker.server.ts";
import { samplePhoto, secondPhoto, selfieOf } from "#fixtures/faces.ts";
import { addPhotoToSet } from "#fixtures/gallery-fixture.ts";
import { gallerySetStore } from "#fixtures/gallery-set-store.ts";
import { runRound } from "#platform/background.server.ts";
import type { Database } from "#platform/db/db.server.ts";
import { type FaceEngine, startFaceEngine } from "./engine.server.ts";
import { chooseGuestSets, guestSearchStatus, hideFromGuests, setGuestSearch } from "./guest-search.server.ts";
import { findPhotosOf, guestByToken, readSelfie, registerGuest } from "./guests.server.ts";
import { faceJobHandlers } from "./indexing.server.ts";
import { countGalleryFaceData, deleteGuest, scannedPhotoIds } from "./store.server.ts";

let engine: FaceEngine;
beforeAll(() => {
  engine = startFaceEngine({ processes: 1 });
});
afterAll(async () => {
  await engine.stop();
});

const g = gallerySetStore();

/** Runs the faces lane until no job is left; how many it did. */
async function indexAll(db: Database, storage: typeof g.store.storage): Promise<number> {
  const work = jobWork(db, [faceJobHandlers({ db, storage, engine })], undefined, "faces");
  let done = 0;
  for (;;) {
    const round = await runRound(work);
    if (round.claimed === 0) return done;
    done += round.succeeded;
  }
}

/** A selfie of sample `n`'s largest face. */
async function selfieFrom(n: number): Promise<Buffer> {
  const { faces } = await engine.find(samplePhoto(n), `sample${n}.jpg`, "guest");
  const [face] = [...faces].sort((a, b) => b.w * b.h - a.w * a.h);
  if (!face) throw new Error(`no face in sample ${n}`);
  return selfieOf(n, face);
}

describe("guest face search", () => {
  it("searches only the open sets, finds the guest in exactly the photos guests may see, and erases every face when turned off", async () => {
    const { store, galleryId, setId } = g;
    const { db } = store;
    const deps = { db, storage: store.storage };
    const gettingReady = await addGallerySet(db, galleryId, "Getting ready");
    const first = await addPhotoToSet(deps, setId, samplePhoto(1), "first.jpg");
    const again = await addPhotoToSet(deps, setId, await secondPhoto(1), "again.jpg");
    const others = await addPhotoToSet(deps, setId, samplePhoto(2), "others.jpg");
    const hidden = await addPhotoToSet(deps, setId, await secondPhoto(1, { share: 0.95, width: 1400 }), "hidden.jpg");
    const coupleOnly = await addPhotoToSet(deps, gettingReady, await secondPhoto(1, { share: 0.9 }), "ready.jpg");

    // Off by default: nothing is queued, nothing searched.
    expect(await indexAll(db, store.storage)).toBe(0);
    await setGuestSearch(db, galleryId, true);
    await chooseGuestSets(db, galleryId, [setId]);
    await hideFromGuests(db, galleryId, [hidden], true);
    expect(await indexAll(db, store.storage)).toBe(4);
    expect(await scannedPhotoIds(db, galleryId)).toEqual(new Set([first, again, others, hidden]));
    const status = await guestSearchStatus(db, galleryId);
    expect(status).toMatchObject({ photos: 4, searched: 4, pending: 0 });
    expect(status.faces).toBeGreaterThanOrEqual(9);

    const selfie = await readSelfie(engine, await selfieFrom(1), "selfie.jpg");
    if (!selfie.ok) throw new Error(selfie.message);
    const matches = await findPhotosOf(db, galleryId, selfie.descriptor);
    // The match finds the hidden photo too (the same face): the guest's read drops it.
    expect(matches.map((m) => m.photoId).sort()).toEqual([first, again, hidden].sort());
    const shown = await guestVisiblePhotoIds(
      { db },
      galleryId,
      matches.map((m) => m.photoId),
    );
    expect(new Set(shown)).toEqual(new Set([first, again]));
    expect(shown).not.toContain(coupleOnly);

    const { guestId, token } = await registerGuest(db, {
      galleryId,
      name: "Meena",
      descriptor: selfie.descriptor,
      found: shown.length,
    });
    expect((await guestByToken(db, galleryId, token))?.name).toBe("Meena");
    expect(await guestByToken(db, galleryId + 1, token)).toBeNull();
    expect(await countGalleryFaceData(db, galleryId)).toMatchObject({ scans: 4, guests: 1 });

    // Closing the set forgets its photos' faces; turning search off erases the guests too.
    await chooseGuestSets(db, galleryId, []);
    expect(await countGalleryFaceData(db, galleryId)).toEqual({ scans: 0, faces: 0, guests: 1 });
    await chooseGuestSets(db, galleryId, [setId]);
    await setGuestSearch(db, galleryId, false);
    expect(await countGalleryFaceData(db, galleryId)).toEqual({ scans: 0, faces: 0, guests: 0 });
    expect(await deleteGuest(db, galleryId, guestId)).toBe(false);
    // Nothing is left queued either.
    expect(await indexAll(db, store.storage)).toBe(0);
  });

  it("searches a photo uploaded to an open set as it arrives, and not one uploaded to a closed set", async () => {
    const { store, galleryId, setId } = g;
    const { db } = store;
    const gettingReady = await addGallerySet(db, galleryId, "Getting ready");
    await setGuestSearch(db, galleryId, true);
    await chooseGuestSets(db, galleryId, [setId]);
    const files = new Map<string, Uint8Array>();
    const uploads: UploadSource = {
      read: async (id) => files.get(id) ?? Promise.reject(new Error("missing")),
      remove: async (id) => void files.delete(id),
    };
    for (const [uploadId, shootId, bytes] of [
      ["muhurtham", setId, samplePhoto(3)],
      ["ready", gettingReady, samplePhoto(4)],
    ] as const) {
      files.set(uploadId, bytes);
      await enqueueUploadedPhoto(db, {
        uploadId,
        shootId,
        batchId: "batch-faces",
        batchIndex: 0,
        fileName: `${uploadId}.jpg`,
        data: bytes,
      });
    }
    const photos = photoWork(store, uploads);
    while ((await runRound(photos)).claimed > 0);
    const placed = await db.selectFrom("photos").select(["id", "shoot_id"]).execute();
    const open = placed.find((p) => p.shoot_id === setId)?.id;
    expect(open).toBeDefined();
    expect(await indexAll(db, store.storage)).toBe(1);
    expect(await scannedPhotoIds(db, galleryId)).toEqual(new Set([open]));
  });
});
