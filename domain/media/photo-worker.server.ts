// The background work that turns queued uploads into photos, one at a time (the pipeline already
// uses every core for one image). The loop is platform/background.server.ts: it claims a job
// under a lease, wakes at once when an upload is queued, retries a server error after a backoff
// and gives the job up after a few attempts, and on stop finishes the photo in hand. This file
// is what one job is. The server's lifecycle starts and stops it (server/startup.ts).

import { type BackgroundWorker, startWorker, type Work } from "../../platform/background.server.ts";
import { logger } from "../../platform/logger.server.ts";
import { MINUTE_MS, SECOND_MS } from "../../platform/time.ts";
import type { IngestDeps } from "./ingest.server.ts";
import {
  type ClaimedJob,
  failJob,
  isRerenderJob,
  PHOTO_JOB_LEASE_MS,
  PHOTO_JOB_RENEW_MS,
  photoJobQueue,
  processJob,
  rerenderPhoto,
} from "./photo-jobs.server.ts";

/** With nothing to do, the queue is looked at this often (a wake-up makes it sooner). */
export const WORKER_IDLE_POLL_MS = 2_000;
/**
 * A job is started only while this much of its lease is left: half of it. The lease is renewed
 * every PHOTO_JOB_RENEW_MS while the job runs, so the budget is for starting, not for finishing.
 */
const PHOTO_JOB_BUDGET_MS = PHOTO_JOB_LEASE_MS / 2;
/** A server error (a full disk, a locked database) is retried after 5 s, then 10 s; the third failure is final. */
export const PHOTO_JOB_MAX_ATTEMPTS = 3;
const PHOTO_JOB_RETRY = { baseMs: 5 * SECOND_MS, maxMs: MINUTE_MS };

export interface UploadSource {
  read(uploadId: string): Promise<Uint8Array>;
  remove(uploadId: string): Promise<void>;
}

/** Photo processing as background work; `now` is for tests. */
export function photoWork(deps: IngestDeps, uploads: UploadSource, now?: () => Date): Work<ClaimedJob> {
  async function runOne(job: ClaimedJob): Promise<void> {
    if (isRerenderJob(job)) {
      // A photo already processed, rendered again from its original (a gallery's new watermark).
      const state = await rerenderPhoto(deps, job);
      logger.info({ job: job.id, photo: job.photoId, state }, "re-rendered a gallery photo");
      return;
    }
    let data: Uint8Array;
    try {
      data = await uploads.read(job.uploadId);
    } catch (error) {
      logger.error({ err: error, job: job.id }, "an uploaded file is missing");
      await failJob(deps.db, job.id, "the uploaded file was lost; upload it again");
      return;
    }
    const state = await processJob(deps, job, data);
    await uploads.remove(job.uploadId).catch(() => {});
    logger.info({ job: job.id, shoot: job.shootId, file: job.fileName, state }, "processed an uploaded photo");
  }

  return {
    name: "photo processing",
    queue: photoJobQueue(deps.db),
    batchSize: 1,
    leaseMs: PHOTO_JOB_LEASE_MS,
    renewEveryMs: PHOTO_JOB_RENEW_MS,
    itemBudgetMs: PHOTO_JOB_BUDGET_MS,
    backoff: PHOTO_JOB_RETRY,
    maxAttempts: PHOTO_JOB_MAX_ATTEMPTS,
    now,
    round: () => ({
      run: runOne,
      failed(job, error, retryAt) {
        if (retryAt) {
          logger.warn(
            { err: error, job: job.id, attempts: job.attempts, retryAt: retryAt.toISOString() },
            "photo processing failed; will retry",
          );
        } else {
          logger.error({ err: error, job: job.id, attempts: job.attempts }, "photo processing failed; gave up");
          // The studio is asked to upload it again; these bytes would never be read.
          if (!isRerenderJob(job)) uploads.remove(job.uploadId).catch(() => {});
        }
      },
    }),
  };
}

/**
 * Starts processing queued uploads. Jobs a killed process left running are queued again by
 * startup (server/startup.ts) before this starts, or claimed again once their lease runs out.
 */
export function startPhotoWorker(deps: IngestDeps, uploads: UploadSource): BackgroundWorker {
  return startWorker({ ...photoWork(deps, uploads), pollMs: WORKER_IDLE_POLL_MS });
}
