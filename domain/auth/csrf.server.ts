// Cross-site request forgery, refused twice over, each check once per request: every
// state-changing request must come from our own origin (Sec-Fetch-Site / Origin; judged in
// Express by server/cross-site.ts, before the uploads and React Router), and every admin form
// carries a token, an HMAC of the session it was rendered for, so a token from another session
// is worthless (checked by the signed-in layout's middleware, the sign-in action, and the
// upload handler for its X-CSRF-Token header).
import { readEnv } from "../../platform/env.server.ts";
import { hasSignature, signatureOf } from "../../platform/secret.server.ts";

export { CSRF_FIELD_NAME } from "./shared.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
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

/** The form token for a binding (a session's id hash, or a sign-in form's own cookie). */
export function csrfToken(binding: string): string {
  return signatureOf(`admin-csrf:${binding}`);
}

/** Whether `token` is the binding's, under any secret of a rotation. */
export function isValidCsrfToken(token: unknown, binding: string): boolean {
  return typeof token === "string" && hasSignature(`admin-csrf:${binding}`, token);
}
