// The gallery's sets in the client's order, down the side of its workspace: each links to its
// photos (?set=ID, the selected one marked), is renamed in place (a disclosure with the title's
// field, which works without JavaScript), moved a place earlier or later (the keyboard's and the
// no-script way) or dragged by its handle to any place, and deleted; a new one is added at the foot.
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useRouteLoaderData } from "react-router";
import { AUTHED_ROUTE_ID, CsrfField } from "#app/components/admin/csrf-field.tsx";
import { MoveButtons } from "#app/components/admin/move-buttons.tsx";
import { TitleFields } from "#app/components/admin/title-fields.tsx";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { CSRF_FIELD_NAME } from "#domain/auth/shared.ts";
import { placedOrder } from "#domain/catalog/photo-order.ts";
import type { GallerySetRow } from "#domain/galleries/gallery-sets.server.ts";
import { type Answer, type Mistakes, photosText, useClearedAfterSave } from "./answer.ts";
import { workspaceHref } from "./panels.ts";

/** The fetcher a dragged set's new place goes through (its answer joins the page's notice). */
export const SET_ORDER_FETCHER = "set-order";
/** A press that moves less than this is not a drag. */
const DRAG_THRESHOLD_PX = 4;

interface Drag {
  id: number;
  startY: number;
  moved: boolean;
  /** Where it would land among the other sets (0: first). */
  index: number;
}

export function SetsSection({
  galleryId,
  sets,
  selected,
  mistakes,
  answer,
}: {
  galleryId: number;
  sets: GallerySetRow[];
  /** The set whose photos are shown (or would be, with a panel open). */
  selected: number | null;
  mistakes: Mistakes;
  /** The page's last answer: a form here is emptied or closed after its own save only. */
  answer: Answer | undefined;
}) {
  const hydrated = useHydrated();
  const order = useFetcher<Answer>({ key: SET_ORDER_FETCHER });
  const list = useRef<HTMLOListElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const addForm = useClearedAfterSave(answer, "set-add");
  const added = mistakes("set-add");
  const csrf = useRouteLoaderData<{ csrf: string }>(AUTHED_ROUTE_ID)?.csrf ?? "";

  // While a dragged set's new place is on its way, the list shows it there already.
  const pending = order.formData;
  const ids = sets.map((s) => s.id);
  const pendingIds =
    pending?.get("intent") === "set-place"
      ? placed(ids, Number(pending.get("setId")), Number(pending.get("index")))
      : ids;
  const byId = new Map(sets.map((s) => [s.id, s]));
  const shown = pendingIds.flatMap((id) => byId.get(id) ?? []);

  /** Where among the other sets the pointer at `y` would put the dragged one. */
  const indexAt = (id: number, y: number) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>(":scope > li") ?? [])].filter(
      (li) => li.dataset.setId !== String(id),
    );
    return items.filter((li) => {
      const box = li.getBoundingClientRect();
      return box.top + box.height / 2 < y;
    }).length;
  };

  const startDrag = (id: number) => (event: ReactPointerEvent<HTMLElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ id, startY: event.clientY, moved: false, index: shown.findIndex((s) => s.id === id) });
  };
  const moveDrag = (event: ReactPointerEvent<HTMLElement>) => {
    if (!drag) return;
    const moved = drag.moved || Math.abs(event.clientY - drag.startY) >= DRAG_THRESHOLD_PX;
    setDrag({ ...drag, moved, index: moved ? indexAt(drag.id, event.clientY) : drag.index });
  };
  const endDrag = () => {
    const done = drag;
    setDrag(null);
    if (!done?.moved || done.index === shown.findIndex((s) => s.id === done.id)) return;
    const data = new FormData();
    data.set(CSRF_FIELD_NAME, csrf);
    data.set("intent", "set-place");
    data.set("setId", String(done.id));
    data.set("index", String(done.index));
    void order.submit(data, { method: "post", preventScrollReset: true });
  };
  useEffect(() => {
    if (!drag) return;
    const cancel = (e: KeyboardEvent) => {
      if (e.key === "Escape") setDrag(null);
    };
    window.addEventListener("keydown", cancel);
    return () => window.removeEventListener("keydown", cancel);
  }, [drag]);

  // Where the dragged set would land, drawn as a line before that row (or after the last).
  const others = drag?.moved ? shown.filter((s) => s.id !== drag.id) : [];
  const dropBefore = drag?.moved ? others[drag.index]?.id : undefined;
  const dropAtEnd = drag?.moved === true && drag.index >= others.length;

  return (
    <section aria-labelledby="sets-heading" className="gw-sets">
      <h2 id="sets-heading">Sets</h2>
      <p className="admin-sub">
        One per function (nichayathartham, muhurtham, reception…), in the order the client sees them.
        {hydrated ? " Drag a set by its handle to move it." : ""}
      </p>
      {sets.length === 0 ? <p>No sets yet: add one, then upload its photos.</p> : null}
      <ol ref={list} className="gw-set-list">
        {shown.map((set, index) => (
          <li
            key={set.id}
            data-set-id={set.id}
            className={[
              drag?.moved && drag.id === set.id ? "is-dragged" : "",
              dropBefore === set.id ? "is-drop-before" : "",
              dropAtEnd && index === shown.length - 1 ? "is-drop-after" : "",
            ]
              .filter(Boolean)
              .join(" ")}
          >
            <div className="gw-set-head">
              {hydrated ? (
                // The pointer's way to move a set; the Move buttons below are the keyboard's.
                <span
                  className="gw-set-handle"
                  aria-hidden="true"
                  title="Drag to move"
                  onPointerDown={startDrag(set.id)}
                  onPointerMove={moveDrag}
                  onPointerUp={endDrag}
                  onPointerCancel={() => setDrag(null)}
                >
                  ⠿
                </span>
              ) : null}
              <Link
                to={workspaceHref(galleryId, { set: set.id })}
                className="gw-set-link"
                aria-current={set.id === selected ? "page" : undefined}
              >
                <span className="gw-set-title">{set.title}</span>{" "}
                <span className="admin-sub">({photosText(set.photoCount)})</span>
              </Link>
            </div>
            <SetRename set={set} mistakes={mistakes} answer={answer} />
            <MoveButtons id={set.id} index={index} count={shown.length} itemLabel={set.title}>
              <input type="hidden" name="setId" value={set.id} />
              <button type="submit" name="intent" value="set-trash" className="button button--danger">
                Delete<span className="visually-hidden"> {set.title}</span>
              </button>
            </MoveButtons>
          </li>
        ))}
      </ol>
      <Form ref={addForm} method="post" className="admin-form gw-set-add" noValidate preventScrollReset>
        <CsrfField />
        <TitleFields
          id="new-set-title"
          labels={{ title: "New set's title", titleTa: "Tamil title of the new set (optional)" }}
          placeholder="Muhurtham"
          values={{ title: added?.values?.title ?? "", titleTa: added?.values?.titleTa ?? "" }}
          errors={added?.errors}
        />
        <button type="submit" name="intent" value="set-add" className="button">
          Add set
        </button>
      </Form>
    </section>
  );
}

/** The order with `id` at `index` among the others, as the server will store it. */
function placed(ids: number[], id: number, index: number): number[] {
  const others = ids.filter((i) => i !== id);
  const before = others[index];
  return placedOrder(ids, [id], before === undefined ? { at: "end" } : { before }) ?? ids;
}

/**
 * A set's title, renamed in place: a disclosure holding its field, open again with the mistake
 * when the title is refused, closed once it is saved.
 */
function SetRename({ set, mistakes, answer }: { set: GallerySetRow; mistakes: Mistakes; answer: Answer | undefined }) {
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);
  const rename = mistakes("set-rename", set.id);
  useEffect(() => {
    if (answer?.form === "set-rename" && answer.setId === set.id && !answer.errors && details.current)
      details.current.open = false;
  }, [answer, set.id]);
  return (
    <details ref={details} className="gw-set-rename" open={rename?.errors ? true : undefined}>
      <summary>
        Rename<span className="visually-hidden"> {set.title}</span>
      </summary>
      <Form method="post" className="admin-form" noValidate preventScrollReset>
        <CsrfField />
        <input type="hidden" name="setId" value={set.id} />
        <TitleFields
          id={`set-${set.id}-title`}
          labels={{ title: `New title for ${set.title}`, titleTa: `Title in Tamil for ${set.title} (optional)` }}
          values={{ title: rename?.values?.title ?? set.title, titleTa: rename?.values?.titleTa ?? set.titleTa ?? "" }}
          errors={rename?.errors}
        />
        <div className="admin-actions">
          <button type="submit" name="intent" value="set-rename" className="button">
            Save<span className="visually-hidden"> the title of {set.title}</span>
          </button>
          {hydrated ? (
            <button
              type="button"
              className="button button--quiet"
              onClick={(event) => {
                event.currentTarget.form?.reset();
                if (details.current) details.current.open = false;
              }}
            >
              Cancel<span className="visually-hidden"> renaming {set.title}</span>
            </button>
          ) : null}
        </div>
      </Form>
    </details>
  );
}
