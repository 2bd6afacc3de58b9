// /admin/galleries/:id/albums/:album: one album of a client gallery, the studio's side of its
// proofing (issue 32). Spreads uploaded into the draft (a sent or approved version is never
// changed: uploading starts the next version from it), the draft sent to the couple with a
// WhatsApp message to tell them, and every version newest first (older ones folded) with its
// spreads, what changed since the one before, the couple's comments pinned where they tapped and
// listed beside, who marked which spread fine, what a version answers, and the approval record.
// Every form works without JavaScript; the uploader needs it, as the photos' does.
import { Form, Link, useRevalidator, useRouteLoaderData } from "react-router";
import { AUTHED_ROUTE_ID, CsrfField } from "#app/components/admin/csrf-field.tsx";
import { albumTarget, PhotoUploader } from "#app/components/admin/photo-uploader.tsx";
import { TitleFields } from "#app/components/admin/title-fields.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { mailWordsFor } from "#app/i18n/mail-words.server.ts";
import { studioRowOf } from "#app/utils/request-context.ts";
import { albumSentMessage } from "#domain/albums/messages.ts";
import { studioNameIn, studioPhones } from "#domain/catalog/read-model.server.ts";
import { galleryLink, studioCountry, titleForClient, whatsappLink } from "#domain/galleries/sending.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { publicOrigin } from "#platform/public-origin.server.ts";
import type { Route } from "./+types/gallery-album";
import { type AlbumPageAnswer, albumAction, galleryAndAlbum, readAlbum } from "./gallery-album/album.server.ts";
import { AlbumVersion } from "./gallery-album/version.tsx";
import { albumStateText } from "./gallery-album/words.ts";
import { ALBUM_NAME_HINT } from "./gallery-edit/albums-section.tsx";
import { workspaceHref } from "./gallery-edit/panels.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.album.title}: album of ${loaderData.gallery.title}` : "Album" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getDb();
  const { gallery, album } = await galleryAndAlbum(db, params);
  const [studio, read] = await Promise.all([studioRowOf(context, db), readAlbum(db, gallery, album)]);
  const newest = read.versions[0];
  // While the couple has a version to answer, the studio can tell them on WhatsApp.
  const whatsapp =
    newest?.state === "sent"
      ? whatsappLink(
          gallery.clientPhone,
          albumSentMessage({
            // The couple's title: in Tamil for a Tamil couple, where the studio wrote one.
            albumTitle: titleForClient({ title: album.title, titleTa: album.titleTa, language: gallery.language }),
            versionNumber: newest.number,
            studioName: studio ? studioNameIn(studio, gallery.language) : "",
            clientName: gallery.clientName,
            link: galleryLink(publicOrigin(), gallery.token),
            // In the couple's language (their gallery's), though the admin around it is English.
            words: mailWordsFor(gallery.language),
          }),
          studioCountry(studioPhones(studio)),
        )
      : null;
  return {
    gallery: { id: gallery.id, title: gallery.title, clientPhone: gallery.clientPhone },
    album: { id: album.id, title: album.title, titleTa: album.titleTa },
    ...read,
    whatsapp,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const db = getDb();
  const { gallery, album } = await galleryAndAlbum(db, params);
  const { form } = await readAdminForm(request, context);
  return albumAction(db, gallery, album, form);
}

export default function GalleryAlbum({ loaderData, actionData }: Route.ComponentProps) {
  const { gallery, album, versions, swaps, people, mark, whatsapp } = loaderData;
  const csrf = useRouteLoaderData<{ csrf: string }>(AUTHED_ROUTE_ID)?.csrf ?? "";
  const revalidator = useRevalidator();
  const newest = versions[0];
  const draft = newest?.state === "draft" ? newest : null;
  const commentsHref = `/admin/galleries/${gallery.id}/albums/${album.id}/comments`;
  // The rename form's refusal, shown beside its fields.
  const answer: AlbumPageAnswer | undefined = actionData;
  const rename = answer?.form === "rename" ? answer : undefined;
  return (
    <>
      <p>
        <Link to={workspaceHref(gallery.id, { panel: "albums" })}>← {gallery.title}: Albums</Link>
      </p>
      <h1>{album.title}</h1>
      <p className="admin-sub">
        Album of {gallery.title}
        {newest ? ` · version ${newest.number}, ${albumStateText(newest)}` : ""}
      </p>
      <p role="status" className="admin-notice">
        {actionData?.notice ?? ""}
      </p>

      <section aria-labelledby="album-upload-heading" className="admin-panel">
        <h2 id="album-upload-heading">Upload spreads</h2>
        <p>
          {draft
            ? `Uploading adds to version ${draft.number}, the draft.`
            : newest
              ? `Version ${newest.number} is ${albumStateText(newest)} and stays as it is: uploading starts version ${newest.number + 1} from version ${newest.number}.`
              : "Uploading starts version 1."}{" "}
          A file whose name ends in a number is that spread (“Priya-Karthik_07.jpg” is spread 7) and replaces the spread
          of that number; others are numbered in the order of their names. A PDF gives a spread of each page: page 7 is
          spread 7.
        </p>
        <PhotoUploader
          target={albumTarget(gallery.id, album.id)}
          csrf={csrf}
          knownHashes={[]}
          // Every spread that arrives is shown: a reload already under way is started again, so
          // the last file's is never skipped.
          onQueued={() => void revalidator.revalidate()}
        />
        <noscript>
          <p>Uploading needs JavaScript.</p>
        </noscript>
      </section>

      {draft ? (
        <section aria-labelledby="album-send-heading" className="admin-panel">
          <h2 id="album-send-heading">Send version {draft.number}</h2>
          {draft.spreads.length === 0 ? (
            <p>Upload the spreads of version {draft.number} first.</p>
          ) : (
            <Form method="post">
              <CsrfField />
              <p>
                The couple sees version {draft.number}'s {draft.spreads.length}{" "}
                {draft.spreads.length === 1 ? "spread" : "spreads"} in their gallery, and its spreads no longer change.
              </p>
              <button type="submit" name="intent" value="album-send" className="button">
                Send version {draft.number} to the couple
              </button>
            </Form>
          )}
        </section>
      ) : null}

      {newest?.state === "sent" ? (
        <section aria-labelledby="album-tell-heading" className="admin-panel">
          <h2 id="album-tell-heading">Tell the couple</h2>
          {whatsapp ? (
            <a className="button" href={whatsapp} target="_blank" rel="noopener noreferrer">
              Tell them on WhatsApp
            </a>
          ) : (
            <p>
              {gallery.clientPhone
                ? `WhatsApp cannot use ${gallery.clientPhone}: write it with its country code in the gallery's details.`
                : "Add the client's phone in the gallery's details to tell them on WhatsApp."}
            </p>
          )}
        </section>
      ) : null}

      {mark.markedOtherwise > 0 ? (
        <section aria-labelledby="album-mark-heading" className="admin-panel">
          <h2 id="album-mark-heading">Watermark</h2>
          <Form method="post">
            <CsrfField />
            <p>
              {mark.markedOtherwise === 1 ? "1 spread carries" : `${mark.markedOtherwise} spreads carry`} the watermark
              the gallery had when {mark.markedOtherwise === 1 ? "it was" : "they were"} uploaded, and the couple sees{" "}
              {mark.markedOtherwise === 1 ? "it" : "them"} so.{" "}
              {mark.text ? `The gallery's watermark is now “${mark.text}”.` : "The gallery has no watermark now."}{" "}
              Making them again takes about a second for every three spreads.
            </p>
            <button type="submit" name="intent" value="album-mark" className="button">
              {mark.text ? "Mark the spreads with the gallery's watermark" : "Make the spreads without a watermark"}
            </button>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="album-versions-heading" className="album-versions">
        <h2 id="album-versions-heading">Versions</h2>
        {versions.some((v) => v.comments.length > 0) ? (
          <p>
            <Link to={commentsHref}>Export the comments</Link> (a list to print, or a{" "}
            <a href={`${commentsHref}.csv`} download>
              CSV file
            </a>
            )
          </p>
        ) : null}
        {versions.map((version, i) => (
          <AlbumVersion
            key={version.id}
            version={version}
            versions={versions}
            open={i === 0}
            swaps={swaps}
            people={people}
            commentsHref={commentsHref}
          />
        ))}
      </section>

      <section aria-labelledby="album-name-heading" className="admin-panel">
        <h2 id="album-name-heading">Name</h2>
        <Form method="post" className="admin-form" noValidate preventScrollReset>
          <CsrfField />
          <TitleFields
            id="album-name"
            labels={{ title: "Album name", titleTa: "Name in Tamil (optional)" }}
            hint={ALBUM_NAME_HINT}
            values={rename?.values ?? { title: album.title, titleTa: album.titleTa ?? "" }}
            errors={rename?.errors}
          />
          <button type="submit" name="intent" value="album-rename" className="button">
            Save the name
          </button>
        </Form>
      </section>
    </>
  );
}
