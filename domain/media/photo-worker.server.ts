// The in-process background worker that turns queued uploads into photos, one at a time (the
// pipeline already uses every core for one image). It picks up where a killed or restarted
// process left off, wakes at once when an upload is queued, and on shutdown finishes the photo
// in hand before it stops.

import { logger } from "../../platform/logger.server.ts";
import type { IngestDeps } from "./ingest.server.ts";
import { type ClaimedJob, claimNextJob, failJob, processJob, requeueInterruptedJobs } from "./photo-jobs.server.ts";

/** With nothing to do, the queue is looked at this often (a wake-up makes it sooner). */
export const WORKER_IDLE_POLL_MS = 2_000;

export interface UploadSource {
  read(uploadId: string): Promise<Uint8Array>;
  remove(uploadId: string): Promise<void>;
}

export interface PhotoWorker {
  /** Something was queued: look now instead of at the next poll. */
  wake(): void;
  /** Resolves when the photo in hand is finished and the loop has stopped. */
  stop(): Promise<void>;
}

export function startPhotoWorker(deps: IngestDeps, uploads: UploadSource): PhotoWorker {
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const idle = () =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, WORKER_IDLE_POLL_MS);
    }).finally(() => {
      clearTimeout(timer);
      wakeUp = undefined;
    });

  async function runOne(job: ClaimedJob): Promise<void> {
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

  const loop = (async () => {
    const requeued = await requeueInterruptedJobs(deps.db);
    if (requeued > 0) logger.warn({ jobs: requeued }, "resuming photo processing interrupted by a restart");
    while (!stopping) {
      let job: ClaimedJob | null = null;
      try {
        job = await claimNextJob(deps.db);
        if (job) await runOne(job);
      } catch (error) {
        logger.error({ err: error, job: job?.id }, "photo processing failed");
        if (job) await failJob(deps.db, job.id, "could not be processed (a server error); try again").catch(() => {});
      }
      if (!job && !stopping) await idle();
    }
  })();

  return {
    wake() {
      wakeUp?.();
    },
    async stop() {
      stopping = true;
      wakeUp?.();
      await loop;
    },
  };
}
