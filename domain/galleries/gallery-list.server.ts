// The admin's list of client galleries (issue 15): each live gallery with its counts, its cover
// and its link's state.
import type { Database } from "../../platform/db/db.server.ts";
import type { Day, StoredTime } from "../../platform/db/schema.server.ts";
import { countSetsAndPhotos } from "../catalog/sets.server.ts";
import type { ResponsiveImage } from "../catalog/types.ts";
import { galleryCovers, studioCoverAlt } from "./cover.server.ts";
import { type GalleryAccess, galleryAccess, readGalleries } from "./galleries.server.ts";

export interface AdminGalleryRow {
  id: number;
  title: string;
  clientName: string;
  eventDate: Day | null;
  setCount: number;
  photoCount: number;
  access: GalleryAccess;
  sentAt: StoredTime | null;
  /** The cover shown to the client, if any (not while in the trash). */
  cover: ResponsiveImage | null;
}

/** Every live gallery with its counts, its cover and its link's state on `today` (the studio's day). */
export async function listGalleriesForAdmin(db: Database, today: Day): Promise<AdminGalleryRow[]> {
  const galleries = await readGalleries(db);
  const [byGallery, covers] = await Promise.all([
    galleries.length ? countSetsAndPhotos(db) : new Map<number, { sets: number; photos: number }>(),
    galleryCovers(db, galleries, studioCoverAlt),
  ]);
  return galleries.map((g) => ({
    id: g.id,
    title: g.title,
    clientName: g.clientName,
    eventDate: g.eventDate,
    setCount: byGallery.get(g.id)?.sets ?? 0,
    photoCount: byGallery.get(g.id)?.photos ?? 0,
    access: galleryAccess(g, today),
    sentAt: g.sentAt,
    cover: covers.get(g.id)?.image ?? null,
  }));
}
