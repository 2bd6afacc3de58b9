// Home: banner slideshow, Browse By Collection, Recent Stories and the showreel.

import { Link } from "react-router";
import { BannerSlideshow } from "#app/components/banner-slideshow.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { Picture } from "#app/components/picture.tsx";
import { ShootCard } from "#app/components/shoot-card.tsx";
import { Showreel } from "#app/components/showreel.tsx";
import { afterMainImage } from "#app/document/main-image-first.ts";
import { useLanguage, useT } from "#app/i18n/i18n.ts";
import { type Language, languageOfPath, pathIn } from "#app/i18n/languages.ts";
import { collectionGridSizes, storyGridSizes } from "#app/utils/image-sizes.ts";
import { studioRowOf } from "#app/utils/request-context.ts";
import { siteContext } from "#app/utils/route-data.ts";
import { absoluteUrl, seoMeta } from "#app/utils/seo.ts";
import {
  getBannerSlides,
  getCollectionCards,
  getRecentStories,
  getShowreel,
} from "#domain/catalog/public-pages.server.ts";
import type { StudioInfo } from "#domain/catalog/types.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = getDb();
  const language = languageOfPath(new URL(request.url).pathname);
  const [slides, collections, stories, showreel] = await Promise.all([
    getBannerSlides(db, language),
    getCollectionCards(db, language),
    getRecentStories(db, language),
    // The root's loader reads the studio row for the header at the same time: one read for both.
    studioRowOf(context, db).then((row) => getShowreel(db, row, language)),
  ]);
  return { slides, collections, stories, showreel };
}

/** The studio as a local business, for search engines and maps. */
function localBusiness(studio: StudioInfo, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: studio.name,
    description: studio.tagline,
    url: absoluteUrl({ origin }, "/"),
    telephone: studio.phones[0],
    email: studio.emails[0],
    openingHours: studio.openingHours || undefined,
    address: {
      "@type": "PostalAddress",
      streetAddress: studio.address.street,
      addressLocality: studio.address.locality,
      addressRegion: studio.address.region,
      postalCode: studio.address.postalCode,
      addressCountry: studio.address.country,
    },
    sameAs: studio.socialLinks.map((l) => l.url),
    logo: studio.logo ? new URL(studio.logo.fallback, origin).href : undefined,
  };
}

/**
 * A collection's link: the spec's /gallery/ + the name without spaces in English; the slug in
 * Tamil, whose page may name the collection in Tamil (both match, case-insensitively).
 */
function collectionPath(language: Language, collection: { name: string; slug: string }): string {
  return language === "en"
    ? `/gallery/${collection.name.replaceAll(" ", "")}`
    : pathIn(language, `/gallery/${collection.slug}`);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteContext(matches);
  const studio = matches[0]?.loaderData?.studio;
  const t = site?.t;
  return seoMeta(site, {
    title: studio ? `${studio.name} · ${studio.tagline}` : (t?.("home.studioFallback") ?? "Photography Studio"),
    description:
      (studio ? t?.("home.metaDescription", { tagline: studio.tagline }) : t?.("home.metaDescription.noStudio")) ?? "",
    path: "/",
    image: loaderData?.slides[0]?.desktop,
  });
};

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { slides, collections, stories, showreel } = loaderData;
  const { studio, origin } = matches[0].loaderData;
  const business = studio && localBusiness(studio, origin);
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <h1 className="visually-hidden">
        {studio?.name ?? t("home.studioFallback")}: {studio?.tagline}
      </h1>
      {slides.length > 0 ? <BannerSlideshow slides={slides} /> : null}

      <section className="section" aria-labelledby="collections-heading">
        <h2 id="collections-heading" className="section-heading">
          {t("home.collections")}
        </h2>
        <ul className="collection-grid" {...afterMainImage()}>
          {collections.map((c) => (
            <li key={c.slug}>
              <Link to={collectionPath(language, c)} className="collection-card">
                {c.cover ? <Picture image={c.cover} sizes={collectionGridSizes(collections.length)} /> : null}
                <span className="collection-card-name">{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {stories.length > 0 ? (
        <section className="section section--tinted renders-late" aria-labelledby="stories-heading">
          <h2 id="stories-heading" className="section-heading">
            {t("home.stories")}
          </h2>
          <ul className="card-grid card-grid--three">
            {stories.map((story) => (
              <li key={story.id}>
                <ShootCard shoot={story} sizes={storyGridSizes(stories.length)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {showreel ? (
        <section className="section renders-late" aria-labelledby="showreel-heading">
          <h2 id="showreel-heading" className="section-heading">
            {t("home.showreel")}
          </h2>
          <Showreel showreel={showreel} studioName={studio?.name ?? t("home.studioFallback")} />
        </section>
      ) : null}
      {business ? <JsonLd data={business} /> : null}
    </>
  );
}
