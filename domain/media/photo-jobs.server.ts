// The queue between a finished upload and a photo in a shoot. An upload is checked at once
// (is it an image we can use, does all of it decode, is it already in the shoot) so a refusal
// reaches the browser by name; accepted uploads become jobs that the background worker
// (photo-worker.server.ts) turns into photos. One tus upload is one job (unique upload id) and one
// asset is at most one photo per shoot, so a photo arrives exactly once however often a connection drops.
//
// The check's findings (SHA-256, type, upright size) are kept with the job and processing uses
// them instead of hashing and inspecting the file again. They still describe the bytes it reads:
// the upload's file is named by the server (a random tus id, never the client's choice), and
// once its last byte is in, tus writes no more to it (a PATCH must start at the current offset
// and may not go past the declared length), so the finished file is the one that was checked
// until the worker removes it. The one other change it can undergo is to vanish (a tus DELETE,
// the disk), and then the worker says the file was lost. Processing still decodes every pixel,
// which refuses a corrupt image the header check let through.
import { randomUUID } from "node:crypto";
import { type ExpressionBuilder, sql } from "kysely";
import type { Claimed, WorkQueue } from "../../platform/background.server.ts";
import { type Database, skippingLocked } from "../../platform/db/db.server.ts";
import type { DB, PhotoJobState } from "../../platform/db/schema.server.ts";
import { MINUTE_MS, toStoredTime } from "../../platform/time.ts";
import { POSITION_GAP } from "../catalog/photo-order.ts";
import { lockShootOrder } from "../catalog/photos.server.ts";
import { rememberChecksum } from "./checksums.server.ts";
import {
  type CheckedSource,
  type IngestDeps,
  ingestImage,
  sha256Hex,
  type VariantPlan,
  variantKey,
} from "./ingest.server.ts";
import {
  checkSourceDecodes,
  ImageRejectedError,
  inspectSource,
  planGalleryVariants,
  storedWatermark,
} from "./pipeline.server.ts";

export const DUPLICATE_REASON = "a duplicate: this photo is already in the shoot";
/** What the studio reads for a job the server could not process, after its retries. */
export const SERVER_ERROR_REASON = "could not be processed (a server error); try again";
/**
 * How long a claim holds a job before the worker renews it: a job whose worker died (a killed
 * instance) is claimed again by another within this. The worker renews it every
 * PHOTO_JOB_RENEW_MS while it works, so a slow photo (a 120 MP source, the largest accepted, took
 * about 20 s on two cores; longer on a busy machine) is never taken from a live worker.
 */
export const PHOTO_JOB_LEASE_MS = MINUTE_MS;
/** How often a working worker moves its job's lease on: a quarter of it, so a late renewal or two is no loss. */
export const PHOTO_JOB_RENEW_MS = PHOTO_JOB_LEASE_MS / 4;
/** Jobs whose photo is still on its way (waiting, or being processed now). */
const PENDING_JOB_STATES: PhotoJobState[] = ["queued", "running"];
/**
 * A re-render job's upload_id is this and the photo's id: the same queue and worker as uploads
 * (ADR 018), told apart by the name, since a photo already processed has no upload to read.
 */
const RERENDER_PREFIX = "rerender:";
/** What a re-render job's batch is called (a column every job has; re-renders have no batch). */
const RERENDER_BATCH = "rerender";
/** Rows per INSERT when queuing a gallery's re-render: well under SQLite's bound-parameter limit. */
const RERENDER_INSERT_CHUNK = 500;

/** Upload jobs only: what the uploader, the duplicate check and a shoot's progress are about. */
function uploadJobsOnly(eb: ExpressionBuilder<DB, "photo_jobs">) {
  return eb("upload_id", "not like", `${RERENDER_PREFIX}%`);
}

export interface QueuedUpload {
  jobId: number;
  /**
   * The shoot has these bytes as a photo in the trash: processing brings that photo back (at
   * this batch's position) instead of refusing a duplicate or making a second one.
   */
  fromTrash: boolean;
}

export interface UploadedPhoto {
  uploadId: string;
  shootId: number;
  batchId: string;
  /** The file's place in the order the studio chose the files in. */
  batchIndex: number;
  fileName: string;
  data: Uint8Array;
}

/**
 * SHA-256 of every photo the shoot has or is processing (not those in its trash): the uploader
 * skips a chosen file with one of these before sending a byte, so choosing a whole batch again
 * after a closed laptop sends only what is missing.
 */
export async function knownPhotoHashes(db: Database, shootId: number): Promise<string[]> {
  const live = await db
    .selectFrom("photos")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select("assets.sha256")
    .where("photos.shoot_id", "=", shootId)
    .where("photos.deleted_at", "is", null)
    .execute();
  const processing = await db
    .selectFrom("photo_jobs")
    .select("sha256")
    .where("shoot_id", "=", shootId)
    .where("state", "in", PENDING_JOB_STATES)
    .where(uploadJobsOnly)
    .execute();
  return [...new Set([...live, ...processing].map((row) => row.sha256))];
}

/**
 * Checks an uploaded file (its type and header, then every pixel decoded at a tiny size, so a
 * file cut short is refused now rather than in the background) and queues it; throws
 * ImageRejectedError (with the reason) if refused.
 */
export async function enqueueUploadedPhoto(
  db: Database,
  upload: UploadedPhoto,
  now = Date.now(),
): Promise<QueuedUpload> {
  const info = await inspectSource(upload.data, upload.fileName);
  await checkSourceDecodes(upload.data, upload.fileName);
  const sha256 = sha256Hex(upload.data);
  try {
    return await queueChecked(db, upload, info, sha256, now);
  } catch (error) {
    // Two instances finishing one upload at once (its uploader asked another where it stood
    // while the first was still queuing it): the second's insert met the first's row.
    const queued = await db
      .selectFrom("photo_jobs")
      .select("id")
      .where("upload_id", "=", upload.uploadId)
      .executeTakeFirst();
    if (queued && !(error instanceof ImageRejectedError)) return { jobId: queued.id, fromTrash: false };
    throw error;
  }
}

async function queueChecked(
  db: Database,
  upload: UploadedPhoto,
  info: Awaited<ReturnType<typeof inspectSource>>,
  sha256: string,
  now: number,
): Promise<QueuedUpload> {
  return db.transaction().execute(async (trx) => {
    // Two files finishing at once (on two instances) would both find the shoot's end, or both
    // miss the other as a duplicate: they take turns.
    await lockShootOrder(trx, upload.shootId);
    const inShoot = await trx
      .selectFrom("photos")
      .innerJoin("assets", "assets.id", "photos.asset_id")
      .select(["photos.id", "photos.deleted_at"])
      .where("photos.shoot_id", "=", upload.shootId)
      .where("assets.sha256", "=", sha256)
      .execute();
    const fromTrash = inShoot.length > 0 && inShoot.every((p) => p.deleted_at !== null);
    const already = await trx
      .selectFrom("photo_jobs")
      .select("id")
      .where("upload_id", "=", upload.uploadId)
      .executeTakeFirst();
    if (already) return { jobId: already.id, fromTrash };
    const live = inShoot.some((p) => p.deleted_at === null);
    const queued = await trx
      .selectFrom("photo_jobs")
      .select("id")
      .where("shoot_id", "=", upload.shootId)
      .where("sha256", "=", sha256)
      .where("state", "in", PENDING_JOB_STATES)
      .where(uploadJobsOnly)
      .executeTakeFirst();
    if (live || queued) throw new ImageRejectedError(upload.fileName, DUPLICATE_REASON);
    // A batch's photos follow the order the files were chosen in, after everything already
    // there, whichever file finishes uploading first.
    const sibling = await trx
      .selectFrom("photo_jobs")
      .select(sql<number>`position - batch_index * ${POSITION_GAP}`.as("base"))
      .where("batch_id", "=", upload.batchId)
      .where("shoot_id", "=", upload.shootId)
      .executeTakeFirst();
    let base = sibling?.base;
    if (base === undefined) {
      const { maxPhoto } = await trx
        .selectFrom("photos")
        .select(sql<number | null>`max(position)`.as("maxPhoto"))
        .where("shoot_id", "=", upload.shootId)
        .executeTakeFirstOrThrow();
      const { maxJob } = await trx
        .selectFrom("photo_jobs")
        .select(sql<number | null>`max(position)`.as("maxJob"))
        .where("shoot_id", "=", upload.shootId)
        .where("state", "in", PENDING_JOB_STATES)
        .where(uploadJobsOnly)
        .executeTakeFirstOrThrow();
      // The batch starts after everything there; earlier files of it that finish later keep
      // their places before this one (base + their index).
      base = Math.max(maxPhoto ?? -POSITION_GAP, maxJob ?? -POSITION_GAP) + POSITION_GAP;
    }
    const row = await trx
      .insertInto("photo_jobs")
      .values({
        upload_id: upload.uploadId,
        shoot_id: upload.shootId,
        batch_id: upload.batchId,
        batch_index: upload.batchIndex,
        file_name: upload.fileName,
        sha256,
        mime: info.mime,
        width: info.width,
        height: info.height,
        position: base + upload.batchIndex * POSITION_GAP,
        created_at: toStoredTime(now),
        updated_at: toStoredTime(now),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { jobId: row.id, fromTrash };
  });
}

export interface ClaimedJob extends Claimed {
  id: number;
  uploadId: string;
  /** A re-render job's photo (isRerenderJob); an upload job's photo once it is done. */
  photoId: number | null;
  shootId: number;
  fileName: string;
  position: number;
  /** This claim's lease (ISO 8601) as claimed; a renewal moves it on (renewJobs). */
  leaseUntil: string;
  /** This claim's identity: it tells this claim from a later one of the same job. */
  claimToken: string;
  /** What the upload check found about the file's bytes, for ingest to reuse. */
  checked: CheckedSource;
}

/** Jobs a worker may claim at `at`: queued and due, or running under a lease that ran out. */
function claimable(at: string) {
  return (eb: ExpressionBuilder<DB, "photo_jobs">) =>
    eb.or([
      eb.and([eb("state", "=", "queued"), eb.or([eb("retry_at", "is", null), eb("retry_at", "<=", at)])]),
      eb.and([eb("state", "=", "running"), eb("lease_until", "<=", at)]),
    ]);
}

/**
 * Takes the oldest claimable job, marking it running under a lease until `leaseUntil` and
 * counting the attempt; null when there is none. One UPDATE … RETURNING: atomic in SQLite, and
 * on PostgreSQL the job is locked as it is chosen, a job another instance is taking passed over
 * (skippingLocked), so two workers never take the same job.
 */
export async function claimNextJob(
  db: Database,
  now: Date | number = Date.now(),
  leaseUntil: Date | number = new Date(now).getTime() + PHOTO_JOB_LEASE_MS,
): Promise<ClaimedJob | null> {
  const at = toStoredTime(now);
  const until = toStoredTime(leaseUntil);
  const claimToken = randomUUID();
  const row = await db
    .updateTable("photo_jobs")
    .set((eb) => ({
      state: "running",
      attempts: eb("attempts", "+", 1),
      lease_until: until,
      claim_token: claimToken,
      updated_at: toStoredTime(now),
    }))
    .where("id", "=", (eb) =>
      skippingLocked(db, eb.selectFrom("photo_jobs").select("id").where(claimable(at)).orderBy("id").limit(1)),
    )
    .where(claimable(at))
    .returning([
      "id",
      "upload_id",
      "photo_id",
      "shoot_id",
      "file_name",
      "position",
      "attempts",
      "sha256",
      "mime",
      "width",
      "height",
    ])
    .executeTakeFirst();
  if (!row) return null;
  const { mime, width, height } = row;
  return {
    id: row.id,
    uploadId: row.upload_id,
    photoId: row.photo_id,
    shootId: row.shoot_id,
    fileName: row.file_name,
    position: row.position,
    attempts: row.attempts,
    leaseUntil: until,
    claimToken,
    checked: {
      sha256: row.sha256,
      // Jobs queued before the check's findings were kept have only the hash.
      info: mime !== null && width !== null && height !== null ? { mime, width, height } : undefined,
    },
  };
}

/**
 * Jobs a stopped or killed process left running go back to the queue (at start, before the
 * worker runs: on SQLite one server process owns the database, so any running job is a dead
 * process's; with several instances on PostgreSQL this is not called, and a dead worker's job
 * is claimed again once its lease runs out). The attempt stays counted: a photo that kills the
 * process is given up after a few starts.
 */
export async function requeueInterruptedJobs(db: Database): Promise<number> {
  const result = await db
    .updateTable("photo_jobs")
    .set({ state: "queued", lease_until: null, claim_token: null })
    .where("state", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Hands claimed jobs back untried: due at once, the attempt not counted; only those still under this claim. */
export async function releaseJobs(db: Database, jobs: Pick<ClaimedJob, "id" | "claimToken">[]): Promise<void> {
  for (const job of jobs)
    await db
      .updateTable("photo_jobs")
      .set((eb) => ({ state: "queued", attempts: eb("attempts", "-", 1), lease_until: null, claim_token: null }))
      .where("id", "=", job.id)
      .where("state", "=", "running")
      .where("claim_token", "=", job.claimToken)
      .execute();
}

/**
 * A working worker moves its jobs' lease on to `until` (only jobs still under its claim: one it
 * lost, to a lease that ran out while its process stalled, is another worker's now).
 */
export async function renewJobs(db: Database, jobs: ClaimedJob[], until: Date): Promise<void> {
  const leaseUntil = toStoredTime(until);
  for (const job of jobs) {
    const result = await db
      .updateTable("photo_jobs")
      .set({ lease_until: leaseUntil })
      .where("id", "=", job.id)
      .where("state", "=", "running")
      .where("claim_token", "=", job.claimToken)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) job.leaseUntil = leaseUntil;
  }
}

/** An attempt failed on a server error: the job waits in the queue until `at`. */
export async function retryJob(db: Database, id: number, at: Date): Promise<void> {
  await db
    .updateTable("photo_jobs")
    .set({
      state: "queued",
      lease_until: null,
      claim_token: null,
      retry_at: toStoredTime(at),
      updated_at: toStoredTime(),
    })
    .where("id", "=", id)
    .execute();
}

async function finishJob(db: Database, id: number, state: PhotoJobState, error: string | null, photoId?: number) {
  await db
    .updateTable("photo_jobs")
    .set({ state, error, photo_id: photoId ?? null, lease_until: null, claim_token: null, updated_at: toStoredTime() })
    .where("id", "=", id)
    .execute();
}

/**
 * The variants a photo of this shoot needs: a client gallery's set gets the delivery plan, with
 * the gallery's watermark if it has one (ADR 027); any other shoot the public ladder (undefined).
 */
export async function planForShoot(db: Database, shootId: number): Promise<VariantPlan | undefined> {
  const gallery = await db
    .selectFrom("shoots")
    .innerJoin("client_galleries", "client_galleries.id", "shoots.gallery_id")
    .select(["watermark_text", "watermark_position", "watermark_opacity"])
    .where("shoots.id", "=", shootId)
    .executeTakeFirst();
  if (!gallery) return undefined;
  const watermark = storedWatermark(gallery);
  return (info) => planGalleryVariants(info, watermark);
}

/**
 * Keeps the CRC-32s a gallery's downloads need (the original, the viewing JPEG) while the bytes
 * are at hand, so the first ZIP of a wedding need not read them all again (ADR 027).
 */
async function rememberDeliveryChecksums(deps: IngestDeps, assetId: number, data: Uint8Array, plan: VariantPlan) {
  const asset = await deps.db
    .selectFrom("assets")
    .select(["sha256", "original_key", "mime", "width", "height"])
    .where("id", "=", assetId)
    .executeTakeFirstOrThrow();
  await rememberChecksum(deps.db, { store: "originals", key: asset.original_key }, data);
  const view = plan(asset).at(-1);
  if (!view) return;
  const key = variantKey(asset.sha256, view);
  if (await deps.storage.public.has(key)) {
    await rememberChecksum(deps.db, { store: "public", key }, await deps.storage.public.get(key));
  }
}

/**
 * Turns a claimed job's upload (`data`: the job's file, as it was checked) into a photo: variants
 * first, then the photo row, in one step. The same bytes in this shoot's trash come back out of
 * it, at the job's position. A refused image or a duplicate fails the job for good; any other
 * error is thrown, for the worker to retry.
 */
export async function processJob(
  deps: IngestDeps,
  job: Pick<ClaimedJob, "id" | "shootId" | "fileName" | "position" | "checked">,
  data: Uint8Array,
): Promise<PhotoJobState> {
  const { db } = deps;
  try {
    const plan = await planForShoot(db, job.shootId);
    const { assetId } = await ingestImage(deps, data, job.fileName, job.checked, plan);
    if (plan) await rememberDeliveryChecksums(deps, assetId, data, plan);
    const photoId = await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom("photos")
        .select(["id", "deleted_at"])
        .where("shoot_id", "=", job.shootId)
        .where("asset_id", "=", assetId)
        .orderBy("id")
        .execute();
      if (existing.some((p) => p.deleted_at === null)) return null;
      const trashed = existing[0];
      if (trashed) {
        await trx
          .updateTable("photos")
          .set({ deleted_at: null, position: job.position })
          .where("id", "=", trashed.id)
          .execute();
        return trashed.id;
      }
      const row = await trx
        .insertInto("photos")
        .values({ shoot_id: job.shootId, asset_id: assetId, position: job.position })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });
    if (photoId === null) {
      await finishJob(db, job.id, "failed", DUPLICATE_REASON);
      return "failed";
    }
    await finishJob(db, job.id, "done", null, photoId);
    return "done";
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    await finishJob(db, job.id, "failed", error.reason);
    return "failed";
  }
}

// --- Re-rendering a gallery's photos (ADR 027): a new watermark means new viewing files.

/** Whether a claimed job re-renders an existing photo rather than processing an upload. */
export function isRerenderJob(job: Pick<ClaimedJob, "uploadId">): boolean {
  return job.uploadId.startsWith(RERENDER_PREFIX);
}

/**
 * Queues every photo of the gallery's sets (a set in the trash too: it can come back) to be
 * rendered again with the gallery's settings as they are when the job runs. One row per photo,
 * whatever the number of changes: a photo already queued, done or running is queued again (a
 * running one may have read the settings before they changed; its end no longer matches the
 * row's lease, so it does not mark the new request done). Returns how many photos are queued.
 */
export async function enqueueGalleryRerender(db: Database, galleryId: number, now = Date.now()): Promise<number> {
  const photos = await db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select([
      "photos.id",
      "photos.shoot_id",
      "photos.position",
      "assets.sha256",
      "assets.original_name",
      "assets.mime",
      "assets.width",
      "assets.height",
    ])
    .where("shoots.gallery_id", "=", galleryId)
    .where("photos.deleted_at", "is", null)
    .orderBy("shoots.gallery_position")
    .orderBy("photos.position")
    .execute();
  const at = toStoredTime(now);
  for (let i = 0; i < photos.length; i += RERENDER_INSERT_CHUNK) {
    const rows = photos.slice(i, i + RERENDER_INSERT_CHUNK).map((p) => ({
      upload_id: `${RERENDER_PREFIX}${p.id}`,
      shoot_id: p.shoot_id,
      batch_id: RERENDER_BATCH,
      batch_index: 0,
      file_name: p.original_name,
      sha256: p.sha256,
      mime: p.mime,
      width: p.width,
      height: p.height,
      position: p.position,
      photo_id: p.id,
      created_at: at,
      updated_at: at,
    }));
    await db
      .insertInto("photo_jobs")
      .values(rows)
      .onConflict((oc) =>
        oc.column("upload_id").doUpdateSet((eb) => ({
          shoot_id: eb.ref("excluded.shoot_id"),
          file_name: eb.ref("excluded.file_name"),
          position: eb.ref("excluded.position"),
          photo_id: eb.ref("excluded.photo_id"),
          state: "queued",
          error: null,
          attempts: 0,
          lease_until: null,
          claim_token: null,
          retry_at: null,
          updated_at: at,
        })),
      )
      .execute();
  }
  return photos.length;
}

/** The gallery's photos still waiting to be rendered again (queued or being rendered now). */
export async function pendingRerenders(db: Database, galleryId: number): Promise<number> {
  const { count } = await db
    .selectFrom("photo_jobs")
    .innerJoin("photos", "photos.id", "photo_jobs.photo_id")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("photo_jobs.upload_id", "like", `${RERENDER_PREFIX}%`)
    .where("photo_jobs.state", "in", PENDING_JOB_STATES)
    .where("shoots.gallery_id", "=", galleryId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Ends a re-render job, unless it was queued again while it ran (then its row is no longer this claim's). */
async function finishRerender(
  db: Database,
  job: Pick<ClaimedJob, "id" | "claimToken">,
  state: PhotoJobState,
  error: string | null,
) {
  await db
    .updateTable("photo_jobs")
    .set({ state, error, lease_until: null, claim_token: null, updated_at: toStoredTime() })
    .where("id", "=", job.id)
    .where("state", "=", "running")
    .where("claim_token", "=", job.claimToken)
    .execute();
}

/**
 * Renders a photo's files again with its set's plan as it is now (a gallery's new watermark):
 * only the files missing under their deterministic names, from one decode of the original, and
 * nothing at all (not even a read of the original) when every file is there. A photo since
 * moved to the trash, or out of every gallery, is done with nothing to do. A server error is
 * thrown, for the worker to retry.
 */
export async function rerenderPhoto(
  deps: IngestDeps,
  job: Pick<ClaimedJob, "id" | "photoId" | "claimToken">,
): Promise<PhotoJobState> {
  const { db, storage } = deps;
  const photo =
    job.photoId === null
      ? undefined
      : await db
          .selectFrom("photos")
          .innerJoin("assets", "assets.id", "photos.asset_id")
          .select([
            "photos.shoot_id",
            "assets.id as assetId",
            "assets.sha256",
            "assets.original_key",
            "assets.original_name",
            "assets.mime",
            "assets.width",
            "assets.height",
          ])
          .where("photos.id", "=", job.photoId)
          .where("photos.deleted_at", "is", null)
          .executeTakeFirst();
  const plan = photo ? await planForShoot(db, photo.shoot_id) : undefined;
  if (!photo || !plan) {
    await finishRerender(db, job, "done", null);
    return "done";
  }
  const info = { mime: photo.mime, width: photo.width, height: photo.height };
  const specs = plan(info);
  const present = await Promise.all(specs.map((spec) => storage.public.has(variantKey(photo.sha256, spec))));
  if (!present.every(Boolean)) {
    if (!(await storage.originals.has(photo.original_key))) {
      await finishRerender(db, job, "failed", `its original (${photo.original_key}) is missing`);
      return "failed";
    }
    const data = await storage.originals.get(photo.original_key);
    try {
      await ingestImage(deps, data, photo.original_name, { sha256: photo.sha256, info }, plan);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      await finishRerender(db, job, "failed", error.reason);
      return "failed";
    }
    await rememberDeliveryChecksums(deps, photo.assetId, data, plan);
  }
  await finishRerender(db, job, "done", null);
  return "done";
}

export async function failJob(db: Database, id: number, reason: string): Promise<void> {
  await finishJob(db, id, "failed", reason);
}

/**
 * The photo jobs as a queue for the background worker, one job per claim (the pipeline already
 * uses every core for one image). A job given up fails with SERVER_ERROR_REASON.
 */
export function photoJobQueue(db: Database): WorkQueue<ClaimedJob> {
  return {
    async claim({ now, until }) {
      const job = await claimNextJob(db, now, until);
      return job ? [job] : [];
    },
    release: (jobs) => releaseJobs(db, jobs),
    renew: (jobs, until) => renewJobs(db, jobs, until),
    retry: (job, _error, at) => retryJob(db, job.id, at),
    giveUp: (job) => failJob(db, job.id, SERVER_ERROR_REASON),
  };
}

export interface JobProgress {
  queued: number;
  running: number;
  done: number;
  failed: { fileName: string; reason: string }[];
}

/** The shoot's processing since `sinceMs` (the page shows the current session's uploads). */
export async function jobProgress(db: Database, shootId: number, sinceMs: number): Promise<JobProgress> {
  const rows = await db
    .selectFrom("photo_jobs")
    .select(["state", "file_name", "error"])
    .where("shoot_id", "=", shootId)
    .where(uploadJobsOnly)
    .where((eb) => eb.or([eb("updated_at", ">=", toStoredTime(sinceMs)), eb("state", "in", PENDING_JOB_STATES)]))
    .orderBy("id")
    .execute();
  const count = (state: PhotoJobState) => rows.filter((r) => r.state === state).length;
  return {
    queued: count("queued"),
    running: count("running"),
    done: count("done"),
    failed: rows
      .filter((r) => r.state === "failed")
      .map((r) => ({ fileName: r.file_name, reason: r.error ?? "could not be processed" })),
  };
}
