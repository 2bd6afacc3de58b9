// The page of each group the review shows, with each photo's thumbnail and hearts: two reads for
// every group on screen together, whatever the lists' length.
import { heartCounts, pickThumbnails } from "#domain/galleries/selection-review.server.ts";
import type { Database } from "#platform/db/db.server.ts";
import { type GroupKey, PICKS_PER_PAGE, type PickNote, type PicksPage, pageParam } from "./picks.ts";

/** A photo of a group before its page is chosen. */
export interface Pick {
  photoId: number;
  assetId: number;
  fileName: string;
  setTitle: string;
  notes: PickNote[];
}

/** The page the address asks for, within 1 and the last (a stale or mistyped number shows the nearest). */
function pageOf(search: URLSearchParams, key: GroupKey, pages: number): number {
  const asked = Number(search.get(pageParam(key)));
  return Number.isSafeInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
}

export async function showPicks(
  db: Database,
  galleryId: number,
  groups: { key: GroupKey; picks: Pick[] }[],
  search: URLSearchParams,
): Promise<PicksPage[]> {
  const paged = groups.map(({ key, picks }) => {
    const pages = Math.max(1, Math.ceil(picks.length / PICKS_PER_PAGE));
    const page = pageOf(search, key, pages);
    return {
      key,
      total: picks.length,
      page,
      pages,
      picks: picks.slice((page - 1) * PICKS_PER_PAGE, page * PICKS_PER_PAGE),
    };
  });
  const shown = paged.flatMap((g) => g.picks);
  const [thumbnails, hearts] = await Promise.all([
    pickThumbnails(
      db,
      shown.map((p) => p.assetId),
    ),
    heartCounts(
      db,
      galleryId,
      shown.map((p) => p.photoId),
    ),
  ]);
  return paged.map(({ picks, ...group }) => ({
    ...group,
    photos: picks.map(({ assetId, ...pick }) => ({
      ...pick,
      thumbnail: thumbnails.get(assetId) ?? null,
      hearts: hearts.get(pick.photoId) ?? 0,
    })),
  }));
}
