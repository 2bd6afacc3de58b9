// The sets' photos by their place in the set. Each set starts with the photos in the document and
// every photo's shape (a box for each, so the page has its full height at once); the rest are
// fetched from /g/{token}/photos for whichever boxes the reader reaches, in whatever order: by
// scrolling either way, a set's tab, a deep link, or the viewer moving through the gallery.

import { startTransition, useCallback, useMemo, useRef, useState } from "react";
import { useT } from "#app/i18n/i18n.ts";
import { type GalleryPhoto, PHOTOS_PER_PAGE, type PhotoPage, type SetWindow } from "#domain/galleries/client-types.ts";
import { decodeShapes } from "#domain/galleries/shape-codes.ts";

/** Pages on their way at once: the one the reader is at and the next, not a queue of passed ones. */
const PAGES_IN_FLIGHT = 2;
/**
 * After a page could not be fetched, the boxes in view ask again this long after, doubling with
 * each failure in a row up to RETRY_MAX_MS: a phone's connection comes back without the reader
 * having to scroll, and a server that is down is not asked every frame.
 */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/** What a set's place holds: its photo, `null` once fetched without one (gone since), or nothing yet. */
export type Place = GalleryPhoto | null | undefined;

export interface LoadedSet {
  /** By place in the set (0-based), as many as the set has photos. */
  places: Place[];
  /** Each place's --shape ("1.500"), from the document. */
  shapes: string[];
  /** Places the person's list holds, from the document (their boxes keep the note's line). */
  hearted: ReadonlySet<number>;
}

/** What `need` did: nothing (the photo is here), nothing yet (its page or two others are on their way), or asked. */
export type Need = "here" | "waiting" | "asked";

export interface SetPages {
  /** Each set's places, by set id. */
  loaded: Record<number, LoadedSet>;
  /** Fetches the page holding place `place` of set `setId`, unless it is here or on its way. */
  need: (setId: number, place: number) => Need;
  /** Changes with each page drawn and when a page that failed may be asked for again: when to look again. */
  drawn: unknown;
}

function initialSet(set: SetWindow): LoadedSet {
  const places: Place[] = new Array(set.count).fill(undefined);
  set.photos.forEach((photo, i) => {
    places[set.offset + i] = photo;
  });
  return { places, shapes: decodeShapes(set.shapes), hearted: new Set(set.hearted) };
}

/**
 * Where a page for `place` starts: at the place itself going down, or ending at the next fetched
 * place going up, so one page covers the screen the reader is on whichever way they came
 * (a page starting at each place reached from below would be one fetch a photo).
 */
export function pageStart(places: readonly Place[], waiting: (place: number) => boolean, place: number): number {
  const unfetched = (i: number) => places[i] === undefined && !waiting(i);
  let end = place;
  while (end < places.length && end - place < PHOTOS_PER_PAGE && unfetched(end)) end++;
  let start = place;
  while (start > 0 && place - start < PHOTOS_PER_PAGE && unfetched(start - 1)) start--;
  return Math.max(start, Math.min(place, end - PHOTOS_PER_PAGE));
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
  const failedText = useT()("client.pagesFailed");
  const [loaded, setLoaded] = useState<Record<number, LoadedSet>>(() =>
    Object.fromEntries(sets.map((s) => [s.id, initialSet(s)])),
  );
  // The places as fetched, ahead of `loaded` (which draws them in a transition, some frames after
  // their answer): what `need` reads, so nothing is asked for twice. This module is their only writer.
  const latest = useRef(loaded);
  // Pages asked for and not yet answered.
  const inFlight = useRef<{ setId: number; from: number; to: number }[]>([]);
  // Failures in a row, and a tick that asks the boxes in view again after one.
  const failures = useRef(0);
  const [retries, setRetries] = useState(0);

  const need = useCallback(
    (setId: number, place: number): Need => {
      const set = latest.current[setId];
      if (!set || place < 0 || place >= set.places.length || set.places[place] !== undefined) return "here";
      const waiting = (i: number) => inFlight.current.some((p) => p.setId === setId && i >= p.from && i < p.to);
      if (waiting(place) || inFlight.current.length >= PAGES_IN_FLIGHT) return "waiting";
      const from = pageStart(set.places, waiting, place);
      const page = { setId, from, to: Math.min(set.places.length, from + PHOTOS_PER_PAGE) };
      inFlight.current.push(page);
      const done = () => {
        inFlight.current = inFlight.current.filter((p) => p !== page);
      };
      fetch(`${base}/photos?set=${setId}&offset=${from}${listQuery}`)
        .then(async (res) => {
          if (!res.ok) throw new Error(String(res.status));
          const more = (await res.json()) as PhotoPage;
          const current = latest.current[setId];
          if (current) {
            const places = [...current.places];
            // Every place the page covers is settled: a photo deleted since is an empty box
            // rather than a place asked for again and again.
            const end = Math.min(places.length, more.offset + PHOTOS_PER_PAGE);
            for (let i = more.offset; i < end; i++) places[i] ??= more.photos[i - more.offset] ?? null;
            const next = { ...latest.current, [setId]: { ...current, places } };
            latest.current = next;
            // A transition: React renders the page in slices between frames, so a reader
            // scrolling on does not stutter while it is drawn.
            startTransition(() => setLoaded(next));
          }
          failures.current = 0;
          done();
        })
        .catch(() => {
          done();
          const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failures.current);
          failures.current++;
          window.setTimeout(() => setRetries((n) => n + 1), wait);
          onFailure(failedText);
        });
      return "asked";
    },
    [base, listQuery, onFailure, failedText],
  );

  const drawn = useMemo(() => ({ loaded, retries }), [loaded, retries]);
  return useMemo(() => ({ loaded, need, drawn }), [loaded, need, drawn]);
}
