// Photo uploads over tus (resumable: a dropped connection or a closed laptop continues where
// it stopped), mounted by the Express app under /admin/uploads. Every request needs the
// owner's session (requireAdmin, the same lookup as the admin's pages); every request that
// changes something must carry the session's CSRF token in a header (posts from other sites
// were already refused in front of this handler, by server/cross-site.ts). A finished upload
// is checked and queued at once, so a refusal reaches the browser with the file's name and
// why; the background worker does the rest.
import fs from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import type { RequestHandler } from "express";
import { isSafeMethod, isValidCsrfToken } from "../domain/auth/csrf.server.ts";
import { requireAdmin } from "../domain/auth/require-admin.server.ts";
import { MAX_SOURCE_BYTES } from "../domain/media/constants.ts";
import { enqueueUploadedPhoto } from "../domain/media/photo-jobs.server.ts";
import { type PhotoWorker, startPhotoWorker } from "../domain/media/photo-worker.server.ts";
import { ImageRejectedError } from "../domain/media/pipeline.server.ts";
import { getMediaStorage } from "../domain/media/storage.server.ts";
import {
  UPLOAD_CSRF_HEADER,
  UPLOAD_NOTE_FROM_TRASH,
  UPLOAD_NOTE_HEADER,
  UPLOADS_PATH,
} from "../domain/media/upload-constants.ts";
import { getDb } from "../platform/db/db.server.ts";
import { logger } from "../platform/logger.server.ts";
import { webRequestOf } from "./cross-site.ts";

/** An upload left unfinished this long is deleted (the studio starts that file again). */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_FILE_NAME_LENGTH = 255;

class UploadRefusal {
  readonly status_code: number;
  readonly body: string;
  constructor(status: number, body: string) {
    this.status_code = status;
    this.body = body;
  }
}

function uploadFields(upload: Upload) {
  const meta = upload.metadata ?? {};
  const shootId = Number(meta.shootId);
  const batchIndex = Number(meta.index);
  const fileName = (meta.filename ?? "").slice(0, MAX_FILE_NAME_LENGTH);
  const batchId = meta.batch ?? "";
  if (!Number.isSafeInteger(shootId) || !Number.isSafeInteger(batchIndex) || batchIndex < 0) return null;
  if (fileName === "" || !/^[\w-]{8,64}$/.test(batchId)) return null;
  return { shootId, batchIndex, fileName, batchId };
}

export interface Uploads {
  handler: RequestHandler;
  store: FileStore;
  directory: string;
}

let worker: PhotoWorker | undefined;

export function createUploads(dataDir: string): Uploads {
  const directory = path.join(dataDir, "uploads");
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    maxSize: MAX_SOURCE_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: Boolean(process.env.TRUST_PROXY),
    async onUploadCreate(_req, upload) {
      const fields = uploadFields(upload);
      if (!fields) throw new UploadRefusal(400, "The upload did not say which shoot and file it is for.");
      const shoot = await getDb()
        .selectFrom("shoots")
        .select("id")
        .where("id", "=", fields.shootId)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (!shoot) throw new UploadRefusal(404, "That shoot no longer exists.");
      return {};
    },
    async onUploadFinish(_req, upload) {
      const fields = uploadFields(upload);
      if (!fields) throw new UploadRefusal(400, "The upload did not say which shoot and file it is for.");
      try {
        const data = await fs.readFile(path.join(directory, upload.id));
        const { fromTrash } = await enqueueUploadedPhoto(getDb(), { ...fields, uploadId: upload.id, data });
        worker?.wake();
        return fromTrash ? { headers: { [UPLOAD_NOTE_HEADER]: UPLOAD_NOTE_FROM_TRASH } } : {};
      } catch (error) {
        // The bytes go: a retry must upload again (and be checked again), not find them done.
        await store.remove(upload.id).catch(() => {});
        if (error instanceof ImageRejectedError) throw new UploadRefusal(422, error.reason);
        logger.error({ err: error, upload: upload.id }, "could not queue an uploaded photo");
        throw new UploadRefusal(500, "The server could not take this file; try again.");
      }
    },
  });

  const handler: RequestHandler = async (req, res, next) => {
    try {
      // The request's one session lookup. requireAdmin refuses with a redirect to the sign-in
      // page, which a tus client cannot follow: the uploader is answered 401 and says so.
      const session = await requireAdmin(webRequestOf(req)).catch((refusal: unknown) => {
        if (refusal instanceof Response) return null;
        throw refusal;
      });
      if (!session) {
        res.status(401).type("text/plain").send("Sign in to upload.");
        return;
      }
      // The request's one CSRF token check: the header the admin's page copies its token into.
      if (!isSafeMethod(req.method) && !isValidCsrfToken(req.get(UPLOAD_CSRF_HEADER), session.idHash)) {
        res.status(403).type("text/plain").send("This upload was refused: reload the page and try again.");
        return;
      }
      res.setHeader("Cache-Control", "no-store");
      // Express strips the mount path; tus matches on the full path.
      req.url = req.originalUrl;
      await tus.handle(req, res);
    } catch (error) {
      next(error);
    }
  };
  return { handler, store, directory };
}

/** Starts the background photo worker over the uploads directory (after migrations ran). */
export function startPhotoProcessing(dataDir: string): void {
  if (worker) return;
  const directory = path.join(dataDir, "uploads");
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  worker = startPhotoWorker(
    { db: getDb(), storage: getMediaStorage(dataDir) },
    {
      read: (id) => fs.readFile(path.join(directory, id)),
      remove: (id) => store.remove(id),
    },
  );
  store.deleteExpired().catch((error) => logger.warn({ err: error }, "could not sweep expired uploads"));
}

export async function stopPhotoProcessing(): Promise<void> {
  const stopping = worker;
  worker = undefined;
  await stopping?.stop();
}
