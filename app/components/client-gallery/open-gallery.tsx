// The open client gallery's page (app/routes/galleries/gallery.tsx; its door and its closed link's
// page are gallery-door.tsx and closed-gallery.tsx): the hero and title, the person's lists, the
// sets of photos, and the viewer. Small on purpose: it is the page's own JavaScript on a phone,
// beside what the public pages load; the viewer's code still loads only when a photo is first
// opened. Every control is a form or a link first; JavaScript only makes them quicker. Forms and
// links load whole documents, never React Router's /g/{token}.data: the gallery's cookies are
// scoped to /g/{token}, a path /g/{token}.data is not under (ADR 026).

import { startTransition, useCallback, useEffect, useMemo, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import { useT } from "#app/i18n/i18n.ts";
import { richText } from "#app/i18n/rich-text.tsx";
import type { ResponsiveImage } from "#domain/catalog/types.ts";
import { type GalleryPhoto, ONLY_LIST_QUERY } from "#domain/galleries/client-types.ts";
import { Picture } from "../picture.tsx";
import { parseGalleryHash } from "../viewer/deep-link.ts";
import { useGalleryViewer } from "../viewer/launcher.tsx";
import { GallerySet } from "./gallery-set.tsx";
import { HeartShape } from "./heart-icon.tsx";
import type { FormAnswer, OpenPage } from "./page-data.ts";
import { imagesOf } from "./photo-images.ts";
import { SaveNoteContext } from "./photo-note.tsx";
import { countText, SelectionPanel } from "./selection-panel.tsx";
import { SetTabs } from "./set-tabs.tsx";
import { useGuestHiding } from "./use-guest-hiding.ts";
import { useHearts } from "./use-hearts.ts";
import { usePlacesInView } from "./use-places-in-view.ts";
import { type LoadedSet, useSetPages } from "./use-set-pages.ts";
import { ViewerButtons } from "./viewer-buttons.tsx";

/** Without a scroll or a tap, every photo's box is drawn this long after the page starts at the latest. */
const BOXES_AFTER_MS = 2000;

/** A photo the viewer has reached before its page came: its shape, no file yet (viewer/photo-slide.tsx). */
const pendingImages = new Map<string, ResponsiveImage>();
function pendingImage(shape: string): ResponsiveImage {
  let image = pendingImages.get(shape);
  if (!image) {
    image = {
      width: Math.round(Number(shape) * 1000),
      height: 1000,
      alt: "",
      placeholder: "",
      sources: [],
      fallback: "",
    };
    pendingImages.set(shape, image);
  }
  return image;
}

/** Draws every photo's box (false before): at the first scroll, a tap on a tab, or an idle moment. */
function useBoxes(): [boolean, () => void] {
  const [boxed, setBoxed] = useState(false);
  useEffect(() => {
    if (boxed) return;
    const draw = () => startTransition(() => setBoxed(true));
    const idle = window.requestIdleCallback?.(draw, { timeout: BOXES_AFTER_MS });
    const timer = idle === undefined ? window.setTimeout(draw, BOXES_AFTER_MS) : 0;
    window.addEventListener("scroll", draw, { once: true, passive: true });
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      window.clearTimeout(timer);
      window.removeEventListener("scroll", draw);
    };
  }, [boxed]);
  // A tap on a tab: drawn before the page goes to the set, so it lands where the set will stay.
  const drawNow = useCallback(() => flushSync(() => setBoxed(true)), []);
  return [boxed, drawNow];
}

/**
 * A set's tab: every box drawn, then the set brought to the top and its heading given focus, as
 * the link's own jump would. Not the link's jump itself: the router takes the new #set-N for a
 * navigation of its own and puts back the scroll it saved (every #fragment entry the browser
 * makes shares one key), which can leave the reader where they were.
 */
function jumpToSet(drawBoxes: () => void, setId: number) {
  drawBoxes();
  document.getElementById(`set-${setId}`)?.scrollIntoView();
  document.getElementById(`set-${setId}-heading`)?.focus({ preventScroll: true });
}

/** Where each set's first place is in the viewer, which counts every photo across the sets. */
function viewerStarts(sets: OpenPage["sets"]): number[] {
  let start = 0;
  return sets.map((s) => {
    const first = start;
    start += s.count;
    return first;
  });
}

/** The hero spans the page's content (80rem less its 1rem sides, as .page in app.css). */
const HERO_SIZES = "(max-width: 80rem) calc(100vw - 2rem), 78rem";

export function OpenGallery({ page, problem }: { page: OpenPage; problem?: FormAnswer }) {
  const t = useT();
  const { base, sets, list } = page;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const listQuery = list ? `&list=${list.id}${page.only ? `&${ONLY_LIST_QUERY}` : ""}` : "";
  const locked = list?.submittedAt != null;
  // What went wrong, said beside the photo whose heart was refused (`photoId`) or in the bar.
  const [message, setMessage] = useState<{ text: string; photoId: number | null }>({
    text: problem?.form === "item" ? problem.message : "",
    photoId: null,
  });
  useEffect(() => setMessage({ text: problem?.form === "item" ? problem.message : "", photoId: null }), [problem]);
  const say = useCallback((text: string, photo?: GalleryPhoto) => setMessage({ text, photoId: photo?.id ?? null }), []);
  const { loaded, need, drawn } = useSetPages(base, sets, listQuery, say);
  const [boxed, drawBoxes] = useBoxes();
  const { count, isHearted, toggle, saveNote } = useHearts(base, list, locked, say);
  const guests = useGuestHiding(base, say);

  // The viewer goes through every photo of the gallery, fetched or not: an unfetched one shows its
  // shape until its page comes, asked for as the viewer reaches it.
  const starts = useMemo(() => viewerStarts(sets), [sets]);
  const placeOf = useCallback(
    (index: number) => {
      for (let s = sets.length - 1; s >= 0; s--) {
        const start = starts[s] ?? 0;
        const set = sets[s];
        if (set && index >= start) return index - start < set.count ? { setId: set.id, place: index - start } : null;
      }
      return null;
    },
    [sets, starts],
  );
  const photoAt = (index: number) => {
    const at = placeOf(index);
    return at ? loaded[at.setId]?.places[at.place] : undefined;
  };
  const images = useMemo(
    () =>
      sets.flatMap((s) => {
        const state = loaded[s.id] as LoadedSet;
        return state.places.map((p, i) => (p ? imagesOf(p).full : pendingImage(state.shapes[i] ?? "1.000")));
      }),
    [sets, loaded],
  );
  const viewer = useGalleryViewer(page.title, images, {
    extraButtons: (index) => {
      const photo = photoAt(index);
      if (!photo) return null;
      return (
        <ViewerButtons
          photo={photo}
          hearted={isHearted(photo)}
          heartFor={list && !locked ? list : null}
          download={page.downloads === "open"}
          base={base}
          onToggle={(photo, on) => toggle(photo, on, "viewer")}
          guests={page.guests ? { hidden: guests.isHidden(photo), onHide: guests.hide } : undefined}
        />
      );
    },
  });
  const viewing = parseGalleryHash(location.hash, images.length);
  // The grid's boxes ask for their photos while the grid is what the client sees.
  usePlacesInView(need, boxed && viewing === null, drawn);
  // The photo on show and its neighbours: asked for again as each page comes (a no-op once here).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `drawn` is the trigger (a page came, or a failed one may be asked again), not a value read.
  useEffect(() => {
    if (viewing === null) return;
    for (const index of [viewing, viewing + 1, viewing - 1]) {
      const at = placeOf(index);
      if (at) need(at.setId, at.place);
    }
  }, [viewing, need, placeOf, drawn]);

  return (
    <SaveNoteContext value={saveNote}>
      <div className="page cg">
        <HeartShape />
        {/* The page's largest image: preloaded at high priority, its box kept by width and height. */}
        {page.cover ? <Picture image={page.cover} sizes={HERO_SIZES} priority className="cg-hero" /> : null}
        <header className="page-header">
          <p className="eyebrow">{t("gallery.private")}</p>
          <h1 className="page-title">{page.title}</h1>
          {page.eventDate ? <p className="cg-date">{page.eventDate}</p> : null}
          {page.downloads !== "off" || page.albums > 0 ? (
            <p className="cg-downloads-link">
              {page.albums > 0 ? <a href={`${base}/album`}>{t("gallery.albums", { count: page.albums })}</a> : null}
              {page.downloads !== "off" ? <a href={`${base}/downloads`}>{t("gallery.downloads")}</a> : null}
            </p>
          ) : null}
        </header>
        <SelectionPanel page={page} count={count} here={here} problem={problem} />
        {/* On top while the client scrolls thousands of photos: the sets, the list's count, and
          what a refused heart says, over the photos below rather than off screen above them. */}
        <div className="cg-bar">
          <SetTabs
            sets={sets}
            base={base}
            paged={page.paged}
            list={list}
            only={page.only}
            onJump={(setId) => jumpToSet(drawBoxes, setId)}
          />
          {list ? (
            <p className="cg-counter" role="status">
              {richText(
                t,
                "gallery.counter",
                { list: list.name },
                "count",
                <strong>{countText(t, count, list)}</strong>,
              )}
            </p>
          ) : null}
          <p className="cg-message" role="alert">
            {message.photoId === null ? message.text : ""}
          </p>
        </div>
        {page.only && list && sets.length === 0 ? (
          <p className="cg-empty">
            {t("gallery.empty", { list: list.name })} <a href={`${base}?list=${list.id}`}>{t("gallery.empty.all")}</a>
          </p>
        ) : null}
        {sets.map((set, s) => (
          <GallerySet
            key={set.id}
            set={set}
            state={loaded[set.id] as LoadedSet}
            boxed={boxed}
            firstIndex={starts[s] ?? 0}
            firstIsLargest={!page.cover}
            base={base}
            listQuery={listQuery}
            linkProps={viewer.linkProps}
            isHearted={isHearted}
            list={list}
            locked={locked}
            here={here}
            onToggle={toggle}
            refusal={message.photoId !== null ? message : null}
            onBox={drawBoxes}
          />
        ))}
        {viewer.element}
      </div>
    </SaveNoteContext>
  );
}
