// Home: the banner's first slide and the collection cards, from the database.
import { Link } from "react-router";
import { Picture } from "#app/components/picture.tsx";
import { getBannerSlides, getCollectionCards } from "#app/utils/content/queries.server.ts";
import { getDb } from "#app/utils/db/db.server.ts";
import type { Route } from "./+types/home";

/** At this width and below the portrait (mobile) banner set is shown. */
export const BANNER_MOBILE_MAX_WIDTH_PX = 768;
const BANNER_MOBILE_MEDIA = `(max-width: ${BANNER_MOBILE_MAX_WIDTH_PX}px)`;

export async function loader() {
  const db = getDb();
  const [slides, collections] = await Promise.all([getBannerSlides(db), getCollectionCards(db)]);
  return { slides, collections };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const studio = matches[0].loaderData?.studio;
  const name = studio?.name ?? "Photography Studio";
  return [
    { title: `${name} · ${studio?.tagline ?? "Photography"}` },
    { name: "description", content: studio?.tagline ?? "" },
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, collections } = loaderData;
  const first = slides[0];
  return (
    <>
      {first ? (
        <section className="banner" aria-label="Featured photographs">
          <Picture
            image={first.desktop}
            artDirection={{ media: BANNER_MOBILE_MEDIA, image: first.mobile }}
            sizes="100vw"
            priority
            className="banner-image"
          />
        </section>
      ) : null}
      <section className="collections" aria-labelledby="collections-heading">
        <h2 id="collections-heading">Browse By Collection</h2>
        <ul className="collection-grid">
          {collections.map((c) => (
            <li key={c.slug}>
              <Link to={`/gallery/${c.name.replaceAll(" ", "")}`} className="collection-card">
                {c.cover ? (
                  <Picture image={c.cover} sizes="(max-width: 768px) 100vw, 25vw" className="collection-card-image" />
                ) : null}
                <span className="collection-card-name">{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
