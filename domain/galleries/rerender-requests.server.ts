// Asking for a client gallery's photos to be rendered again (ADR 027): a new watermark means
// new viewing files, and a gallery made from a portfolio shoot needs its own. Each photo is a
// photo-rerender job in the one job queue (domain/jobs/queue.server.ts); rendering is the job's
// handler, domain/processing/rerender.server.ts, which the galleries never import: processing
// stands above the galleries, the catalog and the media, and nothing below it reaches back up.
import type { Database } from "../../platform/db/db.server.ts";
import { galleryPhotoFiles, gallerySetIds } from "../catalog/sets.server.ts";
import { enqueue, pendingJobCount, perPhotoJob } from "../jobs/queue.server.ts";

/**
 * Queues every photo of the gallery's sets (a set in the trash too: it can come back) to be
 * rendered again with the gallery's settings as they are when the job runs, and wakes the
 * worker once they are committed. One job per photo, whatever the number of changes. Returns
 * how many photos are queued.
 */
export async function enqueueGalleryRerender(db: Database, galleryId: number, now = Date.now()): Promise<number> {
  const photos = await galleryPhotoFiles(db, galleryId);
  await enqueue(
    db,
    photos.map((p) => perPhotoJob("photo-rerender", p)),
    now,
  );
  return photos.length;
}

/** The gallery's photos still waiting to be rendered again (queued or being rendered now). */
export async function pendingRerenders(db: Database, galleryId: number): Promise<number> {
  return pendingJobCount(db, "photo-rerender", await gallerySetIds(db, galleryId));
}
