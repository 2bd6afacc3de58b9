// What a client sees of a gallery (ADR 026): its sets in order, and windows of each set's
// photos with their images, and whether the person's current list holds each (and its note).
// A 5,000-photo wedding is never read into one page: the document carries the first screenful,
// the rest comes a page at a time (/g/:token/photos, or "more photos" links before JavaScript).
import type { Database } from "../../platform/db/db.server.ts";
import { largeImageUrl, loadStoredImages, toResponsiveImage } from "../catalog/images.server.ts";
import { readShootPhotos } from "../catalog/read-model.server.ts";
import {
  FIRST_SCREEN_PHOTOS,
  type GalleryPhoto,
  PHOTOS_PER_PAGE,
  type PhotoPage,
  type SetWindow,
} from "./client-types.ts";
import { compactImage } from "./compact-image.ts";
import { readGallerySets } from "./galleries.server.ts";
import { readListItems } from "./selections.server.ts";

type PhotoRow = Awaited<ReturnType<typeof readShootPhotos>>[number];

async function toGalleryPhotos(db: Database, rows: PhotoRow[], listId: number | null): Promise<GalleryPhoto[]> {
  const [images, items] = await Promise.all([
    loadStoredImages(
      db,
      rows.map((r) => r.assetId),
    ),
    listId === null
      ? new Map<number, string>()
      : readListItems(
          db,
          listId,
          rows.map((r) => r.id),
        ),
  ]);
  return rows.flatMap((r) => {
    const stored = images.get(r.assetId);
    if (!stored) return [];
    const comment = items.get(r.id);
    return [
      {
        id: r.id,
        image: compactImage(toResponsiveImage(stored, r.alt), largeImageUrl(stored)),
        hearted: comment !== undefined,
        comment: comment ?? "",
      },
    ];
  });
}

export interface PageRequest {
  /** Show this set from `offset` (a page before JavaScript); otherwise every set from its start. */
  setId?: number | null;
  offset?: number;
  listId: number | null;
}

/**
 * The gallery's sets, each with the window of photos this document shows: the first
 * FIRST_SCREEN_PHOTOS across the sets in order, or one set's page from `offset`.
 */
export async function galleryWindows(db: Database, galleryId: number, request: PageRequest): Promise<SetWindow[]> {
  const sets = await readGallerySets(db, galleryId);
  const rows = await readShootPhotos(
    db,
    sets.map((s) => s.id),
    { images: false },
  );
  const bySet = new Map<number, PhotoRow[]>(sets.map((s) => [s.id, []]));
  for (const r of rows) bySet.get(r.shootId)?.push(r);
  const chosen = sets.some((s) => s.id === request.setId) ? request.setId : null;
  let budget = FIRST_SCREEN_PHOTOS;
  const windows = sets.map((set) => {
    const all = bySet.get(set.id) ?? [];
    let offset = 0;
    let take: PhotoRow[];
    if (chosen !== null) {
      offset = set.id === chosen ? clampOffset(request.offset ?? 0, all.length) : 0;
      take = set.id === chosen ? all.slice(offset, offset + PHOTOS_PER_PAGE) : [];
    } else {
      take = all.slice(0, budget);
      budget -= take.length;
    }
    return { set, offset, take, count: all.length };
  });
  const photos = await toGalleryPhotos(
    db,
    windows.flatMap((w) => w.take),
    request.listId,
  );
  const byId = new Map(photos.map((p) => [p.id, p]));
  return windows.map((w) => ({
    id: w.set.id,
    title: w.set.title,
    count: w.count,
    offset: w.offset,
    photos: w.take.flatMap((r) => byId.get(r.id) ?? []),
  }));
}

function clampOffset(offset: number, count: number): number {
  if (!Number.isSafeInteger(offset) || offset < 0) return 0;
  return Math.min(offset, Math.max(0, count - 1));
}

/** One page of one set's photos, for the client's scrolling; null when the set is not this gallery's. */
export async function setPhotoPage(
  db: Database,
  galleryId: number,
  setId: number,
  offset: number,
  listId: number | null,
): Promise<PhotoPage | null> {
  const sets = await readGallerySets(db, galleryId);
  if (!sets.some((s) => s.id === setId)) return null;
  const rows = await readShootPhotos(db, [setId], { images: false });
  const from = clampOffset(offset, rows.length);
  return {
    count: rows.length,
    offset: from,
    photos: await toGalleryPhotos(db, rows.slice(from, from + PHOTOS_PER_PAGE), listId),
  };
}
