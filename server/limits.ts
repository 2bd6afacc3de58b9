// How much a request may send, and how slowly: one rule for every route that reads a body,
// applied in Express before any of them sees it. Each kind of body has its cap, defined beside
// the reader that reads it (plain forms, the admin's multipart forms with their images, tus
// upload requests); a Content-Length over the cap is refused with 413 before a byte is read, a
// body without one (chunked) is counted as it streams and cut at the cap. A body must keep up a
// pace: BODY_TIME_BASE_MS from the end of the headers, then BODY_MIN_BYTES_PER_S on average,
// whatever length it declared, else 408; and once the answer has gone, what is still coming gets
// BODY_DRAIN_MS before the connection is closed. The readers keep their own caps: this is the
// bound, they are the detail.
import type { Request, RequestHandler, Response } from "express";
import { formatFileSize } from "#platform/bytes.ts";
import { MAX_BODY_BYTES as ADMIN_FORM_BODY_BYTES } from "../domain/auth/admin-form.server.ts";
import { isAdminPath, LOGIN_PATH } from "../domain/auth/shared.ts";
import { SELFIE_FORM_BYTES } from "../domain/faces/selfie.ts";
import { isEventPath } from "../domain/galleries/client-types.ts";
import { MAX_SOURCE_BYTES } from "../domain/media/constants.ts";
import { UPLOADS_PATH } from "../domain/media/upload-constants.ts";
import { FORM_BODY_BYTES } from "../platform/form-body.server.ts";
import { logger } from "../platform/logger.server.ts";
import { refuse } from "./errors.ts";

/** Every body has this long before it must keep up BODY_MIN_BYTES_PER_S. */
export const BODY_TIME_BASE_MS = 10_000;
/** 128 kbit/s: slower than a poor mobile uplink; a form of a few KB is in within the base time. */
export const BODY_MIN_BYTES_PER_S = 16 * 1024;
/** After the answer has gone out, the rest of an unread body may take this long, then the connection closes. */
export const BODY_DRAIN_MS = 5_000;

/**
 * Node's own bounds on a connection: the headers within 20 s (Node's default is 60 s, checked
 * every 30 s); the whole request within Node's default 5 minutes, whatever its size (a bound
 * above the per-body one, for the largest admin forms). Checked every 5 s.
 */
export const SERVER_TIMEOUTS = {
  headersTimeout: 20_000,
  requestTimeout: 300_000,
  connectionsCheckingInterval: 5_000,
} as const;

export interface BodyLimit {
  /** What the body is, for the refusal and the log. */
  what: string;
  maxBytes: number;
}

export const BODY_LIMITS = {
  form: { what: "a form", maxBytes: FORM_BODY_BYTES },
  adminForm: { what: "an admin form with its images", maxBytes: ADMIN_FORM_BODY_BYTES },
  upload: { what: "a photo upload", maxBytes: MAX_SOURCE_BYTES },
  selfie: { what: "a selfie", maxBytes: SELFIE_FORM_BYTES },
} as const satisfies Record<string, BodyLimit>;

/** The cap for a path (compared in lower case, as Express and React Router match). */
export function bodyLimitFor(path: string): BodyLimit {
  const p = path.toLowerCase();
  if (p === UPLOADS_PATH || p.startsWith(`${UPLOADS_PATH}/`)) return BODY_LIMITS.upload;
  // A gallery's event page takes a guest's selfie (issue 31).
  if (isEventPath(p)) return BODY_LIMITS.selfie;
  // Sign-in is a plain form; every other admin form may carry images (read by parseAdminForm).
  if (isAdminPath(p) && p !== LOGIN_PATH && !p.startsWith(`${LOGIN_PATH}.`)) return BODY_LIMITS.adminForm;
  return BODY_LIMITS.form;
}

/** By how long after the headers a body must have sent this many bytes. */
export function bodyTimeMs(bytes: number): number {
  return BODY_TIME_BASE_MS + Math.ceil((bytes / BODY_MIN_BYTES_PER_S) * 1000);
}

/** What a consumer of a cut body sees: an error, never a short body taken for the whole. */
export class BodyRefusedError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(status === 413 ? "request body over its limit" : "request body too slow");
    this.name = "BodyRefusedError";
    this.status = status;
  }
}

/**
 * Answers 413 or 408. A reader half way through the body gets an error, never what came so far
 * taken for the whole form. A 413 leaves the connection open while the answer goes out and the
 * rest of the body is discarded (for BODY_DRAIN_MS at most): closing at once would discard the
 * answer too, since a client still sending takes the reset before it reads. A 408 closes: a
 * client that slow has little in flight.
 */
function cut(req: Request, res: Response, status: 408 | 413, limit: BodyLimit): void {
  const path = req.originalUrl.split("?")[0];
  logger.warn(
    { method: req.method, path, status, limit: limit.maxBytes },
    status === 413
      ? `refused ${req.method} ${path}: body over ${limit.maxBytes} bytes`
      : `refused ${req.method} ${path}: body not received in time`,
  );
  res.locals.bodyRefused = status;
  // Whoever reads the body (React Router's request stream, tus) stops here, with an error.
  if (req.listenerCount("error") > 0) req.emit("error", new BodyRefusedError(status));
  const message =
    status === 413
      ? `The request is too large: ${limit.what} may be at most ${formatFileSize(limit.maxBytes)}.`
      : "The request took too long to arrive. Please try again.";
  refuse(req, res, status, message, { close: status === 408 });
}

/**
 * Applies the body limits. Requests without a body pass untouched; a declared length over the
 * cap is refused at once, without reading the body.
 */
export const limitRequestBodies: RequestHandler = (req, res, next) => {
  const declared = req.headers["content-length"];
  const chunked = req.headers["transfer-encoding"] !== undefined;
  if (!chunked && (declared === undefined || Number(declared) === 0)) {
    next();
    return;
  }
  const limit = bodyLimitFor(req.path);

  // Progress is what the connection has read since the headers: no listener on the body, so
  // whoever reads it (React Router, tus) reads it as before.
  const started = Date.now();
  const bytesAtStart = req.socket.bytesRead;
  let drainBy = Number.POSITIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  const stop = () => clearTimeout(timer);
  const arm = (at: number) => {
    stop();
    timer = setTimeout(check, Math.max(0, at - Date.now()));
    timer.unref();
  };
  const check = () => {
    if (req.complete || req.socket.destroyed) return;
    const now = Date.now();
    const dueBy = started + bodyTimeMs(req.socket.bytesRead - bytesAtStart);
    if (now < dueBy && now < drainBy) return arm(Math.min(dueBy, drainBy));
    // Answered already: the rest is not waited for.
    if (res.writableEnded) req.socket.destroy();
    else cut(req, res, 408, limit);
  };
  arm(started + BODY_TIME_BASE_MS);
  req.once("end", stop);
  res.once("finish", () => {
    if (req.complete) return stop();
    // Answered before the body was all read (a redirect, a refusal): discard the rest, for a
    // while, then close.
    drainBy = Date.now() + BODY_DRAIN_MS;
    arm(drainBy);
    req.resume();
  });

  // Node has checked the header: a number, and not sent together with Transfer-Encoding.
  const length = chunked ? undefined : Number(declared);
  if (length !== undefined && length > limit.maxBytes) {
    cut(req, res, 413, limit);
    return;
  }
  if (length === undefined) {
    // No declared length: count what streams past, whoever reads it. Paused again at once, so
    // the reader (React Router, tus) still starts the flow when it is ready for it.
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit.maxBytes) return;
      req.off("data", count);
      cut(req, res, 413, limit);
    };
    req.on("data", count);
    req.pause();
  }
  next();
};
