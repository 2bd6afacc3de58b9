// Admin names shared by the server (headers, redirects, checks) and the pages.
export const ADMIN_PATH = "/admin";
export const LOGIN_PATH = "/admin/login";
/**
 * The admin's first screen. Not /admin itself: a client-side visit to /admin fetches
 * /admin.data, which a cookie scoped to Path=/admin is not sent to, so /admin only redirects.
 */
export const ADMIN_HOME = "/admin/shoots";
/** The hidden field every admin form sends its CSRF token in. */
export const CSRF_FIELD_NAME = "csrf";

export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`) || pathname.startsWith(`${ADMIN_PATH}.`);
}

/** Where to go after signing in: only a path inside the admin, never another site. */
export function safeNextPath(next: string | null): string {
  if (next === null || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return ADMIN_HOME;
  const { pathname } = new URL(next, "http://x");
  return isAdminPath(pathname) && pathname !== ADMIN_PATH ? next : ADMIN_HOME;
}
