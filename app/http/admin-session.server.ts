// The one path from a request to the signed-in owner: the session cookie (app/http/cookies),
// looked up in the database (findSession, which also slides the expiry). React Router's
// signed-in layout calls requireAdmin once per request and hands the session to its loaders and
// actions through adminSessionContext; the tus upload handler (server/uploads.ts) asks
// adminSessionOf for every upload request; so does the sign-in page, to skip itself.
import { createContext, redirect } from "react-router";
import { isSafeMethod } from "#domain/auth/csrf.server.ts";
import { type AdminSession, findSession } from "#domain/auth/session.server.ts";
import { LOGIN_PATH } from "#domain/auth/shared.ts";
import { getDb } from "#platform/db/db.server.ts";
import { sessionIdOf } from "./cookies.server.ts";

/**
 * The signed-in owner's session for one request, set by the signed-in layout's middleware for
 * every route under it. Reading it anywhere else throws: a route outside that layout (the
 * sign-in page) asks adminSessionOf instead.
 */
export const adminSessionContext = createContext<AdminSession>();

/** The live session this request's cookie names, or null (no cookie, unsigned, unknown, expired). */
export async function adminSessionOf(request: Request): Promise<AdminSession | null> {
  const id = await sessionIdOf(request);
  return id ? findSession(getDb(), id) : null;
}

/**
 * The signed-in owner's session. Without one it throws a redirect to the sign-in page, which
 * brings a page visit (GET) back to where it was going; React Router answers the thrown
 * response as it is.
 */
export async function requireAdmin(request: Request): Promise<AdminSession> {
  const session = await adminSessionOf(request);
  if (session) return session;
  const url = new URL(request.url);
  const back = isSafeMethod(request.method) ? url.pathname.replace(/\.data$/, "") + url.search : "";
  throw redirect(back ? `${LOGIN_PATH}?next=${encodeURIComponent(back)}` : LOGIN_PATH);
}
