// A collection's page: /gallery/{collection} (the URL the spec gives it; the client galleries are
// routes/galleries/), matched case-insensitively, with one canonical URL. The first shoot is
// shown large; the rest as a grid of cards.

import { data, Link } from "react-router";
import { Picture } from "#app/components/picture.tsx";
import { ShootCard } from "#app/components/shoot-card.tsx";
import { afterMainImage } from "#app/document/main-image-first.ts";
import { useLanguage, useT } from "#app/i18n/i18n.ts";
import { languageOfPath, pathIn } from "#app/i18n/languages.ts";
import { CARD_GRID_SIZES, FEATURED_SHOOT_SIZES } from "#app/utils/image-sizes.ts";
import { siteContext } from "#app/utils/route-data.ts";
import { seoMeta } from "#app/utils/seo.ts";
import { getCollectionPage } from "#domain/catalog/public-pages.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/collection";

export async function loader({ params, request }: Route.LoaderArgs) {
  const collection = await getCollectionPage(getDb(), params.collection, languageOfPath(new URL(request.url).pathname));
  if (!collection) throw data({ what: "collection" }, { status: 404 });
  return { collection };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { collection } = loaderData;
  const site = siteContext(matches);
  return seoMeta(site, {
    title: site?.t("collection.metaTitle", { name: collection.name }) ?? collection.name,
    description: collection.description,
    path: `/gallery/${collection.slug}`,
    image: collection.shoots[0]?.cover,
  });
};

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { collection } = loaderData;
  const [featured, ...rest] = collection.shoots;
  const t = useT();
  const language = useLanguage();
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">{t("collection.eyebrow")}</p>
        <h1 className="page-title">{collection.name}</h1>
        {collection.description ? <p className="page-lede">{collection.description}</p> : null}
      </header>
      {featured ? (
        <article className="featured-shoot">
          <Link
            to={pathIn(language, `/galleryList/${featured.id}`)}
            className="featured-shoot-image"
            tabIndex={-1}
            aria-hidden="true"
          >
            {featured.cover ? <Picture image={featured.cover} sizes={FEATURED_SHOOT_SIZES} priority /> : null}
          </Link>
          <div className="featured-shoot-text">
            <h2 className="featured-shoot-title">
              <Link to={pathIn(language, `/galleryList/${featured.id}`)}>{featured.title}</Link>
            </h2>
            <p className="shoot-card-location">{featured.location}</p>
            <hr className="divider" />
            <p>{featured.description}</p>
          </div>
        </article>
      ) : (
        <p className="empty-note">{t("collection.empty")}</p>
      )}
      {rest.length > 0 ? (
        <ul className="card-grid" {...afterMainImage()}>
          {rest.map((shoot) => (
            <li key={shoot.id}>
              <ShootCard shoot={shoot} sizes={CARD_GRID_SIZES} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
