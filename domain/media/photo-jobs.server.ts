// The queue between a finished upload and a photo in a shoot. An upload is checked at once
// (is it an image we can use, is it already in the shoot) so a refusal reaches the browser by
// name; accepted uploads become jobs that the background worker turns into photos. One tus
// upload is one job (unique upload id) and one asset is at most one photo per shoot, so a
// photo arrives exactly once however often a connection drops.
import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../../platform/db/db.server.ts";
import type { PhotoJobState } from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { type IngestDeps, ingestImage } from "./ingest.server.ts";
import { ImageRejectedError, inspectSource } from "./pipeline.server.ts";

export const DUPLICATE_REASON = "a duplicate: this photo is already in the shoot";
/** Jobs whose photo is still on its way (waiting, or being processed now). */
const PENDING_JOB_STATES: PhotoJobState[] = ["queued", "running"];

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
    .execute();
  return [...new Set([...live, ...processing].map((row) => row.sha256))];
}

/** Checks an uploaded file and queues it; throws ImageRejectedError (with the reason) if refused. */
export async function enqueueUploadedPhoto(
  db: Database,
  upload: UploadedPhoto,
  now = Date.now(),
): Promise<QueuedUpload> {
  await inspectSource(upload.data, upload.fileName);
  const sha256 = createHash("sha256").update(upload.data).digest("hex");
  return db.transaction().execute(async (trx) => {
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
      .executeTakeFirst();
    if (live || queued) throw new ImageRejectedError(upload.fileName, DUPLICATE_REASON);
    // A batch's photos follow the order the files were chosen in, after everything already
    // there, whichever file finishes uploading first.
    const sibling = await trx
      .selectFrom("photo_jobs")
      .select(sql<number>`position - batch_index`.as("base"))
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
        .executeTakeFirstOrThrow();
      // The batch starts after everything there; earlier files of it that finish later keep
      // their places before this one (base + their index).
      base = Math.max(maxPhoto ?? -1, maxJob ?? -1) + 1;
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
        position: base + upload.batchIndex,
        created_at: toStoredTime(now),
        updated_at: toStoredTime(now),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { jobId: row.id, fromTrash };
  });
}

export interface ClaimedJob {
  id: number;
  uploadId: string;
  shootId: number;
  fileName: string;
  position: number;
}

/** Takes the oldest queued job, marking it running; null when there is none. */
export async function claimNextJob(db: Database, now = Date.now()): Promise<ClaimedJob | null> {
  const row = await db
    .updateTable("photo_jobs")
    .set({ state: "running", updated_at: toStoredTime(now) })
    .where("id", "=", (eb) =>
      eb.selectFrom("photo_jobs").select("id").where("state", "=", "queued").orderBy("id").limit(1),
    )
    .where("state", "=", "queued")
    .returning(["id", "upload_id", "shoot_id", "file_name", "position"])
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    uploadId: row.upload_id,
    shootId: row.shoot_id,
    fileName: row.file_name,
    position: row.position,
  };
}

/** Jobs a stopped or killed process left running go back to the queue. */
export async function requeueInterruptedJobs(db: Database): Promise<number> {
  const result = await db
    .updateTable("photo_jobs")
    .set({ state: "queued" })
    .where("state", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function finishJob(db: Database, id: number, state: PhotoJobState, error: string | null, photoId?: number) {
  await db
    .updateTable("photo_jobs")
    .set({ state, error, photo_id: photoId ?? null, updated_at: toStoredTime() })
    .where("id", "=", id)
    .execute();
}

/**
 * Turns a claimed job's upload into a photo: variants first, then the photo row, in one step.
 * The same bytes in this shoot's trash come back out of it, at the job's position.
 */
export async function processJob(deps: IngestDeps, job: ClaimedJob, data: Uint8Array): Promise<PhotoJobState> {
  const { db } = deps;
  try {
    const { assetId } = await ingestImage(deps, data, job.fileName);
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

export async function failJob(db: Database, id: number, reason: string): Promise<void> {
  await finishJob(db, id, "failed", reason);
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
