// The open client gallery's page (app/routes/galleries/gallery.tsx; its door and its closed link's
// page are gallery-door.tsx and closed-gallery.tsx): the hero and title, the person's lists, the
// sets of photos, and the viewer. Small on purpose: it is the page's own JavaScript on a phone,
// beside what the public pages load; the viewer's code still loads only when a photo is first
// opened. Every control is a form or a link first; JavaScript only makes them quicker. Forms and
// links load whole documents, never React Router's /g/{token}.data: the gallery's cookies are
// scoped to /g/{token}, a path /g/{token}.data is not under (ADR 026).
import { useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { Picture } from "../picture.tsx";
import { useGalleryViewer } from "../viewer/launcher.tsx";
import { GallerySet } from "./gallery-set.tsx";
import { HeartShape } from "./heart-icon.tsx";
import type { FormAnswer, OpenPage } from "./page-data.ts";
import { imagesOf } from "./photo-images.ts";
import { SaveNoteContext } from "./photo-note.tsx";
import { countText, SelectionPanel } from "./selection-panel.tsx";
import { SetTabs } from "./set-tabs.tsx";
import { useHearts } from "./use-hearts.ts";
import { useSetPages } from "./use-set-pages.ts";
import { ViewerButtons } from "./viewer-buttons.tsx";

/** The hero spans the page's content (80rem less its 1rem sides, as .page in app.css). */
const HERO_SIZES = "(max-width: 80rem) calc(100vw - 2rem), 78rem";

export function OpenGallery({ page, problem }: { page: OpenPage; problem?: FormAnswer }) {
  const { base, sets, list } = page;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const listQuery = list ? `&list=${list.id}` : "";
  const locked = list?.submittedAt != null;
  const [message, setMessage] = useState(problem?.form === "item" ? problem.message : "");
  useEffect(() => setMessage(problem?.form === "item" ? problem.message : ""), [problem]);
  const { loaded, loadMore, prefetchMargin, shown } = useSetPages(base, sets, listQuery, setMessage);
  const { count, isHearted, toggle, saveNote } = useHearts(base, list, locked, setMessage);

  const all = useMemo(() => sets.flatMap((s) => loaded[s.id]?.photos ?? []), [sets, loaded]);
  const images = useMemo(() => all.map((p) => imagesOf(p).full), [all]);
  const viewer = useGalleryViewer(page.title, images, {
    extraButtons: (index) => {
      const photo = all[index];
      if (!photo) return null;
      return (
        <ViewerButtons
          photo={photo}
          hearted={isHearted(photo)}
          heartFor={list && !locked ? list : null}
          download={page.downloads === "open"}
          base={base}
          onToggle={toggle}
        />
      );
    },
  });
  // Viewer links count photos across the sets, in the order they are shown.
  let viewerIndex = 0;

  return (
    <SaveNoteContext value={saveNote}>
      <div className="page cg">
        <HeartShape />
        {/* The page's largest image: preloaded at high priority, its box kept by width and height. */}
        {page.cover ? <Picture image={page.cover} sizes={HERO_SIZES} priority className="cg-hero" /> : null}
        <header className="page-header">
          <p className="eyebrow">Private gallery</p>
          <h1 className="page-title">{page.title}</h1>
          {page.eventDate ? <p className="cg-date">{page.eventDate}</p> : null}
          {page.downloads !== "off" ? (
            <p className="cg-downloads-link">
              <a href={`${base}/downloads`}>Download photos</a>
            </p>
          ) : null}
        </header>
        <SelectionPanel page={page} count={count} here={here} problem={problem} />
        {/* On top while the client scrolls thousands of photos: the sets, the list's count, and
          what a refused heart says, over the photos below rather than off screen above them. */}
        <div className="cg-bar">
          <SetTabs sets={sets} base={base} paged={page.paged} list={list} />
          {list ? (
            <p className="cg-counter" role="status">
              <strong>{countText(count, list)}</strong> in {list.name}
            </p>
          ) : null}
          <p className="cg-message" role="alert">
            {message}
          </p>
        </div>
        {sets.map((set) => {
          const state = loaded[set.id] ?? { photos: [], next: null };
          const first = viewerIndex;
          viewerIndex += state.photos.length;
          return (
            <GallerySet
              key={set.id}
              set={set}
              state={state}
              firstIndex={first}
              firstIsLargest={!page.cover}
              base={base}
              listQuery={listQuery}
              linkProps={viewer.linkProps}
              isHearted={isHearted}
              list={list}
              locked={locked}
              here={here}
              onToggle={toggle}
              onMore={loadMore}
              prefetchMargin={prefetchMargin}
              shown={shown}
            />
          );
        })}
        {viewer.element}
      </div>
    </SaveNoteContext>
  );
}
