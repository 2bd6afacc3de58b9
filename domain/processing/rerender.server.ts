// Rendering a client gallery's photos again (ADR 027): a new watermark means new viewing files,
// and a gallery made from a portfolio shoot needs its own. Each photo is a photo-rerender job in
// the job queue (domain/jobs/queue.server.ts: one per photo, queued again by each change);
// rerenderPhoto is the kind's handler (registered in photo-worker.server.ts). The photos and
// their files are the catalog's to read (catalog/sets.server.ts, assets.server.ts).
import type { Database } from "../../platform/db/db.server.ts";
import { livePhotoWithAsset } from "../catalog/assets.server.ts";
import { type IngestDeps, ingestImage, variantKey } from "../catalog/ingest.server.ts";
import { gallerySetIds, photosToRerender } from "../catalog/sets.server.ts";
import { type ClaimedJobOf, enqueue, finishJob, type JobOutcome, pendingJobCount } from "../jobs/queue.server.ts";
import { ImageRejectedError } from "../media/pipeline.server.ts";
import { planForShoot, rememberDeliveryChecksums } from "./photo-jobs.server.ts";

/**
 * Queues every photo of the gallery's sets (a set in the trash too: it can come back) to be
 * rendered again with the gallery's settings as they are when the job runs, and wakes the
 * worker once they are committed. One job per photo, whatever the number of changes. Returns
 * how many photos are queued.
 */
export async function enqueueGalleryRerender(db: Database, galleryId: number, now = Date.now()): Promise<number> {
  const photos = await photosToRerender(db, galleryId);
  await enqueue(
    db,
    photos.map((p) => ({
      kind: "photo-rerender" as const,
      photoId: p.id,
      shootId: p.shoot_id,
      fileName: p.original_name,
      position: p.position,
      checked: { sha256: p.sha256, info: { mime: p.mime, width: p.width, height: p.height } },
    })),
    now,
  );
  return photos.length;
}

/** The gallery's photos still waiting to be rendered again (queued or being rendered now). */
export async function pendingRerenders(db: Database, galleryId: number): Promise<number> {
  return pendingJobCount(db, "photo-rerender", await gallerySetIds(db, galleryId));
}

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
