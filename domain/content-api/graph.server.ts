// What one request reads of the portfolio: every collection, and the published shoots it
// reaches, linked both ways (a shoot to its collection, a collection to its shoots), with only
// the media the query reaches. The collections, shoots and stories resources all read through
// this, so a nested populate gives the same entry as the resource's own path. Every entry is in
// the request's locale (ctx.locale): the studio's Tamil where it wrote it, else its English.

import { PUBLIC } from "../catalog/audience.server.ts";
import { loadStoredImages, type StoredImage } from "../catalog/images.server.ts";
import { type ContentLanguage, inLanguage } from "../catalog/localized.ts";
import {
  type PortfolioShootRecord,
  readCollections,
  readShootPhotos,
  readShoots,
  shootCovers,
} from "../catalog/read-model.server.ts";
import { COLLECTION_TYPE, SHOOT_MEDIA, SHOOT_TYPE, STORY_TYPE } from "./content-types.server.ts";
import { type MediaData, mediaOf } from "./media.server.ts";
import { type ContentType, type ParsedQuery, reachedRelations } from "./query.server.ts";
import type { Needs, ResourceContext } from "./resource.server.ts";
import type { Times } from "./serialize.server.ts";

/** A portfolio collection (Wedding, Baby Shoot, ...): what /api/galleries answers. */
export interface CollectionEntry extends Times {
  id: number;
  locale: ContentLanguage;
  slug: string;
  name: string;
  description: string;
  image: MediaData | null;
  /** Its published shoots, in the site's order; read only when a query reaches them (null: not read). */
  shoots: ShootEntry[] | null;
}

/** A published shoot: what /api/collections answers, and /api/recent-storys of a story. */
export interface ShootEntry {
  id: number;
  locale: ContentLanguage;
  title: string;
  location: string;
  description: string;
  isStory: boolean;
  createdAt: string;
  updatedAt: string;
  /** Its collection, as /api/galleries answers it (so a nested populate gives the same entry). */
  collection: CollectionEntry;
  /** Its cover and photos; read only when a query reaches them (Graph.media). */
  base_image: MediaData | null;
  images: MediaData[];
}

/** What one request has read: every collection, linked both ways with the shoots read. */
export interface Graph {
  collections: Map<number, CollectionEntry>;
  /** Whether shoots' photos and covers are read. */
  media: boolean;
}

export function needsOf(query: Pick<ParsedQuery, "filter" | "sort" | "populate">, type: ContentType): Needs {
  const reached = reachedRelations(query, type);
  return {
    shootMedia: reached.some(
      (r) =>
        (r.type === SHOOT_TYPE || r.type === STORY_TYPE) && (SHOOT_MEDIA as readonly string[]).includes(r.relation),
    ),
    collectionShoots: reached.some((r) => r.type === COLLECTION_TYPE && r.relation === "collections"),
  };
}

export function shootsOf(e: CollectionEntry): ShootEntry[] {
  // needsOf found the query reaching them, so loadGraph read them: a null here is a bug.
  if (e.shoots === null) throw new Error(`collection ${e.id}: its shoots were not read`);
  return e.shoots;
}

/** The collections, and when a query reaches a collection's shoots, all of them, linked to their collection. */
export async function loadGraph(ctx: ResourceContext, needs: Needs): Promise<Graph> {
  const rows = await readCollections(ctx.db);
  const locale = ctx.locale ?? "en";
  const images = await loadStoredImages(
    ctx.db,
    PUBLIC,
    rows.flatMap((r) => r.cover_asset_id ?? []),
  );
  const graph: Graph = {
    collections: new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          locale,
          slug: r.slug,
          name: inLanguage(locale, r.name, r.name_ta),
          description: inLanguage(locale, r.description, r.description_ta),
          createdAt: r.created_at,
          updatedAt: r.updated_at,
          // Media is not localized in Strapi (the upload plugin's files are one for every locale).
          image: mediaOf(images, r.cover_asset_id, `${r.name} collection`),
          shoots: null,
        },
      ]),
    ),
    media: needs.shootMedia,
  };
  if (needs.collectionShoots) {
    const shoots = await shootEntries(ctx, await readShoots(ctx.db, PUBLIC, {}), graph);
    const byCollection = Map.groupBy(shoots, (s) => s.collection.id);
    for (const collection of graph.collections.values()) collection.shoots = byCollection.get(collection.id) ?? [];
  }
  return graph;
}

/** The shoots read as entries, each linked to its collection in the graph; their photos and covers read only when the graph wants media. */
export async function shootEntries(
  ctx: ResourceContext,
  shoots: PortfolioShootRecord[],
  graph: Graph,
): Promise<ShootEntry[]> {
  const { db } = ctx;
  const locale = ctx.locale ?? "en";
  const images = new Map<number, StoredImage>();
  let covers = new Map<number, number | null>();
  let photosOf = new Map<number, Awaited<ReturnType<typeof readShootPhotos>>>();
  if (graph.media) {
    const [coverIds, photos] = await Promise.all([
      shootCovers(db, PUBLIC, shoots),
      readShootPhotos(
        db,
        PUBLIC,
        shoots.map((s) => s.id),
      ),
    ]);
    covers = coverIds;
    for (const p of photos) if (p.image) images.set(p.assetId, p.image);
    const otherCovers = [...covers.values()].flatMap((id) => (id === null || images.has(id) ? [] : [id]));
    for (const [id, image] of await loadStoredImages(db, PUBLIC, otherCovers)) images.set(id, image);
    // Each shoot's photos, in their order, found once: not a scan of every photo per shoot.
    photosOf = Map.groupBy(photos, (p) => p.shootId);
  }
  return shoots.flatMap((s): ShootEntry[] => {
    const collection = graph.collections.get(s.collection.id);
    if (!collection) return [];
    return [
      {
        id: s.id,
        locale,
        title: inLanguage(locale, s.title, s.titleTa),
        location: inLanguage(locale, s.location, s.locationTa),
        description: inLanguage(locale, s.description, s.descriptionTa),
        isStory: s.isStory,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        collection,
        base_image: mediaOf(images, covers.get(s.id) ?? null, `${s.title}, ${s.location}`),
        images: (photosOf.get(s.id) ?? []).flatMap((p) => mediaOf(images, p.assetId, p.alt || s.title) ?? []),
      },
    ];
  });
}
