// What a client sees of a gallery (ADR 026): its sets in order, and windows of each set's
// photos with their images, and whether the person's current list holds each (and its note).
// A 5,000-photo wedding is never read into one page: the document carries the first screenful,
// the rest comes a page at a time (/g/:token/photos, or "more photos" links before JavaScript).
import type { Database } from "../../platform/db/db.server.ts";
import { type GalleryAudience, type GuestAudience, galleryAudience } from "../catalog/audience.server.ts";
import {
  largeImageUrl,
  loadStoredImages,
  readAssetFiles,
  type StoredImage,
  toResponsiveImage,
} from "../catalog/images.server.ts";
import { variantKey } from "../catalog/ingest.server.ts";
import { type ContentLanguage, inLanguage, titleIn } from "../catalog/localized.ts";
import { readShootPhotos } from "../catalog/read-model.server.ts";
import { guestHiddenPhotoIds, readPhotoLabels } from "../catalog/sets.server.ts";
import { srcSetEntries } from "../catalog/srcset.ts";
import { planGalleryVariants, type Watermark } from "../media/pipeline.server.ts";
import { type MediaStorage, publicMediaUrl } from "../media/storage.server.ts";
import {
  FIRST_SCREEN_PHOTOS,
  type GalleryPhoto,
  PHOTOS_PER_PAGE,
  type PhotoPage,
  type SetWindow,
} from "./client-types.ts";
import { type CompactImage, compactImage, GRID_MAX_VARIANT_WIDTH_PX } from "./compact-image.ts";
import { watermarkOf } from "./downloads.server.ts";
import { readGalleries, readGallerySets } from "./galleries.server.ts";
import { readListItems } from "./selections.server.ts";
import { encodeShapes, shapeOf } from "./shape-codes.ts";

type PhotoRow = Awaited<ReturnType<typeof readShootPhotos>>[number];

/** What the client view reads and where the photos' files are. */
export interface ClientViewDeps {
  db: Database;
  storage: MediaStorage;
}

/** The gallery's viewing JPEG of a photo (ADR 027), when its file exists. */
interface ViewingFile {
  url: string;
  width: number;
}

/**
 * The viewing file of each asset under the gallery's plan as it is now (watermarked when the
 * gallery is): found by its deterministic name, and only if it is on disk. It is not while the
 * photo waits to be rendered again after a watermark change, nor for a photo that reached the
 * gallery from a portfolio shoot with the public ladder.
 */
async function viewingFiles(
  { db, storage }: ClientViewDeps,
  audience: GalleryAudience | GuestAudience,
  assetIds: number[],
  watermark: Watermark | null,
): Promise<Map<number, ViewingFile>> {
  const found = new Map<number, ViewingFile>();
  if (assetIds.length === 0) return found;
  const assets = await readAssetFiles(db, audience, assetIds);
  await Promise.all(
    assets.map(async (asset) => {
      const view = planGalleryVariants(asset, watermark).at(-1);
      if (!view) return;
      const key = variantKey(asset.sha256, view);
      if (await storage.public.has(key)) found.set(asset.id, { url: publicMediaUrl(key), width: view.width });
    }),
  );
  return found;
}

/**
 * A photo's files for the client: the grid's WebP thumbnails and, as the largest image of every
 * format (what the full-screen viewer reaches on a large or dense screen, and what a photo's link
 * opens before JavaScript), the 2048 px viewing JPEG. A watermarked gallery offers nothing
 * unmarked beyond the grid's size (GRID_MAX_VARIANT_WIDTH_PX: thumbnails are not marked, ADR
 * 027), so a photo whose marked file is not made yet is shown at most that large, never unmarked.
 */
export function clientImage(
  stored: StoredImage,
  alt: string,
  view: ViewingFile | undefined,
  watermarked: boolean,
): CompactImage {
  const variants = watermarked
    ? stored.variants.filter((v) => v.format !== "jpeg" && v.width <= GRID_MAX_VARIANT_WIDTH_PX)
    : stored.variants;
  const image = toResponsiveImage({ ...stored, variants }, alt);
  if (!view) return compactImage(image, largeImageUrl({ ...stored, variants }));
  const sources = image.sources.map((s) =>
    widestOf(s.srcSet) < view.width ? { ...s, srcSet: `${s.srcSet}, ${view.url} ${view.width}w` } : s,
  );
  return compactImage({ ...image, sources, fallback: view.url }, view.url);
}

/** The widest file of a srcset ("a.webp 400w, b.webp 800w": 800). */
function widestOf(srcSet: string): number {
  return Math.max(0, ...srcSetEntries(srcSet).map((entry) => entry.width));
}

/** How a page shows its photos: with the gallery's watermark, alt texts in the page's language. */
export interface PhotosLook {
  watermark: Watermark | null;
  /** The page's language: a photo's alt text in Tamil where the studio wrote one (migration 0027). */
  language: ContentLanguage;
  /** The person's list (photo id → their note), as photosShown read it; none: nothing hearted. */
  items?: ReadonlyMap<number, string>;
  /** The photos hidden from guests, marked for the couple (issue 31); none for anyone else. */
  hiddenFromGuests?: ReadonlySet<number>;
}

export async function toGalleryPhotos(
  deps: ClientViewDeps,
  audience: GalleryAudience | GuestAudience,
  rows: PhotoRow[],
  { watermark, language, items = new Map(), hiddenFromGuests = new Set() }: PhotosLook,
): Promise<GalleryPhoto[]> {
  const { db } = deps;
  const assetIds = rows.map((r) => r.assetId);
  const [images, views] = await Promise.all([
    loadStoredImages(db, audience, assetIds),
    viewingFiles(deps, audience, assetIds, watermark),
  ]);
  return rows.flatMap((r) => {
    const stored = images.get(r.assetId);
    if (!stored) return [];
    const comment = items.get(r.id);
    const alt = inLanguage(language, r.alt, r.altTa);
    return [
      {
        id: r.id,
        image: clientImage(stored, alt, views.get(r.assetId), watermark !== null),
        hearted: comment !== undefined,
        comment: comment ?? "",
        ...(hiddenFromGuests.has(r.id) ? { guestHidden: true as const } : {}),
      },
    ];
  });
}

/**
 * These photos of the gallery by id, as its couple sees them in the grid (an album comment's
 * "swap for" photos): one read of them and one of their images for all, however many. A photo
 * the couple may no longer see (trashed since) is left out.
 */
export async function galleryThumbnails(
  db: Database,
  galleryId: number,
  photoIds: readonly number[],
  watermark: Watermark | null,
  language: ContentLanguage,
): Promise<Map<number, CompactImage>> {
  const audience = galleryAudience(galleryId);
  const labels = await readPhotoLabels(db, audience, photoIds);
  const images = await loadStoredImages(
    db,
    audience,
    labels.map((l) => l.assetId),
  );
  const found = new Map<number, CompactImage>();
  for (const label of labels) {
    const stored = images.get(label.assetId);
    const alt = inLanguage(language, label.alt, label.altTa);
    if (stored) found.set(label.photoId, clientImage(stored, alt, undefined, watermark !== null));
  }
  return found;
}

export async function galleryWatermark(db: Database, galleryId: number): Promise<Watermark | null> {
  return (await galleryLook(db, galleryId)).watermark;
}

/** What a page of the couple's photos carries besides them: the watermark, and which are hidden from guests. */
async function galleryLook(db: Database, galleryId: number) {
  const [gallery] = await readGalleries(db, { id: galleryId, scope: "any" });
  return { watermark: gallery ? watermarkOf(gallery) : null, guestSearch: gallery?.guests.search ?? false };
}

/** Of these photos, those hidden from guests, while the gallery's guest search is on (else none: nothing to mark). */
async function hiddenOf(db: Database, galleryId: number, guestSearch: boolean, rows: readonly PhotoRow[]) {
  if (!guestSearch || rows.length === 0) return new Set<number>();
  return guestHiddenPhotoIds(
    db,
    galleryId,
    rows.map((r) => r.id),
  );
}

export interface PageRequest {
  /** Show this set from `offset` (a page before JavaScript); otherwise every set from its start. */
  setId?: number | null;
  offset?: number;
  listId: number | null;
  /** Only the photos in that list (the person's "only my favourites"). */
  onlyList?: boolean;
  /** The page's language, for the photos' alt texts and the sets' titles. */
  language: ContentLanguage;
}

/**
 * The photos a page of the gallery shows (all of them, or only those in the person's list) and
 * that list's items, read once for the page's hearts and notes.
 */
async function photosShown(db: Database, audience: GalleryAudience, setIds: number[], request: PageRequest) {
  const [rows, listed] = await Promise.all([
    readShootPhotos(db, audience, setIds, { images: false }),
    request.listId === null ? new Map<number, string>() : readListItems(db, request.listId),
  ]);
  return { rows: request.onlyList && request.listId !== null ? rows.filter((r) => listed.has(r.id)) : rows, listed };
}

/**
 * The gallery's sets, each with the window of photos this document shows: the first
 * FIRST_SCREEN_PHOTOS across the sets in order, or one set's page from `offset`.
 */
export async function galleryWindows(
  deps: ClientViewDeps,
  galleryId: number,
  request: PageRequest,
): Promise<SetWindow[]> {
  const { db } = deps;
  const audience = galleryAudience(galleryId);
  const sets = await readGallerySets(db, galleryId);
  const { rows, listed } = await photosShown(
    db,
    audience,
    sets.map((s) => s.id),
    request,
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
    return { set, offset, take, all, count: all.length };
  });
  const look = await galleryLook(db, galleryId);
  const shown = windows.flatMap((w) => w.take);
  const photos = await toGalleryPhotos(deps, audience, shown, {
    watermark: look.watermark,
    language: request.language,
    items: listed,
    hiddenFromGuests: await hiddenOf(db, galleryId, look.guestSearch, shown),
  });
  const byId = new Map(photos.map((p) => [p.id, p]));
  return windows.map((w) => ({
    id: w.set.id,
    title: titleIn(request.language, w.set),
    count: w.count,
    offset: w.offset,
    photos: w.take.flatMap((r) => byId.get(r.id) ?? []),
    shapes: encodeShapes(w.all.map((r) => shapeOf(r.width, r.height))),
    hearted: w.all.flatMap((r, position) => (listed.has(r.id) ? [position] : [])),
  }));
}

function clampOffset(offset: number, count: number): number {
  if (!Number.isSafeInteger(offset) || offset < 0) return 0;
  return Math.min(offset, Math.max(0, count - 1));
}

/** One page of one set's photos, for the client's scrolling; null when the set is not this gallery's. */
export async function setPhotoPage(
  deps: ClientViewDeps,
  galleryId: number,
  setId: number,
  offset: number,
  request: Pick<PageRequest, "listId" | "onlyList" | "language">,
): Promise<PhotoPage | null> {
  const { db } = deps;
  const sets = await readGallerySets(db, galleryId);
  if (!sets.some((s) => s.id === setId)) return null;
  const audience = galleryAudience(galleryId);
  const { rows, listed } = await photosShown(db, audience, [setId], request);
  const from = clampOffset(offset, rows.length);
  const look = await galleryLook(db, galleryId);
  const shown = rows.slice(from, from + PHOTOS_PER_PAGE);
  return {
    count: rows.length,
    offset: from,
    photos: await toGalleryPhotos(deps, audience, shown, {
      watermark: look.watermark,
      language: request.language,
      items: listed,
      hiddenFromGuests: await hiddenOf(db, galleryId, look.guestSearch, shown),
    }),
  };
}
