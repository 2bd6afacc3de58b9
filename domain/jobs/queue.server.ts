// The one job queue (ADR 038): the background work the server does, one row per job in the jobs
// table, each of a kind that one handler does (worker.server.ts). This module owns the table: no
// other module's code names it in a query. Queuing wakes the worker itself once the job is
// committed, so no caller has to remember to (a job queued in a transaction is seen by the
// worker only after its COMMIT: platform/db/after-commit.server.ts).
//
// A claim is a lease with a token of its own (ADR 018, 033): one statement takes the oldest due
// job (FOR UPDATE SKIP LOCKED on PostgreSQL, so two instances never take the same one), the
// worker renews the lease while it works, and every later write (hand back, retry, finish) is
// this claim's only: a job whose lease ran out and that another worker claimed is no longer ours.
//
// Today's kinds are a photo's:
// - "photo-upload": an uploaded file, checked at once (domain/processing/photo-jobs.server.ts), to turn
//   into a photo of its shoot. What the check found (SHA-256, type, upright size) is kept with it.
// - "photo-rerender": a photo's files to render again with its set's plan as it is now (a
//   gallery's new watermark, ADR 027). One per photo: queuing it again queues that row again.
// - "face-index": a client gallery's photo to search for faces, once, for guests' selfie search
//   (issue 31, domain/faces/). One per photo, like a re-render.
//
// Jobs go in lanes (JOB_LANES): each lane's worker claims only its kinds. Photos are one lane, one
// job at a time (a photo already uses every core); faces are another, so a wedding's thousands of
// face searches never hold up an upload behind them, and run in a model process of their own.
import { randomUUID } from "node:crypto";
import { type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { type Claimed, wakeWorkers } from "../../platform/background.server.ts";
import { afterCommit } from "../../platform/db/after-commit.server.ts";
import { type Database, skippingLocked } from "../../platform/db/db.server.ts";
import type { DB, JobKind, JobState } from "../../platform/db/schema.server.ts";
import { MINUTE_MS, toStoredTime } from "../../platform/time.ts";

export type { JobKind, JobState };

/** Each kind once: a new one is added here, in the schema's JobKind and in the table's check (a migration). */
const KINDS: Record<JobKind, true> = { "photo-upload": true, "photo-rerender": true, "face-index": true };
export const JOB_KINDS = Object.keys(KINDS) as JobKind[];

/** Which kinds each lane's worker claims: every kind in exactly one lane (queue.server.test.ts). */
export const JOB_LANES = {
  photos: ["photo-upload", "photo-rerender"],
  faces: ["face-index"],
} as const satisfies Record<string, readonly JobKind[]>;
export type JobLane = keyof typeof JOB_LANES;

/** What the worker is woken by (platform/background.server.ts: wakeWorkers). */
export const JOB_QUEUE = "jobs";
/**
 * How long a claim holds a job before the worker renews it: a job whose worker died (a killed
 * instance) is claimed again by another within this. The worker renews it every JOB_RENEW_MS
 * while it works, so a slow photo (a 120 MP source, the largest accepted, took about 20 s on two
 * cores; longer on a busy machine) is never taken from a live worker.
 */
export const JOB_LEASE_MS = MINUTE_MS;
/** How often a working worker moves its job's lease on: a quarter of it, so a late renewal or two is no loss. */
export const JOB_RENEW_MS = JOB_LEASE_MS / 4;
/** Jobs still on their way (waiting, or being done now). */
const PENDING_STATES: JobState[] = ["queued", "running"];
/** Rows per INSERT when queuing many (a gallery's re-render): well under SQLite's bound-parameter limit. */
const INSERT_CHUNK = 500;

/**
 * What an earlier look at a file's bytes found: their SHA-256 and, when it inspected them, their
 * type and upright size (jobs queued before migration 0008 have only the hash).
 */
export interface CheckedBytes {
  sha256: string;
  info?: { mime: string; width: number; height: number };
}

/** What both photo kinds say about their photo. */
interface PhotoJobFields {
  shootId: number;
  fileName: string;
  /** The photo's place in its shoot (ADR 024's gapped positions). */
  position: number;
  checked: CheckedBytes;
}

/** A processed photo as a per-photo job names it (a re-render, a face search): its row and its asset's facts. */
export interface PhotoWithFile {
  id: number;
  shoot_id: number;
  position: number;
  sha256: string;
  original_name: string;
  mime: string;
  width: number;
  height: number;
}

/** The fields of a per-photo job about `photo` (catalog/sets.server.ts galleryPhotoFiles reads them). */
export function perPhotoJob<K extends "photo-rerender" | "face-index">(kind: K, photo: PhotoWithFile) {
  return {
    kind,
    photoId: photo.id,
    shootId: photo.shoot_id,
    fileName: photo.original_name,
    position: photo.position,
    checked: { sha256: photo.sha256, info: { mime: photo.mime, width: photo.width, height: photo.height } },
  };
}

/** An uploaded file to turn into a photo of its shoot. */
export interface PhotoUploadJob extends PhotoJobFields {
  kind: "photo-upload";
  /** The tus upload: its file is the job's source, and one upload is one job. */
  uploadId: string;
  /** The browser's batch, and the file's place in it: a batch's photos follow the order chosen. */
  batchId: string;
  batchIndex: number;
}

/** A photo whose files are to be rendered again with its set's plan as it is when the job runs. */
export interface PhotoRerenderJob extends PhotoJobFields {
  kind: "photo-rerender";
  photoId: number;
}

/** A client gallery's photo to search for faces (domain/faces/indexing.server.ts). */
export interface FaceIndexJob extends PhotoJobFields {
  kind: "face-index";
  photoId: number;
}

export type NewJob = PhotoUploadJob | PhotoRerenderJob | FaceIndexJob;

/** The kinds that are one row per photo: queuing one again queues that row again. */
type PerPhotoKind = "photo-rerender" | "face-index";

/** A claim's identity and lease. */
export interface JobClaim extends Claimed {
  id: number;
  /** This claim's lease (ISO 8601) as claimed; a renewal moves it on (renewJobs). */
  leaseUntil: string;
  /** This claim's identity: it tells this claim from a later one of the same job. */
  claimToken: string;
}

export type ClaimedJob =
  | (JobClaim & PhotoUploadJob)
  /** Its photo is null when the photo was deleted since (the reference is set null). */
  | (JobClaim & Omit<PhotoRerenderJob, "photoId"> & { photoId: number | null })
  | (JobClaim & Omit<FaceIndexJob, "photoId"> & { photoId: number | null });
export type ClaimedJobOf<K extends JobKind> = Extract<ClaimedJob, { kind: K }>;

/** One job's row, as the claim returns it. */
const ROW = [
  "id",
  "kind",
  "upload_id",
  "batch_id",
  "batch_index",
  "photo_id",
  "shoot_id",
  "file_name",
  "position",
  "attempts",
  "sha256",
  "mime",
  "width",
  "height",
] as const;

function rowOf(job: NewJob, at: string) {
  const { checked } = job;
  const photo = {
    kind: job.kind,
    shoot_id: job.shootId,
    file_name: job.fileName,
    position: job.position,
    sha256: checked.sha256,
    mime: checked.info?.mime ?? null,
    width: checked.info?.width ?? null,
    height: checked.info?.height ?? null,
    created_at: at,
    updated_at: at,
  };
  return job.kind === "photo-upload"
    ? { ...photo, upload_id: job.uploadId, batch_id: job.batchId, batch_index: job.batchIndex }
    : { ...photo, photo_id: job.photoId };
}

/**
 * Queues jobs and, once they are committed, wakes the worker; returns their ids (for one job,
 * its id). A photo-upload is one row per upload: a second one of the same upload is refused by
 * the table (the caller finds the first with jobIdOfUpload). A photo-rerender is one row per
 * photo: one already queued, done or running is queued again as new (a running one may have
 * read the settings before they changed; its claim is no longer the row's, so its end does not
 * mark the new request done).
 */
export async function enqueue(db: Database, jobs: NewJob | readonly NewJob[], now = Date.now()): Promise<number[]> {
  const all: readonly NewJob[] = Array.isArray(jobs) ? jobs : [jobs as NewJob];
  const at = toStoredTime(now);
  const ids: number[] = [];
  const uploads = all.filter((job) => job.kind === "photo-upload");
  for (let i = 0; i < uploads.length; i += INSERT_CHUNK) {
    const rows = uploads.slice(i, i + INSERT_CHUNK).map((job) => rowOf(job, at));
    ids.push(...(await db.insertInto("jobs").values(rows).returning("id").execute()).map((r) => r.id));
  }
  for (const kind of ["photo-rerender", "face-index"] as const satisfies PerPhotoKind[])
    ids.push(...(await enqueuePerPhoto(db, kind, all, at)));
  if (ids.length > 0) await afterCommit(db, () => wakeWorkers(JOB_QUEUE));
  return ids;
}

/** The per-photo jobs of one kind among `all`: a photo's row of that kind is queued again if it exists. */
async function enqueuePerPhoto(
  db: Database,
  kind: PerPhotoKind,
  all: readonly NewJob[],
  at: string,
): Promise<number[]> {
  const ids: number[] = [];
  const jobs = all.filter((job) => job.kind === kind);
  for (let i = 0; i < jobs.length; i += INSERT_CHUNK) {
    const rows = jobs.slice(i, i + INSERT_CHUNK).map((job) => rowOf(job, at));
    const queued = await db
      .insertInto("jobs")
      .values(rows)
      .onConflict((oc) =>
        oc
          .column("photo_id")
          // The partial unique index's own condition, as a literal: the conflict target names it.
          .where(sql<SqlBool>`"kind" = ${sql.lit(kind)}`)
          .doUpdateSet((eb) => ({
            shoot_id: eb.ref("excluded.shoot_id"),
            file_name: eb.ref("excluded.file_name"),
            position: eb.ref("excluded.position"),
            sha256: eb.ref("excluded.sha256"),
            mime: eb.ref("excluded.mime"),
            width: eb.ref("excluded.width"),
            height: eb.ref("excluded.height"),
            state: "queued",
            error: null,
            attempts: 0,
            lease_until: null,
            claim_token: null,
            retry_at: null,
            updated_at: at,
          })),
      )
      .returning("id")
      .execute();
    ids.push(...queued.map((r) => r.id));
  }
  return ids;
}

/** Jobs a worker may claim at `at`: queued and due, or running under a lease that ran out. */
function claimable(at: string) {
  return (eb: ExpressionBuilder<DB, "jobs">) =>
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
  leaseUntil: Date | number = new Date(now).getTime() + JOB_LEASE_MS,
  kinds: readonly JobKind[] = JOB_KINDS,
): Promise<ClaimedJob | null> {
  const at = toStoredTime(now);
  const until = toStoredTime(leaseUntil);
  const claimToken = randomUUID();
  const row = await db
    .updateTable("jobs")
    .set((eb) => ({
      state: "running",
      attempts: eb("attempts", "+", 1),
      lease_until: until,
      claim_token: claimToken,
      updated_at: toStoredTime(now),
    }))
    .where("id", "=", (eb) =>
      skippingLocked(
        db,
        eb.selectFrom("jobs").select("id").where("kind", "in", kinds).where(claimable(at)).orderBy("id").limit(1),
      ),
    )
    .where(claimable(at))
    .returning(ROW)
    .executeTakeFirst();
  if (!row) return null;
  const { mime, width, height } = row;
  const claim = { id: row.id, attempts: row.attempts, leaseUntil: until, claimToken };
  const photo = {
    shootId: row.shoot_id,
    fileName: row.file_name,
    position: row.position,
    checked: {
      sha256: row.sha256,
      info: mime !== null && width !== null && height !== null ? { mime, width, height } : undefined,
    },
  };
  if (row.kind === "photo-rerender" || row.kind === "face-index")
    return { ...claim, ...photo, kind: row.kind, photoId: row.photo_id };
  const { upload_id: uploadId, batch_id: batchId, batch_index: batchIndex } = row;
  // The table's check ties these to the kind: a row without them could not have been written.
  if (uploadId === null || batchId === null || batchIndex === null)
    throw new Error(`job ${row.id}: a photo-upload without its upload`);
  return { ...claim, ...photo, kind: row.kind, uploadId, batchId, batchIndex };
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
    .updateTable("jobs")
    .set({ state: "queued", lease_until: null, claim_token: null })
    .where("state", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

type ClaimOf = Pick<JobClaim, "id" | "claimToken">;

/** The job, while it is still running under this claim (a claim lost to a lease that ran out writes nothing). */
function stillClaimed(job: ClaimOf) {
  return (eb: ExpressionBuilder<DB, "jobs">) =>
    eb.and([eb("id", "=", job.id), eb("state", "=", "running"), eb("claim_token", "=", job.claimToken)]);
}

/** Hands claimed jobs back untried: due at once, the attempt not counted. */
export async function releaseJobs(db: Database, jobs: readonly ClaimOf[]): Promise<void> {
  for (const job of jobs)
    await db
      .updateTable("jobs")
      .set((eb) => ({ state: "queued", attempts: eb("attempts", "-", 1), lease_until: null, claim_token: null }))
      .where(stillClaimed(job))
      .execute();
}

/** A working worker moves its jobs' lease on to `until`. */
export async function renewJobs(db: Database, jobs: JobClaim[], until: Date): Promise<void> {
  const leaseUntil = toStoredTime(until);
  for (const job of jobs) {
    const result = await db
      .updateTable("jobs")
      .set({ lease_until: leaseUntil })
      .where(stillClaimed(job))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) job.leaseUntil = leaseUntil;
  }
}

/** An attempt failed on a server error: the job waits in the queue until `at`. */
export async function retryJob(db: Database, job: ClaimOf, at: Date): Promise<void> {
  await db
    .updateTable("jobs")
    .set({
      state: "queued",
      lease_until: null,
      claim_token: null,
      retry_at: toStoredTime(at),
      updated_at: toStoredTime(),
    })
    .where(stillClaimed(job))
    .execute();
}

export interface JobOutcome {
  state: "done" | "failed";
  /** Why it failed, in words for the studio. */
  error?: string;
  /** A photo-upload's photo, once made. */
  photoId?: number;
}

/**
 * Records how the job ended; false when this claim no longer holds it (it was queued again
 * while it ran, or its lease ran out and another worker claimed it: that claim's end counts).
 */
export async function finishJob(db: Database, job: ClaimOf, { state, error, photoId }: JobOutcome): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({
      state,
      error: error ?? null,
      ...(photoId === undefined ? {} : { photo_id: photoId }),
      lease_until: null,
      claim_token: null,
      updated_at: toStoredTime(),
    })
    .where(stillClaimed(job))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function failJob(db: Database, job: ClaimOf, reason: string): Promise<boolean> {
  return finishJob(db, job, { state: "failed", error: reason });
}

// --- What the photo-upload kind's callers ask of the queue: the uploader, the duplicate check,
// --- a batch's place, a shoot's progress.

/** The job of this tus upload, if it was queued. */
export async function jobIdOfUpload(db: Database, uploadId: string): Promise<number | undefined> {
  const row = await db.selectFrom("jobs").select("id").where("upload_id", "=", uploadId).executeTakeFirst();
  return row?.id;
}

/** A shoot's uploads still on their way. */
function pendingUploads(db: Database, shootId: number) {
  return db
    .selectFrom("jobs")
    .where("kind", "=", "photo-upload")
    .where("shoot_id", "=", shootId)
    .where("state", "in", PENDING_STATES);
}

/** SHA-256 of every upload the shoot is still processing. */
export async function pendingUploadHashes(db: Database, shootId: number): Promise<string[]> {
  return (await pendingUploads(db, shootId).select("sha256").execute()).map((row) => row.sha256);
}

/** Whether the shoot is still processing an upload of these bytes. */
export async function isUploadPending(db: Database, shootId: number, sha256: string): Promise<boolean> {
  return (await pendingUploads(db, shootId).select("id").where("sha256", "=", sha256).executeTakeFirst()) !== undefined;
}

/** A queued file of this batch in this shoot, if any: its place and its index in the batch fix where the batch starts. */
export async function placeOfUploadBatch(
  db: Database,
  { batchId, shootId }: { batchId: string; shootId: number },
): Promise<{ position: number; batchIndex: number } | undefined> {
  const row = await db
    .selectFrom("jobs")
    .select(["position", "batch_index"])
    .where("kind", "=", "photo-upload")
    .where("batch_id", "=", batchId)
    .where("shoot_id", "=", shootId)
    .executeTakeFirst();
  return row && row.batch_index !== null ? { position: row.position, batchIndex: row.batch_index } : undefined;
}

/** The last place an upload the shoot is still processing will take; null when there is none. */
export async function lastPendingUploadPosition(db: Database, shootId: number): Promise<number | null> {
  const { last } = await pendingUploads(db, shootId)
    .select(sql<number | null>`max(position)`.as("last"))
    .executeTakeFirstOrThrow();
  return last;
}

export interface JobProgress {
  queued: number;
  running: number;
  done: number;
  failed: { fileName: string; reason: string }[];
}

/** The shoot's uploads since `sinceMs` (the page shows the current session's). */
export async function jobProgress(db: Database, shootId: number, sinceMs: number): Promise<JobProgress> {
  const rows = await db
    .selectFrom("jobs")
    .select(["state", "file_name", "error"])
    .where("kind", "=", "photo-upload")
    .where("shoot_id", "=", shootId)
    .where((eb) => eb.or([eb("updated_at", ">=", toStoredTime(sinceMs)), eb("state", "in", PENDING_STATES)]))
    .orderBy("id")
    .execute();
  const count = (state: JobState) => rows.filter((r) => r.state === state).length;
  return {
    queued: count("queued"),
    running: count("running"),
    done: count("done"),
    failed: rows
      .filter((r) => r.state === "failed")
      .map((r) => ({ fileName: r.file_name, reason: r.error ?? "could not be processed" })),
  };
}

/** Every upload job of the shoot, whatever its state: what a drill checks was done once each. */
export function uploadJobsOfShoot(db: Database, shootId: number) {
  return db
    .selectFrom("jobs")
    .select(["id", "file_name", "state", "attempts", "photo_id", "upload_id"])
    .where("kind", "=", "photo-upload")
    .where("shoot_id", "=", shootId)
    .execute();
}

/** How many jobs of `kind` about these shoots are still on their way. */
export async function pendingJobCount(db: Database, kind: JobKind, shootIds: readonly number[]): Promise<number> {
  if (shootIds.length === 0) return 0;
  const { count } = await db
    .selectFrom("jobs")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("kind", "=", kind)
    .where("shoot_id", "in", shootIds)
    .where("state", "in", PENDING_STATES)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Withdraws the queued jobs of `kind` about these photos (a gallery's guest search turned off:
 * its photos are no longer to be searched); one being done now finishes and finds it has nothing
 * to do. How many were withdrawn.
 */
export async function withdrawQueuedJobs(
  db: Database,
  kind: PerPhotoKind,
  photoIds: readonly number[],
): Promise<number> {
  let withdrawn = 0;
  for (let i = 0; i < photoIds.length; i += INSERT_CHUNK) {
    const result = await db
      .deleteFrom("jobs")
      .where("kind", "=", kind)
      .where("state", "=", "queued")
      .where("photo_id", "in", photoIds.slice(i, i + INSERT_CHUNK))
      .executeTakeFirst();
    withdrawn += Number(result.numDeletedRows);
  }
  return withdrawn;
}
