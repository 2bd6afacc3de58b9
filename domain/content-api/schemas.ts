// The content API's response shapes as zod schemas: the OpenAPI document is generated from
// them, and the tests hold the real responses to them, so the two cannot drift apart.
import { z } from "zod";

const id = z.number().int().positive();
const absoluteUrl = z.string().regex(/^https?:\/\//);
/** A path on this site. A regex, not .startsWith(): that becomes a non-standard JSON Schema format. */
const sitePath = z.string().regex(/^\//);

const format = z.strictObject({
  name: z.string(),
  ext: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().describe("kilobytes"),
  url: absoluteUrl,
});

/** Strapi's upload-file attributes; url is the JPEG, formats the WebP sizes. */
export const mediaSchema = z.strictObject({
  name: z.string(),
  alternativeText: z.string(),
  caption: z.null(),
  width: z.number().int(),
  height: z.number().int(),
  formats: z.partialRecord(z.enum(["thumbnail", "small", "medium", "large"]), format),
  ext: z.string(),
  mime: z.string(),
  size: z.number(),
  url: absoluteUrl,
  provider: z.string(),
});

const mediaData = z.strictObject({ id, url: absoluteUrl, attributes: mediaSchema });
export const mediaRelationSchema = z.strictObject({ data: mediaData.nullable() });

function entry<A extends z.ZodType>(attributes: A) {
  return z.strictObject({ id, attributes });
}

export const paginationSchema = z.union([
  z.strictObject({
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(100),
    pageCount: z.number().int().min(0).optional(),
    total: z.number().int().min(0).optional(),
  }),
  z
    .strictObject({
      start: z.number().int().min(0),
      limit: z.number().int().min(1).max(100),
      total: z.number().int().min(0).optional(),
    })
    .describe("pagination[start] and pagination[limit]"),
]);

function list<E extends z.ZodType>(item: E) {
  return z.strictObject({ data: z.array(item), meta: z.strictObject({ pagination: paginationSchema }) });
}

export const bannerEntrySchema = entry(
  z.strictObject({
    name: z.string(),
    bannerImage: z
      .array(
        mediaSchema.extend({
          id,
          device: z.enum(["desktop", "mobile"]),
          slide: z.number().int().min(1).describe("position in the slideshow; one desktop and one mobile image each"),
        }),
      )
      .optional()
      .describe("populate=bannerImage: the desktop images, then the mobile crops"),
  }),
);

export const galleryEntrySchema = entry(
  z.strictObject({
    name: z.string(),
    slug: z.string().describe("the /gallery/{collection} segment"),
    description: z.string(),
    image: mediaRelationSchema.optional(),
  }),
);

const shootAttributes = z.strictObject({
  title: z.string(),
  description: z.string(),
  location: z.string(),
  isStory: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string(),
  base_image: mediaRelationSchema.optional(),
  images: z.strictObject({ data: z.array(mediaData) }).optional(),
  galleries: z
    .strictObject({ data: z.array(entry(z.strictObject({ name: z.string(), slug: z.string() }))) })
    .optional(),
});

export const shootEntrySchema = entry(shootAttributes);
export const storyEntrySchema = z.strictObject({ id, attributes: shootAttributes, description: z.string() });

const navLink = z.strictObject({
  id,
  url: sitePath,
  name: z.string(),
  Logo: mediaRelationSchema
    .extend({
      data: z.strictObject({
        id,
        url: absoluteUrl,
        attributes: z.strictObject({
          name: z.string(),
          alternativeText: z.string(),
          ext: z.string(),
          mime: z.string(),
          url: absoluteUrl,
        }),
      }),
    })
    .optional(),
});

export const blockEntrySchema = entry(
  z.strictObject({
    Title: z.string(),
    Key: z.string(),
    Url: z.string(),
    Heading: z.string(),
    Nav_Links: z.array(navLink).describe("a JSON attribute: always returned, as Strapi does"),
  }),
);

export const errorSchema = z.strictObject({
  data: z.null(),
  error: z.strictObject({
    status: z.number().int(),
    name: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()),
  }),
});

export const RESPONSE_SCHEMAS = {
  banners: list(bannerEntrySchema),
  galleries: list(galleryEntrySchema),
  collections: list(shootEntrySchema),
  collection: z.strictObject({ data: shootEntrySchema, meta: z.strictObject({}) }),
  "recent-storys": list(storyEntrySchema),
  blocks: list(blockEntrySchema),
} as const;
