// About: the studio's own words and a photograph; 'In Progress' until it has written any.

import { Picture } from "#app/components/picture.tsx";
import { useT } from "#app/i18n/i18n.ts";
import { languageOfPath } from "#app/i18n/languages.ts";
import { ABOUT_IMAGE_SIZES } from "#app/utils/image-sizes.ts";
import { studioRowOf } from "#app/utils/request-context.ts";
import { siteContext } from "#app/utils/route-data.ts";
import { seoMeta } from "#app/utils/seo.ts";
import { getAboutPage } from "#domain/catalog/public-pages.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/about";

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = getDb();
  // The root reads the same row for the header: one read for both.
  return {
    about: await getAboutPage(db, await studioRowOf(context, db), languageOfPath(new URL(request.url).pathname)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteContext(matches);
  const about = loaderData?.about;
  return seoMeta(site, {
    title: about?.title ?? site?.t("about.metaTitle") ?? "About",
    description:
      about?.text.split("\n")[0]?.slice(0, 160) ?? site?.t("about.metaDescription", { studio: site.studioName }) ?? "",
    path: "/about",
    image: about?.image,
  });
};

export default function About({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  const t = useT();
  if (!about) {
    return (
      <div className="page page--narrow in-progress">
        <h1 className="page-title">{t("about.inProgress")}</h1>
      </div>
    );
  }
  return (
    <div className="page about">
      {about.image ? <Picture image={about.image} sizes={ABOUT_IMAGE_SIZES} priority className="about-image" /> : null}
      <div className="about-text">
        <h1 className="page-title">{about.title}</h1>
        <hr className="divider" />
        {about.text.split(/\n{2,}/).map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </div>
    </div>
  );
}
