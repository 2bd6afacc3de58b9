// Rendering a client gallery's photos again (ADR 027): the handler of the photo-rerender jobs
// that domain/galleries/rerender-requests.server.ts queues (one per photo, queued again by each
// change), registered in photo-worker.server.ts. The photos and their files are the catalog's to
// read (catalog/sets.server.ts, assets.server.ts).
import { livePhotoWithAsset } from "../catalog/assets.server.ts";
import { type IngestDeps, ingestImage, variantKey } from "../catalog/ingest.server.ts";
import { type ClaimedJobOf, finishJob, type JobOutcome } from "../jobs/queue.server.ts";
import { ImageRejectedError } from "../media/pipeline.server.ts";
import { planForShoot, rememberDeliveryChecksums } from "./photo-jobs.server.ts";

/**
 * Renders a photo's files again with its set's plan as it is now (a gallery's new watermark):
 * only the files missing under their deterministic names, from one decode of the original, and
 * nothing at all (not even a read of the original) when every file is there. A photo since
 * moved to the trash, or out of every gallery, is done with nothing to do. A server error is
 * thrown, for the worker to retry. The job's end is recorded unless it was queued again while
 * it ran (then the row is no longer this claim's, and the new request stands).
 */
export async function rerenderPhoto(
  deps: IngestDeps,
  job: Pick<ClaimedJobOf<"photo-rerender">, "id" | "photoId" | "claimToken">,
): Promise<"done" | "failed"> {
  const { db, storage } = deps;
  const end = async (outcome: JobOutcome) => {
    await finishJob(db, job, outcome);
    return outcome.state;
  };
  const photo = job.photoId === null ? undefined : await livePhotoWithAsset(db, job.photoId);
  const plan = photo ? await planForShoot(db, photo.shoot_id) : undefined;
  if (!photo || !plan) return end({ state: "done" });
  const info = { mime: photo.mime, width: photo.width, height: photo.height };
  const specs = plan(info);
  const present = await Promise.all(specs.map((spec) => storage.public.has(variantKey(photo.sha256, spec))));
  if (!present.every(Boolean)) {
    if (!(await storage.originals.has(photo.original_key)))
      return end({ state: "failed", error: `its original (${photo.original_key}) is missing` });
    const data = await storage.originals.get(photo.original_key);
    try {
      await ingestImage(deps, data, photo.original_name, { sha256: photo.sha256, info }, plan);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      return end({ state: "failed", error: error.reason });
    }
    await rememberDeliveryChecksums(deps, photo.assetId, data, plan);
  }
  return end({ state: "done" });
}
