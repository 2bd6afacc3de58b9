// The admin's outer layout, for every /admin URL: refuses state-changing requests from other
// origins, reads the session cookie into the request context, and loads the admin's styles
// (only admin routes import them, so public pages never do).
import { data, isRouteErrorResponse, Link, Outlet } from "react-router";
import { ErrorReference } from "#app/components/error-reference.tsx";
import adminStylesUrl from "#app/styles/admin.css?url";
import { adminSessionContext } from "#domain/auth/context.server.ts";
import { isSafeMethod, isSameOriginRequest } from "#domain/auth/csrf.server.ts";
import { findSession, readCookie, SESSION_COOKIE_NAME } from "#domain/auth/session.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { CROSS_SITE_REFUSAL } from "#server/cross-site.ts";
import type { Route } from "./+types/layout";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesUrl }];

export const meta: Route.MetaFunction = () => [
  { title: "Studio admin" },
  { name: "robots", content: "noindex, nofollow" },
];

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (!isSafeMethod(request.method) && !isSameOriginRequest(request)) {
      throw data(CROSS_SITE_REFUSAL, { status: 403 });
    }
    const id = readCookie(request, SESSION_COOKIE_NAME);
    context.set(adminSessionContext, id ? await findSession(getDb(), id) : null);
    return next();
  },
];

export default function AdminLayout() {
  return (
    <div className="admin">
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : status === 404
        ? "There is nothing here."
        : "Something went wrong. Please try again.";
  return (
    <div className="admin">
      <main id="main" className="admin-main" tabIndex={-1}>
        <h1>{status === 404 ? "Not found" : status === 403 ? "Refused" : "Error"}</h1>
        <p>{message}</p>
        {status >= 500 ? <ErrorReference /> : null}
        <p>
          <Link to="/admin/shoots">Back to the admin</Link>
        </p>
      </main>
    </div>
  );
}
