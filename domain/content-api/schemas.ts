// The content API's response shapes as zod schemas: the OpenAPI document is generated from
// them, and the tests hold the real responses to them, so the two cannot drift apart.
import { z } from "zod";

const id = z.number().int().positive();
/** A path on this site. A regex, not .startsWith(): that becomes a non-standard JSON Schema format. */
const sitePath = z.string().regex(/^\//);
const timestamp = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  .describe("ISO 8601 with milliseconds, as Strapi writes it");

const format = z.strictObject({
  name: z.string(),
  hash: z.string(),
  ext: z.string(),
  mime: z.string(),
  path: z.null(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().describe("kilobytes"),
  url: sitePath,
});

/** Strapi's upload-file attributes; url is the JPEG, formats the WebP sizes; URLs are paths on this site (Strapi's local provider). */
export const mediaSchema = z.strictObject({
  name: z.string(),
  alternativeText: z.string(),
  caption: z.null(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  formats: z.partialRecord(z.enum(["thumbnail", "small", "medium", "large"]), format).nullable(),
  hash: z.string(),
  ext: z.string(),
  mime: z.string(),
  size: z.number().nullable().describe("kilobytes"),
  url: sitePath,
  previewUrl: z.null(),
  provider: z.string(),
  provider_metadata: z.null(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** One media entry: Strapi's { id, attributes }, and url beside them (the spec's client reads data.url). */
const mediaData = z.strictObject({ id, url: sitePath, attributes: mediaSchema });
export const mediaRelationSchema = z.strictObject({ data: mediaData.nullable() });
const mediaListSchema = z.strictObject({ data: z.array(mediaData) });

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
      .strictObject({
        data: z.array(
          mediaData.extend({
            device: z.enum(["desktop", "mobile"]),
            slide: z.number().int().min(1).describe("position in the slideshow; one desktop and one mobile image each"),
          }),
        ),
      })
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
  createdAt: timestamp,
  updatedAt: timestamp,
  publishedAt: timestamp,
  base_image: mediaRelationSchema.optional(),
  images: mediaListSchema.optional(),
  galleries: z
    .strictObject({ data: z.array(galleryEntrySchema) })
    .optional()
    .describe("its collection, as /api/galleries answers it; populate[galleries][populate]=image adds its image"),
});

export const shootEntrySchema = entry(shootAttributes);
export const storyEntrySchema = z.strictObject({ id, attributes: shootAttributes, description: z.string() });

const navLink = z.strictObject({
  id,
  url: sitePath,
  name: z.string(),
  Logo: z.strictObject({ data: mediaData }).optional(),
});

export const blockEntrySchema = entry(
  z.strictObject({
    Title: z.string(),
    Key: z.string(),
    Url: z.string(),
    Heading: z.string(),
    Nav_Links: z
      .array(navLink)
      .optional()
      .describe("a JSON attribute: returned without populate, as Strapi does (fields may leave it out)"),
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

/** Strapi's findOne: { data: entry, meta: {} }. */
function one<E extends z.ZodType>(item: E) {
  return z.strictObject({ data: item, meta: z.strictObject({}) });
}

/** The list answers (GET /api/{name}), by resource. */
export const RESPONSE_SCHEMAS = {
  banners: list(bannerEntrySchema),
  galleries: list(galleryEntrySchema),
  collections: list(shootEntrySchema),
  "recent-storys": list(storyEntrySchema),
  blocks: list(blockEntrySchema),
} as const;

/** The one-entry answers (GET /api/{name}/{id}), by resource. */
export const ENTRY_SCHEMAS = {
  banners: one(bannerEntrySchema),
  galleries: one(galleryEntrySchema),
  collections: one(shootEntrySchema),
  "recent-storys": one(storyEntrySchema),
  blocks: one(blockEntrySchema),
} as const satisfies Record<keyof typeof RESPONSE_SCHEMAS, z.ZodType>;
