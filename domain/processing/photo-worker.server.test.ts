// Photo processing as background work: the upload check's findings kept with the job and used
// instead of a second hash and inspection, a dead worker's lease running out, and a server error
// retried after a backoff, then given up (on an injected clock).
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestStore, FIXTURES_DIR, type TestStore } from "#fixtures/test-store.ts";
import { runRound } from "#platform/background.server.ts";
import { createShoot } from "../catalog/shoots.server.ts";
import { claimNextJob, JOB_LEASE_MS, jobProgress, releaseJobs } from "../jobs/queue.server.ts";
import { JOB_MAX_ATTEMPTS } from "../jobs/worker.server.ts";
import { deriveSource, inspectSource } from "../media/pipeline.server.ts";
import { sha256Hex } from "../media/source.server.ts";
import type { MediaStorage } from "../media/storage.server.ts";
import { enqueueUploadedPhoto, SERVER_ERROR_REASON } from "./photo-jobs.server.ts";
import { photoWork, type UploadSource } from "./photo-worker.server.ts";

vi.mock("../media/pipeline.server.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../media/pipeline.server.ts")>();
  return { ...actual, inspectSource: vi.fn(actual.inspectSource) };
});

const SOURCE = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));
const T0 = new Date("2026-03-01T10:00:00.000Z").getTime();

let store: TestStore;
let shootId: number;
const files = new Map<string, Uint8Array>();
const uploads: UploadSource = {
  read: async (id) => files.get(id) ?? Promise.reject(new Error("missing")),
  remove: async (id) => void files.delete(id),
};

beforeEach(async () => {
  store = await createTestStore();
  const { id: collectionId } = await store.db
    .insertInto("collections")
    .values({ slug: "outdoor", name: "Outdoor", position: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  shootId = await createShoot(store.db, { title: "Hills", location: "", description: "", collectionId });
  files.clear();
  vi.mocked(inspectSource).mockClear();
});
afterEach(() => store.cleanup());

async function upload(id: string, n: number): Promise<Uint8Array> {
  const data = await deriveSource(SOURCE, { width: 200 + n, height: 150 });
  files.set(id, data);
  await enqueueUploadedPhoto(store.db, {
    uploadId: id,
    shootId,
    batchId: "batch-aaaaaaaa",
    batchIndex: n,
    fileName: `${id}.jpg`,
    data,
  });
  return data;
}

const job = (id: string) =>
  store.db.selectFrom("jobs").selectAll().where("upload_id", "=", id).executeTakeFirstOrThrow();

describe("the upload check's findings", () => {
  it("are kept with the job, and processing neither hashes nor inspects the file again", async () => {
    const data = await upload("u1", 1);
    expect(inspectSource).toHaveBeenCalledTimes(1);
    const info = await vi.mocked(inspectSource).mock.results[0]?.value;
    expect(await job("u1")).toMatchObject({ sha256: sha256Hex(data), ...info, attempts: 0, lease_until: null });

    // Had processing hashed the bytes, the asset would carry their real hash, not the job's.
    const stored = "ab".repeat(32);
    await store.db.updateTable("jobs").set({ sha256: stored }).where("upload_id", "=", "u1").execute();
    expect(await runRound(photoWork(store, uploads))).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(inspectSource).toHaveBeenCalledTimes(1);
    const asset = await store.db.selectFrom("assets").selectAll().executeTakeFirstOrThrow();
    expect(asset).toMatchObject({ sha256: stored, mime: info.mime, width: info.width, height: info.height });
    expect(await job("u1")).toMatchObject({ state: "done", lease_until: null });
    expect(files.has("u1")).toBe(false);
  });

  it("are looked for again only for a job queued before they were kept", async () => {
    const data = await upload("old", 2);
    await store.db
      .updateTable("jobs")
      .set({ mime: null, width: null, height: null })
      .where("upload_id", "=", "old")
      .execute();
    expect(await runRound(photoWork(store, uploads))).toMatchObject({ succeeded: 1 });
    expect(inspectSource).toHaveBeenCalledTimes(2);
    const asset = await store.db.selectFrom("assets").selectAll().executeTakeFirstOrThrow();
    expect(asset).toMatchObject({ sha256: sha256Hex(data), mime: "image/jpeg", width: 202, height: 150 });
  });
});

describe("a photo job's lease", () => {
  it("runs out when its worker died, and the job is claimed again; the dead claim's hand-back does nothing", async () => {
    await upload("u1", 1);
    const first = await claimNextJob(store.db, T0);
    expect(first).toMatchObject({ uploadId: "u1", attempts: 1 });
    expect(await claimNextJob(store.db, T0 + JOB_LEASE_MS - 1)).toBeNull();
    const second = await claimNextJob(store.db, T0 + JOB_LEASE_MS);
    expect(second).toMatchObject({ id: first?.id, attempts: 2 });
    await releaseJobs(store.db, [first as NonNullable<typeof first>]);
    expect(await job("u1")).toMatchObject({ state: "running", attempts: 2, lease_until: second?.leaseUntil });
  });
});

describe("a server error while processing", () => {
  /** Storage whose originals cannot be written the first `failures` times. */
  function failingStorage(failures: number): MediaStorage {
    let left = failures;
    const { originals } = store.storage;
    return {
      public: store.storage.public,
      publicUrl: (key) => store.storage.publicUrl(key),
      originals: {
        has: (key) => originals.has(key),
        get: (key) => originals.get(key),
        delete: (key) => originals.delete(key),
        stream: (key, start, end) => originals.stream(key, start, end),
        list: (prefix) => originals.list(prefix),
        sweepPartials: () => originals.sweepPartials(),
        put: async (key, data) => {
          if (left-- > 0) throw new Error("ENOSPC: no space left on device");
          await originals.put(key, data);
        },
        putFile: async (key, filePath) => {
          if (left-- > 0) throw new Error("ENOSPC: no space left on device");
          await originals.putFile(key, filePath);
        },
      },
    };
  }

  it("is retried after 5 s, then 10 s, while the job waits in the queue, and the photo arrives", async () => {
    await upload("u1", 1);
    let now = T0;
    const work = photoWork({ db: store.db, storage: failingStorage(2) }, uploads, () => new Date(now));
    expect(await runRound(work)).toMatchObject({ claimed: 1, failed: 1 });
    expect(await job("u1")).toMatchObject({
      state: "queued",
      attempts: 1,
      retry_at: new Date(T0 + 5_000).toISOString(),
    });
    expect(await jobProgress(store.db, shootId, 0)).toMatchObject({ queued: 1, failed: [] });
    now = T0 + 4_999;
    expect((await runRound(work)).claimed).toBe(0);
    now = T0 + 5_000;
    expect(await runRound(work)).toMatchObject({ failed: 1 });
    expect((await job("u1")).retry_at).toBe(new Date(now + 10_000).toISOString());
    now += 10_000;
    expect(await runRound(work)).toMatchObject({ succeeded: 1 });
    expect(await job("u1")).toMatchObject({ state: "done", attempts: 3 });
    expect(await jobProgress(store.db, shootId, 0)).toMatchObject({ queued: 0, done: 1, failed: [] });
  });

  it("fails the job for good after three attempts, keeping the upload until then only", async () => {
    await upload("u1", 1);
    let now = T0;
    const work = photoWork({ db: store.db, storage: failingStorage(99) }, uploads, () => new Date(now));
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      expect(files.has("u1")).toBe(true);
      expect(await runRound(work)).toMatchObject({ claimed: 1, failed: 1 });
      now += 60_000;
    }
    expect(await job("u1")).toMatchObject({ state: "failed", attempts: 3, error: SERVER_ERROR_REASON });
    await vi.waitFor(() => expect(files.has("u1")).toBe(false));
    expect((await jobProgress(store.db, shootId, 0)).failed).toEqual([
      { fileName: "u1.jpg", reason: SERVER_ERROR_REASON },
    ]);
    expect((await runRound(work)).claimed).toBe(0);
  });
});
