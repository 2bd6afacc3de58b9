// The shoot page's side of the viewer, kept small because it is in the page's first load: it
// turns thumbnail clicks and #gallery-N into an open viewer, loads the viewer's code (library
// and styles) only the first time it is needed, and puts focus back on the thumbnail after.
// Without JavaScript none of this runs and each thumbnail stays a link to its large image.

import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { earlyAction, takeEarlyViewerTap } from "#app/document/early-actions.ts";
import { useT } from "#app/i18n/i18n.ts";
import type { ResponsiveImage } from "#domain/catalog/types.ts";
import { galleryHash, parseGalleryHash } from "./deep-link.ts";
import { ViewerFailure } from "./failure.tsx";
import type { ViewerPhoto } from "./types.ts";

type ViewerModule = typeof import("./viewer.tsx");

/** Marks, in its history state, an entry the viewer pushed: closing goes back from it. Kept in
    the entry (not in memory), so it holds after Back and Forward, and after a reload. */
const VIEWER_ENTRY = "galleryViewer";
const VIEWER_ENTRY_STATE = { [VIEWER_ENTRY]: true };
const isViewerEntry = (state: unknown) =>
  typeof state === "object" && state !== null && (state as Record<string, unknown>)[VIEWER_ENTRY] === true;

const loadViewer = async (): Promise<ViewerModule> => {
  const viewer = await import("./viewer.tsx");
  await viewer.loadViewerStyles();
  return viewer;
};

export interface GalleryViewerOptions {
  /** The page's own buttons for photo `index` (0-based), shown in the viewer's toolbar. */
  extraButtons?: (index: number) => ReactNode;
}

export function useGalleryViewer(
  title: string,
  images: readonly ResponsiveImage[],
  options: GalleryViewerOptions = {},
) {
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const hashIndex = parseGalleryHash(location.hash, images.length);
  const [viewer, setViewer] = useState<ViewerModule | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const entryState = useRef<unknown>(location.state);
  entryState.current = location.state;
  const [photos, setPhotos] = useState<ViewerPhoto[]>([]);

  const withHash = useCallback(
    (hash: string) => ({ pathname: location.pathname, search: location.search, hash }),
    [location.pathname, location.search],
  );

  // A page loaded with #gallery-N gets an entry without the hash underneath, so Back closes
  // the viewer rather than leaving. The entry is rewritten in place (React Router's state
  // kept), then the hash is pushed as an ordinary navigation. An entry the viewer pushed
  // (a reload of an open viewer) already has the page underneath.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the hash the page was loaded with.
  useEffect(() => {
    if (hashIndex === null || isViewerEntry(location.state)) return;
    window.history.replaceState(window.history.state, "", `${location.pathname}${location.search}`);
    navigate(withHash(galleryHash(hashIndex)), { preventScrollReset: true, state: VIEWER_ENTRY_STATE });
  }, []);

  // The viewer's code loads the first time a photo is asked for; only that starts or stops it (a
  // client gallery's photos keep coming meanwhile, and must not restart the load each time).
  const asked = hashIndex !== null;
  useEffect(() => {
    if (!asked || viewer) return;
    let cancelled = false;
    setLoadFailed(false);
    loadViewer().then(
      (module) => !cancelled && setViewer(module),
      () => !cancelled && setLoadFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [asked, viewer]);

  // The photos, from when one is first asked for: what the grid already shows is painted at once
  // while the viewer's own variant loads. Photos the page adds later (a client gallery loads more
  // as the client scrolls) join an open or once-opened viewer; a page whose photos do not change
  // keeps the same array.
  useEffect(() => {
    if (!asked && !viewer) return;
    setPhotos((shown) =>
      shown.length === images.length && shown.every((p, i) => p.image === images[i])
        ? shown
        : images.map((image, i) => ({
            image,
            alt: image.alt || t("viewer.alt", { n: i + 1, total: images.length }),
            shownSrc:
              shown[i]?.image === image
                ? shown[i].shownSrc
                : (links.current[i]?.querySelector("img")?.currentSrc ?? ""),
          })),
    );
  }, [asked, images, viewer, t]);

  const onView = useCallback(
    (index: number) => {
      if (index !== hashIndex) {
        navigate(withHash(galleryHash(index)), { replace: true, preventScrollReset: true, state: entryState.current });
      }
    },
    [hashIndex, navigate, withHash],
  );

  // The photo the viewer closed on, to be shown on the page once the hash is gone: after the
  // router has put back the page's scroll for the entry underneath (ScrollRestoration).
  const closedOn = useRef<number | null>(null);
  const reveal = useCallback((index: number) => {
    const link = links.current[index];
    if (!link) return;
    link.focus({ preventScroll: true });
    const box = link.getBoundingClientRect();
    if (box.bottom <= 0 || box.top >= window.innerHeight) link.scrollIntoView({ block: "center" });
  }, []);
  useEffect(() => {
    if (hashIndex !== null || closedOn.current === null) return;
    reveal(closedOn.current);
    closedOn.current = null;
  }, [hashIndex, reveal]);

  const onClosed = useCallback(
    (index: number) => {
      if (parseGalleryHash(window.location.hash, images.length) !== null) {
        closedOn.current = index;
        if (isViewerEntry(entryState.current)) navigate(-1);
        else navigate(withHash(""), { replace: true, preventScrollReset: true });
      } else {
        // Closed by Back: the hash is already gone.
        reveal(index);
      }
    },
    [images.length, navigate, withHash, reveal],
  );

  // One function for the page's whole life (its latest inputs read through a ref), so a grid can
  // memoise its thumbnails: a client gallery appending a page of photos re-renders only those.
  const latest = useRef({ count: images.length, navigate, withHash });
  latest.current = { count: images.length, navigate, withHash };
  const open = useCallback((index: number) => {
    // A second click while the viewer loads (a double click) takes the same entry: one
    // entry, so one Back or one close, whatever the clicks.
    const { count, navigate, withHash } = latest.current;
    const opening = parseGalleryHash(window.location.hash, count) !== null;
    navigate(withHash(galleryHash(index)), {
      replace: opening,
      preventScrollReset: true,
      state: VIEWER_ENTRY_STATE,
    });
  }, []);
  const linkProps = useCallback(
    (index: number) => ({
      ...earlyAction("viewer", index),
      ref: (node: HTMLAnchorElement | null) => {
        links.current[index] = node;
      },
      onPointerDown: () => {
        loadViewer().catch(() => {});
      },
      onClick: (event: MouseEvent<HTMLAnchorElement>) => {
        // A modified click still opens the large image in a new tab or window.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        open(index);
      },
    }),
    [open],
  );

  // A thumbnail tapped before the page hydrated (early-actions.ts) opens now, as a click would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates.
  useEffect(() => {
    const index = takeEarlyViewerTap(location.pathname, images.length);
    if (index !== null) open(index);
  }, []);

  const Viewer = viewer?.default;
  const element = (
    <>
      {loadFailed && hashIndex !== null ? <ViewerFailure onClose={() => onClosed(hashIndex)} /> : null}
      {Viewer && photos.length > 0 ? (
        <Viewer
          title={title}
          photos={photos}
          index={hashIndex}
          onView={onView}
          onClosed={onClosed}
          extraButtons={hashIndex === null ? null : options.extraButtons?.(hashIndex)}
        />
      ) : null}
    </>
  );
  return { linkProps, element };
}
