// The job worker (ADR 038): it refuses to start, in one line naming the kind, while a kind of job
// has no handler (or two); and queuing a job wakes it, so a job waits for no poll: here the
// re-renders a gallery made from a portfolio shoot queues, inside createGalleryFromShoot's
// transaction, are done while the worker's poll is an hour away.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addPhotoToSet, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { type BackgroundWorker, UnhandledKindError } from "#platform/background.server.ts";
import { HOUR_MS } from "#platform/time.ts";
import { createShoot } from "../catalog/shoots.server.ts";
import { createGalleryFromShoot } from "../galleries/galleries.server.ts";
import { pendingRerenders } from "../galleries/rerender-requests.server.ts";
import { photoJobHandlers, startPhotoWorker, type UploadSource } from "../processing/photo-worker.server.ts";
import { type JobHandler, startJobWorker } from "./worker.server.ts";

/** Long enough that a job done within a test was not found by a poll: only a wake-up explains it. */
const POLL_MS = HOUR_MS;
/** Generous for a busy machine; far short of POLL_MS. */
const DONE_WITHIN_MS = 30_000;

/** No photo-upload runs here: a read would be a bug. */
const NO_UPLOADS: UploadSource = {
  read: async (id) => {
    throw new Error(`read the upload ${id}`);
  },
  remove: async () => {},
};

let store: TestStore;
let worker: BackgroundWorker | undefined;
beforeEach(async () => {
  store = await createTestStore();
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await store.cleanup();
});

describe("the job worker's start", () => {
  const handler: JobHandler<never> = { run: async () => {}, gaveUpReason: "" };

  it("fails, in one line naming the kind, while a kind has no handler", () => {
    const start = () => startJobWorker(store.db, [{ "photo-upload": handler }]);
    expect(start).toThrow(UnhandledKindError);
    expect(start).toThrow(
      new UnhandledKindError('jobs: no handler for the kind "photo-rerender"; register one before the worker starts'),
    );
    expect(() => startJobWorker(store.db, [])).toThrow(
      'jobs: no handler for the kinds "photo-upload", "photo-rerender"; register one before the worker starts',
    );
  });

  it("fails when two modules register a handler for the same kind", () => {
    const photos = photoJobHandlers(store, NO_UPLOADS);
    expect(() => startJobWorker(store.db, [photos, { "photo-rerender": handler }])).toThrow(
      'jobs: two handlers for the kind "photo-rerender"',
    );
  });
});

describe("queuing a job", () => {
  it("wakes the worker once its transaction commits: a gallery made from a shoot is rendered without waiting for the poll", async () => {
    const { id: collectionId } = await store.db
      .insertInto("collections")
      .values({ slug: "wedding", name: "Wedding", position: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const shootId = await createShoot(store.db, { title: "Wedding", location: "", description: "", collectionId });
    for (const seed of [1, 2]) await addPhotoToSet(store, shootId, await seededJpeg(seed, 600, 400), `${seed}.jpg`);

    const asleep = Promise.withResolvers<void>();
    worker = startPhotoWorker(store, NO_UPLOADS, { pollMs: POLL_MS, idle: () => asleep.resolve() });
    // Its first round found nothing: it sleeps until the poll, an hour away, or a wake-up.
    await asleep.promise;

    // The jobs are queued inside createGalleryFromShoot's transaction; nothing else wakes the worker.
    const galleryId = await createGalleryFromShoot(store.db, shootId, { title: "From the shoot" });
    await vi.waitFor(async () => expect(await pendingRerenders(store.db, galleryId)).toBe(0), {
      timeout: DONE_WITHIN_MS,
      interval: 50,
    });
    const jobs = await store.db.selectFrom("jobs").select(["kind", "state"]).execute();
    expect(jobs).toEqual([
      { kind: "photo-rerender", state: "done" },
      { kind: "photo-rerender", state: "done" },
    ]);
  });
});
