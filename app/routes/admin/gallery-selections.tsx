// The studio's review of a client gallery's picks (issue 30): each selection list's photos as
// thumbnails, with how many people hearted each and the notes they left (?a=list); two lists
// side by side (?a=&b=, the bride's and her mother's): the photos in both and those in only
// one; and from them a list of the studio's own ("Album, final"), made of the photos in both, in
// either, or those checked, which then has its exports like any list. Choosing lists is a plain
// GET form and making one a POST with the CSRF token, so all of it works without JavaScript.
// A list of another gallery is no list here (404): one address never mixes two galleries.
import { useMemo } from "react";
import { data, Form, Link, redirect } from "react-router";
import { type ActionAnswer, ActionNotice, useLatestAnswer } from "#app/components/admin/action-notice.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { ListNameField } from "#app/components/admin/list-name-field.tsx";
import { StudioTime } from "#app/components/admin/studio-time.tsx";
import { Field } from "#app/components/field.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { idParam, requireIdParam } from "#app/utils/id-param.ts";
import { readGallery } from "#domain/galleries/galleries.server.ts";
import {
  comparePicks,
  listFromPicks,
  PICKS_SCOPES,
  type PicksScope,
  readSelectionLists,
  type SelectionListRow,
} from "#domain/galleries/selection-review.server.ts";
import {
  LIST_NAME_MAX_CHARS,
  LISTS_PER_VISITOR_MAX,
  nameKey,
  type StudioListRefusal,
} from "#domain/galleries/selections.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import type { Route } from "./+types/gallery-selections";
import { ListExports, whoseList } from "./gallery-edit/list-exports.tsx";
import { type Pick, showPicks } from "./gallery-selections/picks.server.ts";
import type { PicksPage } from "./gallery-selections/picks.ts";
import { PicksGroup } from "./gallery-selections/picks-group.tsx";

const NO_GALLERY = "There is no such gallery.";
const NO_LIST = "There is no such selection list in this gallery.";
/** What the studio's list is called unless it says otherwise (a number after it when taken). */
const STUDIO_LIST_NAME = "Album, final";
/** Thumbnails loaded at once, about the first row at 1440 px: one list across the page, or a comparison's narrow columns. */
const FIRST_ROW_ONE_LIST = 8;
const FIRST_ROW_COMPARED = 3;
/** The form the comparison's checkboxes belong to. */
const MAKE_LIST_FORM = "make-list";

async function galleryOf(param: string) {
  const gallery = await readGallery(getDb(), requireIdParam(param, NO_GALLERY));
  if (!gallery) throw data(NO_GALLERY, { status: 404 });
  return gallery;
}

/** A list's id from the address: absent is null; anything but an id is no list (404). */
function listParam(search: URLSearchParams, name: string): number | null {
  const value = search.get(name);
  if (value === null || value === "") return null;
  const id = idParam(value);
  if (id === null) throw data(NO_LIST, { status: 404 });
  return id;
}

function summaryOf(list: SelectionListRow) {
  return {
    id: list.id,
    name: list.name,
    visitorName: list.visitorName,
    byStudio: list.byStudio,
    submittedAt: list.submittedAt,
    count: list.items.length,
  };
}

/** The studio's default name for a new list, numbered after any it already has of that name. */
function suggestedName(lists: SelectionListRow[]): string {
  const taken = new Set(lists.filter((l) => l.byStudio).map((l) => nameKey(l.name)));
  let name = STUDIO_LIST_NAME;
  for (let n = 2; taken.has(nameKey(name)); n++) name = `${STUDIO_LIST_NAME} ${n}`;
  return name;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const gallery = await galleryOf(params.id);
  const search = new URL(request.url).searchParams;
  const a = listParam(search, "a");
  const b = a === null ? null : listParam(search, "b");
  const lists = await readSelectionLists(db, gallery.id);
  const common = {
    gallery: { id: gallery.id, title: gallery.title },
    lists: lists.map(summaryOf),
    suggestedName: suggestedName(lists),
    made: search.has("made"),
  };
  if (a !== null && b !== null) {
    const comparison = await comparePicks(db, gallery.id, a, b);
    if (!comparison) throw data(NO_LIST, { status: 404 });
    // Each person's note under the photo, by name; by list when both lists are one person's.
    const samePerson = comparison.a.visitorName === comparison.b.visitorName;
    const who = (list: SelectionListRow) => (samePerson ? whoseList(list) : list.visitorName);
    const picks = (photos: typeof comparison.both): Pick[] =>
      photos.map(({ noteA, noteB, ...photo }) => ({
        ...photo,
        notes: [
          { who: who(comparison.a), text: noteA ?? "" },
          { who: who(comparison.b), text: noteB ?? "" },
        ].filter((n) => n.text.trim() !== ""),
      }));
    const [both, onlyA, onlyB] = await showPicks(
      db,
      gallery.id,
      [
        { key: "both", picks: picks(comparison.both) },
        { key: "onlyA", picks: picks(comparison.onlyA) },
        { key: "onlyB", picks: picks(comparison.onlyB) },
      ],
      search,
    );
    const view = {
      kind: "compare" as const,
      a: summaryOf(comparison.a),
      b: summaryOf(comparison.b),
      // Whole counts for the make-list buttons, whatever page each group shows.
      eitherCount: comparison.both.length + comparison.onlyA.length + comparison.onlyB.length,
      groups: { both, onlyA, onlyB } as Record<"both" | "onlyA" | "onlyB", PicksPage>,
    };
    return { ...common, view };
  }
  if (a !== null) {
    const list = lists.find((l) => l.id === a);
    if (!list) throw data(NO_LIST, { status: 404 });
    const picks = list.items.map(({ comment, ...item }) => ({
      ...item,
      notes: comment.trim() === "" ? [] : [{ who: list.visitorName, text: comment }],
    }));
    const [group] = await showPicks(db, gallery.id, [{ key: "list", picks }], search);
    return { ...common, view: { kind: "list" as const, list: summaryOf(list), group: group as PicksPage } };
  }
  return { ...common, view: null };
}

/** The action's answer to a list it could not make: what to correct, and what was typed and checked. */
type MakeAnswer = ActionAnswer & { nameError?: string; name: string; checked: number[] };

function refusalText(error: StudioListRefusal, scope: PicksScope, name: string): string {
  switch (error) {
    case "name":
      return `Give the list a name of up to ${LIST_NAME_MAX_CHARS} characters.`;
    case "taken":
      return `The studio already has a list called “${name.trim()}”: give this one another name.`;
    case "too-many":
      return `The studio has ${LISTS_PER_VISITOR_MAX} lists in this gallery, the most it can have.`;
    case "empty":
      return scope === "checked"
        ? "Check the photos to put in the list first."
        : scope === "both"
          ? "No photo is in both lists: there is nothing to make a list of."
          : "Both lists are empty: there is nothing to make a list of.";
    case "not-picked":
    case "not-in-gallery":
      return "Some of those photos are no longer in these lists: look again, and make the list once more.";
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const gallery = await galleryOf(params.id);
  const form = (await readAdminForm(request, context)).form;
  const scope = PICKS_SCOPES.find((s) => s === form.get("from"));
  const a = idParam(String(form.get("a") ?? ""));
  const b = idParam(String(form.get("b") ?? ""));
  if (!scope || a === null || b === null) throw data("Unknown action.", { status: 400 });
  const name = String(form.get("name") ?? "");
  const checked = form.getAll("photoId").flatMap((v) => idParam(String(v)) ?? []);
  const made = await listFromPicks(getDb(), gallery.id, { a, b, scope, checked, name });
  if (made.ok) return redirect(`/admin/galleries/${gallery.id}/selections?a=${made.listId}&made`);
  if (made.error === "no-list") throw data(NO_LIST, { status: 404 });
  const notice = refusalText(made.error, scope, name);
  const aboutName = made.error === "name" || made.error === "taken" || made.error === "too-many";
  return data<MakeAnswer>({ notice, nameError: aboutName ? notice : undefined, name, checked }, { status: 400 });
}

type Summary = ReturnType<typeof summaryOf>;

function ListState({ list }: { list: Summary }) {
  return (
    <>
      {list.count} {list.count === 1 ? "photo" : "photos"}
      {" · "}
      {list.byStudio ? (
        "made by the studio"
      ) : list.submittedAt ? (
        <>
          submitted <StudioTime iso={list.submittedAt} />
        </>
      ) : (
        "not submitted yet"
      )}
    </>
  );
}

export default function GallerySelections({ loaderData, actionData }: Route.ComponentProps) {
  const { gallery, lists, view } = loaderData;
  const answer = actionData as MakeAnswer | undefined;
  const madeAnswer = useMemo(
    () =>
      loaderData.made && view?.kind === "list"
        ? { notice: `List “${view.list.name}” made with ${view.list.count} photos: its exports are below.` }
        : undefined,
    [loaderData.made, view],
  );
  const [notice, dismiss] = useLatestAnswer(answer, madeAnswer);
  const base = `/admin/galleries/${gallery.id}/selections`;
  const chosenA = view?.kind === "compare" ? view.a.id : view?.kind === "list" ? view.list.id : lists[0]?.id;
  const chosenB = view?.kind === "compare" ? view.b.id : lists.find((l) => l.id !== chosenA)?.id;
  return (
    <>
      <p>
        <Link to={`/admin/galleries/${gallery.id}?panel=selections`}>← {gallery.title}</Link>
      </p>
      <h1>Selections of {gallery.title}</h1>
      {lists.length === 0 ? (
        <p>No selection lists yet.</p>
      ) : (
        <section aria-labelledby="picks-lists-heading" className="admin-panel">
          <h2 id="picks-lists-heading">Lists</h2>
          <ul className="picks-lists">
            {lists.map((list) => (
              <li key={list.id}>
                <Link
                  to={`${base}?a=${list.id}`}
                  aria-current={view?.kind === "list" && view.list.id === list.id ? "page" : undefined}
                >
                  {whoseList(list)}
                </Link>{" "}
                <span className="admin-sub">
                  <ListState list={list} />
                </span>
              </li>
            ))}
          </ul>
          {lists.length > 1 ? (
            // Keyed by the lists it shows chosen: after a navigation it starts from those again.
            <Form method="get" action={base} className="picks-compare-form" id="compare" key={`${chosenA}-${chosenB}`}>
              <ListChoice name="a" label="List" lists={lists} chosen={chosenA} />
              <ListChoice name="b" label="Compare with" lists={lists} chosen={chosenB} />
              <button type="submit" className="button">
                Compare
              </button>
            </Form>
          ) : null}
        </section>
      )}
      {view?.kind === "list" ? (
        <section aria-labelledby="picks-list-heading" className="admin-panel" id="picks-list">
          <h2 id="picks-list-heading">{whoseList(view.list)}</h2>
          <p>
            <ListState list={view.list} />
          </p>
          <div className="admin-actions">
            <ListExports galleryId={gallery.id} list={view.list} />
          </div>
          <PicksGroup group={view.group} label={whoseList(view.list)} eager={FIRST_ROW_ONE_LIST} />
        </section>
      ) : null}
      {view?.kind === "compare" ? (
        <Comparison view={view} answer={answer} suggestedName={loaderData.suggestedName} />
      ) : null}
      <ActionNotice answer={notice} onDismiss={dismiss} />
    </>
  );
}

type CompareView = Extract<Route.ComponentProps["loaderData"]["view"], { kind: "compare" }>;

function Comparison({
  view,
  answer,
  suggestedName,
}: {
  view: CompareView;
  answer: MakeAnswer | undefined;
  suggestedName: string;
}) {
  const checked = useMemo(() => new Set(answer?.checked ?? []), [answer]);
  const check = { form: MAKE_LIST_FORM, checked };
  const groups = [
    { key: "both", label: "In both", group: view.groups.both },
    { key: "onlyA", label: `Only in ${whoseList(view.a)}`, group: view.groups.onlyA },
    { key: "onlyB", label: `Only in ${whoseList(view.b)}`, group: view.groups.onlyB },
  ] as const;
  return (
    <section aria-labelledby="picks-compare-heading" className="admin-panel">
      <h2 id="picks-compare-heading">
        {whoseList(view.a)} and {whoseList(view.b)}
      </h2>
      <Form method="post" id={MAKE_LIST_FORM} className="picks-make" aria-labelledby="picks-make-heading">
        <h3 id="picks-make-heading">Make a list of the studio's own</h3>
        <p className="field-hint">
          It has its CSV, Lightroom file names and ZIP of the originals like the clients' lists. The clients do not see
          it.
        </p>
        <CsrfField />
        <input type="hidden" name="a" value={view.a.id} />
        <input type="hidden" name="b" value={view.b.id} />
        <ListNameField id="picks-make-name" error={answer?.nameError} value={answer?.name ?? suggestedName} />
        <div className="admin-actions">
          <button type="submit" name="from" value="both" className="button">
            Make it from the {view.groups.both.total} in both
          </button>
          <button type="submit" name="from" value="either" className="button">
            From all {view.eitherCount} in either
          </button>
          <button type="submit" name="from" value="checked" className="button">
            From the photos checked below
          </button>
        </div>
      </Form>
      <div className="picks-columns">
        {groups.map(({ key, label, group }) => (
          <section key={key} aria-labelledby={`picks-${key}-heading`} className="picks-group" id={`picks-${key}`}>
            <h3 id={`picks-${key}-heading`}>
              {label} <span className="picks-count">({group.total})</span>
            </h3>
            <PicksGroup group={group} label={label} eager={FIRST_ROW_COMPARED} check={check} />
          </section>
        ))}
      </div>
    </section>
  );
}

/** One of the gallery's lists, chosen to compare: whose it is and its count. */
function ListChoice({
  name,
  label,
  lists,
  chosen,
}: {
  name: "a" | "b";
  label: string;
  lists: { id: number; name: string; visitorName: string; count: number }[];
  chosen: number | undefined;
}) {
  return (
    <Field id={`compare-${name}`} label={label}>
      {(control) => (
        <select {...control} name={name} defaultValue={chosen}>
          {lists.map((list) => (
            <option key={list.id} value={list.id}>
              {whoseList(list)} ({list.count})
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
