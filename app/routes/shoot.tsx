// One shoot or story: /galleryList/{id}, all its photos as a grid of thumbnails. Each
// thumbnail links to its large image, so the page works without JavaScript; with it, a click
// (or a #gallery-N link) opens the full-screen viewer, whose code loads only then.

import { useMemo } from "react";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { JsonLd } from "#app/components/json-ld.tsx";
import { Picture } from "#app/components/picture.tsx";
import { onlyHashChanged } from "#app/components/viewer/deep-link.ts";
import { useGalleryViewer } from "#app/components/viewer/launcher.tsx";
import { useLanguage, useT } from "#app/i18n/i18n.ts";
import { INTL_LOCALE, languageOfPath, pathIn } from "#app/i18n/languages.ts";
import { idParam } from "#app/utils/id-param.ts";
import { PHOTO_GRID_SIZES } from "#app/utils/image-sizes.ts";
import { siteContext } from "#app/utils/route-data.ts";
import { absoluteUrl, seoMeta } from "#app/utils/seo.ts";
import { getShootPage } from "#domain/catalog/public-pages.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { publicOrigin } from "#platform/public-origin.server.ts";
import type { Route } from "./+types/shoot";

/** Photos above the fold on a desktop grid load eagerly; the rest lazily. */
const EAGER_THUMBNAILS = 3;

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = idParam(params.id);
  const language = languageOfPath(new URL(request.url).pathname);
  const shoot = id === null ? null : await getShootPage(getDb(), id, language);
  if (!shoot) throw data({ what: "shoot" }, { status: 404 });
  const site = { origin: publicOrigin(), studioName: "" };
  const gallery = {
    "@context": "https://schema.org",
    "@type": "ImageGallery",
    name: shoot.title,
    description: shoot.description,
    contentLocation: shoot.location,
    // The page in its own language, as its canonical link says.
    url: absoluteUrl(site, pathIn(language, `/galleryList/${shoot.id}`)),
    inLanguage: INTL_LOCALE[language],
    image: shoot.photos.map((p) => ({
      "@type": "ImageObject",
      contentUrl: absoluteUrl(site, p.image.fallback),
      description: p.image.alt,
      width: p.image.width,
      height: p.image.height,
    })),
  };
  return { shoot, gallery };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { shoot } = loaderData;
  return seoMeta(siteContext(matches), {
    title: `${shoot.title}: ${shoot.location}`,
    description: shoot.description || `${shoot.title}, ${shoot.location}.`,
    path: `/galleryList/${shoot.id}`,
    image: shoot.photos[0]?.image,
    type: "article",
  });
};

export default function Shoot({ loaderData }: Route.ComponentProps) {
  // Keyed by shoot: moving from one shoot to another (Back and Forward) starts the viewer afresh
  // instead of keeping the photos it took from the first.
  return <ShootPage key={loaderData.shoot.id} {...loaderData} />;
}

function ShootPage({ shoot, gallery }: Route.ComponentProps["loaderData"]) {
  const images = useMemo(() => shoot.photos.map((p) => p.image), [shoot.photos]);
  const viewer = useGalleryViewer(shoot.title, images);
  const t = useT();
  const language = useLanguage();
  return (
    <div className="page">
      <header className="page-header">
        <p className="eyebrow">
          <Link to={pathIn(language, `/gallery/${shoot.collection.slug}`)}>{shoot.collection.name}</Link>
        </p>
        <h1 className="page-title">{shoot.title}</h1>
        <p className="shoot-card-location">{shoot.location}</p>
        {shoot.description ? <p className="page-lede">{shoot.description}</p> : null}
      </header>
      <ul className="photo-grid" aria-label={t("shoot.photos", { title: shoot.title })}>
        {shoot.photos.map((photo, i) => (
          <li key={photo.id}>
            <a
              {...viewer.linkProps(i)}
              href={photo.large}
              className="photo-grid-link"
              aria-label={photo.image.alt ? undefined : t("shoot.photo", { n: i + 1, count: shoot.photos.length })}
            >
              <Picture image={photo.image} sizes={PHOTO_GRID_SIZES} priority={i === 0} eager={i < EAGER_THUMBNAILS} />
            </a>
          </li>
        ))}
      </ul>
      {viewer.element}
      <JsonLd data={gallery} />
    </div>
  );
}

/** Opening, moving through and closing the viewer only changes the hash: nothing to reload. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return onlyHashChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}
