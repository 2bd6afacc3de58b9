// One shoot in the admin: its details, publish or unpublish, recent-story flag, its photos
// (upload, processing, and the photo manager: order, alt text, cover, move, delete, many at a
// time), and delete, which asks first and moves the shoot to the trash. Every answer appears in
// one notice at the foot of the screen, where the action was. A client gallery's set is a shoot
// too and is managed here with the same photo manager and upload; its details are only its
// title (a set is never published, a story or in a collection), and it links back to its gallery.
import { useMemo, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useRouteLoaderData } from "react-router";
import {
  type ActionAnswer,
  ActionNotice,
  PHOTO_ACTIONS_FETCHER,
  useLatestAnswer,
} from "#app/components/admin/action-notice.tsx";
import { AUTHED_ROUTE_ID, CsrfField } from "#app/components/admin/csrf-field.tsx";
import { PhotoManager } from "#app/components/admin/photo-manager/photo-manager.tsx";
import { PhotoUploader, shootTarget } from "#app/components/admin/photo-uploader.tsx";
import { ProcessingStatus } from "#app/components/admin/processing-status.tsx";
import { ShootForm } from "#app/components/admin/shoot-form.tsx";
import { TitleFields } from "#app/components/admin/title-fields.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { requireIdParam } from "#app/utils/id-param.ts";
import { type TitleField, typedTitles } from "#domain/catalog/localized.ts";
import { otherShoots } from "#domain/catalog/photos.server.ts";
import { EMPTY_SHOOT_VALUES, type FieldErrors, type ShootFormValues } from "#domain/catalog/shoot-form.ts";
import {
  getShootForEdit,
  listCollections,
  parseShootForm,
  renameShoot,
  setShootStatus,
  setStory,
  trashShoot,
  updateShoot,
} from "#domain/catalog/shoots.server.ts";
import { readGalleries } from "#domain/galleries/galleries.server.ts";
import { checkSetTitle } from "#domain/galleries/gallery-sets.server.ts";
import { knownHashPrefix } from "#domain/media/upload-constants.ts";
import { knownPhotoHashes } from "#domain/processing/photo-jobs.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/shoot-edit";
import { fetchAllPhotos, useRestOfPhotos, withAllPhotos } from "./all-photos.ts";
import { photoAction, photoPage } from "./photo-actions.server.ts";

function shootId(param: string): number {
  return requireIdParam(param, "There is no such shoot.");
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const shoot = await getShootForEdit(getDb(), shootId(params.id));
  if (!shoot) throw data("There is no such shoot.", { status: 404 });
  const url = new URL(request.url);
  // One page of photos in the document (a wedding's 3,000 would be megabytes of it): the page
  // before JavaScript runs, and the first screen after; clientLoader adds the rest.
  const { photos, galleryId, ...details } = shoot;
  const db = getDb();
  // Each read needs only the shoot: they go together.
  const [galleries, others, known, collections] = await Promise.all([
    // A set's page links back to its gallery, whose title (and cover) the galleries' store holds.
    galleryId === null ? [] : readGalleries(db, { id: galleryId, scope: "any" }),
    otherShoots(db, shoot.id),
    knownPhotoHashes(db, shoot.id),
    galleryId !== null ? [] : listCollections(db),
  ]);
  const [gallery] = galleries;
  // A set has no cover of its own: the client's cover is the gallery's, one of its photos,
  // badged here when it is in this set.
  const coverAssetId = gallery
    ? (photos.find((p) => p.id === gallery.coverPhotoId)?.assetId ?? null)
    : details.coverAssetId;
  return {
    shoot: { ...details, coverAssetId, gallery: gallery ? { id: gallery.id, title: gallery.title } : null },
    ...photoPage(photos, url.searchParams.get("page")),
    now: Date.now(),
    otherShoots: others,
    knownHashes: [...known].map(knownHashPrefix),
    collections,
    confirmDelete: url.searchParams.get("confirm") === "delete",
    created: url.searchParams.has("created"),
  };
}

/**
 * In the browser, every photo of the shoot, fetched beside the route's own data (so after an
 * action both arrive together and the grid never shows an older order in between). Not at
 * hydration (`clientLoader.hydrate`): an action taken while that first run was still loading
 * made React Router 8.4 skip the parent routes' data in its revalidation and fail with "No result
 * found for routeId root", the error page in place of the answer. The page asks for the rest
 * of a big shoot once it runs instead (useRestOfPhotos).
 */
export async function clientLoader({ serverLoader, params }: Route.ClientLoaderArgs) {
  const [server, all] = await Promise.all([serverLoader(), fetchAllPhotos(params.id)]);
  return withAllPhotos(server, all);
}

/** Every answer of this page: a notice, and for the details form what to correct. */
type Answer = ActionAnswer & { errors?: FieldErrors; values?: ShootFormValues };

export async function action({ params, request, context }: Route.ActionArgs) {
  const db = getDb();
  const id = shootId(params.id);
  const shoot = await getShootForEdit(db, id);
  if (!shoot) throw data("There is no such shoot.", { status: 404 });
  const form = (await readAdminForm(request, context)).form;
  const intent = String(form.get("intent") ?? "");
  if (shoot.galleryId !== null) {
    // A set: its title, and nothing that would publish it (the schema refuses that too).
    if (intent === "save") {
      const checked = checkSetTitle(form.get("title"), form.get("titleTa"));
      if (!checked.ok)
        return data<Answer>(
          { errors: checked.errors, values: { ...EMPTY_SHOOT_VALUES, ...typedTitles(form) }, notice: "" },
          { status: 400 },
        );
      await renameShoot(db, id, checked);
      return { notice: "Details saved." } satisfies Answer;
    }
    if (["publish", "unpublish", "story-on", "story-off"].includes(intent))
      throw data("A client gallery's set is never public.", { status: 400 });
  }
  switch (intent) {
    case "save": {
      const parsed = await parseShootForm(db, form);
      if (!parsed.ok)
        return data<Answer>({ errors: parsed.errors, values: parsed.values, notice: "" }, { status: 400 });
      await updateShoot(db, id, parsed.value);
      return { notice: "Details saved." } satisfies Answer;
    }
    case "publish":
      await setShootStatus(db, id, "published");
      return { notice: "Published: the shoot is on the public site." } satisfies Answer;
    case "unpublish":
      await setShootStatus(db, id, "draft");
      return { notice: "Unpublished: the shoot is hidden from the public site." } satisfies Answer;
    case "story-on":
      await setStory(db, id, true);
      return { notice: "Marked as a recent story." } satisfies Answer;
    case "story-off":
      await setStory(db, id, false);
      return { notice: "No longer a recent story." } satisfies Answer;
    case "trash":
      await trashShoot(db, id);
      return redirect(`/admin/trash?trashed=${id}`);
  }
  const answer = await photoAction(db, shoot, intent, form);
  if (!answer) throw data("Unknown action.", { status: 400 });
  return answer satisfies Answer as Answer;
}

export default function EditShoot({ loaderData, actionData }: Route.ComponentProps) {
  const { shoot, collections, confirmDelete, created } = loaderData;
  const csrf = useRouteLoaderData<{ csrf: string }>(AUTHED_ROUTE_ID)?.csrf ?? "";
  // Processing is reported from the page's first load on, across revalidations.
  const [since] = useState(loaderData.now);
  const [pokes, setPokes] = useState(0);
  useRestOfPhotos(loaderData.complete);
  const published = shoot.status === "published";
  const photoActions = useFetcher<Answer>({ key: PHOTO_ACTIONS_FETCHER });
  const createdAnswer = useMemo(
    () => (created ? { notice: "Shoot created. It is a draft until you publish it." } : undefined),
    [created],
  );
  const [answer, dismiss] = useLatestAnswer(
    createdAnswer,
    actionData as Answer | undefined,
    photoActions.state === "idle" ? photoActions.data : undefined,
  );
  return (
    <>
      <p>
        {shoot.gallery ? (
          <Link to={`/admin/galleries/${shoot.gallery.id}?set=${shoot.id}`}>← {shoot.gallery.title}</Link>
        ) : (
          <Link to="/admin/shoots">← All shoots</Link>
        )}
      </p>
      <h1>
        {shoot.title}
        {shoot.gallery ? <span className="admin-sub"> a set of the client gallery {shoot.gallery.title}</span> : null}
      </h1>
      {shoot.deletedAt ? (
        <p className="admin-alert">
          This shoot is in the <Link to="/admin/trash">trash</Link>.
        </p>
      ) : null}
      {shoot.gallery ? null : (
        <section aria-labelledby="state-heading" className="admin-panel">
          <h2 id="state-heading">State</h2>
          <p>
            {published ? "Published" : "Draft (not on the public site)"}
            {shoot.isStory ? " · a recent story on the home page" : ""}
            {published ? (
              <>
                {" · "}
                <a href={`/galleryList/${shoot.id}`}>View on the site</a>
              </>
            ) : null}
          </p>
          <div className="admin-actions">
            <Form method="post" preventScrollReset>
              <CsrfField />
              <button type="submit" name="intent" value={published ? "unpublish" : "publish"} className="button">
                {published ? "Unpublish" : "Publish"}
              </button>
            </Form>
            <Form method="post" preventScrollReset>
              <CsrfField />
              <button type="submit" name="intent" value={shoot.isStory ? "story-off" : "story-on"} className="button">
                {shoot.isStory ? "Remove from recent stories" : "Mark as a recent story"}
              </button>
            </Form>
          </div>
        </section>
      )}

      <section aria-labelledby="details-heading" className="admin-panel">
        <h2 id="details-heading">Details</h2>
        {shoot.gallery ? (
          <SetTitleForm
            values={actionData?.values ?? { title: shoot.title, titleTa: shoot.titleTa ?? "" }}
            errors={actionData?.errors}
          />
        ) : (
          <ShootForm
            collections={collections}
            values={
              actionData?.values ?? {
                title: shoot.title,
                titleTa: shoot.titleTa ?? "",
                location: shoot.location,
                locationTa: shoot.locationTa ?? "",
                description: shoot.description,
                descriptionTa: shoot.descriptionTa ?? "",
                collectionId: String(shoot.collectionId ?? ""),
              }
            }
            errors={actionData?.errors}
            submitLabel="Save details"
          />
        )}
      </section>

      <section aria-labelledby="photos-heading" className="admin-panel">
        <h2 id="photos-heading">Photos ({loaderData.photoCount})</h2>
        {shoot.deletedAt ? null : (
          <PhotoUploader
            target={shootTarget(shoot.id)}
            csrf={csrf}
            knownHashes={loaderData.knownHashes}
            onQueued={() => setPokes((n) => n + 1)}
          />
        )}
        <ProcessingStatus shootId={shoot.id} since={since} pokes={pokes} />
        <PhotoManager
          photos={loaderData.photos}
          photoCount={loaderData.photoCount}
          pageStart={loaderData.pageStart}
          complete={loaderData.complete}
          photoOrder={shoot.photoOrder}
          coverAssetId={shoot.coverAssetId}
          otherShoots={loaderData.otherShoots}
          gallerySet={shoot.gallery !== null}
        />
      </section>

      <section aria-labelledby="delete-heading" className="admin-panel">
        <h2 id="delete-heading">Delete</h2>
        {confirmDelete ? (
          <Form method="post" className="admin-confirm">
            <CsrfField />
            <p>
              Move “{shoot.title}” and its {loaderData.photoCount} photos to the trash?{" "}
              {shoot.gallery ? "It leaves the client's gallery at once" : "It leaves the public site at once"}; you can
              restore it from the trash until the trash is emptied.
            </p>
            <button type="submit" name="intent" value="trash" className="button button--danger">
              Move to trash
            </button>{" "}
            <Link to={`/admin/shoots/${shoot.id}`}>Cancel</Link>
          </Form>
        ) : (
          <Link to="?confirm=delete" className="button button--danger">
            {shoot.gallery ? "Delete set…" : "Delete shoot…"}
          </Link>
        )}
      </section>
      <ActionNotice answer={answer} onDismiss={dismiss} />
    </>
  );
}

/** A set's details: its title only, and its Tamil version. */
function SetTitleForm({
  values,
  errors,
}: {
  values: Pick<ShootFormValues, TitleField>;
  errors: FieldErrors | undefined;
}) {
  return (
    <Form method="post" className="admin-form" noValidate preventScrollReset>
      <CsrfField />
      <input type="hidden" name="intent" value="save" />
      <TitleFields
        id="shoot-title"
        labels={{ title: "Title", titleTa: "Title in Tamil (optional)" }}
        values={values}
        errors={errors}
      />
      <button type="submit" className="button">
        Save details
      </button>
    </Form>
  );
}
