// /g/{token}/album/{id}: the couple reviews an album's newest sent version (issue 32) behind the
// gallery's door: its spreads as a book, a comment pinned on a spot or about a whole spread
// (with a photo of the gallery to swap in), a spread marked OK, then changes sent or the version
// approved with a typed name. Every form is a plain POST to this page, before and after
// JavaScript; the work is album.server.ts's. Never cached, never indexed.
import { data } from "react-router";
import type { AlbumAnswer } from "#app/components/album/album-data.ts";
import { AlbumReview } from "#app/components/album/album-review.tsx";
import { ClosedGallery } from "#app/components/client-gallery/closed-gallery.tsx";
import { GalleryDoor } from "#app/components/client-gallery/gallery-door.tsx";
import type { FormAnswer } from "#app/components/client-gallery/page-data.ts";
import { useT } from "#app/i18n/i18n.ts";
import { privatePageHeaders, privatePageMeta } from "#app/utils/private-meta.ts";
import { siteContext } from "#app/utils/route-data.ts";
import type { Route } from "./+types/album";
import { galleryAccessFor, notFound, privateHeaders } from "./access.server.ts";
import { albumAction, albumPageData } from "./album.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const gate = await galleryAccessFor(request, params.token, context);
  if (gate.state === "missing") notFound();
  if (gate.state === "closed")
    return data({ kind: "closed" as const, reason: gate.reason }, { status: 410, headers: privateHeaders });
  if (gate.state === "pin") return data({ kind: "pin" as const }, { headers: privateHeaders });
  return data(await albumPageData(request, context, gate, params.album), { headers: privateHeaders });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const gate = await galleryAccessFor(request, params.token, context);
  if (gate.state === "missing") notFound();
  return albumAction(request, context, gate, params.token, params.album);
}

/**
 * Its modules (pins, the picker) start once the first spread has loaded, and the spreads after it
 * wait for it to paint: started at the first paint, and fetched by the lazy-load margin, they
 * shared a phone's connection and processor with that spread and put it off.
 */
export const handle = { hydrate: "load", mainImageFirst: true };

export const headers = privatePageHeaders;

/**
 * The tab says only "Album" in the page's language, as a gallery's says "Private gallery": the
 * studio's titles (often the couple's names) stay off the tab, the history and a shared link's
 * preview.
 */
export const meta: Route.MetaFunction = ({ matches }) => {
  const t = siteContext(matches)?.t;
  return privatePageMeta(matches, {
    title: t ? t("album.meta.title") : "Album",
    description: t ? t("album.meta.description") : "A private gallery from",
  });
};

export default function Album({ loaderData, actionData, matches }: Route.ComponentProps) {
  const t = useT();
  const studio = matches[0].loaderData.studio;
  if (loaderData.kind === "closed") return <ClosedGallery reason={loaderData.reason} studio={studio} />;
  if (loaderData.kind === "pin")
    return (
      <GalleryDoor
        studioName={studio?.name ?? t("album.studioFallback")}
        problem={actionData as FormAnswer | undefined}
      />
    );
  return <AlbumReview page={loaderData} problem={actionData as AlbumAnswer | undefined} />;
}
