// Cross-site request forgery, refused twice over, each check once per request: every
// state-changing request must come from our own origin (Sec-Fetch-Site / Origin; judged in
// Express by server/cross-site.ts, before the uploads and React Router), and every admin form
// carries a token, a signature of the session it was rendered for, so a token from another
// session is worthless (checked by the signed-in layout's middleware, the sign-in action, and
// the upload handler for its X-CSRF-Token header).
import { hasSignature, signatureOf } from "../../platform/secret.server.ts";

export { CSRF_FIELD_NAME } from "./shared.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** The form token for a binding (a session's id hash, or a sign-in form's own cookie). */
export function csrfToken(binding: string): string {
  return signatureOf(`admin-csrf:${binding}`);
}

/** Whether `token` is the binding's, under any secret of a rotation. */
export function isValidCsrfToken(token: unknown, binding: string): boolean {
  return typeof token === "string" && hasSignature(`admin-csrf:${binding}`, token);
}
