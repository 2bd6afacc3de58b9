// The content API's response shapes as zod schemas: the OpenAPI document is generated from
// them, and the tests hold the real responses to them, so the two cannot drift apart.
// Relations link back (a collection's shoots, a shoot's collection), so entries refer to each
// other through getters, and the document names each entry once, in components.schemas.
import { z } from "zod";

/** The shapes the OpenAPI document names in components.schemas, by their id there. */
export const SCHEMA_REGISTRY = z.registry<{ id: string }>();

const id = z.number().int().positive();
/** A path on this site. A regex, not .startsWith(): that becomes a non-standard JSON Schema format. */
const sitePath = z.string().regex(/^\//);
const timestamp = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  .describe("ISO 8601 with milliseconds, as Strapi writes it");
/** A localized entry's locale, as Strapi's i18n plugin answers it (issue 33). */
const locale = z.enum(["en", "ta"]).describe("the entry's locale: en (the default) or ta");

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
const mediaData = z.strictObject({ id, url: sitePath, attributes: mediaSchema }).register(SCHEMA_REGISTRY, {
  id: "Media",
});
export const mediaRelationSchema = z.strictObject({ data: mediaData.nullable() });
/** A multiple media field: null when it holds no file, as Strapi 4 answers an empty one. */
const mediaListSchema = z.strictObject({
  data: z.array(mediaData).nullable().describe("null when the field holds no file, as Strapi 4 answers"),
});
/** A to-many relation: populate[relation][filters] may leave it empty. */
const relationList = <E extends z.ZodType>(item: E) => z.strictObject({ data: z.array(item) });

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
    createdAt: timestamp,
    updatedAt: timestamp,
    publishedAt: timestamp,
    bannerImage: z
      .strictObject({
        data: z
          .array(
            mediaData.extend({
              device: z.enum(["desktop", "mobile"]),
              slide: z
                .number()
                .int()
                .min(1)
                .describe("position in the slideshow; one desktop and one mobile image each"),
            }),
          )
          .nullable()
          .describe("null with no slides, as Strapi 4 answers an empty media field"),
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
    createdAt: timestamp,
    updatedAt: timestamp,
    publishedAt: timestamp,
    locale,
    image: mediaRelationSchema.optional(),
    get collections() {
      return relationList(shootEntrySchema)
        .optional()
        .describe("its published shoots, as /api/collections answers them");
    },
  }),
).register(SCHEMA_REGISTRY, { id: "Collection" });

const shootScalars = {
  title: z.string(),
  description: z.string(),
  location: z.string(),
  isStory: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  publishedAt: timestamp,
  locale,
  base_image: mediaRelationSchema.optional(),
  images: mediaListSchema.optional(),
  image_collections: mediaListSchema.optional().describe("its photos, by the original content type's name"),
  galleries: relationList(galleryEntrySchema)
    .optional()
    .describe("its collection, as /api/galleries answers it; populate[galleries][populate]=image adds its image"),
};

type ShootBase = z.output<z.ZodObject<typeof shootScalars>>;
type Relation<E> = { data: E[] };
/** Named, for the links back: TypeScript cannot infer a type that refers to itself. */
export type ShootEntry = { id: number; attributes: ShootBase & { recent_stories?: Relation<StoryEntry> | undefined } };
export type StoryEntry = {
  id: number;
  attributes: ShootBase & { collections?: Relation<ShootEntry> | undefined };
  description: string;
};

export const shootEntrySchema: z.ZodType<ShootEntry> = entry(
  z.strictObject({
    ...shootScalars,
    get recent_stories() {
      return relationList(storyEntrySchema).optional().describe("the story told of it, if it is one");
    },
  }),
).register(SCHEMA_REGISTRY, { id: "Shoot" });

export const storyEntrySchema: z.ZodType<StoryEntry> = z
  .strictObject({
    id,
    attributes: z.strictObject({
      ...shootScalars,
      get collections() {
        return relationList(shootEntrySchema).optional().describe("the shoot the story tells");
      },
    }),
    description: z.string(),
  })
  .register(SCHEMA_REGISTRY, { id: "Story" });

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
    createdAt: timestamp,
    updatedAt: timestamp,
    publishedAt: timestamp,
    locale,
    logo: mediaListSchema
      .optional()
      .describe("a multiple media field: the header's holds the studio's logo, the footer's none (data: null)"),
    Nav_Links: z
      .array(navLink)
      .optional()
      .describe("a JSON attribute: returned without populate, as Strapi does (fields may leave it out)"),
  }),
);

export const errorSchema = z
  .strictObject({
    data: z.null(),
    error: z.strictObject({
      status: z.number().int(),
      name: z.string(),
      message: z.string(),
      details: z.record(z.string(), z.unknown()),
    }),
  })
  .register(SCHEMA_REGISTRY, { id: "Error" });

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

/** Each resource's name in components.schemas: its list answer is {Name}List, its findOne answer {Name}Response. */
const COMPONENT_NAMES = {
  banners: "Banner",
  galleries: "Collection",
  collections: "Shoot",
  "recent-storys": "Story",
  blocks: "Block",
} as const satisfies Record<keyof typeof RESPONSE_SCHEMAS, string>;

bannerEntrySchema.register(SCHEMA_REGISTRY, { id: "Banner" });
blockEntrySchema.register(SCHEMA_REGISTRY, { id: "Block" });
for (const [resource, name] of Object.entries(COMPONENT_NAMES)) {
  const key = resource as keyof typeof COMPONENT_NAMES;
  RESPONSE_SCHEMAS[key].register(SCHEMA_REGISTRY, { id: `${name}List` });
  ENTRY_SCHEMAS[key].register(SCHEMA_REGISTRY, { id: `${name}Response` });
}
