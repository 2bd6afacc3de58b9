// /media/* when the media live in a bucket (MEDIA_STORE=s3) and no MEDIA_PUBLIC_URL sends the
// browsers there directly: each request is passed on to the bucket and its answer streamed back,
// with the headers express.static gives the folder's files (a one-year immutable cache, the
// right Content-Type, ETag and Last-Modified, 304 and single byte ranges), never the file whole
// in memory. Only keys under the bucket's media/ folder can be named: originals stay private.
import { pipeline } from "node:stream/promises";
import type { RequestHandler, Response } from "express";
import {
  type BucketRead,
  bucketAnswerStatus,
  isMissingObject,
  PUBLIC_CACHE_CONTROL,
  type S3BlobStore,
} from "#domain/media/s3-store.server.ts";
import { contentTypeOf, isSafeKey } from "#domain/media/storage.server.ts";
import { isSingleByteRange } from "#platform/byte-range.server.ts";

/**
 * A request that says no-cache (a hard reload; fetch() says it whenever it is given a condition)
 * gets the whole file, as express.static answers it (the `fresh` module's rule).
 */
const NO_CACHE = /(?:^|,)\s*no-cache\s*(?:,|$)/;

function headersFor(res: Response, key: string): void {
  res.set({
    "Cache-Control": PUBLIC_CACHE_CONTROL,
    "Accept-Ranges": "bytes",
    // As the folder's files: other sites may show the studio's public images.
    "Cross-Origin-Resource-Policy": "cross-origin",
    "Content-Type": contentTypeOf(key),
  });
}

/** A date header's value, or undefined when it is not a date (then it is not passed on). */
function dateHeader(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Serves /media/<key> from the bucket; what it cannot serve (no such key, another method) goes to `next`. */
export function serveMediaFromBucket(store: S3BlobStore): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let key: string;
    try {
      key = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    if (!isSafeKey(key)) return next();
    // One byte range is passed on as the bucket takes it, and the bucket answers it (206, or 416
    // past the end); anything else (several ranges, a malformed header) is ignored and the whole
    // object sent, as express.static does. If-Range is not checked: a key names its content, so a
    // range of it is never stale.
    const rangeHeader = req.get("Range")?.trim();
    const range = isSingleByteRange(rangeHeader) ? rangeHeader : undefined;
    const conditional = !NO_CACHE.test(req.get("Cache-Control") ?? "");
    const ifNoneMatch = conditional ? req.get("If-None-Match") : undefined;
    // As HTTP says: the date counts only when no ETag was sent.
    const since = conditional && !ifNoneMatch ? dateHeader(req.get("If-Modified-Since")) : undefined;
    try {
      const read =
        (since && (await unchangedSince(store, key, since))) ||
        (await store.read(key, { head: req.method === "HEAD", range, ifNoneMatch }));
      headersFor(res, key);
      if (read.etag) res.set("ETag", read.etag);
      if (read.lastModified) res.set("Last-Modified", read.lastModified.toUTCString());
      res.status(read.status);
      if (read.status === 304) {
        res.removeHeader("Content-Type");
        res.end();
        return;
      }
      if (read.contentLength !== undefined) res.set("Content-Length", String(read.contentLength));
      if (read.contentRange) res.set("Content-Range", read.contentRange);
      if (!read.body) {
        res.end();
        return;
      }
      // A visitor who goes away mid-image ends the bucket's response too.
      await pipeline(read.body, res);
    } catch (error) {
      if (res.headersSent) {
        // The bucket's stream broke midway: the visitor's copy is cut, not passed off as whole.
        res.destroy();
        return;
      }
      if (isMissingObject(error)) return next();
      if (bucketAnswerStatus(error) === 416) {
        const size = await objectSize(store, key);
        res.status(416).set("Cache-Control", "no-store");
        if (size !== undefined) res.set("Content-Range", `bytes */${size}`);
        res.type("text/plain").send("Range Not Satisfiable");
        return;
      }
      next(error);
    }
  };
}

/**
 * A 304 when the object has not changed since `since`, compared here to the second, as its
 * Last-Modified header states it: buckets differ in whether they compare the milliseconds they
 * keep (then an unchanged object would be sent again). Undefined when it has changed.
 */
async function unchangedSince(store: S3BlobStore, key: string, since: Date): Promise<BucketRead | undefined> {
  const head = await store.read(key, { head: true });
  const modifiedS = Math.floor((head.lastModified?.getTime() ?? Number.POSITIVE_INFINITY) / 1000);
  return modifiedS <= since.getTime() / 1000 ? { ...head, status: 304, body: undefined } : undefined;
}

/** The object's size, for a 416's Content-Range (the bucket's refusal does not say it in a header the SDK keeps). */
async function objectSize(store: S3BlobStore, key: string): Promise<number | undefined> {
  try {
    return (await store.read(key, { head: true })).contentLength;
  } catch {
    return undefined;
  }
}
