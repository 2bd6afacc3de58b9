// Refuses state-changing requests that come from another site, in Express, before React
// Router sees them: its own origin check would throw, answer 400 and log an "unhandled error"
// with a stack for what is an expected, harmless refusal. Here it is a 403 and one warning line
// saying what was refused (method, path, origin). The admin asks every post to prove it came
// from our pages; public forms refuse only posts that say they came from elsewhere. This is the
// only place the request's origin is judged: server/app.ts mounts it in front of the tus
// uploads and React Router. What gets through then proves itself with a form token (the
// signed-in layout's middleware, the sign-in form) or an X-CSRF-Token header (uploads).
import type { Request as ExpressRequest, RequestHandler } from "express";
import { isSafeMethod } from "../domain/auth/csrf.server.ts";
import { isAdminPath } from "../domain/auth/shared.ts";
import { readEnv } from "../platform/env.server.ts";
import { logger } from "../platform/logger.server.ts";

export const CROSS_SITE_REFUSAL = "This request came from another site and was refused.";

/** The Express request as a fetch Request (headers and URL only: no body is read). */
export function webRequestOf(req: ExpressRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, {
    method: "GET",
    headers,
  });
}

/**
 * True when a state-changing request plainly comes from one of our own pages. Browsers send
 * Sec-Fetch-Site (all current ones) and Origin on every POST; a request with neither is
 * refused, since we cannot tell where it came from.
 */
export function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite !== null && fetchSite !== "same-origin") return false;
  const origin = request.headers.get("Origin");
  if (origin === null) return fetchSite === "same-origin";
  return ourOrigins(request).has(origin);
}

/**
 * True when a request says it came from another site. Public forms refuse only these: a
 * script or an older browser may post the contact form without saying where it came from.
 */
export function isDeclaredCrossSite(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = request.headers.get("Origin");
  return origin !== null && !ourOrigins(request).has(origin);
}

function ourOrigins(request: Request): Set<string> {
  const allowed = new Set([new URL(request.url).origin]);
  const publicUrl = readEnv().publicUrl;
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  return allowed;
}

export const refuseCrossSiteRequests: RequestHandler = (req, res, next) => {
  const ours = isAdminPath(req.path) ? isSameOriginRequest : (r: Request) => !isDeclaredCrossSite(r);
  if (isSafeMethod(req.method) || ours(webRequestOf(req))) {
    next();
    return;
  }
  const origin = req.get("origin") ?? "none";
  const site = req.get("sec-fetch-site") ?? "unknown";
  logger.warn(
    { method: req.method, path: req.originalUrl.split("?")[0], origin, fetchSite: site },
    `refused a cross-site ${req.method} to ${req.originalUrl.split("?")[0]} from ${origin} (Sec-Fetch-Site: ${site})`,
  );
  res.status(403).set("Cache-Control", "no-store").type("text/plain").send(CROSS_SITE_REFUSAL);
};
