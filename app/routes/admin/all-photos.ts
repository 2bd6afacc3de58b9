// A big shoot's photos in the browser: the document carries one page of them (photoPage in
// photo-actions.server.ts); once the page runs, the rest come from /admin/shoots/{id}/photos.
// The shoot page and the gallery's workspace (a set is a shoot) both work this way.
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { AdminPhoto } from "#domain/catalog/shoots.server.ts";

/** What a loader sends of a shoot's photos: one page of them, from `pageStart`. */
export interface PhotoPage {
  photos: AdminPhoto[];
  photoCount: number;
  pageStart: number;
  complete: boolean;
}

/** Every photo of the shoot, as JSON; null when they could not be fetched (the page keeps its one page). */
export function fetchAllPhotos(shootId: number | string): Promise<AdminPhoto[] | null> {
  return fetch(`/admin/shoots/${encodeURIComponent(shootId)}/photos`, { headers: { Accept: "application/json" } })
    .then((r) => (r.ok ? (r.json() as Promise<{ photos: AdminPhoto[] }>) : null))
    .then((body) => body?.photos ?? null)
    .catch(() => null);
}

/** The page with every photo in place of its one page. */
export function withAllPhotos<T extends PhotoPage>(page: T, all: AdminPhoto[] | null): T {
  if (page.complete || !all) return page;
  return { ...page, photos: all, photoCount: all.length, pageStart: 0, complete: true };
}

/** Once the page runs, a revalidation brings a big shoot's other photos (through the route's clientLoader). */
export function useRestOfPhotos(complete: boolean) {
  const { revalidate } = useRevalidator();
  // Again only when `complete` changes (revalidate is stable): if the photos cannot be fetched,
  // the page keeps its first page and its links to more, and does not ask in a loop.
  useEffect(() => {
    if (!complete) void revalidate();
  }, [complete, revalidate]);
}
