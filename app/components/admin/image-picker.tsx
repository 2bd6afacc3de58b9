// The visual image picker: a button that opens a modal <dialog> of thumbnails grouped by shoot,
// with a search box. The images come a page at a time from GET /admin/images (a studio may
// hold 20,000), when the dialog opens, as the search changes and on "Show more". Choosing one
// hands it to the field (which keeps the form's value) and closes the dialog; focus goes back
// to the button. The field shows it only after hydration: before that, its <select> works.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Picture } from "#app/components/picture.tsx";
import { groupsOf, IMAGE_PAGES_PATH, type ImagePage, type ImagePageItem } from "#domain/catalog/image-picker.ts";
import { MAX_QUERY_LENGTH } from "#domain/catalog/search-limits.ts";

/** Typing pauses this long before the search is sent: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Thumbnails are drawn about this wide (the grid's columns): the 320 px variant at 2x. */
const THUMBNAIL_SIZES = "8rem";

export interface ImagePickerProps {
  /** What is being chosen ("Logo", "Cover photo of Wedding"): the dialog's heading and the button's name. */
  label: string;
  /** The opening button's visible text. */
  openText?: string;
  /** The asset chosen now (with `galleryId`, the photo). */
  chosenId: number | null;
  /** Only this collection's photos. */
  collectionId?: number;
  /**
   * Only this client gallery's own photos, grouped by set; each is chosen by its photo id
   * (`item.photoId`). The studio-wide choice never lists a gallery's photos.
   */
  galleryId?: number;
  /** Ids of what describes the opening button (the current choice, an error). */
  describedBy?: string;
  onChoose(item: ImagePageItem): void;
}

export function ImagePicker({
  label,
  openText = "Choose from the studio's images…",
  chosenId,
  collectionId,
  galleryId,
  describedBy,
  onChoose,
}: ImagePickerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const searchId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  // The pages shown so far, for the search they answered.
  const [shown, setShown] = useState<ImagePage | null>(null);
  const fetcher = useFetcher<ImagePage>();
  const loadFetcher = useRef(fetcher.load);
  loadFetcher.current = fetcher.load;
  // The search last asked for: an answer for any other is stale.
  const asked = useRef<string | null>(null);
  // After "Show more": the index of the first new thumbnail, which takes focus when it arrives
  // (the button itself goes when the last page is in).
  const focusFrom = useRef<number | null>(null);

  const load = useCallback(
    (q: string, offset: number) => {
      asked.current = q.trim();
      const params = new URLSearchParams({ q: q.trim(), offset: String(offset) });
      if (collectionId !== undefined) params.set("collection", String(collectionId));
      if (galleryId !== undefined) params.set("gallery", String(galleryId));
      loadFetcher.current(`${IMAGE_PAGES_PATH}?${params}`);
    },
    [collectionId, galleryId],
  );

  // A changed search is sent once typing pauses.
  useEffect(() => {
    if (!open || query.trim() === asked.current) return;
    const timer = setTimeout(() => load(query, 0), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [open, query, load]);

  // Each answer starts the list (offset 0) or adds to it ("Show more").
  useEffect(() => {
    const page = fetcher.data;
    if (!page || page.q !== asked.current) return;
    setShown((before) =>
      page.offset === 0 || !before || before.q !== page.q
        ? page
        : { ...page, items: [...before.items.slice(0, page.offset), ...page.items] },
    );
  }, [fetcher.data]);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || !shown || shown.items.length <= from) return;
    focusFrom.current = null;
    dialog.current?.querySelectorAll<HTMLButtonElement>(".image-picker-choice")[from]?.focus();
  }, [shown]);

  const openDialog = () => {
    dialog.current?.showModal();
    setOpen(true);
    load(query, 0);
    search.current?.focus();
  };
  const closeDialog = () => dialog.current?.close();

  const loading = fetcher.state !== "idle";
  const items = shown?.items ?? [];
  let status = "Loading images…";
  if (shown && !loading) {
    const what = shown.total === 1 ? "image" : "images";
    const matching = shown.q ? ` matching “${shown.q}”` : "";
    status =
      shown.total === 0
        ? `No images${matching}.`
        : `${shown.total} ${what}${matching}; showing ${items.length === shown.total ? "all" : items.length}.`;
  }

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button button--quiet"
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        onClick={openDialog}
      >
        {openText}
        <span className="visually-hidden"> ({label})</span>
      </button>
      <dialog
        ref={dialog}
        className="image-picker"
        aria-labelledby={headingId}
        onClose={() => {
          setOpen(false);
          // The browser usually does this for a modal dialog; saying so keeps it certain.
          opener.current?.focus();
        }}
      >
        <div className="image-picker-head">
          <h2 id={headingId}>Choose: {label}</h2>
          <button type="button" className="button button--quiet" onClick={closeDialog}>
            Close
          </button>
        </div>
        <div className="field image-picker-search">
          <label htmlFor={searchId}>Search by {galleryId === undefined ? "shoot" : "set"} or file name</label>
          <input
            ref={search}
            id={searchId}
            type="search"
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter searches at once instead of submitting the form the dialog sits in.
              if (event.key === "Enter") {
                event.preventDefault();
                load(query, 0);
              }
            }}
          />
        </div>
        <p className="image-picker-status" role="status">
          {open ? status : ""}
        </p>
        {/* Only while open: a closed picker holds no thumbnails (nor their memory). */}
        {open
          ? groupsOf(items).map(([group, inGroup]) => (
              <section key={group} className="image-picker-group">
                <h3>{group}</h3>
                <ul className="image-picker-grid">
                  {inGroup.map((item) => {
                    // A gallery's photo is chosen as itself (one file may be two of its photos).
                    const value = item.photoId ?? item.assetId;
                    const chosen = value === chosenId;
                    return (
                      <li key={value}>
                        <button
                          type="button"
                          className="image-picker-choice"
                          // The file name (shown) and the shoot or set: two photos of a wedding may share a name.
                          aria-label={`${item.fileName}, ${item.group}${chosen ? " (chosen now)" : ""}`}
                          data-chosen={chosen || undefined}
                          onClick={() => {
                            onChoose(item);
                            closeDialog();
                          }}
                        >
                          <Picture image={item.image} sizes={THUMBNAIL_SIZES} />
                          <span>{item.fileName}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))
          : null}
        {open && shown?.nextOffset != null ? (
          <button
            type="button"
            className="button button--quiet image-picker-more"
            onClick={() => {
              // The next page of the search on screen (a newer one replaces the list when sent).
              if (loading || shown.nextOffset === null) return;
              focusFrom.current = shown.items.length;
              load(shown.q, shown.nextOffset);
            }}
          >
            Show more
          </button>
        ) : null}
      </dialog>
    </>
  );
}
