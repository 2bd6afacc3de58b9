// The document shell shared by every page: head, header, content, footer. Its loader reads
// the studio's details, which the header and footer show on every page.
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
import type { Route } from "./+types/root";
import { SiteHeader } from "./components/site-header.tsx";
import stylesUrl from "./styles/app.css?url";
import { getStudio } from "./utils/content/queries.server.ts";
import { getDb } from "./utils/db/db.server.ts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesUrl },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader() {
  return { studio: await getStudio(getDb()) };
}

function SiteFooter({ studioName }: { studioName: string }) {
  return (
    <footer className="site-footer">
      <p>
        © {new Date().getFullYear()} {studioName}. All rights reserved.
      </p>
    </footer>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const studioName = data?.studio?.name ?? "Photography Studio";
  const isHome = useLocation().pathname === "/";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader studioName={studioName} socialLinks={data?.studio?.socialLinks ?? []} isHome={isHome} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter studioName={studioName} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="error-page">
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "We could not find that page. The collections are a good place to start."
          : "Please try again in a moment."}
      </p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
