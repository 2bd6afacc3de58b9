// A finished upload on its way to becoming a photo in a shoot. An upload is checked at once (is
// it an image we can use, does all of it decode, is it already in the shoot) so a refusal
// reaches the browser by name; accepted uploads become photo-upload jobs in the job queue
// (domain/jobs/queue.server.ts), which the worker turns into photos with processJob, this kind's
// handler (registered in photo-worker.server.ts). One tus upload is one job (unique upload id)
// and one asset is at most one photo per shoot, so a photo arrives exactly once however often a
// connection drops.
//
// The check's findings (SHA-256, type, upright size) are kept with the job and processing uses
// them instead of hashing and inspecting the file again. They still describe the bytes it reads:
// the upload's file is named by the server (a random tus id, never the client's choice), and
// once its last byte is in, tus writes no more to it (a PATCH must start at the current offset
// and may not go past the declared length), so the finished file is the one that was checked
// until the worker removes it. The one other change it can undergo is to vanish (a tus DELETE,
// the disk), and then the worker says the file was lost. Processing still decodes every pixel,
// which refuses a corrupt image the header check let through.
//
// The queue's table is the queue module's; the catalog's and the client galleries' tables
// (photos, assets, shoots, client_galleries) are read and written here by the functions at the
// end of this file, kept together so that they can go through those tables' owners.
import type { Database } from "../../platform/db/db.server.ts";
import { assetPlanFacts } from "../catalog/assets.server.ts";
import { type IngestDeps, ingestImage, type VariantPlan, variantKey } from "../catalog/ingest.server.ts";
import { POSITION_GAP } from "../catalog/photo-order.ts";
import {
  lastPhotoPosition,
  livePhotoHashes,
  lockShootOrder,
  placeUploadedPhoto,
  shootPhotosOfBytes,
} from "../catalog/photos.server.ts";
import { galleryIdOfSet } from "../catalog/sets.server.ts";
import { queueFaceIndex } from "../faces/indexing.server.ts";
import { readGalleries } from "../galleries/galleries.server.ts";
import {
  type ClaimedJobOf,
  enqueue,
  finishJob,
  isUploadPending,
  jobIdOfUpload,
  lastPendingUploadPosition,
  pendingUploadHashes,
  placeOfUploadBatch,
} from "../jobs/queue.server.ts";
import { rememberChecksum } from "../media/checksums.server.ts";
import {
  checkSourceDecodes,
  ImageRejectedError,
  inspectSource,
  planGalleryVariants,
} from "../media/pipeline.server.ts";
import { sha256Hex } from "../media/source.server.ts";

export const DUPLICATE_REASON = "a duplicate: this photo is already in the shoot";
/** What the studio reads for a job the server could not process, after its retries. */
export const SERVER_ERROR_REASON = "could not be processed (a server error); try again";

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
  const live = await livePhotoHashes(db, shootId);
  const processing = await pendingUploadHashes(db, shootId);
  return [...new Set([...live, ...processing])];
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
    const queued = await jobIdOfUpload(db, upload.uploadId);
    if (queued !== undefined && !(error instanceof ImageRejectedError)) return { jobId: queued, fromTrash: false };
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
    const inShoot = await shootPhotosOfBytes(trx, upload.shootId, sha256);
    const fromTrash = inShoot.length > 0 && inShoot.every((p) => p.deleted_at !== null);
    const already = await jobIdOfUpload(trx, upload.uploadId);
    if (already !== undefined) return { jobId: already, fromTrash };
    const live = inShoot.some((p) => p.deleted_at === null);
    if (live || (await isUploadPending(trx, upload.shootId, sha256)))
      throw new ImageRejectedError(upload.fileName, DUPLICATE_REASON);
    // A batch's photos follow the order the files were chosen in, after everything already
    // there, whichever file finishes uploading first.
    const sibling = await placeOfUploadBatch(trx, upload);
    let base = sibling && sibling.position - sibling.batchIndex * POSITION_GAP;
    if (base === undefined) {
      const maxPhoto = await lastPhotoPosition(trx, upload.shootId);
      const maxJob = await lastPendingUploadPosition(trx, upload.shootId);
      // The batch starts after everything there; earlier files of it that finish later keep
      // their places before this one (base + their index).
      base = Math.max(maxPhoto ?? -POSITION_GAP, maxJob ?? -POSITION_GAP) + POSITION_GAP;
    }
    const [jobId] = await enqueue(
      trx,
      {
        kind: "photo-upload",
        uploadId: upload.uploadId,
        shootId: upload.shootId,
        batchId: upload.batchId,
        batchIndex: upload.batchIndex,
        fileName: upload.fileName,
        position: base + upload.batchIndex * POSITION_GAP,
        checked: { sha256, info },
      },
      now,
    );
    if (jobId === undefined) throw new Error(`the upload ${upload.uploadId} was not queued`);
    return { jobId, fromTrash };
  });
}

/**
 * The variants a photo of this shoot needs: a client gallery's set gets the delivery plan, with
 * the gallery's watermark if it has one (ADR 027); any other shoot the public ladder (undefined).
 */
export async function planForShoot(db: Database, shootId: number): Promise<VariantPlan | undefined> {
  const galleryId = await galleryIdOfSet(db, shootId);
  if (galleryId === null) return undefined;
  // A gallery in the trash keeps its plan: its sets come back whole.
  const [gallery] = await readGalleries(db, { id: galleryId, scope: "any" });
  if (!gallery) return undefined;
  const watermark = gallery.watermark.text.trim() === "" ? null : gallery.watermark;
  return (info) => planGalleryVariants(info, watermark);
}

/**
 * Keeps the CRC-32s a gallery's downloads need (the original, the viewing JPEG) while the bytes
 * are at hand, so the first ZIP of a wedding need not read them all again (ADR 027).
 */
export async function rememberDeliveryChecksums(
  deps: IngestDeps,
  assetId: number,
  data: Uint8Array,
  plan: VariantPlan,
): Promise<void> {
  const asset = await assetPlanFacts(deps.db, assetId);
  await rememberChecksum(deps.db, { store: "originals", key: asset.original_key }, data);
  const view = plan(asset).at(-1);
  if (!view) return;
  const key = variantKey(asset.sha256, view);
  if (await deps.storage.public.has(key)) {
    await rememberChecksum(deps.db, { store: "public", key }, await deps.storage.public.get(key));
  }
}

/**
 * The photo-upload handler's work: turns a claimed job's upload (`data`: the job's file, as it
 * was checked) into a photo: variants first, then the photo row, in one step. The same bytes in
 * this shoot's trash come back out of it, at the job's position. A refused image or a duplicate
 * fails the job for good; any other error is thrown, for the worker to retry.
 */
export async function processJob(
  deps: IngestDeps,
  job: Pick<ClaimedJobOf<"photo-upload">, "id" | "claimToken" | "shootId" | "fileName" | "position" | "checked">,
  data: Uint8Array,
): Promise<"done" | "failed"> {
  const { db } = deps;
  try {
    const plan = await planForShoot(db, job.shootId);
    const { assetId } = await ingestImage(deps, data, job.fileName, job.checked, plan);
    if (plan) await rememberDeliveryChecksums(deps, assetId, data, plan);
    const photoId = await placeUploadedPhoto(db, job.shootId, assetId, job.position);
    if (photoId === null) {
      await finishJob(db, job, { state: "failed", error: DUPLICATE_REASON });
      return "failed";
    }
    await finishJob(db, job, { state: "done", photoId });
    // A gallery's new photo in a set open to guests is searched for faces as it arrives, so
    // guests at the reception find the muhurtham's photos the same evening (issue 31).
    const galleryId = plan ? await galleryIdOfSet(db, job.shootId) : null;
    if (galleryId !== null) await queueFaceIndex(db, galleryId, { photoIds: [photoId] });
    return "done";
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    await finishJob(db, job, { state: "failed", error: error.reason });
    return "failed";
  }
}
