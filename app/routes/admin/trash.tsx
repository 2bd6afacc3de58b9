// The trash: deleted shoots (client galleries' sets too, named with their gallery), photos and
// client galleries, each restorable, until the trash is emptied (which asks first, naming what
// goes for good).
import { data, Form, Link } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { emptyPhotoTrash, listTrashedPhotos, restorePhotos } from "#domain/catalog/photos.server.ts";
import { emptyTrash, listShoots, restoreShoot } from "#domain/catalog/shoots.server.ts";
import { readGalleries } from "#domain/galleries/galleries.server.ts";
import { emptyGalleryTrash, restoreGallery } from "#domain/galleries/gallery-details.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/trash";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const db = getDb();
  const [shoots, galleries, photos] = await Promise.all([
    listShoots(db, { trashed: true, withSets: true }),
    readGalleries(db, { scope: "any" }),
    listTrashedPhotos(db),
  ]);
  // A trashed set is named with its gallery, whose title the galleries' store holds.
  const galleryTitle = new Map(galleries.map((g) => [g.id, g.title]));
  return {
    shoots: shoots.map(({ galleryId, ...s }) => ({
      ...s,
      galleryTitle: galleryId === null ? null : (galleryTitle.get(galleryId) ?? null),
    })),
    galleries: galleries.filter((g) => g.deletedAt !== null).map((g) => ({ id: g.id, title: g.title })),
    photos,
    confirmEmpty: url.searchParams.get("confirm") === "empty",
    trashed: url.searchParams.get("trashed"),
  };
}

// The trash may have been emptied from another tab between showing the list and this click.
const gone = () =>
  data(
    { notice: "That is no longer in the trash: the trash was emptied and it is deleted for good." },
    { status: 409 },
  );

export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readAdminForm(request, context)).form;
  const db = getDb();
  if (form.get("intent") === "restore") {
    if (!(await restoreShoot(db, Number(form.get("id"))))) return gone();
    return { notice: "Restored. It keeps its state: a published shoot is public again." };
  }
  if (form.get("intent") === "restore-gallery") {
    if (!(await restoreGallery(db, Number(form.get("id"))))) return gone();
    return { notice: "Gallery restored; its link works again as it did." };
  }
  if (form.get("intent") === "restore-photo") {
    if ((await restorePhotos(db, [Number(form.get("id"))])) === 0) return gone();
    return { notice: "Photo restored, back in its place in its shoot." };
  }
  if (form.get("intent") === "empty") {
    const photos = await emptyPhotoTrash(db);
    const count = await emptyTrash(db);
    const galleries = await emptyGalleryTrash(db);
    return { notice: `Deleted ${trashCounts(galleries, count, photos)}.` };
  }
  throw data("Unknown action.", { status: 400 });
}

export default function Trash({ loaderData, actionData }: Route.ComponentProps) {
  const { shoots, photos, galleries, confirmEmpty, trashed } = loaderData;
  const notice = actionData?.notice ?? (trashed ? "Moved to the trash." : "");
  return (
    <>
      <h1>Trash</h1>
      <p className="admin-notice" role="status">
        {notice}
      </p>
      <RestoreList
        heading="Client galleries"
        intent="restore-gallery"
        items={galleries.map((g) => ({ id: g.id, name: g.title, detail: "(client gallery)" }))}
      />
      {shoots.length === 0 && photos.length === 0 && galleries.length === 0 ? (
        <p>The trash is empty.</p>
      ) : (
        <>
          <RestoreList
            heading="Photos"
            intent="restore-photo"
            items={photos.map((p) => ({ id: p.id, name: p.fileName, detail: `from ${p.shootTitle}` }))}
          />
          <RestoreList
            heading="Shoots"
            intent="restore"
            items={shoots.map((s) => ({
              id: s.id,
              name: s.title,
              detail: s.galleryTitle
                ? `(a set of the client gallery ${s.galleryTitle}, ${s.photoCount} photos)`
                : `(${s.photoCount} photos)`,
            }))}
          />
          {confirmEmpty ? (
            <Form method="post" className="admin-confirm">
              <CsrfField />
              <p>
                Delete {trashCounts(galleries.length, shoots.length, photos.length)}? This cannot be undone.
                {galleries.length > 0
                  ? " A client gallery goes with its sets, photos, the clients' lists and its link."
                  : ""}
              </p>
              <button type="submit" name="intent" value="empty" className="button button--danger">
                Empty the trash
              </button>{" "}
              <Link to="/admin/trash">Cancel</Link>
            </Form>
          ) : (
            <Link to="?confirm=empty" className="button button--danger">
              Empty the trash…
            </Link>
          )}
        </>
      )}
    </>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 shoots and 5 photos for good, and 1 client gallery with its sets": what is (or was) in the trash. */
function trashCounts(galleries: number, shoots: number, photos: number): string {
  const loose = `${plural(shoots, "shoot", "shoots")} and ${plural(photos, "photo", "photos")} for good`;
  if (galleries === 0) return loose;
  const withSets = galleries === 1 ? "1 client gallery with its sets" : `${galleries} client galleries with their sets`;
  return `${loose}, and ${withSets}`;
}

/** One kind of thing in the trash, each with its own Restore button (named for screen readers). */
function RestoreList({
  heading,
  intent,
  items,
}: {
  heading: string;
  intent: "restore" | "restore-photo" | "restore-gallery";
  items: { id: number; name: string; detail: string }[];
}) {
  if (items.length === 0) return null;
  return (
    <>
      <h2>{heading}</h2>
      <ul className="admin-list">
        {items.map((item) => (
          <li key={item.id}>
            <span>
              {item.name} <span className="admin-sub">{item.detail}</span>
            </span>
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="id" value={item.id} />
              <button type="submit" name="intent" value={intent} className="button">
                Restore<span className="visually-hidden"> {item.name}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </>
  );
}
