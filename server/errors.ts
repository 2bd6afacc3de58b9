// What the server answers when a request cannot be served, in one place: a request id on every
// response; requests that no route can be asked about (a method the site does not speak, a
// target that is not a path, a missing or malformed Host) refused with a 4xx before anything
// reads them; and the error boundary, last in the chain, that turns anything unexpected into
// our own 500 page naming the request id, the stack going to the log and never to the client.
// A refusal is answered in our shape: the content API's JSON error under /api/, a short page
// everywhere else.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { ApiError, type ApiErrorName } from "../domain/content-api/errors.server.ts";
import { escapeHtml } from "../platform/html.ts";
import { logger } from "../platform/logger.server.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** The methods the site speaks (pages, forms, the API, tus uploads); anything else is a 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);

/** A Host (or X-Forwarded-Host) a URL can be built from: a name or IPv4, or a bracketed IPv6, and an optional port. */
const HOST_PATTERN = /^(?:[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

const REQUEST_ID_BYTES = 6;
/** Random bytes are drawn for this many ids at a time: one call to the system's source per request cost more than the id is worth. */
const REQUEST_IDS_PER_DRAW = 1024;
let idPool = Buffer.alloc(0);
let idOffset = 0;

function nextIdBytes(): Buffer {
  if (idOffset >= idPool.length) {
    idPool = randomBytes(REQUEST_ID_BYTES * REQUEST_IDS_PER_DRAW);
    idOffset = 0;
  }
  idOffset += REQUEST_ID_BYTES;
  return idPool.subarray(idOffset - REQUEST_ID_BYTES, idOffset);
}

/**
 * pino-http's id for a request: random, short, never taken from the client; also sent back as
 * X-Request-Id so a visitor's report can be matched with the log line.
 */
export function assignRequestId(_req: IncomingMessage, res: ServerResponse): string {
  const id = nextIdBytes().toString("base64url");
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

function requestIdOf(req: Request): string {
  return String((req as { id?: unknown }).id ?? "");
}

const STATUS_TEXT: Record<number, { name: ApiErrorName; title: string }> = {
  400: { name: "BadRequestError", title: "Bad request" },
  404: { name: "NotFoundError", title: "Not found" },
  405: { name: "MethodNotAllowedError", title: "Method not allowed" },
  408: { name: "RequestTimeoutError", title: "Request timeout" },
  411: { name: "BadRequestError", title: "Length required" },
  413: { name: "PayloadTooLargeError", title: "Too large" },
  500: { name: "ApplicationError", title: "Something went wrong" },
};

function isApiRequest(req: Request): boolean {
  return req.url.toLowerCase().startsWith("/api/");
}

/**
 * Answers a request we will not serve, in our shape, with no-store and the request id. The
 * connection is closed afterwards when `close` is set (the body was not read, or not all of it).
 * When the answer has already begun there is nothing left to say: the connection is cut.
 */
export function refuse(
  req: Request,
  res: Response,
  status: number,
  message: string,
  { close = false, headers = {} }: { close?: boolean; headers?: Record<string, string> } = {},
): void {
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  const text = STATUS_TEXT[status] ?? { name: "ApplicationError" as const, title: "Error" };
  const id = requestIdOf(req);
  res.status(status).set({ ...headers, "Cache-Control": "no-store" });
  if (close) res.set("Connection", "close");
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  if (isApiRequest(req)) {
    res.json(new ApiError(status, text.name, message, id ? { requestId: id } : {}).toBody());
    return;
  }
  const reference = id ? `<p>Reference: <code>${escapeHtml(id)}</code></p>` : "";
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(text.title)}</title><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(message)}</p>${reference}<p><a href="/">Back to the home page</a></p></html>`,
    );
}

/** Why a request cannot be turned into a URL and a method React Router and the handlers understand, if it cannot. */
function unroutable(req: Request): { status: number; message: string; headers?: Record<string, string> } | null {
  if (!ALLOWED.has(req.method)) {
    return {
      status: 405,
      message: `This site does not answer ${req.method} requests.`,
      headers: { Allow: ALLOWED_METHODS.join(", ") },
    };
  }
  // Only origin-form ("/path?query"): not an absolute URL ("http://elsewhere/"), not "*".
  if (!req.url.startsWith("/")) return { status: 400, message: "The request's target must be a path." };
  const host = req.headers.host;
  if (host === undefined || !HOST_PATTERN.test(host)) {
    return { status: 400, message: "The request needs a valid Host header." };
  }
  if (req.app.enabled("trust proxy")) {
    const forwarded = req.get("X-Forwarded-Host");
    // Express takes the first of a list; each must still be a host.
    if (forwarded !== undefined && !forwarded.split(",").every((h) => HOST_PATTERN.test(h.trim()))) {
      return { status: 400, message: "The request's X-Forwarded-Host is not a host." };
    }
  }
  try {
    new URL(`${req.protocol}://${host}${req.originalUrl}`);
  } catch {
    return { status: 400, message: "The request's target is not a valid path." };
  }
  return null;
}

/**
 * Refuses, before any handler reads it, a request that cannot be represented as a URL and a
 * method: otherwise React Router's adapter throws building it, and the answer is a 500.
 */
export const refuseUnroutableRequests: RequestHandler = (req, res, next) => {
  const problem = unroutable(req);
  if (!problem) {
    next();
    return;
  }
  refuse(req, res, problem.status, problem.message, { close: true, headers: problem.headers });
};

/** An error that carries its own 4xx status (express.static's, a malformed path's). */
function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const code = typeof status === "number" ? status : typeof statusCode === "number" ? statusCode : null;
  return code !== null && code >= 400 && code < 500 ? code : null;
}

/**
 * The error boundary: last in the chain. An error with a 4xx status is the client's and is
 * answered as such (a warning, no stack); anything else is our fault, logged with its stack
 * and the request id, and answered with our 500 page naming that id, nothing more.
 */
export const handleErrors: ErrorRequestHandler = (error, req, res, _next) => {
  // The body was refused (server/limits.ts) and answered: what its reader threw is expected.
  if (res.locals.bodyRefused) {
    if (!res.writableEnded) req.socket.destroy();
    return;
  }
  const clientStatus = clientErrorStatus(error);
  if (clientStatus !== null) {
    logger.warn(
      { reqId: requestIdOf(req), method: req.method, path: req.path, status: clientStatus },
      `refused ${req.method} ${req.path}: ${error instanceof Error ? error.message : String(error)}`,
    );
    refuse(req, res, clientStatus, "The request could not be served as sent.", { close: !req.complete });
    return;
  }
  logger.error({ err: error, reqId: requestIdOf(req), method: req.method, url: req.originalUrl }, "unhandled error");
  refuse(req, res, 500, "Sorry, that didn't work. Please try again in a moment.", { close: !req.complete });
};
