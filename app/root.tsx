// The document shell shared by every page: head, header, content, footer, and the branded
// error page. Its loader reads the studio's details that the header and footer show; pages
// that show more of them (home, contact) take them from here, and a page that needs more of
// the studio row (the showreel, the about text) shares this request's read of it.

import { useLayoutEffect } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { isAdminPath } from "../domain/auth/shared.ts";
import { NAV_LINKS } from "../domain/catalog/navigation.ts";
import { getStudio } from "../domain/catalog/public-pages.server.ts";
import { getDb } from "../platform/db/db.server.ts";
import { publicOrigin } from "../platform/public-origin.server.ts";
import type { Route } from "./+types/root";
import { ErrorReference } from "./components/error-reference.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { markHydrated } from "./document/early-actions.ts";
import displayFontUrl from "./styles/fonts/cormorant-garamond-500-core.woff2?url";
import textFontUrl from "./styles/fonts/jost-wght-core.woff2?url";
import { studioRowOf } from "./utils/request-context.ts";

export const links: Route.LinksFunction = () => [
  // Both faces are needed above the fold; preloading them avoids a late swap (layout shift).
  // Their core subsets (app.css): a page with an accented name fetches the rest when it needs it.
  { rel: "preload", href: displayFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: textFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const db = getDb();
  return {
    studio: await getStudio(db, await studioRowOf(context, db)),
    origin: publicOrigin(),
    // The year of the request, not of the build: the copyright line must roll over by itself.
    year: new Date().getFullYear(),
  };
}

/**
 * On the server React Router takes the request's nonce from its context. Browsers blank a
 * nonce attribute once the page has loaded, so on the client the matching value is "".
 */
const hydrationNonce = typeof document === "undefined" ? undefined : "";

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const studio = data?.studio ?? null;
  const { pathname } = useLocation();
  const isHome = pathname === "/";
  // The admin draws its own shell (app/routes/admin/layout.tsx): no public header or footer.
  const isAdmin = isAdminPath(pathname);
  // From the hydrating commit on, taps are React's; the inline early listener lets them through.
  useLayoutEffect(markHydrated, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d1b19" />
        <Meta />
        <Links nonce={hydrationNonce} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {isAdmin ? (
          children
        ) : (
          <>
            <SiteHeader
              studioName={studio?.name ?? "Photography Studio"}
              logo={studio?.logo ?? null}
              socialLinks={studio?.socialLinks ?? []}
              isHome={isHome}
            />
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            <SiteFooter studio={studio} year={data?.year ?? new Date().getFullYear()} />
          </>
        )}
        <ScrollRestoration nonce={hydrationNonce} />
        <Scripts nonce={hydrationNonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: notFound ? "Page not found" : "Something went wrong" }, { name: "robots", content: "noindex" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="page page--narrow error-page" aria-labelledby="error-heading">
      <p className="eyebrow">{notFound ? "Error 404" : "Error 500"}</p>
      <h1 id="error-heading" className="page-title">
        {notFound ? "We couldn't find that page" : "Something went wrong"}
      </h1>
      <p className="page-lede">
        {notFound
          ? "The link may be old, or the story may have moved. Our collections are a good place to start."
          : "Sorry, that didn't work. Please try again in a moment; our collections are still here."}
      </p>
      {notFound ? null : <ErrorReference />}
      <ul className="error-links">
        {NAV_LINKS.filter((l) => l.to.startsWith("/gallery/")).map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/" className="button">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
