// The one path from a request to the signed-in owner: the session cookie, looked up in the
// database (findSession, which also slides the expiry). React Router's signed-in layout calls
// requireAdmin once per request and hands the session to its loaders and actions through
// adminSessionContext; the tus upload handler (server/uploads.ts) calls it for every upload
// request; the sign-in page asks adminSessionOf whether someone is already signed in.
import { redirect } from "react-router";
import { getDb } from "../../platform/db/db.server.ts";
import { isSafeMethod } from "./csrf.server.ts";
import { type AdminSession, findSession, readCookie, SESSION_COOKIE_NAME } from "./session.server.ts";
import { LOGIN_PATH } from "./shared.ts";

/** The live session this request's cookie names, or null (no cookie, unknown, expired). */
export async function adminSessionOf(request: Request): Promise<AdminSession | null> {
  const id = readCookie(request, SESSION_COOKIE_NAME);
  return id ? findSession(getDb(), id) : null;
}

/**
 * The signed-in owner's session. Without one it throws a redirect to the sign-in page, which
 * brings a page visit (GET) back to where it was going; React Router answers the thrown
 * response as it is, and the upload handler, whose tus client cannot follow it, answers 401.
 */
export async function requireAdmin(request: Request): Promise<AdminSession> {
  const session = await adminSessionOf(request);
  if (session) return session;
  const url = new URL(request.url);
  const back = isSafeMethod(request.method) ? url.pathname.replace(/\.data$/, "") + url.search : "";
  throw redirect(back ? `${LOGIN_PATH}?next=${encodeURIComponent(back)}` : LOGIN_PATH);
}
