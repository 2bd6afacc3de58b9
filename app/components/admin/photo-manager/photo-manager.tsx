// A shoot's photos in the admin, built for a wedding of 3,000 to 5,000: a compact grid of
// thumbnails (only the rows on screen are in the page), selection as in a desktop photo app, a
// panel with the chosen photo's details and alt text, and actions on the whole selection. The
// order changes by dragging the selection (mouse, touch, pen; the page scrolls near its edges),
// with Alt+arrows, or with Move to start / end / before a number, which also work without a
// pointer. Before JavaScript runs the same form works a page of photos at a time, with a
// checkbox on each.
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import {
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link, useFetcher } from "react-router";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { type Placement, placedOrder } from "#domain/catalog/photo-order.ts";
import type { AdminPhoto } from "#domain/catalog/shoots.server.ts";
import { formatCaptureTime } from "#domain/catalog/studio-time.ts";
import { formatFileSize } from "#platform/bytes.ts";
import type { PhotoOrder } from "#platform/db/schema.server.ts";
import { PHOTO_ACTIONS_FETCHER } from "../action-notice.tsx";
import { AdminThumbnail } from "../admin-thumbnail.tsx";
import { CsrfField } from "../csrf-field.tsx";
import {
  clearSelection,
  clickPhoto,
  EMPTY_SELECTION,
  keepShown,
  pressKey,
  type Selection,
  selectAll,
} from "./selection.ts";

export const PHOTO_FORM_ID = "photo-actions";
/** Photos per page before JavaScript runs (each a checkbox in one form). */
export const NO_SCRIPT_PAGE_SIZE = 60;
const CELL_MIN_PX = 132;
const GAP_PX = 8;
/** The file name under each thumbnail. */
const CAPTION_PX = 24;
/** Rows drawn beyond the screen, so a fast scroll does not show blanks. */
const OVERSCAN_ROWS = 3;
/** Within this distance of the window's top or bottom a drag scrolls the page... */
const AUTOSCROLL_EDGE_PX = 72;
/** ...by up to this much a frame, faster the nearer the edge. */
const AUTOSCROLL_MAX_PX_PER_FRAME = 28;
/** A drag shorter than this is a tap. */
const DRAG_THRESHOLD_PX = 4;

/** The ways a shoot's photos can be ordered, as the studio reads them. */
const ORDER_LABELS: Record<PhotoOrder, string> = {
  manual: "By hand",
  captured: "By capture time",
  name: "By file name",
};

interface PhotoManagerProps {
  photos: AdminPhoto[];
  photoOrder: PhotoOrder;
  coverAssetId: number | null;
  /** Where the selection may move: the portfolio's other shoots, or a set's sister sets. */
  otherShoots: { id: number; title: string }[];
  /** The shoot is a client gallery's set: private, ordered for the gallery, moved between sets. */
  gallerySet: boolean;
  /** How many photos the shoot has; `photos` may be one page of them, from `pageStart`. */
  photoCount: number;
  pageStart: number;
  /** Whether `photos` is all of them (the browser fetches the rest after the first screen). */
  complete: boolean;
  /** The address of page N before JavaScript runs, when the page's own address says more than ?page (a gallery's set). */
  pageHref?: (page: number) => string;
  /**
   * A gallery's set while its guest search is on (issue 31): the photos hidden from guests, which
   * are badged, and the actions to hide or show the selection. Absent otherwise.
   */
  guestHidden?: ReadonlySet<number>;
}

/** A photo the guests never see, badged in the grid (and named so to a screen reader). */
function GuestHiddenBadge() {
  return <span className="pm-badge pm-badge--guests">Hidden from guests</span>;
}

interface Drag {
  ids: number[];
  startX: number;
  startY: number;
  x: number;
  y: number;
  moved: boolean;
  /** Where the selection would land: before the photo at this index (order.length: the end). */
  index: number;
}

/** The order to show: the server's, or what a photo action on its way will make of it. */
function pendingOrder(ids: number[], form: FormData | undefined): number[] {
  if (!form) return ids;
  const intent = form.get("intent");
  const chosen = String(form.get("photoIds") ?? "")
    .split(",")
    .map(Number);
  if (intent === "photos-trash" || intent === "photos-move") {
    const gone = new Set(chosen);
    return ids.filter((id) => !gone.has(id));
  }
  if (intent === "photos-place") {
    const before = String(form.get("before") ?? "");
    const placement: Placement = before === "start" || before === "end" ? { at: before } : { before: Number(before) };
    return placedOrder(ids, chosen, placement) ?? ids;
  }
  return ids;
}

export function PhotoManager({
  photos,
  photoOrder,
  coverAssetId,
  otherShoots,
  gallerySet,
  photoCount,
  pageStart,
  complete,
  pageHref = (page) => `?page=${page}`,
  guestHidden,
}: PhotoManagerProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: PHOTO_ACTIONS_FETCHER });
  const byId = useMemo(() => new Map(photos.map((p) => [p.id, p])), [photos]);
  const serverOrder = useMemo(() => photos.map((p) => p.id), [photos]);
  const order = useMemo(() => pendingOrder(serverOrder, fetcher.formData), [serverOrder, fetcher.formData]);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const shown = keepShown(selection, order);
  if (shown !== selection) setSelection(shown);
  const selectedIds = order.filter((id) => selection.selected.has(id));
  const single = selectedIds.length === 1 ? byId.get(selectedIds[0] as number) : undefined;
  // The selected photo, or with none selected the one the keyboard is on (there is no keyboard
  // focus before JavaScript runs).
  const detail =
    single ??
    (hydrated && selectedIds.length === 0 && selection.focus !== null ? byId.get(selection.focus) : undefined);

  const submit = (intent: string, fields: Record<string, string> = {}) => {
    const form = document.getElementById(PHOTO_FORM_ID) as HTMLFormElement | null;
    if (!form) return;
    const data = new FormData(form);
    data.set("intent", intent);
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    void fetcher.submit(data, { method: "post", preventScrollReset: true });
  };

  // A set's order is the one its client sees in their private gallery; it is never on the site.
  const gridLabel = gallerySet ? "Photos in their order in the gallery" : "Photos in their order on the site";
  const pageCount = Math.max(1, Math.ceil(photoCount / NO_SCRIPT_PAGE_SIZE));
  const pageNumber = Math.floor(pageStart / NO_SCRIPT_PAGE_SIZE) + 1;

  if (photos.length === 0) return <p>No photos yet.</p>;
  return (
    <div className="pm">
      <fetcher.Form method="post" id={PHOTO_FORM_ID} className="pm-form" preventScrollReset>
        <CsrfField />
        {/* Enter in the alt text field sets the alt text: the form's first submit button is
            the one implicit submission presses. */}
        <button type="submit" name="intent" value="photos-alt" hidden tabIndex={-1} />
        {hydrated ? <input type="hidden" name="photoIds" value={selectedIds.join(",")} /> : null}
        <div className="pm-bar">
          <p className="pm-count">
            {hydrated ? (
              <>
                <strong>{selectedIds.length}</strong> of {complete ? order.length : photoCount} selected
              </>
            ) : (
              <>Tick photos, then choose what to do with them.</>
            )}
          </p>
          {hydrated ? (
            <div className="pm-select-buttons">
              <button
                type="button"
                className="link-button"
                disabled={!complete}
                onClick={() => setSelection(selectAll(selection, order))}
              >
                Select all
              </button>
              <button
                type="button"
                className="link-button"
                disabled={selectedIds.length === 0}
                onClick={() => setSelection(clearSelection(selection))}
              >
                Clear selection
              </button>
            </div>
          ) : null}
          <div className="pm-sort">
            <label htmlFor="pm-order">Order</label>
            <select id="pm-order" name="photoOrder" defaultValue={photoOrder} key={photoOrder}>
              {Object.entries(ORDER_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <button type="submit" name="intent" value="photos-sort" className="button">
              Sort
            </button>
          </div>
          <div className="pm-actions">
            <button type="submit" name="intent" value="photos-place-start" className="button">
              Move to start
            </button>
            <button type="submit" name="intent" value="photos-place-end" className="button">
              Move to end
            </button>
            {hydrated ? (
              <PlaceBefore
                count={order.length}
                onPlace={(n) => submit("photos-place", { before: String(order[n - 1]) })}
              />
            ) : null}
            <button type="submit" name="intent" value="cover" className="button">
              Set as cover
            </button>
            {guestHidden ? (
              <>
                <button type="submit" name="intent" value="photos-guest-hide" className="button">
                  Hide from guests
                </button>
                <button type="submit" name="intent" value="photos-guest-show" className="button">
                  Show to guests
                </button>
              </>
            ) : null}
            <button type="submit" name="intent" value="photos-trash" className="button button--danger">
              Delete
            </button>
          </div>
          {otherShoots.length > 0 ? (
            <div className="pm-move">
              <label htmlFor="pm-target">{gallerySet ? "Move to set" : "Move to shoot"}</label>
              <select id="pm-target" name="targetShootId" defaultValue="">
                <option value="" disabled>
                  {gallerySet ? "Choose a set…" : "Choose a shoot…"}
                </option>
                {otherShoots.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </select>
              <button type="submit" name="intent" value="photos-move" className="button">
                Move
              </button>
            </div>
          ) : null}
        </div>

        <section className="pm-details" aria-labelledby="pm-details-heading">
          <h3 id="pm-details-heading">
            {selectedIds.length > 1
              ? `${selectedIds.length} photos selected`
              : detail
                ? detail.fileName
                : "No photo selected"}
          </h3>
          {detail && selectedIds.length <= 1 ? (
            <>
              {detail.thumbnail ? (
                <div className="pm-preview">
                  <AdminThumbnail thumbnail={detail.thumbnail} eager />
                </div>
              ) : null}
              <dl className="pm-facts">
                <dt>Photo</dt>
                <dd>
                  {order.indexOf(detail.id) + 1} of {order.length}
                  {detail.assetId === coverAssetId ? " · the cover" : ""}
                </dd>
                {detail.thumbnail ? (
                  <>
                    <dt>Size</dt>
                    <dd>
                      {detail.thumbnail.width} × {detail.thumbnail.height} px, {formatFileSize(detail.originalBytes)}
                    </dd>
                  </>
                ) : null}
                <dt>Taken</dt>
                <dd>{detail.capturedAt ? formatCaptureTime(detail.capturedAt) : "Unknown (the file does not say)"}</dd>
                <dt>State</dt>
                <dd>{detail.thumbnail ? "Ready" : "Its image files are missing (run repair-media)"}</dd>
                {guestHidden ? (
                  <>
                    <dt>Guests</dt>
                    <dd>{guestHidden.has(detail.id) ? "Hidden from guests" : "Not hidden"}</dd>
                  </>
                ) : null}
              </dl>
            </>
          ) : null}
          <div className="field pm-alt">
            <label htmlFor="pm-alt">
              Alt text
              {selectedIds.length > 1 ? ` for the ${selectedIds.length} selected photos` : ""}
            </label>
            <input
              id="pm-alt"
              key={single?.id ?? `many-${selectedIds.length}`}
              name="alt"
              type="text"
              maxLength={300}
              defaultValue={single?.alt ?? ""}
              aria-describedby="pm-alt-hint"
            />
            <p id="pm-alt-hint" className="field-hint">
              What the photo shows, for people who cannot see it. Empty: it is described by its place in the shoot.
            </p>
            <label htmlFor="pm-altTa">Alt text in Tamil (optional)</label>
            <input
              id="pm-altTa"
              key={`ta-${single?.id ?? `many-${selectedIds.length}`}`}
              name="altTa"
              type="text"
              lang="ta"
              maxLength={300}
              defaultValue={single?.altTa ?? ""}
              aria-describedby="pm-altTa-hint"
            />
            <p id="pm-altTa-hint" className="field-hint">
              The Tamil pages read it; left empty, they read the English.
            </p>
            <div className="admin-actions">
              <button type="submit" name="intent" value="photos-alt" className="button">
                Set alt text
              </button>
              <button type="submit" name="intent" value="photos-alt-clear" className="link-button">
                Clear alt text
              </button>
            </div>
          </div>
        </section>
      </fetcher.Form>

      {hydrated ? (
        <VirtualGrid
          label={gridLabel}
          order={order}
          byId={byId}
          coverAssetId={coverAssetId}
          guestHidden={guestHidden}
          selection={selection}
          onSelection={setSelection}
          onPlace={(ids, placement) =>
            submit("photos-place", {
              photoIds: ids.join(","),
              before: "before" in placement ? String(placement.before) : placement.at,
            })
          }
          onTrash={() => submit("photos-trash")}
        />
      ) : (
        <>
          <ol className="pm-plain" aria-label={gridLabel} start={pageStart + 1}>
            {photos.map((p, i) => (
              <li key={p.id} className="pm-cell">
                <label>
                  <span className="pm-thumb">
                    <AdminThumbnail thumbnail={p.thumbnail} eager={i < 12} />
                  </span>
                  <span className="pm-name">
                    <input type="checkbox" name="photoId" value={p.id} form={PHOTO_FORM_ID} />{" "}
                    <span className="pm-file">{p.fileName}</span>
                  </span>
                </label>
                {p.assetId === coverAssetId ? <span className="pm-badge">Cover</span> : null}
                {guestHidden?.has(p.id) ? <GuestHiddenBadge /> : null}
              </li>
            ))}
          </ol>
          {pageCount > 1 ? (
            <nav className="pm-pages" aria-label="Pages of photos">
              {pageNumber > 1 ? <Link to={pageHref(pageNumber - 1)}>Previous photos</Link> : null}
              <span>
                Page {pageNumber} of {pageCount}
              </span>
              {pageNumber < pageCount ? <Link to={pageHref(pageNumber + 1)}>Next photos</Link> : null}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

/** "Move before photo no. N": a way to put a selection anywhere without dragging. */
function PlaceBefore({ count, onPlace }: { count: number; onPlace: (n: number) => void }) {
  const [value, setValue] = useState("");
  const n = Number(value);
  const valid = Number.isInteger(n) && n >= 1 && n <= count;
  return (
    <span className="pm-place">
      <label htmlFor="pm-place">Before photo no.</label>
      <input
        id="pm-place"
        type="number"
        inputMode="numeric"
        min={1}
        max={count}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          if (valid) onPlace(n);
        }}
      />
      <button type="button" className="button" disabled={!valid} onClick={() => onPlace(n)}>
        Move
        <span className="visually-hidden"> the selection before that photo</span>
      </button>
    </span>
  );
}

interface VirtualGridProps {
  /** What the grid is called: where its order shows. */
  label: string;
  order: number[];
  byId: Map<number, AdminPhoto>;
  coverAssetId: number | null;
  guestHidden: ReadonlySet<number> | undefined;
  selection: Selection;
  onSelection: (s: Selection) => void;
  onPlace: (ids: number[], placement: Placement) => void;
  onTrash: () => void;
}

function VirtualGrid({
  label,
  order,
  byId,
  coverAssetId,
  guestHidden,
  selection,
  onSelection,
  onPlace,
  onTrash,
}: VirtualGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [top, setTop] = useState(0);
  const [drag, setDrag] = useState<Drag | null>(null);
  const lastPointer = useRef<string>("mouse");
  const keyboardMoved = useRef(false);

  const columns = Math.max(1, Math.floor((width + GAP_PX) / (CELL_MIN_PX + GAP_PX)));
  const cell = width > 0 ? (width - GAP_PX * (columns - 1)) / columns : CELL_MIN_PX;
  const rowHeight = cell + CAPTION_PX + GAP_PX;
  const rows = Math.ceil(order.length / columns);
  const focusIndex = selection.focus === null ? -1 : order.indexOf(selection.focus);
  const focusRow = focusIndex < 0 ? 0 : Math.floor(focusIndex / columns);

  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const measure = () => {
      setWidth(grid.clientWidth);
      setTop(grid.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(grid);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
    // The row with the keyboard's focus stays in the page, so Tab always finds it.
    rangeExtractor: useCallback(
      (range: { startIndex: number; endIndex: number; overscan: number; count: number }) => {
        const start = Math.max(0, range.startIndex - range.overscan);
        const end = Math.min(range.count - 1, range.endIndex + range.overscan);
        const indexes = Array.from({ length: end - start + 1 }, (_, i) => start + i);
        if (focusRow < range.count && !indexes.includes(focusRow)) indexes.push(focusRow);
        return indexes.sort((a, b) => a - b);
      },
      [focusRow],
    ),
  });
  // Row heights come from estimateSize, which the virtualizer caches: a new width re-measures.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowHeight is the reason to run.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  // After a key moved the focus: bring it on screen, then into the page's focus.
  useEffect(() => {
    if (!keyboardMoved.current || selection.focus === null) return;
    keyboardMoved.current = false;
    virtualizer.scrollToIndex(focusRow, { align: "auto" });
    const id = selection.focus;
    requestAnimationFrame(() => document.getElementById(`pm-photo-${id}`)?.focus({ preventScroll: true }));
  }, [selection.focus, focusRow, virtualizer]);

  const indexAt = useCallback(
    (x: number, y: number): number => {
      const grid = gridRef.current;
      if (!grid) return order.length;
      const rect = grid.getBoundingClientRect();
      const row = Math.min(rows - 1, Math.max(0, Math.floor((y - rect.top) / rowHeight)));
      const col = Math.min(columns - 1, Math.max(0, Math.floor((x - rect.left) / (cell + GAP_PX))));
      const inRight = x - rect.left - col * (cell + GAP_PX) > cell / 2;
      return Math.min(order.length, row * columns + col + (inRight ? 1 : 0));
    },
    [order.length, rows, rowHeight, columns, cell],
  );

  // A drag follows the pointer on the window (its cell may leave the page as it scrolls), scrolls
  // near the window's edges, and ends on release; Escape cancels it.
  // The drag in progress lives in a ref for the window's listeners (which stay put for the whole
  // drag) and in state for drawing; the latest order and callbacks are read through a ref too.
  const dragRef = useRef<Drag | null>(null);
  const latest = useRef({ indexAt, order, onPlace });
  latest.current = { indexAt, order, onPlace };
  const updateDrag = useCallback((next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  }, []);
  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    let frame = 0;
    const step = () => {
      const d = dragRef.current;
      if (d?.moved) {
        const fromBottom = window.innerHeight - d.y;
        let by = 0;
        if (d.y < AUTOSCROLL_EDGE_PX) by = -AUTOSCROLL_MAX_PX_PER_FRAME * (1 - d.y / AUTOSCROLL_EDGE_PX);
        else if (fromBottom < AUTOSCROLL_EDGE_PX)
          by = AUTOSCROLL_MAX_PX_PER_FRAME * (1 - fromBottom / AUTOSCROLL_EDGE_PX);
        if (by !== 0) {
          window.scrollBy(0, Math.round(by));
          const index = latest.current.indexAt(d.x, d.y);
          if (index !== d.index) updateDrag({ ...d, index });
        }
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    const move = (e: PointerEvent) => {
      const d = dragRef.current;
      if (!d) return;
      const moved = d.moved || Math.hypot(e.clientX - d.startX, e.clientY - d.startY) >= DRAG_THRESHOLD_PX;
      const index = moved ? latest.current.indexAt(e.clientX, e.clientY) : d.index;
      updateDrag({ ...d, x: e.clientX, y: e.clientY, moved, index });
    };
    const up = () => {
      const d = dragRef.current;
      updateDrag(null);
      if (!d?.moved) return;
      const before = latest.current.order[d.index];
      latest.current.onPlace(d.ids, before === undefined ? { at: "end" } : { before });
    };
    const stop = () => updateDrag(null);
    const cancel = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape") stop();
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", stop);
    window.addEventListener("keydown", cancel);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", stop);
      window.removeEventListener("keydown", cancel);
    };
  }, [dragging, updateDrag]);

  const startDrag = (id: number) => (e: ReactPointerEvent<HTMLElement>) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    let ids = order.filter((p) => selection.selected.has(p));
    if (!selection.selected.has(id)) {
      onSelection(clickPhoto(selection, order, id, {}));
      ids = [id];
    }
    updateDrag({
      ids,
      startX: e.clientX,
      startY: e.clientY,
      x: e.clientX,
      y: e.clientY,
      moved: false,
      index: order.indexOf(id),
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const toggle = e.ctrlKey || e.metaKey;
    const chosen = order.filter((id) => selection.selected.has(id));
    if (e.altKey && chosen.length > 0 && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
      // Alt+arrows move the selection one photo earlier or later.
      e.preventDefault();
      const first = order.indexOf(chosen[0] as number);
      const last = order.indexOf(chosen.at(-1) as number);
      if (e.key === "ArrowLeft" && first > 0) onPlace(chosen, { before: order[first - 1] as number });
      if (e.key === "ArrowRight" && last < order.length - 1) {
        const after = order[last + 2];
        onPlace(chosen, after === undefined ? { at: "end" } : { before: after });
      }
      return;
    }
    if ((e.key === "Delete" || e.key === "Backspace") && chosen.length > 0) {
      e.preventDefault();
      onTrash();
      return;
    }
    const next = pressKey(selection, order, e.key, { shift: e.shiftKey, toggle }, columns);
    if (!next) return;
    e.preventDefault();
    keyboardMoved.current = true;
    onSelection(next);
  };

  const items = virtualizer.getVirtualItems();
  const dropIndex = drag?.moved ? drag.index : -1;
  const tabStop = selection.focus ?? order[0];
  return (
    <>
      <p id="pm-keys" className="visually-hidden">
        Arrow keys move between photos, Space selects, Shift with arrows selects a range, Control A selects all, Alt
        with left or right arrow moves the selection, Delete moves it to the trash.
      </p>
      <div
        ref={gridRef}
        className={`pm-grid${drag?.moved ? " is-dragging" : ""}`}
        role="listbox"
        aria-multiselectable="true"
        aria-label={label}
        aria-describedby="pm-keys"
        style={{ height: rows * rowHeight }}
        onKeyDown={onKeyDown}
      >
        {items.flatMap((row) =>
          Array.from({ length: columns }, (_, col) => {
            const index = row.index * columns + col;
            const id = order[index];
            const photo = id === undefined ? undefined : byId.get(id);
            if (!photo || id === undefined) return null;
            const selected = selection.selected.has(id);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox takes the keys for every option (WAI-ARIA listbox).
              <div
                key={id}
                id={`pm-photo-${id}`}
                role="option"
                aria-selected={selected}
                aria-posinset={index + 1}
                aria-setsize={order.length}
                tabIndex={id === tabStop ? 0 : -1}
                className={`pm-cell${selected ? " is-selected" : ""}${dropIndex === index ? " is-drop-before" : ""}${
                  dropIndex === order.length && index === order.length - 1 ? " is-drop-after" : ""
                }${drag?.moved && drag.ids.includes(id) ? " is-dragged" : ""}`}
                style={{
                  width: cell,
                  height: cell + CAPTION_PX,
                  transform: `translate(${col * (cell + GAP_PX)}px, ${row.start - virtualizer.options.scrollMargin}px)`,
                }}
                onPointerDown={(e) => {
                  lastPointer.current = e.pointerType;
                }}
                // The photo the keys act on is the one with the page's focus, however it got
                // there (a screen reader, a script): otherwise Space would tick another photo.
                onFocus={() => {
                  if (selection.focus !== id) onSelection({ ...selection, focus: id });
                }}
                onClick={(e) => {
                  // The end of a drag on the handle is not a click on the photo.
                  if ((e.target as Element).closest(".pm-handle")) return;
                  // On a touch screen, once something is selected a tap adds or removes a photo.
                  const touchToggle = lastPointer.current === "touch" && selection.selected.size > 0;
                  onSelection(
                    clickPhoto(selection, order, id, {
                      shift: e.shiftKey,
                      toggle: e.ctrlKey || e.metaKey || touchToggle,
                    }),
                  );
                  e.currentTarget.focus({ preventScroll: true });
                }}
              >
                <span className="pm-thumb">
                  <AdminThumbnail thumbnail={photo.thumbnail} eager={index < columns * 4} />
                </span>
                <span className="pm-name">
                  <span className="pm-number">{index + 1}</span> <span className="pm-file">{photo.fileName}</span>
                </span>
                {photo.assetId === coverAssetId ? <span className="pm-badge">Cover</span> : null}
                {guestHidden?.has(id) ? <GuestHiddenBadge /> : null}
                {/* The pointer's way to move the selection; keyboards use Alt+arrows. */}
                <span className="pm-handle" aria-hidden="true" title="Drag to move" onPointerDown={startDrag(id)}>
                  ⠿
                </span>
              </div>
            );
          }),
        )}
      </div>
    </>
  );
}
