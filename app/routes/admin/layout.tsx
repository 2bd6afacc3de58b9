// The admin's outer layout, for every /admin URL, the sign-in page included: the admin's
// styles (only admin routes import them, so public pages never do), its robots meta tag and
// its error page. It checks nothing itself: posts from other sites never reach React Router
// (server/cross-site.ts refuses them first), and the signed-in layout (authed.tsx) looks up
// the session and checks form tokens.
import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { ErrorReference } from "#app/components/error-reference.tsx";
import adminStylesUrl from "#app/styles/admin.css?url";
import type { Route } from "./+types/layout";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesUrl }];

export const meta: Route.MetaFunction = () => [
  { title: "Studio admin" },
  { name: "robots", content: "noindex, nofollow" },
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
