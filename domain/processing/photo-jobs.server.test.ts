import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCollection } from "#fixtures/seed.ts";
import { createTestStore, FIXTURES_DIR, type TestStore } from "#fixtures/test-store.ts";
import { ingestImage } from "../catalog/ingest.server.ts";
import { POSITION_GAP } from "../catalog/photo-order.ts";
import {
  movePhoto,
  movePhotosToShoot,
  placePhotos,
  placeUploadedPhoto,
  restorePhotos,
  trashPhotos,
} from "../catalog/photos.server.ts";
import { getShootPage } from "../catalog/public-pages.server.ts";
import { createShoot, getShootForEdit, setCover, setShootStatus } from "../catalog/shoots.server.ts";
import { claimNextJob, jobProgress, requeueInterruptedJobs } from "../jobs/queue.server.ts";
import { deriveSource, ImageRejectedError } from "../media/pipeline.server.ts";
import { sha256Hex } from "../media/source.server.ts";
import { DUPLICATE_REASON, enqueueUploadedPhoto, knownPhotoHashes, processJob } from "./photo-jobs.server.ts";
import { startPhotoWorker } from "./photo-worker.server.ts";

const SOURCE = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));

/** Distinct small JPEGs: each size is a different file. */
async function photo(n: number): Promise<Buffer> {
  return deriveSource(SOURCE, { width: 200 + n, height: 150 });
}

describe("uploaded photos: queue, background processing, ordering", () => {
  let store: TestStore;
  let shootId: number;
  let otherShootId: number;
  let collectionId: number;
  const uploads = new Map<string, Uint8Array>();
  const upload = async (
    id: string,
    batchIndex: number,
    data: Uint8Array,
    batchId = "batch-aaaaaaaa",
    shoot = shootId,
  ) => {
    uploads.set(id, data);
    return enqueueUploadedPhoto(store.db, {
      uploadId: id,
      shootId: shoot,
      batchId,
      batchIndex,
      fileName: `${id}.jpg`,
      data,
    });
  };

  beforeAll(async () => {
    store = await createTestStore();
    collectionId = await seedCollection(store.db, { slug: "outdoor", name: "Outdoor", position: 1 });
    shootId = await createShoot(store.db, { title: "Hills", location: "", description: "", collectionId });
    otherShootId = await createShoot(store.db, { title: "Other", location: "", description: "", collectionId });
    await setShootStatus(store.db, shootId, "published");
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("refuses a non-image and a corrupt image by name and reason, before queueing", async () => {
    await expect(upload("notes", 0, Buffer.from("just some text, not a photo"))).rejects.toThrow(ImageRejectedError);
    await expect(upload("notes", 0, Buffer.from("just some text"))).rejects.toThrow(/not an image/);
    const truncated = (await photo(0)).subarray(0, 200);
    await expect(upload("broken", 0, truncated)).rejects.toThrow(ImageRejectedError);
    // Its header is whole, only the end is missing: refused now, not later in processing.
    const whole = await photo(0);
    await expect(upload("cut", 0, whole.subarray(0, whole.length - 100))).rejects.toThrow(/cut short/);
    expect(await store.db.selectFrom("jobs").select("id").execute()).toEqual([]);
  });

  it("queues each upload once, places a batch in the chosen order whatever finishes first, refuses duplicates", async () => {
    const files = await Promise.all([0, 1, 2, 3].map((n) => photo(n)));
    // The files finish uploading out of order.
    await upload("u2", 2, files[2] as Buffer);
    await upload("u0", 0, files[0] as Buffer);
    await upload("u3", 3, files[3] as Buffer);
    await upload("u1", 1, files[1] as Buffer);
    // The same upload reported twice is one job.
    await upload("u1", 1, files[1] as Buffer);
    await expect(upload("again", 4, files[0] as Buffer)).rejects.toThrow(DUPLICATE_REASON);
    const jobs = await store.db.selectFrom("jobs").select(["upload_id", "position"]).orderBy("position").execute();
    expect(jobs.map((j) => j.upload_id)).toEqual(["u0", "u1", "u2", "u3"]);
    expect(await jobProgress(store.db, shootId, 0)).toMatchObject({ queued: 4, running: 0, done: 0 });
  });

  it("a job left running by a killed process is queued again", async () => {
    // Jobs are taken in the order their uploads finished; their positions are already fixed.
    const claimed = await claimNextJob(store.db);
    expect(claimed).toMatchObject({ kind: "photo-upload", uploadId: "u2" });
    expect(await requeueInterruptedJobs(store.db)).toBe(1);
    expect(await jobProgress(store.db, shootId, 0)).toMatchObject({ queued: 4, running: 0 });
  });

  it("the worker turns every job into exactly one photo, in order, with variants, and stops cleanly", async () => {
    const removed: string[] = [];
    const worker = startPhotoWorker(store, {
      read: async (id) => uploads.get(id) ?? Promise.reject(new Error("missing")),
      remove: async (id) => {
        removed.push(id);
      },
    });
    worker.wake();
    const deadline = Date.now() + 60_000;
    while ((await jobProgress(store.db, shootId, 0)).done < 4 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await worker.stop();
    expect(await jobProgress(store.db, shootId, 0)).toMatchObject({ queued: 0, running: 0, done: 4, failed: [] });
    expect(removed.sort()).toEqual(["u0", "u1", "u2", "u3"]);
    const page = await getShootPage(store.db, shootId);
    expect(page?.photos).toHaveLength(4);
    const shoot = await getShootForEdit(store.db, shootId);
    const names = await store.db
      .selectFrom("photos")
      .innerJoin("assets", "assets.id", "photos.asset_id")
      .select("assets.original_name")
      .where("photos.shoot_id", "=", shootId)
      .orderBy("photos.position")
      .execute();
    expect(names.map((n) => n.original_name)).toEqual(["u0.jpg", "u1.jpg", "u2.jpg", "u3.jpg"]);
    for (const p of shoot?.photos ?? []) expect(p.thumbnail?.sources.length).toBeGreaterThan(0);
  });

  it("a second batch goes after the first; a job whose photo already arrived is a refused duplicate", async () => {
    await upload("v0", 0, await photo(10), "batch-bbbbbbbb");
    const job = await claimNextJob(store.db);
    expect(job?.position).toBe(4 * POSITION_GAP);
    // The same bytes as u0, queued behind the check (as two simultaneous uploads might be): the
    // job carries what the check found about its bytes, so it is theirs that it names.
    const u0 = uploads.get("u0") as Uint8Array;
    const checked = { sha256: sha256Hex(u0) };
    expect(await processJob(store, { ...(job as NonNullable<typeof job>), checked }, u0)).toBe("failed");
    const progress = await jobProgress(store.db, shootId, 0);
    expect(progress.failed).toEqual([{ fileName: "v0.jpg", reason: DUPLICATE_REASON }]);
  });

  it("reorders, moves, sets the cover, trashes and restores photos; the public page follows", async () => {
    const ids = async () => (await getShootForEdit(store.db, shootId))?.photos.map((p) => p.id) ?? [];
    const [a, b, c, d] = (await ids()) as [number, number, number, number];
    expect(await placePhotos(store.db, shootId, [d], { at: "start" })).toBe(1);
    expect(await placePhotos(store.db, shootId, [c], { before: a })).toBe(1);
    expect(await ids()).toEqual([d, c, a, b]);
    expect(await movePhoto(store.db, shootId, b, -1)).toBe(true);
    expect(await ids()).toEqual([d, c, b, a]);
    expect(await movePhoto(store.db, shootId, b, 1)).toBe(true);
    expect(await ids()).toEqual([d, c, a, b]);
    const publicOrder = async () => (await getShootPage(store.db, shootId))?.photos.map((p) => p.id);
    expect(await publicOrder()).toEqual([d, c, a, b]);

    const shoot = await getShootForEdit(store.db, shootId);
    const assetOfB = shoot?.photos.find((p) => p.id === b)?.assetId as number;
    expect(await setCover(store.db, shootId, assetOfB)).toBe(true);
    expect(await trashPhotos(store.db, shootId, [b])).toEqual([b]);
    expect(await publicOrder()).toEqual([d, c, a]);
    expect((await getShootForEdit(store.db, shootId))?.coverAssetId).toBeNull();
    expect(await restorePhotos(store.db, [b])).toBe(1);
    expect(await publicOrder()).toEqual([d, c, a, b]);
    expect(await restorePhotos(store.db, [b])).toBe(0);
    expect(await publicOrder()).toEqual([d, c, a, b]);

    expect(await movePhotosToShoot(store.db, shootId, [d], otherShootId)).toEqual({ moved: 1, alreadyThere: 0 });
    expect(await publicOrder()).toEqual([c, a, b]);
    expect((await getShootForEdit(store.db, otherShootId))?.photos.map((p) => p.id)).toEqual([d]);
  });
  it("the bytes of a photo in the trash bring that photo back, at the new batch's place; a live one stays a duplicate", async () => {
    const shootPhotos = async () =>
      store.db
        .selectFrom("photos")
        .innerJoin("assets", "assets.id", "photos.asset_id")
        .select(["photos.id", "photos.deleted_at", "assets.original_name"])
        .where("photos.shoot_id", "=", shootId)
        .orderBy("photos.position")
        .execute();
    const live = async () => (await shootPhotos()).filter((p) => p.deleted_at === null).map((p) => p.id);
    const [first, second, third] = await live();
    await trashPhotos(store.db, shootId, [second as number]);
    const trashed = (await shootPhotos()).find((p) => p.id === second);
    const bytes = uploads.get(trashed?.original_name.replace(".jpg", "") ?? "") as Uint8Array;

    // A live photo's bytes are still refused; the trashed one's are queued, and say so.
    const liveName = (await shootPhotos()).find((p) => p.id === first)?.original_name.replace(".jpg", "") ?? "";
    await expect(upload("again-live", 0, uploads.get(liveName) as Uint8Array, "batch-cccccccc")).rejects.toThrow(
      DUPLICATE_REASON,
    );
    expect(await upload("from-trash", 1, bytes, "batch-cccccccc")).toMatchObject({ fromTrash: true });
    const job = await claimNextJob(store.db);
    expect(job).toMatchObject({ kind: "photo-upload", uploadId: "from-trash" });
    expect(await processJob(store, job as NonNullable<typeof job>, bytes)).toBe("done");

    // The same photo (not a copy) is back, after the others, and the job points at it.
    expect(await live()).toEqual([first, third, second]);
    expect((await shootPhotos()).filter((p) => p.id === second)).toHaveLength(1);
    const done = await store.db
      .selectFrom("jobs")
      .select(["state", "photo_id"])
      .where("upload_id", "=", "from-trash")
      .executeTakeFirst();
    expect(done).toEqual({ state: "done", photo_id: second });
    expect((await getShootPage(store.db, shootId))?.photos.map((p) => p.id)).toEqual([first, third, second]);
  });

  it("knows the SHA-256 of the shoot's live and queued photos, not of those in its trash or in another shoot", async () => {
    const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");
    const queuedBytes = await photo(40);
    await upload("queued-later", 0, queuedBytes, "batch-dddddddd");
    const rows = await store.db
      .selectFrom("photos")
      .innerJoin("assets", "assets.id", "photos.asset_id")
      .select(["photos.id", "photos.shoot_id", "photos.deleted_at", "assets.sha256"])
      .execute();
    const live = rows.filter((r) => r.shoot_id === shootId && r.deleted_at === null);
    const [trashed, ...kept] = live;
    if (!trashed) throw new Error("the shoot has no photos");
    await trashPhotos(store.db, shootId, [trashed.id]);

    const known = await knownPhotoHashes(store.db, shootId);
    expect([...known].sort()).toEqual([...kept.map((r) => r.sha256), sha256(queuedBytes)].sort());
    expect(known).not.toContain(trashed.sha256);
    const elsewhere = rows.filter((r) => r.shoot_id === otherShootId).map((r) => r.sha256);
    expect(elsewhere.length).toBeGreaterThan(0);
    for (const hash of elsewhere) expect(known).not.toContain(hash);
  });

  it("batches finishing at once (several instances) each go after the other, and the same bytes in two are one photo", async () => {
    const shoot = await createShoot(store.db, {
      title: "At once",
      location: "",
      description: "",
      collectionId,
    });
    const files = await Promise.all([20, 21, 22].map((n) => photo(n)));
    const results = await Promise.allSettled([
      upload("p0", 0, files[0] as Buffer, "batch-p0000000", shoot),
      upload("p1", 0, files[1] as Buffer, "batch-p1111111", shoot),
      upload("p2", 0, files[2] as Buffer, "batch-p2222222", shoot),
      upload("p3", 0, files[2] as Buffer, "batch-p3333333", shoot),
    ]);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toContain(DUPLICATE_REASON);
    const jobs = await store.db.selectFrom("jobs").select("position").where("shoot_id", "=", shoot).execute();
    expect(jobs).toHaveLength(3);
    expect(new Set(jobs.map((j) => j.position)).size).toBe(3);
  });

  it("a job run again after its instance was killed between placing its photo and recording it finds its own photo, not a duplicate", async () => {
    const shoot = await createShoot(store.db, { title: "Killed", location: "", description: "", collectionId });
    await upload("k0", 0, await photo(30), "batch-k0000000", shoot);
    let job = await claimNextJob(store.db);
    while (job && !(job.kind === "photo-upload" && job.uploadId === "k0")) job = await claimNextJob(store.db);
    if (job?.kind !== "photo-upload") throw new Error("k0 was not queued");
    const bytes = uploads.get("k0") as Uint8Array;
    // The killed instance's half: its photo placed, the job still claimed.
    const { assetId } = await ingestImage(store, bytes, job.fileName, job.checked);
    const placed = await placeUploadedPhoto(store.db, shoot, assetId, job.position);
    expect(await processJob(store, job, bytes)).toBe("done");
    const photos = await store.db
      .selectFrom("photos")
      .select(["id", "asset_id"])
      .where("shoot_id", "=", shoot)
      .execute();
    expect(photos).toEqual([{ id: placed, asset_id: assetId }]);
    // The same bytes at another place (another upload of them) are still a duplicate.
    expect(await placeUploadedPhoto(store.db, shoot, assetId, job.position + POSITION_GAP)).toBeNull();
    await requeueInterruptedJobs(store.db);
  });
});
