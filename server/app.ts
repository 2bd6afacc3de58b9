// The Express application around React Router: compression, static files with their cache
// rules, security headers, request logs, health and readiness. Vite bundles this file with
// the React Router build into build/server/index.js; server/main.ts starts it.
import { randomBytes } from "node:crypto";
import path from "node:path";
// A static import bundles the whole React Router build into build/server/index.js, so the
// running process never loads a chunk from disk later: a rebuild cannot break it mid-flight.
import * as productionBuild from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request, type RequestHandler, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import {
  clientAddressContext,
  cspNonceContext,
  pageCacheContext,
  requestIdContext,
} from "#app/utils/request-context.ts";
import { ApiError } from "#domain/content-api/errors.server.ts";
import { CLIENT_GALLERY_PREFIX, EVENT_PREFIX } from "#domain/galleries/client-types.ts";
import { s3Folder } from "#domain/media/s3-store.server.ts";
import { PUBLIC_MEDIA_URL_PREFIX } from "#domain/media/storage.server.ts";
import { UPLOADS_PATH } from "#domain/media/upload-constants.ts";
import { checkSchemaAnswers } from "#platform/db/app-state.server.ts";
import { readContentVersion } from "#platform/db/content-version.server.ts";
import { closeDb, getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import { logger } from "#platform/logger.server.ts";
import { PageCache, type PageCacheSlot } from "#platform/page-cache.server.ts";
import { refuseCrossSiteRequests } from "#server/cross-site.ts";
import { assignRequestId, handleErrors, refuseUnroutableRequests } from "#server/errors.ts";
import { redirectToHttps, sendOpenerPolicy, sendPermissionsPolicy } from "#server/headers.ts";
import { limitRequestBodies } from "#server/limits.ts";
import { serveMediaFromBucket } from "#server/media-bucket.ts";
import { servePageCache } from "#server/page-cache.ts";
import { createBackgroundWork, prepareData } from "#server/startup.ts";
import { createUploads } from "#server/uploads.ts";

export { SERVER_TIMEOUTS } from "#server/limits.ts";
export { closeDb, createBackgroundWork, logger, prepareData, readEnv };

/** How long a browser keeps to HTTPS for this host once it has seen it over TLS. */
const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;
/** A missing media variant or build asset: a plain 404, never kept. */
function fileNotFound(_req: Request, res: Response): void {
  res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
}

/** Hashed build assets and media variants never change under their name. */
const IMMUTABLE_MAX_AGE = "1y";
/** Unhashed public files (favicon, robots.txt) may change between releases. */
const PUBLIC_FILE_MAX_AGE = "1h";
/** How long a client waits before retrying while the studio is still being prepared. */
export const STARTING_RETRY_AFTER_S = 5;

export interface AppOptions {
  /** Reports whether startup (migrations, demo import) has finished. */
  readiness: () => { ready: boolean; detail: string };
  /** Production serves build/client; in development Vite's middleware does. */
  clientBuildDir?: string;
  /** Loads the React Router server build (Vite's dev server supplies it in development). */
  build?: () => Promise<ServerBuild>;
}

const assignNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(18).toString("base64");
  next();
};

export function createApp(options: AppOptions): express.Express {
  const env = readEnv();
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy, TRUST_PROXY tells Express which hops to believe for client IPs
  // (parsed to what Express takes: a boolean, a hop count, or addresses and subnets).
  app.set("trust proxy", env.trustProxy);

  app.use(
    pinoHttp({
      logger,
      genReqId: assignRequestId,
      autoLogging: { ignore: (req) => req.url === "/healthz" },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      serializers: {
        req: (req: { method: string; url: string; headers: Record<string, string> }) => ({
          method: req.method,
          url: req.url,
          userAgent: req.headers["user-agent"],
        }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
    }),
  );
  app.use(
    helmet({
      // The document CSP carries a per-request nonce, so entry.server.tsx sets it.
      contentSecurityPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      xFrameOptions: { action: "deny" },
      // Sent below, and only over TLS: over plain HTTP browsers ignore it.
      strictTransportSecurity: false,
      // Sent below, on the personal pages only (sendOpenerPolicy says why).
      crossOriginOpenerPolicy: false,
    }),
  );
  app.use(sendOpenerPolicy);
  app.use((req, res, next) => {
    // Without includeSubDomains: a studio's other hosts (a shop, a mail web page) may not all
    // speak TLS. req.secure honours TRUST_PROXY for a TLS proxy in front.
    if (req.secure) res.setHeader("Strict-Transport-Security", `max-age=${HSTS_MAX_AGE_S}`);
    next();
  });
  app.use(compression());
  // A client gallery's link is its key: no page under it may name it to another site (a photo
  // lab's analytics, a map a client opens), and no search engine may keep any of it (ADR 026).
  // same-origin, not no-referrer: no-referrer also blanks the Origin of the gallery's own posts,
  // which every cross-site check (ours and React Router's) rightly refuses.
  // The same for a gallery's event link and its guests' personal links (ADR 044).
  app.use([CLIENT_GALLERY_PREFIX, EVENT_PREFIX], (_req, res, next) => {
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    next();
  });

  // Hostile input: requests no route can be asked about, then bodies over their size or time.
  app.use(refuseUnroutableRequests);
  app.use(limitRequestBodies);

  app.get("/healthz", async (_req, res) => {
    const { ready, detail } = options.readiness();
    let database = "ok";
    try {
      await checkSchemaAnswers(getDb());
    } catch {
      database = "unavailable";
    }
    const healthy = ready && database === "ok";
    res
      .status(healthy ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: healthy ? "ok" : "starting", detail, database, uptimeSeconds: Math.round(process.uptime()) });
  });

  app.use(redirectToHttps(env.publicUrl));

  // Public variants, from the folder or streamed from the bucket (MEDIA_STORE=s3) with the same
  // headers. Served even with MEDIA_PUBLIC_URL set: pages cached before it, mails and API
  // clients may still name /media/ paths.
  app.use(
    PUBLIC_MEDIA_URL_PREFIX,
    env.media.s3
      ? serveMediaFromBucket(s3Folder(env.media.s3, "public"))
      : express.static(path.join(env.dataDir, "media"), {
          immutable: true,
          maxAge: IMMUTABLE_MAX_AGE,
          index: false,
          redirect: false,
          setHeaders: (res) => res.setHeader("Cross-Origin-Resource-Policy", "cross-origin"),
        }),
    fileNotFound,
  );

  if (options.clientBuildDir) {
    app.use(
      "/assets",
      // The build wrote .br and .gz copies (scripts/build/vite-precompress.ts); serve the best one.
      expressStaticGzip(path.join(options.clientBuildDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: IMMUTABLE_MAX_AGE, index: false },
      }),
      // Not the page router's 404: a file the build replaced under a running server (a page of
      // the old build asking for its chunk) was a 500, its Content-Type already set for the file.
      fileNotFound,
    );
    const publicFiles = express.static(options.clientBuildDir, {
      maxAge: PUBLIC_FILE_MAX_AGE,
      index: false,
      // Other sites may show these public files: the content API names /favicon.svg as the
      // header's logo until the studio sets its own (helmet's default is same-origin).
      setHeaders: (res) => res.setHeader("Cross-Origin-Resource-Policy", "cross-origin"),
    });
    // The build's public files all have an extension and no page's path has one: a page is not
    // looked for on disk first (a stat per request, the largest cost of serving a kept page).
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  // Only documents use a Permissions-Policy: after the static files, which it would cost 0.4 KB each.
  app.use(sendPermissionsPolicy);

  app.use((req, res, next) => {
    const { ready, detail } = options.readiness();
    if (ready) return next();
    res.status(503).set({ "Retry-After": String(STARTING_RETRY_AFTER_S), "Cache-Control": "no-store" });
    if (req.path.startsWith("/api/")) {
      // API clients get the content API's own error shape, not a page.
      res.json({ data: null, error: { status: 503, name: "ServiceUnavailableError", message: `Starting: ${detail}` } });
      return;
    }
    res
      .type("html")
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><meta http-equiv="refresh" content="${STARTING_RETRY_AFTER_S}"><title>Starting</title><p>The studio is getting ready (${detail}). This page refreshes by itself.</p></html>`,
      );
  });

  // The one cross-site check (Origin / Sec-Fetch-Site) for every state-changing request:
  // mounted in front of the uploads and React Router, which do not check it again. A refusal
  // is a 403 and a warning line, not React Router's own check's 400 and logged error.
  app.use(refuseCrossSiteRequests);
  // The admin's resumable photo uploads (tus): the session (requireAdmin) and the CSRF header.
  app.use(UPLOADS_PATH, createUploads(env.dataDir).handler);

  // React Router would also answer /api/<path>.data, its client-navigation suffix, from the same
  // loader but in its own encoding, with the root's data and without the API's cache headers.
  // The API has no such paths and our pages never navigate to it.
  app.use((req, res, next) => {
    if (!(req.path.startsWith("/api/") && req.path.endsWith(".data"))) return next();
    res
      .status(404)
      .set("Cache-Control", "no-store")
      .json(new ApiError(404, "NotFoundError", "Not Found").toBody());
  });

  // A public page rendered for the current content is served as it was rendered (ADR 004).
  app.use(servePageCache(new PageCache(), () => readContentVersion(getDb())));
  app.use(assignNonce);
  app.use(
    createRequestHandler({
      // A virtual module that React Router's Vite plugin provides at build time.
      build: options.build ?? productionBuild,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(cspNonceContext, String(res.locals.cspNonce ?? ""));
        context.set(pageCacheContext, (res.locals.pageCache as PageCacheSlot | undefined) ?? null);
        context.set(clientAddressContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
        context.set(requestIdContext, String(req.id ?? ""));
        return context;
      },
    }),
  );
  // Anything unexpected: our 500 page with the request id; the stack only in the log.
  app.use(handleErrors);
  return app;
}
