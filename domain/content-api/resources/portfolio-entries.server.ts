// A collection and a shoot as filters read them (records) and as the API answers them: one
// module for both, because each nests the other as deep as populate asks (a collection's
// shoots, a shoot's collection, a shoot's story and a story's shoot). The collections, shoots
// and stories resources take their shapes from here; how each is read is theirs.

import { type CollectionEntry, type ShootEntry, shootsOf } from "../graph.server.ts";
import { mediaRecord, mediaRecords } from "../media.server.ts";
import type { Populate, QueryRecord } from "../query.server.ts";
import type { ApiEntry } from "../resource.server.ts";
import { asIs, mediaList, timestamps, toMany, toOne } from "../serialize.server.ts";

/** A collection as filters read it. */
export function collectionRecord(e: CollectionEntry): QueryRecord {
  return {
    id: e.id,
    name: e.name,
    slug: e.slug,
    description: e.description,
    ...timestamps(e),
    locale: e.locale,
    image: mediaRecords(e.image),
    // A shoot's record links back to its collection's: followed only as deep as a filter goes.
    collections: () => shootsOf(e).map(shootRecord),
  };
}

/** A collection as /api/galleries answers it. */
export function serializeCollection(e: CollectionEntry, populate: ReadonlyMap<string, Populate>): ApiEntry {
  const attributes: Record<string, unknown> = {
    name: e.name,
    slug: e.slug,
    description: e.description,
    ...timestamps(e),
    locale: e.locale,
  };
  const image = populate.get("image");
  if (image) attributes.image = toOne(e.image, image, mediaRecord, asIs);
  const shoots = populate.get("collections");
  if (shoots) attributes.collections = toMany(shootsOf(e), shoots, shootRecord, serializeShoot);
  return { id: e.id, attributes };
}

/** A shoot's scalar attributes, as answered and as filtered. */
function shootScalars(e: ShootEntry) {
  return {
    title: e.title,
    description: e.description,
    location: e.location,
    isStory: e.isStory,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    publishedAt: e.updatedAt,
    locale: e.locale,
  };
}

/** A shoot's attributes as /api/collections or as a story: the same but for the one relation naming the other. */
function shootAttributes(
  e: ShootEntry,
  populate: ReadonlyMap<string, Populate>,
  as: "shoot" | "story",
): Record<string, unknown> {
  const attributes: Record<string, unknown> = shootScalars(e);
  for (const [name, node] of populate) {
    if (name === "base_image") attributes[name] = toOne(e.base_image, node, mediaRecord, asIs);
    else if (name === "images" || name === "image_collections") {
      attributes[name] = mediaList(e.images, node, mediaRecord, asIs);
    } else if (name === "galleries") {
      // The collection as /api/galleries answers it, with what populate[galleries][populate] asks of it.
      attributes[name] = toMany([e.collection], node, collectionRecord, serializeCollection);
    } else if (name === "recent_stories" && as === "shoot") {
      attributes[name] = toMany(e.isStory ? [e] : [], node, shootRecord, serializeStory);
    } else if (name === "collections" && as === "story") {
      attributes[name] = toMany([e], node, shootRecord, serializeShoot);
    }
  }
  return attributes;
}

/** A shoot as filters read it, as /api/collections or a story (each names the other: one record serves both). */
export function shootRecord(e: ShootEntry): QueryRecord {
  const photos = e.images.map(mediaRecord);
  return {
    id: e.id,
    ...shootScalars(e),
    base_image: mediaRecords(e.base_image),
    images: photos,
    image_collections: photos,
    // These link back (a collection's shoots, a story's shoot): followed only as deep as a filter goes.
    galleries: () => [collectionRecord(e.collection)],
    recent_stories: () => (e.isStory ? [shootRecord(e)] : []),
    collections: () => [shootRecord(e)],
  };
}

/** A shoot as /api/collections answers it. */
export function serializeShoot(e: ShootEntry, populate: ReadonlyMap<string, Populate>): ApiEntry {
  return { id: e.id, attributes: shootAttributes(e, populate, "shoot") };
}

/** A story as /api/recent-storys answers it. */
export function serializeStory(e: ShootEntry, populate: ReadonlyMap<string, Populate>): ApiEntry {
  // The spec lists a story's description beside id and attributes, so it is in both places.
  return { id: e.id, attributes: shootAttributes(e, populate, "story"), description: e.description };
}
