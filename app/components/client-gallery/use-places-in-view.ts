// Which empty boxes the reader can see (or is about to): their pages are fetched. Asked on every
// scroll frame and after every page drawn, so no order of scrolling, jumping or flicking leaves a
// box on the screen empty. Once everything near the screen is in and the reader rests, the boxes
// that a quick flick passed over in the sets near the screen are filled too, the set being read
// first and nearest first: a set read to its end is all there (even when its end has gone up past
// the middle of the screen and the next set is the one being read), and scrolling back up finds
// its photos.
import { useEffect, useRef } from "react";
import { PHOTOS_PER_PAGE } from "#domain/galleries/client-types.ts";
import type { Need } from "./use-set-pages.ts";

/**
 * Once the client has scrolled, boxes this far beyond the screen (below or above) count as
 * reached. Before the first scroll only the screen itself counts: the first screen's photos are
 * in the document, and a page fetched and drawn at load is work a phone does while it starts.
 */
export const PREFETCH_MARGIN_PX = 1200;

/** A set's grid: its children are its places in order, from the place in data-first. */
export const GRID_SELECTOR = "[data-set]";
/** An empty box: its place in its set is data-place. */
export const SLOT_CLASS = "cg-slot";

/** The reader rests once no scroll has come for this long. */
const REST_MS = 150;
/**
 * Between two pages filled in behind the reader, at least this long, and then an idle moment: a
 * page drawn is a long task on a phone (60 photos' markup), and the reader's taps come first.
 */
const BACKFILL_GAP_MS = 150;
/** Pages asked for at once when filling in (the most that may be on their way, use-set-pages.ts). */
const BACKFILL_PAGES = 2;

/** The first child whose bottom is below `top`: rows go down the page in order, so halve. */
function firstBelow(items: HTMLCollection, top: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid] as Element).getBoundingClientRect().bottom < top) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The nearest empty box before child `index` of `items`, or -1. */
function lastSlotBefore(items: HTMLCollection, index: number): number {
  for (let i = index - 1; i >= 0; i--) if ((items[i] as Element).classList.contains(SLOT_CLASS)) return i;
  return -1;
}

/**
 * Calls `need(setId, place)` for each empty box near the screen, and when there is none, for the
 * nearest empty box above it in the set being read. `watch` is false until the boxes
 * are drawn (and while the viewer is open); `drawn` changes with each page drawn.
 */
export function usePlacesInView(need: (setId: number, place: number) => Need, watch: boolean, drawn: unknown): void {
  const scrolled = useRef(false);
  const latest = useRef(need);
  latest.current = need;
  const check = useRef((_backfill: boolean) => {});
  check.current = (backfill) => {
    // A page opened further down (a restored scroll, a deep link) has been scrolled too.
    scrolled.current ||= window.scrollY > 0;
    const margin = scrolled.current ? PREFETCH_MARGIN_PX : 0;
    const top = -margin;
    const bottom = window.innerHeight + margin;
    let near = false;
    // The sets near the screen: the one being read (across the middle of the screen, or the
    // first below it) is filled in first, then those above it, nearest first.
    const nearSets: { setId: number; items: HTMLCollection; first: number }[] = [];
    let readAt = -1;
    for (const grid of document.querySelectorAll<HTMLElement>(GRID_SELECTOR)) {
      const box = grid.getBoundingClientRect();
      if (box.bottom < top || box.top > bottom) continue;
      const setId = Number(grid.dataset.set);
      const items = grid.children;
      const first = firstBelow(items, top);
      nearSets.push({ setId, items, first });
      if (readAt < 0 && box.bottom > window.innerHeight / 2) readAt = nearSets.length - 1;
      for (let i = first; i < items.length; i++) {
        const item = items[i] as HTMLElement;
        if (item.getBoundingClientRect().top > bottom) break;
        if (item.classList.contains(SLOT_CLASS)) {
          near = true;
          latest.current(setId, Number(item.dataset.place));
        }
      }
    }
    if (!backfill || near || nearSets.length === 0) return;
    const read = readAt < 0 ? nearSets.length - 1 : readAt;
    const order = [nearSets[read], ...nearSets.slice(0, read).reverse()];
    // The nearest pages above the screen: as many as may be on their way.
    let asked = 0;
    for (const set of order) {
      if (!set) continue;
      let before = set.first;
      while (asked < BACKFILL_PAGES) {
        const slot = lastSlotBefore(set.items, before);
        if (slot < 0) break;
        latest.current(set.setId, Number((set.items[slot] as HTMLElement).dataset.place));
        asked++;
        before = slot - PHOTOS_PER_PAGE + 1;
      }
      if (asked >= BACKFILL_PAGES) return;
    }
  };

  // The first scroll may come before the boxes are drawn (it is what draws them).
  useEffect(() => {
    const onScroll = () => {
      scrolled.current = true;
    };
    window.addEventListener("scroll", onScroll, { once: true, passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => {
    if (!watch) return;
    let frame = 0;
    let rest = 0;
    const onScroll = (event: Event) => {
      if (event.type === "scroll") scrolled.current = true;
      window.clearTimeout(rest);
      rest = window.setTimeout(() => check.current(true), REST_MS);
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        check.current(false);
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(rest);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [watch]);

  // Each page drawn (and the boxes' first drawing) may leave boxes still on the screen: a tall
  // screen, a quick flick, a page smaller than the screen. Filling in what was flicked past waits
  // BACKFILL_GAP_MS and then an idle moment, so the client's taps and scrolling come first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `drawn` is the trigger, not a value read.
  useEffect(() => {
    if (!watch) return;
    check.current(false);
    if (!scrolled.current) return;
    const backfill = () => check.current(true);
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      if (window.requestIdleCallback) idle = window.requestIdleCallback(backfill);
      else backfill();
    }, BACKFILL_GAP_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [watch, drawn]);
}
