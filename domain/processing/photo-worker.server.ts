// The photo kinds' handlers for the job worker (domain/jobs/worker.server.ts, ADR 038): what one
// photo-upload job is (read the uploaded file, process it, remove the file) and what one
// photo-rerender job is (render a processed photo again from its original). The worker claims,
// retries and gives up; the server's start-up registers these (server/startup.ts).
import type { BackgroundWorker, Work } from "../../platform/background.server.ts";
import { logger } from "../../platform/logger.server.ts";
import type { IngestDeps } from "../catalog/ingest.server.ts";
import { type ClaimedJob, failJob } from "../jobs/queue.server.ts";
import { type JobHandlers, type JobWorkerOptions, jobWork, startJobWorker } from "../jobs/worker.server.ts";
import { processJob, SERVER_ERROR_REASON } from "./photo-jobs.server.ts";
import { rerenderPhoto } from "./rerender.server.ts";

export interface UploadSource {
  read(uploadId: string): Promise<Uint8Array>;
  remove(uploadId: string): Promise<void>;
}

/** The handlers of the photo kinds, over the media `deps` and the finished uploads' files. */
export function photoJobHandlers(deps: IngestDeps, uploads: UploadSource): JobHandlers {
  return {
    "photo-upload": {
      async run(job) {
        let data: Uint8Array;
        try {
          data = await uploads.read(job.uploadId);
        } catch (error) {
          logger.error({ err: error, job: job.id }, "an uploaded file is missing");
          await failJob(deps.db, job, "the uploaded file was lost; upload it again");
          return;
        }
        const state = await processJob(deps, job, data);
        await uploads.remove(job.uploadId).catch(() => {});
        logger.info({ job: job.id, shoot: job.shootId, file: job.fileName, state }, "processed an uploaded photo");
      },
      gaveUpReason: SERVER_ERROR_REASON,
      // The studio is asked to upload it again; these bytes would never be read.
      gaveUp: (job) => void uploads.remove(job.uploadId).catch(() => {}),
    },
    "photo-rerender": {
      async run(job) {
        // A photo already processed, rendered again from its original (a gallery's new watermark).
        const state = await rerenderPhoto(deps, job);
        logger.info({ job: job.id, photo: job.photoId, state }, "re-rendered a gallery photo");
      },
      gaveUpReason: SERVER_ERROR_REASON,
    },
  };
}

/** The photos lane's work with the photo kinds' handlers (tests; `now` moves time). */
export function photoWork(deps: IngestDeps, uploads: UploadSource, now?: () => Date): Work<ClaimedJob> {
  return jobWork(deps.db, [photoJobHandlers(deps, uploads)], now);
}

/** Starts the job worker's photos lane with the photo kinds' handlers (tests, the admin bench). */
export function startPhotoWorker(
  deps: IngestDeps,
  uploads: UploadSource,
  options?: JobWorkerOptions,
): BackgroundWorker {
  return startJobWorker(deps.db, [photoJobHandlers(deps, uploads)], { ...options, lanes: ["photos"] });
}
