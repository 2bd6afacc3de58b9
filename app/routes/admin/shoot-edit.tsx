// One shoot in the admin: its details, publish or unpublish, recent-story flag, its photos
// (upload, processing, order, alt text, cover, move, delete), and delete, which asks first
// and moves the shoot to the trash.
import { useState } from "react";
import { data, Form, Link, redirect, useRouteLoaderData } from "react-router";
import { AUTHED_ROUTE_ID, CsrfField } from "#app/components/admin/csrf-field.tsx";
import { PhotoGrid } from "#app/components/admin/photo-grid.tsx";
import { PhotoUploader } from "#app/components/admin/photo-uploader.tsx";
import { ProcessingStatus } from "#app/components/admin/processing-status.tsx";
import { ShootForm } from "#app/components/admin/shoot-form.tsx";
import { readAdminForm } from "#domain/auth/admin-form.server.ts";
import {
  movePhoto,
  movePhotosToShoot,
  otherShoots,
  placePhotos,
  setAltText,
  trashPhotos,
} from "#domain/catalog/photos.server.ts";
import {
  type AdminShoot,
  getShootForEdit,
  listCollections,
  parseShootForm,
  setCover,
  setShootStatus,
  setStory,
  trashShoot,
  updateShoot,
} from "#domain/catalog/shoots.server.ts";
import { knownPhotoHashes } from "#domain/media/photo-jobs.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/shoot-edit";

function shootId(param: string): number {
  const id = /^\d{1,9}$/.test(param) ? Number(param) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw data("There is no such shoot.", { status: 404 });
  return id;
}

/**
 * Stopgap until the shoot page is rewritten for selections (branch `grid`): the current page's
 * drag sends the whole new order, applied here as single-photo placements, from the end, only
 * where a photo is not already just before its successor (one or two writes for one drag).
 * False when `order` is not exactly the shoot's live photos.
 */
async function applyOrder(db: ReturnType<typeof getDb>, shoot: AdminShoot, order: number[]): Promise<boolean> {
  const current = shoot.photos.map((p) => p.id);
  const live = new Set(current);
  if (order.length !== live.size || new Set(order).size !== live.size || !order.every((id) => live.has(id))) {
    return false;
  }
  for (let i = order.length - 2; i >= 0; i--) {
    const id = order[i] as number;
    const next = order[i + 1] as number;
    if (current[current.indexOf(next) - 1] === id) continue;
    await placePhotos(db, shoot.id, [id], { before: next });
    current.splice(current.indexOf(id), 1);
    current.splice(current.indexOf(next), 0, id);
  }
  return true;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const shoot = await getShootForEdit(getDb(), shootId(params.id));
  if (!shoot) throw data("There is no such shoot.", { status: 404 });
  const url = new URL(request.url);
  return {
    shoot,
    now: Date.now(),
    otherShoots: await otherShoots(getDb(), shoot.id),
    knownHashes: await knownPhotoHashes(getDb(), shoot.id),
    collections: await listCollections(getDb()),
    confirmDelete: url.searchParams.get("confirm") === "delete",
    created: url.searchParams.has("created"),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const db = getDb();
  const id = shootId(params.id);
  const shoot = await getShootForEdit(db, id);
  if (!shoot) throw data("There is no such shoot.", { status: 404 });
  const form = (await readAdminForm(request, context)).form;
  const none = { errors: undefined, values: undefined };
  const photoId = Number(form.get("photoId"));
  switch (form.get("intent")) {
    case "save": {
      const parsed = await parseShootForm(db, form);
      if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values, notice: "" }, { status: 400 });
      await updateShoot(db, id, parsed.value);
      return { errors: undefined, values: undefined, notice: "Saved." };
    }
    case "publish":
      await setShootStatus(db, id, "published");
      return { errors: undefined, values: undefined, notice: "Published: the shoot is on the public site." };
    case "unpublish":
      await setShootStatus(db, id, "draft");
      return { errors: undefined, values: undefined, notice: "Unpublished: the shoot is hidden from the public site." };
    case "story-on":
      await setStory(db, id, true);
      return { errors: undefined, values: undefined, notice: "Marked as a recent story." };
    case "story-off":
      await setStory(db, id, false);
      return { errors: undefined, values: undefined, notice: "No longer a recent story." };
    case "cover": {
      const ok = await setCover(db, id, Number(form.get("assetId")));
      if (!ok) return data({ errors: undefined, values: undefined, notice: "That photo is not in this shoot." }, 400);
      return { errors: undefined, values: undefined, notice: "Cover set." };
    }
    case "photo-order": {
      const order = String(form.get("order") ?? "")
        .split(",")
        .map(Number);
      const ok = await applyOrder(db, shoot, order);
      if (!ok) return data({ ...none, notice: "The photos changed meanwhile; the page shows them now." }, 409);
      return { ...none, notice: "New order saved." };
    }
    case "photo-up":
    case "photo-down":
      await movePhoto(db, id, photoId, form.get("intent") === "photo-up" ? -1 : 1);
      return { ...none, notice: "Moved." };
    case "photo-alt":
      await setAltText(db, id, [photoId], String(form.get("alt") ?? ""));
      return { ...none, notice: "Alt text saved." };
    case "photo-trash":
      await trashPhotos(db, id, [photoId]);
      return { ...none, notice: "Photo moved to the trash; restore it from there." };
    case "photo-move": {
      const outcome = await movePhotosToShoot(db, id, [photoId], Number(form.get("targetShootId")));
      if (outcome === null) return data({ ...none, notice: "Choose another shoot to move to." }, 400);
      if (outcome.alreadyThere > 0) return data({ ...none, notice: "That shoot already has this photo." }, 409);
      return { ...none, notice: "Photo moved." };
    }
    case "trash":
      await trashShoot(db, id);
      return redirect(`/admin/trash?trashed=${id}`);
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

export default function EditShoot({ loaderData, actionData }: Route.ComponentProps) {
  const { shoot, collections, confirmDelete, created } = loaderData;
  const csrf = useRouteLoaderData<{ csrf: string }>(AUTHED_ROUTE_ID)?.csrf ?? "";
  // Processing is reported from the page's first load on, across revalidations.
  const [since] = useState(loaderData.now);
  const [pokes, setPokes] = useState(0);
  const published = shoot.status === "published";
  const notice = actionData?.notice || (created ? "Shoot created. It is a draft until you publish it." : "");
  return (
    <>
      <p>
        <Link to="/admin/shoots">← All shoots</Link>
      </p>
      <h1>{shoot.title}</h1>
      {shoot.deletedAt ? (
        <p className="admin-alert">
          This shoot is in the <Link to="/admin/trash">trash</Link>.
        </p>
      ) : null}
      <p className="admin-notice" role="status">
        {notice}
      </p>
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
          <Form method="post">
            <CsrfField />
            <button type="submit" name="intent" value={published ? "unpublish" : "publish"} className="button">
              {published ? "Unpublish" : "Publish"}
            </button>
          </Form>
          <Form method="post">
            <CsrfField />
            <button type="submit" name="intent" value={shoot.isStory ? "story-off" : "story-on"} className="button">
              {shoot.isStory ? "Remove from recent stories" : "Mark as a recent story"}
            </button>
          </Form>
        </div>
      </section>

      <section aria-labelledby="details-heading" className="admin-panel">
        <h2 id="details-heading">Details</h2>
        <ShootForm
          collections={collections}
          values={
            actionData?.values ?? {
              title: shoot.title,
              location: shoot.location,
              description: shoot.description,
              collectionId: String(shoot.collectionId),
            }
          }
          errors={actionData?.errors}
          submitLabel="Save details"
        />
      </section>

      <section aria-labelledby="photos-heading" className="admin-panel">
        <h2 id="photos-heading">Photos ({shoot.photos.length})</h2>
        {shoot.deletedAt ? null : (
          <PhotoUploader
            shootId={shoot.id}
            csrf={csrf}
            knownHashes={loaderData.knownHashes}
            onQueued={() => setPokes((n) => n + 1)}
          />
        )}
        <ProcessingStatus shootId={shoot.id} since={since} pokes={pokes} />
        <PhotoGrid
          photos={shoot.photos}
          coverAssetId={shoot.coverAssetId}
          otherShoots={loaderData.otherShoots}
          csrf={csrf}
        />
      </section>

      <section aria-labelledby="delete-heading" className="admin-panel">
        <h2 id="delete-heading">Delete</h2>
        {confirmDelete ? (
          <Form method="post" className="admin-confirm">
            <CsrfField />
            <p>
              Move “{shoot.title}” and its {shoot.photos.length} photos to the trash? It leaves the public site at once;
              you can restore it from the trash until the trash is emptied.
            </p>
            <button type="submit" name="intent" value="trash" className="button button--danger">
              Move to trash
            </button>{" "}
            <Link to={`/admin/shoots/${shoot.id}`}>Cancel</Link>
          </Form>
        ) : (
          <Link to="?confirm=delete" className="button button--danger">
            Delete shoot…
          </Link>
        )}
      </section>
    </>
  );
}
