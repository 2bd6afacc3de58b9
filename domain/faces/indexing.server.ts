// Searching a gallery's photos for faces (issue 31, ADR 044): the face-index jobs of the one job
// queue, one per photo of a set open to guests, done in the queue's faces lane. Each reads the
// photo's viewing-size file (never the original), asks the model for its faces and records them
// with the photo's scan in one transaction: a job done twice (a kill -9 after the model answered,
// a lease that ran out) replaces its first answer. A photo no longer searchable when its job
// runs (its set closed to guests, guest search turned off, the photo deleted) is left alone, and
// one that became so while the model was looking is forgotten again after it is saved.
import type { Database } from "../../platform/db/db.server.ts";
import { STUDIO } from "../catalog/audience.server.ts";
import { widestVariant } from "../catalog/images.server.ts";
import { faceSourceOf, galleryPhotoFiles } from "../catalog/sets.server.ts";
import { readGalleries } from "../galleries/galleries.server.ts";
import {
  type ClaimedJobOf,
  enqueue,
  finishJob,
  pendingJobCount,
  perPhotoJob,
  withdrawQueuedJobs,
} from "../jobs/queue.server.ts";
import type { JobHandlers } from "../jobs/worker.server.ts";
import { ImageRejectedError } from "../media/pipeline.server.ts";
import type { MediaStorage } from "../media/storage.server.ts";
import type { FaceEngine } from "./engine.server.ts";
import { deletePhotoFaceData, saveScan, scannedPhotoIds } from "./store.server.ts";

export interface FaceIndexDeps {
  db: Database;
  storage: MediaStorage;
  engine: FaceEngine;
}

/** What the studio reads for a photo that could not be searched after its retries. */
export const FACE_INDEX_GAVE_UP = "could not be searched for faces (a server error)";

/** The gallery photo's set is open to guests and the gallery's guest search is on. */
async function searchable(db: Database, photoId: number) {
  const source = await faceSourceOf(db, photoId);
  if (!source?.searchable) return null;
  const [gallery] = await readGalleries(db, { id: source.galleryId });
  return gallery?.guests.search ? source : null;
}

/** Searches one photo for faces; "skipped" when it is no longer to be searched. */
export async function indexPhoto(
  { db, storage, engine }: FaceIndexDeps,
  job: Pick<ClaimedJobOf<"face-index">, "id" | "photoId" | "claimToken" | "fileName">,
): Promise<"done" | "skipped" | "failed"> {
  const source = job.photoId === null ? null : await searchable(db, job.photoId);
  if (!source || job.photoId === null) {
    await finishJob(db, job, { state: "done" });
    return "skipped";
  }
  const photoId = job.photoId;
  const file = await widestVariant(db, STUDIO, source.assetId, ["jpeg", "webp"]);
  if (!file || !(await storage.public.has(file.key))) {
    await finishJob(db, job, { state: "failed", error: "its viewing file is missing" });
    return "failed";
  }
  let faces: Awaited<ReturnType<FaceEngine["find"]>>["faces"];
  try {
    ({ faces } = await engine.find(await storage.public.get(file.key), job.fileName, "index"));
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    await finishJob(db, job, { state: "failed", error: error.reason });
    return "failed";
  }
  await saveScan(db, { photoId, galleryId: source.galleryId, faces });
  if (!(await searchable(db, photoId))) await deletePhotoFaceData(db, source.galleryId, [photoId]);
  await finishJob(db, job, { state: "done" });
  return "done";
}

/** The faces lane's handler, over the model `engine`. */
export function faceJobHandlers(deps: FaceIndexDeps): JobHandlers {
  return {
    "face-index": {
      async run(job) {
        await indexPhoto(deps, job);
      },
      gaveUpReason: FACE_INDEX_GAVE_UP,
    },
  };
}

/**
 * Queues the photos of the gallery's sets open to guests that were not searched yet (turning
 * guest search on, opening a set; `photoIds`: only these, a new upload's); how many. Nothing
 * while the gallery's guest search is off. A photo already searched is not queued again.
 */
export async function queueFaceIndex(
  db: Database,
  galleryId: number,
  { photoIds, now = Date.now() }: { photoIds?: readonly number[]; now?: number } = {},
): Promise<number> {
  const [gallery] = await readGalleries(db, { id: galleryId });
  if (!gallery?.guests.search) return 0;
  const [photos, scanned] = await Promise.all([
    galleryPhotoFiles(db, galleryId, { guestSets: true, photoIds }),
    scannedPhotoIds(db, galleryId),
  ]);
  const missing = photos.filter((p) => !scanned.has(p.id));
  await enqueue(
    db,
    missing.map((p) => perPhotoJob("face-index", p)),
    now,
  );
  return missing.length;
}

/** Withdraws the queued searches of these photos (their set closed, guest search off). */
export function withdrawFaceIndex(db: Database, photoIds: readonly number[]): Promise<number> {
  return withdrawQueuedJobs(db, "face-index", photoIds);
}

/** How many of the gallery's searches are still on their way. */
export function pendingFaceIndex(db: Database, setIds: readonly number[]): Promise<number> {
  return pendingJobCount(db, "face-index", setIds);
}
