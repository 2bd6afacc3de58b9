// Photo uploads over tus (resumable: a dropped connection or a closed laptop continues where
// it stopped), mounted by the Express app under /admin/uploads. Every request needs the
// owner's session (adminSessionOf, the same lookup as the admin's pages); every request that
// changes something must carry the session's CSRF token in a header (posts from other sites
// were already refused in front of this handler, by server/cross-site.ts). A finished upload
// is checked and queued at once, so a refusal reaches the browser with the file's name and
// why; the job worker does the rest (queuing wakes it). Uploads are staged under
// DATA_DIR/uploads, or with MEDIA_STORE=s3 in the bucket's uploads/ folder, which every app
// instance shares (server/upload-store.ts, docs/decisions/031-object-storage.md).
import fs from "node:fs/promises";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { type DataStore, Server, type Upload } from "@tus/server";
import type { RequestHandler } from "express";
import { adminSessionOf } from "#app/http/admin-session.server.ts";
import { formatFileSize } from "#platform/bytes.ts";
import { isSafeMethod, isValidCsrfToken } from "../domain/auth/csrf.server.ts";
import { STUDIO } from "../domain/catalog/audience.server.ts";
import { readShoots } from "../domain/catalog/read-model.server.ts";
import { jobIdOfUpload } from "../domain/jobs/queue.server.ts";
import { MAX_SOURCE_BYTES } from "../domain/media/constants.ts";
import { ImageRejectedError } from "../domain/media/pipeline.server.ts";
import { s3Folder } from "../domain/media/s3-store.server.ts";
import {
  UPLOAD_CSRF_HEADER,
  UPLOAD_NOTE_FROM_TRASH,
  UPLOAD_NOTE_HEADER,
  UPLOADS_PATH,
} from "../domain/media/upload-constants.ts";
import { enqueueUploadedPhoto } from "../domain/processing/photo-jobs.server.ts";
import type { UploadSource } from "../domain/processing/photo-worker.server.ts";
import { getDb } from "../platform/db/db.server.ts";
import { readEnv, trustsAProxy } from "../platform/env.server.ts";
import { logger } from "../platform/logger.server.ts";
import { webRequestOf } from "./cross-site.ts";
import { BlobUploadStore } from "./upload-store.ts";

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

/** tus's answer when an upload outgrows MAX_SOURCE_BYTES (a deferred length found out late). */
const TOO_LARGE = 413;

/**
 * tus answers every request with CORS headers (`Access-Control-Allow-Origin: *` unless told
 * otherwise, and the exposed and allowed headers). The admin uploads from its own pages only,
 * so no answer here carries any: another site's script cannot read one.
 */
function withoutCorsHeaders(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res);
  const isCors = (name: unknown) => /^access-control-/i.test(String(name));
  const strip = (headers: unknown): unknown => {
    if (Array.isArray(headers)) {
      // Either [name, value, name, value] or [[name, value], ...].
      if (headers.every((h) => Array.isArray(h))) return headers.filter(([name]) => !isCors(name));
      const kept: unknown[] = [];
      for (let i = 0; i < headers.length; i += 2) if (!isCors(headers[i])) kept.push(headers[i], headers[i + 1]);
      return kept;
    }
    if (headers && typeof headers === "object") {
      return Object.fromEntries(Object.entries(headers).filter(([name]) => !isCors(name)));
    }
    return headers;
  };
  res.writeHead = ((status: number, ...rest: unknown[]) =>
    (writeHead as (status: number, ...args: unknown[]) => ServerResponse)(
      status,
      ...rest.map(strip),
    )) as typeof res.writeHead;
  for (const name of res.getHeaderNames()) if (isCors(name)) res.removeHeader(name);
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

/** Where uploads wait: tus's store, and a finished upload's bytes read back whole. */
interface UploadStaging {
  store: DataStore;
  read(id: string): Promise<Uint8Array>;
}

/**
 * The bucket's uploads/ folder with MEDIA_STORE=s3; otherwise DATA_DIR/uploads through tus's
 * FileStore, as before the bucket existed (the ADR says why the folder keeps it).
 */
function uploadStaging(dataDir: string): UploadStaging {
  const bucket = readEnv().media.s3;
  if (bucket) {
    const store = new BlobUploadStore(s3Folder(bucket, "uploads"), { expirationMs: UPLOAD_EXPIRY_MS });
    return { store, read: (id) => store.read(id) };
  }
  const directory = path.join(dataDir, "uploads");
  return {
    store: new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }),
    read: (id) => fs.readFile(path.join(directory, id)),
  };
}

export interface Uploads {
  handler: RequestHandler;
  store: DataStore;
}

export function createUploads(dataDir: string): Uploads {
  const staging = uploadStaging(dataDir);
  const { store } = staging;
  /** Which upload each request is about, for the error hook (which is told only the request). */
  const uploadOf = new WeakMap<object, string>();

  /** Checks a finished upload and queues it (once: a second call finds its job); refusals as tus answers. */
  async function queueFinished(upload: Upload) {
    const fields = uploadFields(upload);
    if (!fields) throw new UploadRefusal(400, "The upload did not say which shoot and file it is for.");
    try {
      const data = await staging.read(upload.id);
      return await enqueueUploadedPhoto(getDb(), { ...fields, uploadId: upload.id, data });
    } catch (error) {
      // The bytes go: a retry must upload again (and be checked again), not find them done.
      await store.remove(upload.id).catch(() => {});
      if (error instanceof ImageRejectedError) throw new UploadRefusal(422, error.reason);
      logger.error({ err: error, upload: upload.id }, "could not queue an uploaded photo");
      throw new UploadRefusal(500, "The server could not take this file; try again.");
    }
  }

  /**
   * An upload whose last bytes arrived but which was never queued: the instance that took them
   * died (or lost its database) between the two. The uploader, its PATCH unanswered, asks where
   * the upload stands with a HEAD, possibly of another instance, and hears it is complete, so
   * it will send nothing more: the upload is queued here. A refusal removes the bytes, so the
   * HEAD answers 404, the uploader starts the file again and hears why.
   */
  async function queueIfLost(id: string): Promise<void> {
    const upload = await store.getUpload(id).catch(() => undefined);
    if (!upload || upload.size === undefined || upload.offset !== upload.size) return;
    if ((await jobIdOfUpload(getDb(), id)) !== undefined) return;
    logger.warn({ upload: id }, "queuing a finished upload that was never queued (its instance stopped)");
    await queueFinished(upload).catch(() => {});
  }

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    maxSize: MAX_SOURCE_BYTES,
    relativeLocation: true,
    // The same decision as Express's "trust proxy" (server/app.ts). With relative Location
    // headers tus reads the forwarded headers only if a generateUrl option is added.
    respectForwardedHeaders: trustsAProxy(readEnv().trustProxy),
    // No origin is another site's to read answers from (and see withoutCorsHeaders).
    allowedOrigins: [],
    async onIncomingRequest(req, id) {
      uploadOf.set(req, id);
      if (req.method === "HEAD") await queueIfLost(id);
    },
    async onResponseError(req, error) {
      if (!("status_code" in error) || error.status_code !== TOO_LARGE) return undefined;
      // An upload of deferred length is found too large only once 60 MB of it are on disk:
      // they go now, not when unfinished uploads expire a week later. The refusal is final.
      const id = uploadOf.get(req);
      if (id) await store.remove(id).catch(() => {});
      return {
        status_code: TOO_LARGE,
        body: `The file is too large: the limit is ${formatFileSize(MAX_SOURCE_BYTES)}.`,
      };
    },
    async onUploadCreate(_req, upload) {
      const fields = uploadFields(upload);
      if (!fields) throw new UploadRefusal(400, "The upload did not say which shoot and file it is for.");
      // The studio uploads into any of its shoots or sets outside the trash.
      const [shoot] = await readShoots(getDb(), STUDIO, { id: fields.shootId, kind: "any" });
      if (!shoot) throw new UploadRefusal(404, "That shoot no longer exists.");
      return {};
    },
    async onUploadFinish(_req, upload) {
      const { fromTrash } = await queueFinished(upload);
      return fromTrash ? { headers: { [UPLOAD_NOTE_HEADER]: UPLOAD_NOTE_FROM_TRASH } } : {};
    },
  });

  const handler: RequestHandler = async (req, res, next) => {
    try {
      // The request's one session lookup. A tus client cannot follow the admin pages' redirect
      // to the sign-in page: the uploader is answered 401 and says so.
      const session = await adminSessionOf(webRequestOf(req));
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
      withoutCorsHeaders(res);
      // Express strips the mount path; tus matches on the full path.
      req.url = req.originalUrl;
      await tus.handle(req, res);
    } catch (error) {
      next(error);
    }
  };
  return { handler, store };
}

/**
 * The finished uploads' files, for the photo-upload handler (on whichever instance claims the job);
 * `sweepExpired` deletes uploads never finished.
 */
export function uploadFiles(dataDir: string): UploadSource & { sweepExpired(): Promise<number> } {
  const { store, read } = uploadStaging(dataDir);
  return {
    read,
    remove: (id) => store.remove(id),
    sweepExpired: () => store.deleteExpired(),
  };
}
