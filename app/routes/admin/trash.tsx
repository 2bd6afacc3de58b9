// The trash: deleted shoots (client galleries' sets too, named with their gallery), photos and
// client galleries, each restorable, until the trash is emptied (which asks first, naming what
// goes for good). Photos come grouped by the shoot or set they left, each with its thumbnail, and
// are restored one by one or ticked and restored together.
import { type RefObject, useEffect, useRef, useState } from "react";
import { data, Form, Link } from "react-router";
import { AdminThumbnail } from "#app/components/admin/admin-thumbnail.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import {
  emptyPhotoTrash,
  listTrashedPhotos,
  parsePhotoIds,
  restorePhotos,
  type TrashedPhoto,
} from "#domain/catalog/photos.server.ts";
import { emptyTrash, listShoots, restoreShoot } from "#domain/catalog/shoots.server.ts";
import { readGalleries } from "#domain/galleries/galleries.server.ts";
import { emptyGalleryTrash, restoreGallery } from "#domain/galleries/gallery-details.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/trash";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const db = getDb();
  const [shoots, galleries, photoGroups] = await Promise.all([
    listShoots(db, { trashed: true, withSets: true }),
    readGalleries(db, { scope: "any" }),
    listTrashedPhotos(db),
  ]);
  // A trashed set, or a set's trashed photo, is named with its gallery, whose title the
  // galleries' store holds.
  const galleryTitle = new Map(galleries.map((g) => [g.id, g.title]));
  const titleOf = (galleryId: number | null) => (galleryId === null ? null : (galleryTitle.get(galleryId) ?? null));
  return {
    shoots: shoots.map(({ galleryId, ...s }) => ({ ...s, galleryTitle: titleOf(galleryId) })),
    galleries: galleries.filter((g) => g.deletedAt !== null).map((g) => ({ id: g.id, title: g.title })),
    photoGroups: photoGroups.map(({ galleryId, ...group }) => ({
      ...group,
      inGallery: galleryId !== null,
      galleryTitle: titleOf(galleryId),
    })),
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
  if (form.get("intent") === "restore-photo" || form.get("intent") === "restore-photos") {
    // One photo's own Restore button, or the boxes ticked for "Restore selected".
    const ids =
      form.get("intent") === "restore-photo"
        ? parsePhotoIds(form.get("id"))
        : parsePhotoIds(form.getAll("photoId").join(",") || null);
    if (ids === null)
      return data(
        {
          notice: form.has("photoId")
            ? "That selection could not be read; tick the photos again."
            : "Tick the photos to restore first.",
        },
        { status: 400 },
      );
    const restored = await restorePhotos(db, ids);
    if (restored === 0) return gone();
    const missing = ids.length - restored;
    return {
      notice:
        `${plural(restored, "photo", "photos")} restored, back in ${restored === 1 ? "its place" : "their places"}.` +
        (missing > 0 ? ` ${plural(missing, "was", "were")} no longer in the trash.` : ""),
    };
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
  const { shoots, photoGroups, galleries, confirmEmpty, trashed } = loaderData;
  const photoCount = photoGroups.reduce((n, group) => n + group.photos.length, 0);
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
      {shoots.length === 0 && photoCount === 0 && galleries.length === 0 ? (
        <p>The trash is empty.</p>
      ) : (
        <>
          <TrashedPhotos groups={photoGroups} />
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
                Delete {trashCounts(galleries.length, shoots.length, photoCount)}? This cannot be undone.
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
  intent: "restore" | "restore-gallery";
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

/** The form "Restore selected" sends; each photo's box, inside its group's list, belongs to it. */
const PHOTO_SELECTION_FORM = "trash-photo-selection";

type PhotoGroup = Route.ComponentProps["loaderData"]["photoGroups"][number];

/** Where a group's photos come back to: "Muhurtham, Priya & Karthik's wedding", or a shoot's title. */
function placeOf(group: PhotoGroup): string {
  return group.galleryTitle ? `${group.shootTitle}, ${group.galleryTitle}` : group.shootTitle;
}

/**
 * The trashed photos by the shoot or set they left, each with a box for "Restore selected" (one
 * form, so it works without JavaScript) and a Restore button of its own.
 */
function TrashedPhotos({ groups }: { groups: PhotoGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="trash-photos-heading" className="trash-photos-section">
      <h2 id="trash-photos-heading">Photos</h2>
      <Form method="post" id={PHOTO_SELECTION_FORM} className="trash-restore-bar">
        <CsrfField />
        <p>Tick photos to restore several at once; each comes back in its place.</p>
        <button type="submit" name="intent" value="restore-photos" className="button">
          Restore selected
        </button>
      </Form>
      {groups.map((group) => (
        <TrashedPhotoGroup key={group.shootId} group={group} />
      ))}
    </section>
  );
}

function TrashedPhotoGroup({ group }: { group: PhotoGroup }) {
  const hydrated = useHydrated();
  const listRef = useRef<HTMLUListElement>(null);
  const place = placeOf(group);
  const headingId = `trash-shoot-${group.shootId}`;
  const kind = group.inGallery ? "set" : "shoot";
  return (
    <section className="trash-group" aria-labelledby={headingId}>
      <div className="trash-group-head">
        <h3 id={headingId}>{place}</h3>
        {hydrated && group.photos.length > 1 ? (
          <SelectAllButton listRef={listRef} place={place} count={group.photos.length} />
        ) : null}
      </div>
      <p className="admin-sub">
        {group.inGallery ? "A set of a client gallery" : "A portfolio shoot"} ·{" "}
        {plural(group.photos.length, "photo", "photos")} in the trash
        {group.shootTrashed
          ? ` · the ${kind} is in the trash too: its photos show again once it is restored (under Shoots)`
          : ""}
      </p>
      <ul ref={listRef} className="trash-photos" aria-labelledby={headingId}>
        {group.photos.map((photo) => (
          <li key={photo.id}>
            <TrashedPhotoBox photo={photo} />
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="id" value={photo.id} />
              <button type="submit" name="intent" value="restore-photo" className="button">
                Restore
                <span className="visually-hidden">
                  {" "}
                  {photo.fileName} from {place}
                </span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A photo's box for "Restore selected", named by its thumbnail (the file name) or, without one, its name. */
function TrashedPhotoBox({ photo }: { photo: TrashedPhoto }) {
  return (
    <label className="trash-photo">
      <input type="checkbox" name="photoId" value={photo.id} form={PHOTO_SELECTION_FORM} />
      <span className="trash-thumb">
        <AdminThumbnail thumbnail={photo.thumbnail} alt={photo.fileName} />
      </span>
      {/* Seen beside the thumbnail; read once, as the thumbnail's alt text. */}
      <span className="trash-photo-name" aria-hidden={photo.thumbnail ? true : undefined}>
        {photo.fileName}
      </span>
    </label>
  );
}

const boxesIn = (list: HTMLElement | null) => [
  ...(list?.querySelectorAll<HTMLInputElement>("input[type=checkbox]") ?? []),
];

/** With JavaScript: ticks every box of one group (or clears them), to restore a set's photos at once. */
function SelectAllButton({
  listRef,
  place,
  count,
}: {
  listRef: RefObject<HTMLUListElement | null>;
  place: string;
  count: number;
}) {
  const [allTicked, setAllTicked] = useState(false);
  // Follows the boxes as they are ticked by hand, and after a restore takes some away (count).
  // biome-ignore lint/correctness/useExhaustiveDependencies: count changes which boxes there are.
  useEffect(() => {
    const list = listRef.current;
    const follow = () => setAllTicked(boxesIn(list).every((box) => box.checked));
    follow();
    list?.addEventListener("change", follow);
    return () => list?.removeEventListener("change", follow);
  }, [listRef, count]);
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => {
        for (const box of boxesIn(listRef.current)) box.checked = !allTicked;
        setAllTicked(!allTicked);
      }}
    >
      {allTicked ? "Clear selection" : "Select all"}
      <span className="visually-hidden"> from {place}</span>
    </button>
  );
}
