// Photo uploads over tus (resumable: a dropped connection or a closed laptop continues where
// it stopped), mounted by the Express app under /admin/uploads. Every request needs the
// owner's session (adminSessionOf, the same lookup as the admin's pages); every request that
// changes something must carry the session's CSRF token in a header (posts from other sites
// were already refused in front of this handler, by server/cross-site.ts). A finished upload
// is checked and queued at once, so a refusal reaches the browser with the file's name and
// why; the job worker does the rest (queuing wakes it). An album's spread (issue 32) goes up the
// same way but names an album of a gallery instead of a shoot, and is made a spread of the
// album's draft before the answer, which the studio waits for (ADR 045); a PDF, a spread of each
// of its pages (ADR 051). Uploads are staged under
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
import { ProofingRefusal } from "../domain/albums/proofing.server.ts";
import { galleryOfAlbum, ingestPdfSpreads, ingestSpread, pdfPageUploadId } from "../domain/albums/spreads.server.ts";
import { spreadOfUpload } from "../domain/albums/store.server.ts";
import { isSafeMethod, isValidCsrfToken } from "../domain/auth/csrf.server.ts";
import { STUDIO } from "../domain/catalog/audience.server.ts";
import { readShoots } from "../domain/catalog/read-model.server.ts";
import { jobIdOfUpload } from "../domain/jobs/queue.server.ts";
import { MAX_SOURCE_BYTES } from "../domain/media/constants.ts";
import { isPdf } from "../domain/media/pdf.server.ts";
import { ImageRejectedError } from "../domain/media/pipeline.server.ts";
import { s3Folder } from "../domain/media/s3-store.server.ts";
import { type ImageSource, sourceFile } from "../domain/media/source.server.ts";
import { getMediaStorage } from "../domain/media/storage.server.ts";
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

/** What an upload is for: a photo of a shoot (its place in the batch chosen), or a spread of a gallery's album. */
type UploadFields =
  | { kind: "photo"; shootId: number; batchIndex: number; fileName: string; batchId: string }
  | { kind: "spread"; galleryId: number; albumId: number; place: number; fileName: string };

const NO_TARGET = "The upload did not say which shoot or album and file it is for.";

function uploadFields(upload: Upload): UploadFields | null {
  const meta = upload.metadata ?? {};
  const batchIndex = Number(meta.index);
  const fileName = (meta.filename ?? "").slice(0, MAX_FILE_NAME_LENGTH);
  const batchId = meta.batch ?? "";
  if (!Number.isSafeInteger(batchIndex) || batchIndex < 0) return null;
  if (fileName === "" || !/^[\w-]{8,64}$/.test(batchId)) return null;
  if (meta.albumId !== undefined) {
    const galleryId = Number(meta.galleryId);
    const albumId = Number(meta.albumId);
    if (!Number.isSafeInteger(galleryId) || !Number.isSafeInteger(albumId)) return null;
    // The uploader sends the files sorted by name: a file's index is its place, counted from 1.
    return { kind: "spread", galleryId, albumId, place: batchIndex + 1, fileName };
  }
  const shootId = Number(meta.shootId);
  if (!Number.isSafeInteger(shootId)) return null;
  return { kind: "photo", shootId, batchIndex, fileName, batchId };
}

/** Where uploads wait: tus's store, and a finished upload's bytes read back whole or its file. */
interface UploadStaging {
  store: DataStore;
  read(id: string): Promise<Uint8Array>;
  /** The finished upload for the image pipeline: its file on this disk, else its bytes. */
  source(id: string): Promise<ImageSource>;
}

/**
 * The bucket's uploads/ folder with MEDIA_STORE=s3; otherwise DATA_DIR/uploads through tus's
 * FileStore, as before the bucket existed (the ADR says why the folder keeps it).
 */
function uploadStaging(dataDir: string): UploadStaging {
  const bucket = readEnv().media.s3;
  if (bucket) {
    const store = new BlobUploadStore(s3Folder(bucket, "uploads"), { expirationMs: UPLOAD_EXPIRY_MS });
    return { store, read: (id) => store.read(id), source: (id) => store.read(id) };
  }
  const directory = path.join(dataDir, "uploads");
  return {
    store: new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }),
    read: (id) => fs.readFile(path.join(directory, id)),
    source: (id) => sourceFile(path.join(directory, id)),
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

  /**
   * Checks a finished upload and queues it, or makes it an album's spread (once: a second call
   * finds its job or its spread); refusals as tus answers.
   */
  async function queueFinished(upload: Upload): Promise<{ fromTrash: boolean }> {
    const fields = uploadFields(upload);
    if (!fields) throw new UploadRefusal(400, NO_TARGET);
    try {
      if (fields.kind === "photo") {
        const data = await staging.read(upload.id);
        return await enqueueUploadedPhoto(getDb(), { ...fields, uploadId: upload.id, data });
      }
      const { galleryId, ...spread } = fields;
      const deps = { db: getDb(), storage: getMediaStorage(dataDir) };
      // Its file, linked in as the original: a 19 MB spread is not read into memory (ADR 049).
      const source = await staging.source(upload.id);
      // Made as it finishes, beside the uploader's other files (the new draft they share is the
      // database's to settle): on 2 cores, two spreads' decodes at once each have a core. A PDF
      // is a spread per page (ADR 051).
      if (await isPdf(source)) await ingestPdfSpreads(deps, galleryId, { ...spread, uploadId: upload.id, source });
      else await ingestSpread(deps, galleryId, { ...spread, uploadId: upload.id, source });
      // Made into a spread's files already: the staged name is not needed by any job.
      await store.remove(upload.id).catch(() => {});
      return { fromTrash: false };
    } catch (error) {
      // The bytes go: a retry must upload again (and be checked again), not find them done.
      await store.remove(upload.id).catch(() => {});
      if (error instanceof ImageRejectedError) throw new UploadRefusal(422, error.reason);
      if (error instanceof ProofingRefusal) throw new UploadRefusal(error.status, error.message);
      logger.error({ err: error, upload: upload.id }, "could not take an uploaded file");
      throw new UploadRefusal(500, "The server could not take this file; try again.");
    }
  }

  /** Whether a finished upload was taken: queued as a photo's job, or made an album's spread. */
  async function wasTaken(upload: Upload): Promise<boolean> {
    const db = getDb();
    if (uploadFields(upload)?.kind !== "spread") return (await jobIdOfUpload(db, upload.id)) !== undefined;
    // A PDF's pages are made under ids of their own: its first page says it was taken.
    for (const id of [upload.id, pdfPageUploadId(upload.id, 1)])
      if ((await spreadOfUpload(db, id)) !== undefined) return true;
    return false;
  }

  /**
   * An upload whose last bytes arrived but which was never queued (or made a spread): the
   * instance that took them died (or lost its database) between the two. The uploader, its PATCH
   * unanswered, asks where the upload stands with a HEAD, possibly of another instance, and hears
   * it is complete, so it will send nothing more: the upload is taken here. A refusal removes the
   * bytes, so the HEAD answers 404, the uploader starts the file again and hears why. A spread's
   * bytes go once it is made too (nothing else reads them): that HEAD answers 404 as well, and the
   * file sent again lands on the same number.
   */
  async function queueIfLost(id: string): Promise<void> {
    const upload = await store.getUpload(id).catch(() => undefined);
    if (!upload || upload.size === undefined || upload.offset !== upload.size) return;
    if (await wasTaken(upload)) return;
    logger.warn({ upload: id }, "taking a finished upload that was never taken (its instance stopped)");
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
      if (!fields) throw new UploadRefusal(400, NO_TARGET);
      if (fields.kind === "spread") {
        // An album is named with its gallery: an album of another gallery is no album here.
        if (!(await galleryOfAlbum(getDb(), fields.galleryId, fields.albumId)))
          throw new UploadRefusal(404, "That album no longer exists.");
        return {};
      }
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
