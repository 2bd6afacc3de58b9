// The document shell shared by every page: head, header, content, footer, and the branded
// error page. Its loader reads the studio's details that the header and footer show; pages
// that show more of them (home, contact) take them from here, and a page that needs more of
// the studio row (the showreel, the about text) shares this request's read of it.

import { useLayoutEffect, useMemo } from "react";
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
import { I18nProvider, i18nFor, translator, useT } from "./i18n/i18n.ts";
import { languageChoice, languageOfRequest } from "./i18n/language.server.ts";
import { basePath, languageOfPath, pathIn } from "./i18n/languages.ts";
import displayFontUrl from "./styles/fonts/cormorant-garamond-500-core.woff2?url";
import textFontUrl from "./styles/fonts/jost-wght-core.woff2?url";
import tamilFontUrl from "./styles/fonts/noto-sans-tamil-400.woff2?url";
import { studioRowOf } from "./utils/request-context.ts";

export const links: Route.LinksFunction = () => [
  // Both faces are needed above the fold; preloading them avoids a late swap (layout shift).
  // Their core subsets (app.css): a page with an accented name fetches the rest when it needs it.
  { rel: "preload", href: displayFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: textFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  // A gallery's or event's language switch (?lang=): remembered, then the page again without it.
  const choice = await languageChoice(request);
  if (choice) throw choice;
  const db = getDb();
  // The public site's from its URL; a gallery's or event link's as its visitor chose (ADR 047).
  const language = await languageOfRequest(request);
  return {
    language,
    // The studio's name and tagline in that language where it wrote them (issue 33).
    studio: await getStudio(db, await studioRowOf(context, db), language),
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
  // The home page in either language: its header lies over the banner.
  const isHome = basePath(pathname) === "/";
  // The admin draws its own shell (app/routes/admin/layout.tsx): no public header or footer.
  const isAdmin = isAdminPath(pathname);
  // The admin stays English (issue 33); an error page without the root's data reads its URL.
  const language = isAdmin ? "en" : (data?.language ?? languageOfPath(pathname));
  const i18n = useMemo(() => i18nFor(language), [language]);
  const t = translator(i18n);
  // From the hydrating commit on, taps are React's; the inline early listener lets them through.
  useLayoutEffect(markHydrated, []);
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d1b19" />
        <Meta />
        <Links nonce={hydrationNonce} />
        {/* A Tamil page's text face (app.css), as the Latin ones above: an English page never needs it. */}
        {language === "ta" ? (
          <link rel="preload" href={tamilFontUrl} as="font" type="font/woff2" crossOrigin="anonymous" />
        ) : null}
      </head>
      <body>
        <I18nProvider i18n={i18n}>
          <a className="skip-link" href="#main">
            {t("site.skip")}
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
        </I18nProvider>
        <ScrollRestoration nonce={hydrationNonce} />
        <Scripts nonce={hydrationNonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ error, location, loaderData }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = translator(i18nFor(loaderData?.language ?? languageOfPath(location.pathname)));
  return [
    { title: t(notFound ? "error.404.metaTitle" : "error.500.metaTitle") },
    { name: "robots", content: "noindex" },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = useT();
  const { pathname } = useLocation();
  const language = languageOfPath(pathname);
  const kind = notFound ? "404" : "500";
  return (
    <section className="page page--narrow error-page" aria-labelledby="error-heading">
      <p className="eyebrow">{t(`error.${kind}.eyebrow`)}</p>
      <h1 id="error-heading" className="page-title">
        {t(`error.${kind}.title`)}
      </h1>
      <p className="page-lede">{t(`error.${kind}.lede`)}</p>
      {notFound ? null : <ErrorReference />}
      <ul className="error-links">
        {NAV_LINKS.filter((l) => l.to.startsWith("/gallery/")).map((l) => (
          <li key={l.to}>
            <Link to={pathIn(language, l.to)}>{t(l.messageId)}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to={pathIn(language, "/")} className="button">
          {t("error.home")}
        </Link>
      </p>
    </section>
  );
}
