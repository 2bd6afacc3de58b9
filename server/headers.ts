// Transport and browser policy that app.ts adds around helmet's headers: the Permissions-Policy
// on every page and API answer (not the static files, where browsers ignore it), and the redirect to HTTPS when the site's public address is https:// but
// a request came over plain HTTP.
import type { RequestHandler } from "express";
import { isAdminPath } from "../domain/auth/shared.ts";
import { CLIENT_GALLERY_PREFIX, isClientGalleryPath, isEventPath } from "../domain/galleries/client-types.ts";
import { EVENT_PERMISSIONS_POLICY, PERMISSIONS_POLICY } from "../platform/http.server.ts";
import { logger } from "../platform/logger.server.ts";

/** The pages that belong to one person: the admin, and a client's gallery and its guests' pages (ADR 026, 044). */
export function isPersonalPath(pathname: string): boolean {
  return isAdminPath(pathname) || pathname === CLIENT_GALLERY_PREFIX || isClientGalleryPath(pathname);
}

/**
 * Cross-Origin-Opener-Policy: same-origin on the personal pages only. It cuts a page off from the
 * windows of other sites that opened it or that it opens, which matters where the page holds
 * something of one person's. A public page holds nothing of anyone's (it is one page, kept for
 * every visitor), and the policy costs its visitors: a browser puts a page that sends it in a
 * browsing context group of its own, which on arrival from another site (or from a new tab)
 * means a new renderer process, and Chrome on Android isolates such a site in its own process.
 * Lighthouse measured the contact page's Total Blocking Time at 58-71 ms without the header
 * and 334-531 ms with it, the same bytes from the same server (ADR 004).
 */
export const sendOpenerPolicy: RequestHandler = (req, res, next) => {
  if (isPersonalPath(req.path)) res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  next();
};

export const sendPermissionsPolicy: RequestHandler = (req, res, next) => {
  res.setHeader("Permissions-Policy", isEventPath(req.path) ? EVENT_PERMISSIONS_POLICY : PERMISSIONS_POLICY);
  next();
};

/** Paths a plain-HTTP client must still reach: a load balancer's health check. */
const NEVER_REDIRECTED = new Set(["/healthz"]);

/**
 * With PUBLIC_URL set to https://, a request that did not come over TLS (directly, or through a
 * proxy that TRUST_PROXY believes) is sent to the same path on PUBLIC_URL with a 308 (the method
 * and body are kept). The target is PUBLIC_URL's origin, never the request's Host. Without
 * PUBLIC_URL, or with an http:// one, nothing changes: `npm start` on plain HTTP just works.
 *
 * A request that says X-Forwarded-Proto: https from a proxy TRUST_PROXY does not name is not
 * redirected either (it would loop: the proxy already spoke TLS), and the server says once what
 * to set.
 */
export function redirectToHttps(publicUrl: string | undefined): RequestHandler {
  const target = publicUrl ? new URL(publicUrl) : undefined;
  if (target?.protocol !== "https:") return (_req, _res, next) => next();
  let warned = false;
  return (req, res, next) => {
    if (req.secure || NEVER_REDIRECTED.has(req.path)) return next();
    const forwardedProto = req.get("X-Forwarded-Proto")?.split(",")[0]?.trim().toLowerCase();
    if (forwardedProto === "https") {
      if (!warned) {
        warned = true;
        logger.warn(
          "a request says it came over HTTPS through a proxy (X-Forwarded-Proto), but TRUST_PROXY does not name that proxy: not redirecting it to HTTPS; set TRUST_PROXY",
        );
      }
      return next();
    }
    res
      .status(308)
      .set({ Location: `${target.origin}${req.originalUrl}`, "Cache-Control": "no-store" })
      .type("text/plain")
      .send(`This site is served over HTTPS: ${target.origin}${req.originalUrl}`);
  };
}
