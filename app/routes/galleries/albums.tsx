// /g/{token}/album: the albums the studio has sent the couple (issue 32), behind the gallery's
// door. One album goes straight to its page; several are listed with each one's state. A draft
// is never the couple's: an album with only a draft is not here.

import { data, redirect } from "react-router";
import { ClosedGallery } from "#app/components/client-gallery/closed-gallery.tsx";
import { GalleryDoor } from "#app/components/client-gallery/gallery-door.tsx";
import type { FormAnswer } from "#app/components/client-gallery/page-data.ts";
import { i18nFor, translator, useT } from "#app/i18n/i18n.ts";
import { languageOfRequest } from "#app/i18n/language.server.ts";
import { privatePageHeaders, privatePageMeta } from "#app/utils/private-meta.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { siteContext } from "#app/utils/route-data.ts";
import { titleIn } from "#domain/catalog/localized.ts";
import { galleryPath } from "#domain/galleries/access.server.ts";
import { readFormBody } from "#platform/form-body.server.ts";
import type { Route } from "./+types/albums";
import { galleryAccessFor, notFound, privateHeaders } from "./access.server.ts";
import { albumPath, albumsPath, coupleAlbums } from "./album.server.ts";
import { formAnswer, givePin } from "./entry.server.ts";

/** A version's state, as the couple's list says it (a draft is never listed). */
const STATE_WORDS = {
  sent: "albums.state.sent",
  changes: "albums.state.changes",
  approved: "albums.state.approved",
} as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const gate = await galleryAccessFor(request, params.token, context);
  if (gate.state === "missing") notFound();
  if (gate.state === "closed")
    return data({ kind: "closed" as const, reason: gate.reason }, { status: 410, headers: privateHeaders });
  if (gate.state === "pin") return data({ kind: "pin" as const }, { headers: privateHeaders });
  const albums = await coupleAlbums(gate.gallery);
  const [only] = albums;
  if (only && albums.length === 1) throw redirect(albumPath(gate.gallery.token, only.id), { headers: privateHeaders });
  const language = await languageOfRequest(request);
  return data(
    {
      kind: "open" as const,
      base: galleryPath(gate.gallery.token),
      title: titleIn(language, gate.gallery),
      albums: albums.map((a) => ({
        href: albumPath(gate.gallery.token, a.id),
        // In Tamil on a Tamil page, where the studio wrote one (issue 33).
        title: titleIn(language, a),
        version: a.latest?.number ?? 0,
        state: a.latest && a.latest.state !== "draft" ? a.latest.state : null,
      })),
    },
    { headers: privateHeaders },
  );
}

/** Only the door's PIN is posted here. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const gate = await galleryAccessFor(request, params.token, context);
  if (gate.state === "missing") notFound();
  if (gate.state !== "pin") throw redirect(albumsPath(params.token), { headers: privateHeaders });
  const body = await readFormBody(request);
  if (!body.ok) {
    const t = translator(i18nFor(await languageOfRequest(request)));
    return formAnswer(400, { form: "pin", message: t("album.error.unreadable") });
  }
  return givePin(request, gate, params.token, body.form, context.get(clientAddressContext), albumsPath(params.token));
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = siteContext(matches)?.t;
  return privatePageMeta(matches, {
    title: t ? t("albums.meta.title") : "Albums",
    description: t ? t("album.meta.description") : "A private gallery from",
  });
};

export default function Albums({ loaderData, actionData, matches }: Route.ComponentProps) {
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
  return (
    <div className="page page--narrow cg al-list">
      <header className="page-header">
        <p className="eyebrow">
          <a href={loaderData.base}>{loaderData.title}</a>
        </p>
        <h1 className="page-title">{t("albums.heading")}</h1>
      </header>
      {loaderData.albums.length === 0 ? (
        <p>{t("albums.none")}</p>
      ) : (
        <ul className="al-albums">
          {loaderData.albums.map((a) => (
            <li key={a.href}>
              <a href={a.href}>{a.title}</a>{" "}
              <span className="al-muted">· {t("albums.version", { number: a.version })}</span>{" "}
              {a.state ? <span className="al-state">{t(STATE_WORDS[a.state])}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
