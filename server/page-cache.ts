// Public pages rendered once per content version, not once per request (issue 17, ADR 004).
// A page is the same for every visitor (nothing per visitor is in it: no cookie, no session;
// the contact form's token names only the second it was issued), so the first render of a URL
// for a content version is kept with its compressed copies (platform/page-cache.server.ts) and
// served to everyone until the database's content version moves (migration 0018: any change to
// what a public page shows). A matching If-None-Match is a 304 without rendering; a burst of
// requests for a page not kept yet waits for one render of it.
import type { Request, RequestHandler, Response } from "express";
import { etagMatches } from "#platform/http.server.ts";
import { type CachedPage, type PageCache, type PageCacheSlot, pageKey } from "#platform/page-cache.server.ts";
import { isPersonalPath } from "#server/headers.ts";

/** Says whether a document came from the cache, for tests and for whoever reads the logs. */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

/**
 * Whether a GET to this path may be served from the cache: public pages only. The admin and
 * client galleries are personal (ADR 026), the API and media have caching of their own.
 */
export function isCacheablePath(pathname: string): boolean {
  if (isPersonalPath(pathname)) return false;
  if (pathname.startsWith("/api/") || pathname.endsWith(".data")) return false;
  return true;
}

/** Sends a kept page: the encoding the client takes (brotli first), or a 304 for its copy. */
function sendPage(req: Request, res: Response, page: CachedPage): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader(PAGE_CACHE_HEADER, "hit");
  res.vary("Accept-Encoding");
  if (etagMatches(req.get("If-None-Match") ?? null, page.etag)) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  // Ours, not the client's, order of preference: brotli is the smaller.
  const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : "identity";
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  // Already encoded: the compression middleware leaves a response with Content-Encoding alone.
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/**
 * Serves a kept page; else waits for the render of it already under way; else lets this
 * request render it (res.locals.pageCache: where the render keeps it). `version` reads the
 * content version: one small query per request, and the only one a kept page costs.
 */
export function servePageCache(cache: PageCache, version: () => Promise<number>): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isCacheablePath(req.path)) return next();
    try {
      const current = await version();
      const key = pageKey(req.originalUrl);
      const page = cache.get(current, key);
      if (page) return sendPage(req, res, page);
      // Checked in the same turn as the render is registered below: no second render can slip in.
      const underWay = cache.rendering(current, key);
      if (underWay) {
        const rendered = await underWay;
        if (rendered) return sendPage(req, res, rendered);
        // Not a page to keep (a 404, say): this request renders its own.
        return next();
      }
      let settle: (page: Promise<CachedPage | null>) => void = () => {};
      cache.render(current, key, new Promise((resolve) => (settle = resolve)));
      let kept = false;
      res.locals.pageCache = {
        keep(page) {
          kept = true;
          settle(page);
        },
      } satisfies PageCacheSlot;
      // A response that kept nothing (not a page, not a 200, a HEAD) frees the requests waiting on it.
      res.on("close", () => kept || settle(Promise.resolve(null)));
      res.setHeader(PAGE_CACHE_HEADER, "miss");
      next();
    } catch (error) {
      next(error);
    }
  };
}
