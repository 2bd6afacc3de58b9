// Search over published shoots by title, location and collection. A plain GET form, so the
// results page is server-rendered and works without JavaScript.

import { Form } from "react-router";
import { ShootCard } from "#app/components/shoot-card.tsx";
import { useT } from "#app/i18n/i18n.ts";
import { languageOfPath } from "#app/i18n/languages.ts";
import { CARD_GRID_SIZES } from "#app/utils/image-sizes.ts";
import { siteContext } from "#app/utils/route-data.ts";
import { seoMeta } from "#app/utils/seo.ts";
import { searchShoots } from "#domain/catalog/public-pages.server.ts";
import { MAX_QUERY_LENGTH, MIN_SEARCH_LENGTH } from "#domain/catalog/search-limits.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/search";

export async function loader({ request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const results = query ? await searchShoots(getDb(), query, languageOfPath(new URL(request.url).pathname)) : [];
  return { query, results };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteContext(matches);
  const query = loaderData?.query;
  return [
    ...seoMeta(site, {
      title: (query ? site?.t("search.metaTitle.query", { query }) : site?.t("search.metaTitle")) ?? "Search",
      description: site?.t("search.metaDescription") ?? "",
      path: "/search",
    }),
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  const tooShort = query.length > 0 && query.length < MIN_SEARCH_LENGTH;
  const t = useT();
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">{t("search.title")}</h1>
      </header>
      <Form method="get" role="search" className="search-form">
        <label htmlFor="search-q">{t("search.label")}</label>
        <div className="search-row">
          <input id="search-q" name="q" type="search" defaultValue={query} maxLength={MAX_QUERY_LENGTH} />
          <button type="submit" className="button">
            {t("search.submit")}
          </button>
        </div>
      </Form>
      <div aria-live="polite">
        {tooShort ? (
          <p className="empty-note">{t("search.tooShort", { min: MIN_SEARCH_LENGTH })}</p>
        ) : query && results.length === 0 ? (
          <p className="empty-note">{t("search.none", { query })}</p>
        ) : query ? (
          <p className="search-count">{t("search.count", { count: results.length, query })}</p>
        ) : null}
      </div>
      {results.length > 0 ? (
        <ul className="card-grid">
          {results.map((shoot) => (
            <li key={shoot.id}>
              <ShootCard shoot={shoot} headingLevel="h2" sizes={CARD_GRID_SIZES} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
