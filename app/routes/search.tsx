// Search over published shoots by title, location and collection. A plain GET form, so the
// results page is server-rendered and works without JavaScript.

import { Form } from "react-router";
import { ShootCard } from "#app/components/shoot-card.tsx";
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

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seoMeta(siteContext(matches), {
    title: loaderData?.query ? `Search: ${loaderData.query}` : "Search",
    description: "Search the studio's weddings, baby shoots, motherhood and outdoor stories.",
    path: "/search",
  }),
  { name: "robots", content: "noindex, follow" },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  const tooShort = query.length > 0 && query.length < MIN_SEARCH_LENGTH;
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">Search</h1>
      </header>
      <Form method="get" role="search" className="search-form">
        <label htmlFor="search-q">Names, places or collections</label>
        <div className="search-row">
          <input id="search-q" name="q" type="search" defaultValue={query} maxLength={MAX_QUERY_LENGTH} />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </Form>
      <div aria-live="polite">
        {tooShort ? (
          <p className="empty-note">Type at least {MIN_SEARCH_LENGTH} letters.</p>
        ) : query && results.length === 0 ? (
          <p className="empty-note">Nothing matches “{query}”. Try a name, a town such as Madurai, or a collection.</p>
        ) : query ? (
          <p className="search-count">
            {results.length} {results.length === 1 ? "story" : "stories"} for “{query}”
          </p>
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
