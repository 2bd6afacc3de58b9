// The sets' photos as the client scrolls: each set starts with the photos in the document, and
// its next pages are fetched from /g/{token}/photos as its More photos link nears the screen.
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import type { GalleryPhoto, PhotoPage, SetWindow } from "#domain/galleries/client-types.ts";

/**
 * Once the client has scrolled, start fetching a set's next page when its link is this far below
 * the screen. Before the first scroll only a link on the screen itself loads: the first screen's
 * photos are in the document, and a page fetched and drawn at load is work a phone does while
 * it is still starting (the sets below the first, empty until reached, would each fetch one).
 */
const PREFETCH_MARGIN_PX = 1200;

export interface LoadedSet {
  photos: GalleryPhoto[];
  /** Where the next page starts, or null when the set is complete. */
  next: number | null;
}

function nextOffset(set: { count: number; offset: number }, shown: number): number | null {
  const end = set.offset + shown;
  return end < set.count ? end : null;
}

interface SetPages {
  /** Each set's photos so far, by set id. */
  loaded: Record<number, LoadedSet>;
  /** Asks for a set's next page (a no-op while a page is on its way). */
  loadMore: (setId: number) => Promise<void>;
  /** How far below the screen a More photos link counts as near, in CSS px. */
  prefetchMargin: number;
  /** Photos shown in the whole gallery. */
  shown: number;
}

/**
 * `listQuery` keeps the person's list on the pages fetched (their hearts come with the photos);
 * `onFailure` shows a page that could not be fetched.
 */
export function useSetPages(
  base: string,
  sets: SetWindow[],
  listQuery: string,
  onFailure: (message: string) => void,
): SetPages {
  const [loaded, setLoaded] = useState<Record<number, LoadedSet>>(() =>
    Object.fromEntries(sets.map((s) => [s.id, { photos: s.photos, next: nextOffset(s, s.photos.length) }])),
  );
  const scrolled = useScrolledOnce();
  // One page on its way at a time, for the whole gallery, and it counts as on its way until it is
  // in `loaded` (drawn in a transition, so some frames after its answer): the links ask again,
  // in page order, each time a page is in, so the set being read goes on before a set below it
  // starts, and nothing asks twice for a page.
  const request = useRef<{ setId: number; offset: number } | null>(null);

  const loadMore = useCallback(
    async (setId: number) => {
      const state = loaded[setId];
      const pending = request.current;
      if (!state || state.next === null || (pending && loaded[pending.setId]?.next === pending.offset)) return;
      const offset = state.next;
      request.current = { setId, offset };
      try {
        const res = await fetch(`${base}/photos?set=${setId}&offset=${offset}${listQuery}`);
        if (!res.ok) throw new Error(String(res.status));
        const more = (await res.json()) as PhotoPage;
        // A transition: React renders the grown set in slices between frames, not in one task
        // that grows with every page (a scroll through 1,500 photos otherwise stutters). Only the
        // page that continues the set is added.
        startTransition(() =>
          setLoaded((all) => {
            const current = all[setId];
            if (!current || current.next !== more.offset) return all;
            const photos = [...current.photos, ...more.photos];
            return {
              ...all,
              [setId]: { photos, next: more.photos.length === 0 ? null : nextOffset(more, more.photos.length) },
            };
          }),
        );
      } catch {
        request.current = null;
        onFailure("More photos could not be loaded. Check the connection, then use the More photos link.");
      }
    },
    [base, listQuery, loaded, onFailure],
  );

  const shown = Object.values(loaded).reduce((sum, s) => sum + s.photos.length, 0);
  return { loaded, loadMore, prefetchMargin: scrolled ? PREFETCH_MARGIN_PX : 0, shown };
}

/** True from the page's first scroll on. */
function useScrolledOnce(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener("scroll", onScroll, { once: true, passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [scrolled]);
  return scrolled;
}
