// The content types: what fields, filters, sort and populate may name on each resource, by
// Strapi's names (the registry checks a query against them before anything is read, and the
// OpenAPI document lists them). A collection, a shoot and a story name each other, so their
// types link lazily.

import type { ContentType } from "./query.server.ts";

const TIMESTAMPS = { createdAt: "datetime", updatedAt: "datetime", publishedAt: "datetime" } as const;
/** Strapi's i18n attribute on a localized type's entries: "en" or "ta" (issue 33). */
const LOCALE = { locale: "string" } as const;

const MEDIA_TYPE: ContentType = {
  scalars: {
    name: "string",
    alternativeText: "string",
    caption: "string",
    width: "number",
    height: "number",
    ext: "string",
    mime: "string",
    size: "number",
    url: "string",
    hash: "string",
    previewUrl: "string",
    provider: "string",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  relations: {},
  json: ["formats", "provider_metadata"],
};
const media = () => MEDIA_TYPE;

/** "Baby Shoot", "babyShoot" and "babyshoot" name the same collection, as in /gallery/{collection}. */
const collectionKey = (s: string) => s.toLowerCase().replace(/\s+/g, "");

// The original content types' relations, by their original names: a collection (Wedding, ...)
// has its shoots as `collections`; a shoot (the original "collection") has its collection as
// `galleries`, its photos as `images` and, by the original name, `image_collections`, and the
// story told of it as `recent_stories`; a story has its shoot as `collections`.

/** A portfolio collection (Strapi's "gallery"). */
export const COLLECTION_TYPE: ContentType = {
  scalars: { name: "string", slug: "string", description: "string", ...TIMESTAMPS, ...LOCALE },
  relations: { image: media, collections: () => SHOOT_TYPE },
  localized: true,
  // The spec filters by "collection name": the name or the /gallery/{collection} segment, any case.
  equivalent: { name: collectionKey, slug: collectionKey },
};

const SHOOT_SCALARS = {
  title: "string",
  description: "string",
  location: "string",
  isStory: "boolean",
  ...TIMESTAMPS,
  ...LOCALE,
} as const;

/** A shoot's media fields: base_image its cover; images and image_collections (the original name) its photos. */
export const SHOOT_MEDIA = ["base_image", "images", "image_collections"] as const;

/** What a shoot links to as /api/collections answers it and as a story alike. */
const SHOOT_RELATIONS = {
  ...Object.fromEntries(SHOOT_MEDIA.map((name) => [name, media])),
  galleries: () => COLLECTION_TYPE,
};

/** A shoot (Strapi's "collection"). */
export const SHOOT_TYPE: ContentType = {
  scalars: SHOOT_SCALARS,
  relations: { ...SHOOT_RELATIONS, recent_stories: () => STORY_TYPE },
  localized: true,
};

export const STORY_TYPE: ContentType = {
  scalars: SHOOT_SCALARS,
  relations: { ...SHOOT_RELATIONS, collections: () => SHOOT_TYPE },
  localized: true,
};

export const BANNER_TYPE: ContentType = {
  scalars: { name: "string", ...TIMESTAMPS },
  relations: { bannerImage: media },
};

export const BLOCK_TYPE: ContentType = {
  scalars: { Title: "string", Key: "string", Url: "string", Heading: "string", ...TIMESTAMPS, ...LOCALE },
  relations: { logo: media },
  localized: true,
  json: ["Nav_Links"],
  // Strapi field names are case-sensitive; the spec writes filters[key], the entries say Key.
  aliases: { key: "Key" },
};
