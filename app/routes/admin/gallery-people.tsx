// /admin/galleries/:id/people: the gallery's faces grouped by person (issue 31), the most
// photographed first, each shown by their clearest face and how many photos they are in; one
// person (?person=<one of their faces' ids>) shows every photo of them, from which the studio
// makes a selection list of its own ("Grandmother", for the album), exported like any list.
// Faces exist once guest search has searched the open sets' photos. Only the studio sees this;
// every form works without JavaScript.
import { useMemo } from "react";
import { data, Form, Link, redirect } from "react-router";
import { type ActionAnswer, ActionNotice, useLatestAnswer } from "#app/components/admin/action-notice.tsx";
import { AdminThumbnail } from "#app/components/admin/admin-thumbnail.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { ListNameField } from "#app/components/admin/list-name-field.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { idParam, requireIdParam } from "#app/utils/id-param.ts";
import { findPerson, galleryPeople, personPhotos } from "#domain/faces/people-view.server.ts";
import { readGallery } from "#domain/galleries/galleries.server.ts";
import { pickThumbnails } from "#domain/galleries/selection-review.server.ts";
import { createStudioList, LIST_NAME_MAX_CHARS, LISTS_PER_VISITOR_MAX } from "#domain/galleries/selections.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/gallery-people";
import { photosText } from "./gallery-edit/answer.ts";
import { workspaceHref } from "./gallery-edit/panels.ts";

const NO_GALLERY = "There is no such gallery.";
const NO_PERSON = "There is no such person in this gallery: their photos may have been deleted or searched again.";
/** People a page, and a person's photos a page: a wedding has hundreds of faces. */
export const PEOPLE_PER_PAGE = 60;
export const PERSON_PHOTOS_PER_PAGE = 60;
/** Face crops and thumbnails loaded at once, about the first row at 1440 px; the rest lazily. */
const FIRST_ROW = 8;

async function galleryOf(param: string) {
  const gallery = await readGallery(getDb(), requireIdParam(param, NO_GALLERY));
  if (!gallery) throw data(NO_GALLERY, { status: 404 });
  return gallery;
}

/** The page the address asks for, within 1 and the last. */
function pageOf(search: URLSearchParams, pages: number): number {
  const asked = Number(search.get("page"));
  return Number.isSafeInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
}

function paged<T>(items: T[], search: URLSearchParams, perPage: number) {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const page = pageOf(search, pages);
  return { page, pages, items: items.slice((page - 1) * perPage, page * perPage) };
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const gallery = await galleryOf(params.id);
  const search = new URL(request.url).searchParams;
  const people = await galleryPeople(db, gallery.id);
  const common = { gallery: { id: gallery.id, title: gallery.title, guestSearch: gallery.guests.search } };
  const asked = search.get("person");
  if (asked === null) {
    const { items, ...pages } = paged(people, search, PEOPLE_PER_PAGE);
    return {
      ...common,
      view: {
        kind: "people" as const,
        total: people.length,
        ...pages,
        people: items.map((p, i) => ({
          faceId: p.faceId,
          rank: (pages.page - 1) * PEOPLE_PER_PAGE + i + 1,
          photos: p.photoIds.length,
        })),
      },
    };
  }
  const faceId = idParam(asked);
  const found = faceId === null ? null : findPerson(people, faceId);
  if (!found) throw data(NO_PERSON, { status: 404 });
  const labels = await personPhotos(db, gallery.id, found.person);
  const { items, ...pages } = paged(labels, search, PERSON_PHOTOS_PER_PAGE);
  const thumbnails = await pickThumbnails(
    db,
    items.map((p) => p.assetId),
  );
  return {
    ...common,
    view: {
      kind: "person" as const,
      faceId: found.person.faceId,
      rank: found.rank,
      total: labels.length,
      ...pages,
      photos: items.map((p) => ({
        photoId: p.photoId,
        fileName: p.fileName,
        setTitle: p.setTitle,
        thumbnail: thumbnails.get(p.assetId) ?? null,
      })),
    },
  };
}

/** The action's answer to a list it could not make: what to correct and what was typed. */
type MakeAnswer = ActionAnswer & { nameError?: string; name: string };

export async function action({ params, request, context }: Route.ActionArgs) {
  const db = getDb();
  const gallery = await galleryOf(params.id);
  const form = (await readAdminForm(request, context)).form;
  const faceId = idParam(String(form.get("person") ?? ""));
  if (form.get("intent") !== "person-list" || faceId === null) throw data("Unknown action.", { status: 400 });
  const found = findPerson(await galleryPeople(db, gallery.id), faceId);
  if (!found) throw data(NO_PERSON, { status: 404 });
  const name = String(form.get("name") ?? "");
  const made = await createStudioList(db, gallery.id, name, found.person.photoIds, { from: "gallery" });
  if (made.ok) return redirect(`/admin/galleries/${gallery.id}/selections?a=${made.listId}&made`);
  const nameError =
    made.error === "name"
      ? `Give the list a name of up to ${LIST_NAME_MAX_CHARS} characters.`
      : made.error === "taken"
        ? `The studio already has a list called “${name.trim()}”: give this one another name.`
        : made.error === "too-many"
          ? `The studio has ${LISTS_PER_VISITOR_MAX} lists in this gallery, the most it can have.`
          : undefined;
  const notice = nameError ?? "Some of these photos changed meanwhile: look again, and make the list once more.";
  return data<MakeAnswer>({ notice, nameError, name }, { status: 400 });
}

const faceSrc = (galleryId: number, faceId: number) => `/admin/galleries/${galleryId}/faces/${faceId}.webp`;

export default function GalleryPeople({ loaderData, actionData }: Route.ComponentProps) {
  const { gallery, view } = loaderData;
  const answer = actionData as MakeAnswer | undefined;
  const [notice, dismiss] = useLatestAnswer(answer);
  const base = `/admin/galleries/${gallery.id}/people`;
  return (
    <>
      <p>
        <Link to={workspaceHref(gallery.id, { panel: "guests" })}>← {gallery.title}: Guests</Link>
      </p>
      <h1>People in {gallery.title}</h1>
      {view.kind === "people" ? (
        <>
          <p className="admin-sub">
            Faces found by guest search, grouped by person, the most photographed first. Open a person to see every
            photo of them and make a selection list of them.
          </p>
          {view.total === 0 ? (
            <p>
              {gallery.guestSearch
                ? "No faces found yet: the open sets' photos are searched in the background."
                : "No faces: guest search is off. Turn it on in the Guests panel to search the photos for faces."}
            </p>
          ) : (
            <>
              <ul className="people-grid" aria-label="People">
                {view.people.map((person, i) => (
                  <li key={person.faceId}>
                    <Link to={`${base}?person=${person.faceId}`}>
                      <img
                        className="people-face"
                        src={faceSrc(gallery.id, person.faceId)}
                        alt=""
                        width={96}
                        height={96}
                        loading={i < FIRST_ROW ? "eager" : "lazy"}
                        decoding="async"
                      />
                      <span>
                        Person {person.rank}: {photosText(person.photos)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              <Pages page={view.page} pages={view.pages} base={base} label="Pages of people" />
            </>
          )}
        </>
      ) : (
        <Person galleryId={gallery.id} view={view} answer={answer} base={base} />
      )}
      <ActionNotice answer={notice} onDismiss={dismiss} />
    </>
  );
}

type PersonView = Extract<Route.ComponentProps["loaderData"]["view"], { kind: "person" }>;

function Person({
  galleryId,
  view,
  answer,
  base,
}: {
  galleryId: number;
  view: PersonView;
  answer: MakeAnswer | undefined;
  base: string;
}) {
  const heading = `Person ${view.rank}`;
  const pageBase = useMemo(() => `${base}?person=${view.faceId}`, [base, view.faceId]);
  return (
    <section aria-labelledby="person-heading" className="admin-panel">
      <p>
        <Link to={base}>All people</Link>
      </p>
      <div className="people-person">
        <img className="people-face" src={faceSrc(galleryId, view.faceId)} alt="" width={96} height={96} />
        <h2 id="person-heading">
          {heading} <span className="admin-sub">({photosText(view.total)})</span>
        </h2>
      </div>
      <Form method="post" className="picks-make" aria-labelledby="person-make-heading">
        <h3 id="person-make-heading">Make a selection list of these photos</h3>
        <p className="field-hint">
          A list of the studio's own, with its CSV, Lightroom file names and ZIP of the originals. The clients do not
          see it.
        </p>
        <CsrfField />
        <input type="hidden" name="person" value={view.faceId} />
        <ListNameField id="person-list-name" error={answer?.nameError} value={answer?.name ?? heading} />
        <div className="admin-actions">
          <button type="submit" name="intent" value="person-list" className="button">
            Make a list of the {photosText(view.total)}
          </button>
        </div>
      </Form>
      <ul className="picks-grid" aria-label={`Photos of ${heading}`}>
        {view.photos.map((photo, i) => (
          <li key={photo.photoId} className="picks-cell">
            <span className="pm-thumb">
              <AdminThumbnail thumbnail={photo.thumbnail} eager={i < FIRST_ROW} />
            </span>
            <span className="picks-name">{photo.fileName}</span>
            <span className="picks-set">{photo.setTitle}</span>
          </li>
        ))}
      </ul>
      <Pages page={view.page} pages={view.pages} base={pageBase} label={`Pages of ${heading}'s photos`} />
    </section>
  );
}

function Pages({ page, pages, base, label }: { page: number; pages: number; base: string; label: string }) {
  if (pages <= 1) return null;
  const to = (n: number) => `${base}${base.includes("?") ? "&" : "?"}page=${n}`;
  return (
    <nav className="pm-pages" aria-label={label}>
      {page > 1 ? <Link to={to(page - 1)}>Previous</Link> : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={to(page + 1)}>Next</Link> : null}
    </nav>
  );
}
