// The content API's resources: what each /api/{name} path serves, in Strapi v4's shapes, with
// the fields spec section 3 names, and the content type each is (what a query may name). Each
// reads the catalog's read model, as the public pages do, so the two show the same shoots,
// photos and slides in the same order. Shoots are found, sorted and paged by the database; the
// few collections, banners and blocks are filtered in memory by query.server.ts. Only what a
// query reaches is read: a shoot's photos when a media field is populated or filtered, a
// collection's shoots when its `collections` is.

import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../../platform/db/db.server.ts";
import type { DB } from "../../platform/db/schema.server.ts";
import { PUBLIC } from "../catalog/audience.server.ts";
import { loadStoredImages, type StoredImage } from "../catalog/images.server.ts";
import { LINKS_BEFORE_LOGO, NAV_LINKS } from "../catalog/navigation.ts";
import {
  countShoots,
  type PortfolioShootRecord,
  readBannerSlides,
  readCollections,
  readShootPhotos,
  readShoots,
  readStudioRow,
  type ShootColumn,
  type ShootQuery,
  shootCovers,
} from "../catalog/read-model.server.ts";
import { VARIANT_MIME } from "../media/constants.ts";
import { publicMediaUrl } from "../media/storage.server.ts";
import { ApiError } from "./errors.server.ts";
import {
  applyQuery,
  type ContentType,
  type ParsedQuery,
  type Populate,
  pageBounds,
  paginationMeta,
  parseQuery,
  type QueryRecord,
  reachedRelations,
  selectEntries,
} from "./query.server.ts";
import { inSql, toSql } from "./sql-filter.server.ts";

/** Strapi's names for its resized formats, mapped onto our WebP ladder's rungs. */
const STRAPI_FORMAT_WIDTHS_PX = { thumbnail: 320, small: 640, medium: 960, large: 1280 } as const;
const BYTES_PER_KB = 1000;
/** The time of something that has none yet (no studio row): the Unix epoch. */
const EPOCH = new Date(0).toISOString();
/** The built-in logo, a public file, when the studio has not set its own in the admin. */
const LOGO_PATH = "/favicon.svg";

export interface ResourceContext {
  db: Database;
  /** The public origin: the OpenAPI document's server. Media URLs are paths, as Strapi's local provider answers. */
  origin: string;
}

/** One entry as Strapi v4 returns it. */
export interface ApiEntry {
  id: number;
  attributes: Record<string, unknown>;
  [extra: string]: unknown;
}

/** What one request must read, found from its query: nothing it does not reach is loaded. */
export interface Needs {
  /** A shoot's media fields (base_image, images, image_collections) are populated or filtered. */
  shootMedia: boolean;
  /** A collection's shoots (its `collections`) are populated or filtered. */
  collectionShoots: boolean;
}

export interface Resource<E extends { id: number }> {
  type: ContentType;
  /** Every entry, in the default order. */
  list(ctx: ResourceContext, needs: Needs): Promise<E[]>;
  /** One entry by id for /api/{name}/{id} (Strapi's findOne); without it, found in the list. */
  one?(ctx: ResourceContext, id: number, needs: Needs): Promise<E | null>;
  /** A page found by the database (null: this query needs the entries in memory); without it, the list is paged in memory. */
  page?(ctx: ResourceContext, query: ParsedQuery, needs: Needs): Promise<{ entries: E[]; total: number } | null>;
  /** The entry as filters and sort read it: its scalars, and its relations' entries. */
  record(entry: E): QueryRecord;
  serialize(entry: E, populate: ReadonlyMap<string, Populate>): ApiEntry;
}

// --- content types: what fields, filters, sort and populate may name on each

const TIMESTAMPS = { createdAt: "datetime", updatedAt: "datetime", publishedAt: "datetime" } as const;

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

const GALLERY_TYPE: ContentType = {
  scalars: { name: "string", slug: "string", description: "string", ...TIMESTAMPS },
  relations: { image: media, collections: () => SHOOT_TYPE },
  // The spec filters by "collection name": the name or the /gallery/{collection} segment, any case.
  equivalent: { name: collectionKey, slug: collectionKey },
};

const SHOOT_SCALARS = {
  title: "string",
  description: "string",
  location: "string",
  isStory: "boolean",
  ...TIMESTAMPS,
} as const;

/** A shoot's media fields: base_image its cover; images and image_collections (the original name) its photos. */
const SHOOT_MEDIA = ["base_image", "images", "image_collections"] as const;

/** What a shoot links to as a collection entry and as a story alike. */
const SHOOT_RELATIONS = {
  ...Object.fromEntries(SHOOT_MEDIA.map((name) => [name, media])),
  galleries: () => GALLERY_TYPE,
};

const SHOOT_TYPE: ContentType = {
  scalars: SHOOT_SCALARS,
  relations: { ...SHOOT_RELATIONS, recent_stories: () => STORY_TYPE },
};

const STORY_TYPE: ContentType = {
  scalars: SHOOT_SCALARS,
  relations: { ...SHOOT_RELATIONS, collections: () => SHOOT_TYPE },
};

const BANNER_TYPE: ContentType = { scalars: { name: "string", ...TIMESTAMPS }, relations: { bannerImage: media } };

const BLOCK_TYPE: ContentType = {
  scalars: { Title: "string", Key: "string", Url: "string", Heading: "string", ...TIMESTAMPS },
  relations: { logo: media },
  json: ["Nav_Links"],
  // Strapi field names are case-sensitive; the spec writes filters[key], the entries say Key.
  aliases: { key: "Key" },
};

function needsOf(query: Pick<ParsedQuery, "filter" | "sort" | "populate">, type: ContentType): Needs {
  const reached = reachedRelations(query, type);
  return {
    shootMedia: reached.some(
      (r) =>
        (r.type === SHOOT_TYPE || r.type === STORY_TYPE) && (SHOOT_MEDIA as readonly string[]).includes(r.relation),
    ),
    collectionShoots: reached.some((r) => r.type === GALLERY_TYPE && r.relation === "collections"),
  };
}

function kilobytes(bytes: number): number {
  return Math.round((bytes / BYTES_PER_KB) * 100) / 100;
}

/** A stored file's name without its extension: Strapi's `hash`. */
function stem(key: string): string {
  return (key.split("/").at(-1) ?? "").replace(/\.[^.]+$/, "");
}

/**
 * Strapi's upload-file attributes for one of our assets: `url` is the JPEG variant, `formats`
 * the WebP rungs nearest Strapi's sizes. URLs are paths on this site, as Strapi's local
 * provider answers them (a client prefixes its STRAPI_URL).
 */
function mediaAttributes(image: StoredImage, alt: string) {
  const jpeg = image.variants.find((v) => v.format === "jpeg");
  const formats: Record<string, unknown> = {};
  for (const [name, width] of Object.entries(STRAPI_FORMAT_WIDTHS_PX)) {
    const variant = image.variants.find((v) => v.format === "webp" && v.width === width);
    if (!variant) continue;
    formats[name] = {
      name: variant.key.split("/").at(-1),
      hash: stem(variant.key),
      ext: ".webp",
      mime: VARIANT_MIME.webp,
      path: null,
      width: variant.width,
      height: variant.height,
      size: kilobytes(variant.bytes),
      url: publicMediaUrl(variant.key),
    };
  }
  return {
    name: jpeg?.key.split("/").at(-1) ?? "",
    alternativeText: alt,
    caption: null,
    width: jpeg?.width ?? image.width,
    height: jpeg?.height ?? image.height,
    formats,
    hash: jpeg ? stem(jpeg.key) : "",
    ext: ".jpg",
    mime: VARIANT_MIME.jpeg,
    size: kilobytes(jpeg?.bytes ?? 0),
    url: jpeg ? publicMediaUrl(jpeg.key) : "",
    previewUrl: null,
    provider: "local",
    provider_metadata: null,
    createdAt: image.createdAt,
    updatedAt: image.createdAt,
  };
}

type MediaData = {
  id: number;
  url: string;
  attributes: ReturnType<typeof mediaAttributes> | ReturnType<typeof logoAttributes>;
};

/** One media entry as Strapi nests it ({ id, attributes }); the spec's client reads data.url, so that is there too. */
function mediaData(id: number, image: StoredImage, alt: string): MediaData {
  const attributes = mediaAttributes(image, alt);
  return { id, url: attributes.url, attributes };
}

/** A stored asset as a media entry; null when there is none (a single media field's `data: null`). */
function mediaOf(images: Map<number, StoredImage>, assetId: number | null, alt: string): MediaData | null {
  const image = assetId === null ? undefined : images.get(assetId);
  return assetId === null || !image ? null : mediaData(assetId, image, alt);
}

/** The built-in logo as a Strapi file: an SVG, so no sizes or formats (Strapi has none for one either). */
function builtInLogo(alt: string, at = EPOCH): MediaData {
  return { id: 1, url: LOGO_PATH, attributes: logoAttributes(alt, at) };
}

function logoAttributes(alt: string, at: string) {
  return {
    name: "logo.svg",
    alternativeText: alt,
    caption: null,
    width: null,
    height: null,
    formats: null,
    hash: "logo",
    ext: ".svg",
    mime: "image/svg+xml",
    size: null,
    url: LOGO_PATH,
    previewUrl: null,
    provider: "local",
    provider_metadata: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** A media entry as filters read it. */
function mediaRecord({ id, attributes }: MediaData): QueryRecord {
  const { formats: _formats, provider_metadata: _metadata, ...scalars } = attributes;
  return { id, ...scalars };
}

type Serialize<E> = (entry: E, populate: ReadonlyMap<string, Populate>) => unknown;
const asIs = <E>(entry: E) => entry;

/** A to-many relation as populate asks for it: `{ data: [...] }`, the entries its filters keep, in its sort's order. */
function toMany<E>(entries: readonly E[], node: Populate, record: (e: E) => QueryRecord, serialize: Serialize<E>) {
  return { data: selectEntries(entries, node, record).map((e) => serialize(e, node.populate)) };
}

/** A to-one relation: `{ data: entry | null }`; null too when populate's filters leave it out. */
function toOne<E>(entry: E | null, node: Populate, record: (e: E) => QueryRecord, serialize: Serialize<E>) {
  const [kept] = entry === null ? [] : selectEntries([entry], node, record);
  return { data: kept === undefined ? null : serialize(kept, node.populate) };
}

function mediaRecords(media: MediaData | null): QueryRecord[] {
  return media ? [mediaRecord(media)] : [];
}

/** When an entry was made and last changed. */
interface Times {
  createdAt: string;
  updatedAt: string;
}

/**
 * Strapi's system fields for an entry that is always published (a collection, the banner, a
 * block): published when made. A shoot, which may go back to draft, says its own (shootScalars).
 */
function timestamps({ createdAt, updatedAt }: Times) {
  return { createdAt, updatedAt, publishedAt: createdAt };
}

/** The studio's times (the blocks are its settings); the Unix epoch before it has any. */
function studioTimes(studio: { created_at: string; updated_at: string } | null): Times {
  return { createdAt: studio?.created_at ?? EPOCH, updatedAt: studio?.updated_at ?? EPOCH };
}

// --- banners: one entry whose bannerImage lists the desktop images, then the mobile crops.

const BANNER_NAME = "Home banner";

interface BannerEntry extends Times {
  id: number;
  /** Beside Strapi's id and attributes: which slide, and for which screen (the mobile crops follow the desktop images). */
  images: (MediaData & { device: "desktop" | "mobile"; slide: number })[];
}

const banners: Resource<BannerEntry> = {
  type: BANNER_TYPE,
  record: (e) => ({ id: e.id, name: BANNER_NAME, ...timestamps(e), bannerImage: e.images.map(mediaRecord) }),
  async list({ db }) {
    const slides = await readBannerSlides(db, PUBLIC);
    // Made with its first slide, changed with its last change (every change renumbers them all);
    // with no slides, the studio's times (read only then).
    const times = slides.length
      ? {
          createdAt: slides.map((s) => s.createdAt).toSorted()[0] as string,
          updatedAt: slides
            .map((s) => s.updatedAt)
            .toSorted()
            .at(-1) as string,
        }
      : studioTimes(await readStudioRow(db));
    const entry: BannerEntry = { id: 1, ...times, images: [] };
    for (const device of ["desktop", "mobile"] as const) {
      slides.forEach((s, index) => {
        const assetId = device === "desktop" ? s.desktopAssetId : s.mobileAssetId;
        const image = device === "desktop" ? s.desktop : s.mobile;
        if (image) entry.images.push({ ...mediaData(assetId, image, s.alt), device, slide: index + 1 });
      });
    }
    return [entry];
  },
  serialize(entry, populate) {
    const attributes: Record<string, unknown> = { name: BANNER_NAME, ...timestamps(entry) };
    const node = populate.get("bannerImage");
    if (node) attributes.bannerImage = toMany(entry.images, node, mediaRecord, asIs);
    return { id: entry.id, attributes };
  },
};

// --- galleries: the studio's collections (Wedding, Baby Shoot, ...), as the spec calls them.

interface GalleryEntry extends Times {
  id: number;
  slug: string;
  name: string;
  description: string;
  image: MediaData | null;
  /** Its published shoots, in the site's order; read only when a query reaches them (null: not read). */
  shoots: ShootEntry[] | null;
}

/** What one request has read: every collection, linked both ways with the shoots read. */
interface Graph {
  collections: Map<number, GalleryEntry>;
  /** Whether shoots' photos and covers are read. */
  media: boolean;
}

function shootsOf(e: GalleryEntry): ShootEntry[] {
  // needsOf found the query reaching them, so loadGraph read them: a null here is a bug.
  if (e.shoots === null) throw new Error(`collection ${e.id}: its shoots were not read`);
  return e.shoots;
}

const galleries: Resource<GalleryEntry> = {
  type: GALLERY_TYPE,
  record: (e) => ({
    id: e.id,
    name: e.name,
    slug: e.slug,
    description: e.description,
    ...timestamps(e),
    image: mediaRecords(e.image),
    // A shoot's record links back to its collection's: followed only as deep as a filter goes.
    collections: () => shootsOf(e).map(shootRecord),
  }),
  list: async (ctx, needs) => [...(await loadGraph(ctx, needs)).collections.values()],
  serialize(e, populate) {
    const attributes: Record<string, unknown> = {
      name: e.name,
      slug: e.slug,
      description: e.description,
      ...timestamps(e),
    };
    const image = populate.get("image");
    if (image) attributes.image = toOne(e.image, image, mediaRecord, asIs);
    const shoots = populate.get("collections");
    if (shoots) attributes.collections = toMany(shootsOf(e), shoots, shootRecord, collections.serialize);
    return { id: e.id, attributes };
  },
};

/** The collections, and when a query reaches a collection's shoots, all of them, linked to their collection. */
async function loadGraph(ctx: ResourceContext, needs: Needs): Promise<Graph> {
  const rows = await readCollections(ctx.db);
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
          slug: r.slug,
          name: r.name,
          description: r.description,
          createdAt: r.created_at,
          updatedAt: r.updated_at,
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

// --- collections: published shoots (the spec's "gallery" items), filterable by collection.

interface ShootEntry {
  id: number;
  title: string;
  location: string;
  description: string;
  isStory: boolean;
  createdAt: string;
  updatedAt: string;
  /** Its collection, as /api/galleries answers it (so a nested populate gives the same entry). */
  collection: GalleryEntry;
  /** Its cover and photos; read only when a query reaches them (Graph.media). */
  base_image: MediaData | null;
  images: MediaData[];
}

/** The shoots the site shows ("public"): never a draft, a shoot in the trash or a client's set. */
async function loadShoots(ctx: ResourceContext, needs: Needs, only: Pick<ShootQuery, "id" | "stories">) {
  const [graph, shoots] = await Promise.all([loadGraph(ctx, needs), readShoots(ctx.db, PUBLIC, { ...only })]);
  return shootEntries(ctx, shoots, graph);
}

/** Where a filter's or sort's path is in SQL: a shoot's own columns and its collection's; a media field's attributes are not. */
function shootColumn(path: readonly string[]): ShootColumn | null {
  const [head, attribute] = path;
  if (path.length === 1 && head !== undefined) return SHOOT_COLUMNS[head] ?? null;
  if (path.length === 2 && head === "galleries" && attribute !== undefined)
    return COLLECTION_COLUMNS[attribute] ?? null;
  return null;
}

const SHOOT_COLUMNS: Record<string, ShootColumn> = {
  id: "shoots.id",
  title: "shoots.title",
  location: "shoots.location",
  description: "shoots.description",
  isStory: "shoots.is_story",
  createdAt: "shoots.created_at",
  updatedAt: "shoots.updated_at",
  // Published when last saved published: the site keeps no separate publication time.
  publishedAt: "shoots.updated_at",
};
const COLLECTION_COLUMNS: Record<string, ShootColumn> = {
  id: "collections.id",
  name: "collections.name",
  slug: "collections.slug",
  description: "collections.description",
};

/**
 * A page of shoots found, sorted and counted by the database, then only that page's photos
 * read; null when a filter or sort names what only the entries hold (a media field's
 * attributes, a story's shoot, a collection's other shoots).
 */
async function pageShoots(ctx: ResourceContext, query: ParsedQuery, needs: Needs, only: Pick<ShootQuery, "stories">) {
  const columnOf = (path: readonly string[]) => {
    const column = shootColumn(path);
    return column === null ? null : sql.ref(column);
  };
  const { filter } = query;
  if (filter && !inSql(filter, columnOf)) return null;
  const orderBy = query.sort.map(({ path, descending }) => ({ column: shootColumn(path), descending }));
  if (orderBy.some((o) => o.column === null)) return null;
  const where = filter
    ? { where: (eb: ExpressionBuilder<DB, "shoots" | "collections">) => toSql(eb, filter, columnOf) }
    : {};
  const { offset, limit } = pageBounds(query.pagination);
  const base = { ...only, ...where } as const;
  const [graph, shoots, total] = await Promise.all([
    loadGraph(ctx, needs),
    readShoots(ctx.db, PUBLIC, {
      ...base,
      orderBy: orderBy.map(({ column, descending }) => ({ column: column as ShootColumn, descending })),
      offset,
      limit,
    }),
    query.pagination.withCount ? countShoots(ctx.db, PUBLIC, base) : 0,
  ]);
  return { entries: await shootEntries(ctx, shoots, graph), total };
}

async function shootEntries(ctx: ResourceContext, shoots: PortfolioShootRecord[], graph: Graph): Promise<ShootEntry[]> {
  const { db } = ctx;
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
        title: s.title,
        location: s.location,
        description: s.description,
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
  };
}

/** A shoot's attributes as a collection entry or as a story: the same but for the one relation naming the other. */
function shootAttributes(
  e: ShootEntry,
  populate: ReadonlyMap<string, Populate>,
  as: "collection" | "story",
): Record<string, unknown> {
  const attributes: Record<string, unknown> = shootScalars(e);
  for (const [name, node] of populate) {
    if (name === "base_image") attributes[name] = toOne(e.base_image, node, mediaRecord, asIs);
    else if (name === "images" || name === "image_collections") {
      attributes[name] = toMany(e.images, node, mediaRecord, asIs);
    } else if (name === "galleries") {
      // The collection as /api/galleries answers it, with what populate[galleries][populate] asks of it.
      attributes[name] = toMany([e.collection], node, galleries.record, galleries.serialize);
    } else if (name === "recent_stories" && as === "collection") {
      attributes[name] = toMany(e.isStory ? [e] : [], node, shootRecord, recentStories.serialize);
    } else if (name === "collections" && as === "story") {
      attributes[name] = toMany([e], node, shootRecord, collections.serialize);
    }
  }
  return attributes;
}

/** A shoot as filters read it, as a collection entry or a story (each names the other: one record serves both). */
function shootRecord(e: ShootEntry): QueryRecord {
  const photos = e.images.map(mediaRecord);
  return {
    id: e.id,
    ...shootScalars(e),
    base_image: mediaRecords(e.base_image),
    images: photos,
    image_collections: photos,
    // These link back (a collection's shoots, a story's shoot): followed only as deep as a filter goes.
    galleries: () => [galleries.record(e.collection)],
    recent_stories: () => (e.isStory ? [shootRecord(e)] : []),
    collections: () => [shootRecord(e)],
  };
}

const collections: Resource<ShootEntry> = {
  type: SHOOT_TYPE,
  record: shootRecord,
  list: (ctx, needs) => loadShoots(ctx, needs, {}),
  page: (ctx, query, needs) => pageShoots(ctx, query, needs, {}),
  one: async (ctx, id, needs) => (await loadShoots(ctx, needs, { id }))[0] ?? null,
  serialize: (e, populate) => ({ id: e.id, attributes: shootAttributes(e, populate, "collection") }),
};

const recentStories: Resource<ShootEntry> = {
  type: STORY_TYPE,
  record: shootRecord,
  list: (ctx, needs) => loadShoots(ctx, needs, { stories: true }),
  page: (ctx, query, needs) => pageShoots(ctx, query, needs, { stories: true }),
  one: async (ctx, id, needs) => (await loadShoots(ctx, needs, { id, stories: true }))[0] ?? null,
  // The spec lists a story's description beside id and attributes, so it is in both places.
  serialize: (e, populate) => ({
    id: e.id,
    attributes: shootAttributes(e, populate, "story"),
    description: e.description,
  }),
};

// --- blocks: the header (the site's real navigation) and the footer's Quick Links.

interface BlockEntry extends Times {
  id: number;
  Title: string;
  Key: string;
  Url: string;
  Heading: string;
  /** The studio's logo: both the header and the footer show it. */
  logo: MediaData;
  Nav_Links: { id: number; url: string; name: string; Logo?: unknown }[];
}

const blocks: Resource<BlockEntry> = {
  type: BLOCK_TYPE,
  record: (e) => ({
    id: e.id,
    Title: e.Title,
    Key: e.Key,
    Url: e.Url,
    Heading: e.Heading,
    ...timestamps(e),
    logo: [mediaRecord(e.logo)],
  }),
  async list({ db }) {
    const studio = await readStudioRow(db);
    const name = studio?.name ?? "";
    // The studio's own logo (its JPEG variant) once set in the admin, else the built-in one.
    const logoId = studio?.logo_asset_id ?? null;
    const stored = logoId === null ? undefined : (await loadStoredImages(db, PUBLIC, [logoId])).get(logoId);
    const logo = stored && logoId !== null ? mediaData(logoId, stored, name) : builtInLogo(name, studio?.updated_at);
    const links = NAV_LINKS.map((l) => ({ url: l.to, name: l.label }));
    const header = [
      ...links.slice(0, LINKS_BEFORE_LOGO),
      { url: "/", name, Logo: { data: logo } },
      ...links.slice(LINKS_BEFORE_LOGO),
    ];
    const block = { Url: "/", logo, ...studioTimes(studio) };
    return [
      {
        ...block,
        id: 1,
        Title: name,
        Key: "header",
        Heading: studio?.tagline ?? "",
        Nav_Links: header.map((l, i) => ({ id: i + 1, ...l })),
      },
      {
        ...block,
        id: 2,
        Title: "Quick Links",
        Key: "footer",
        Heading: "Quick Links",
        Nav_Links: NAV_LINKS.map((l, i) => ({ id: i + 1, url: l.to, name: l.footerLabel ?? l.label })),
      },
    ];
  },
  serialize(e, populate) {
    const attributes: Record<string, unknown> = {
      Title: e.Title,
      Key: e.Key,
      Url: e.Url,
      Heading: e.Heading,
      ...timestamps(e),
      Nav_Links: e.Nav_Links,
    };
    const logo = populate.get("logo");
    if (logo) attributes.logo = toOne(e.logo, logo, mediaRecord, asIs);
    return { id: e.id, attributes };
  },
};

/** A resource with its entry type erased, so that different ones share one registry. */
export interface ApiResource {
  summary: string;
  /** What a query may name, for the OpenAPI document. */
  type: ContentType;
  list(ctx: ResourceContext, url: URL): Promise<{ data: ApiEntry[]; meta: { pagination: object } }>;
  one(ctx: ResourceContext, url: URL, id: number): Promise<{ data: ApiEntry; meta: object }>;
}

/** Only the attributes a query's `fields` names (id and relations stay), at each populated level. */
function selectFields(entry: ApiEntry, type: ContentType, query: Pick<Populate, "fields" | "populate">): ApiEntry {
  const attributes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(entry.attributes)) {
    if (Object.hasOwn(type.relations, name)) {
      const target = type.relations[name]?.();
      const node = query.populate.get(name);
      attributes[name] = target && node ? selectInRelation(value, target, node) : value;
    } else if (query.fields === null || query.fields.includes(name)) {
      attributes[name] = value;
    }
  }
  return { ...entry, attributes };
}

function selectInRelation(value: unknown, type: ContentType, node: Populate): unknown {
  // Down every populated level, with or without fields here: a deeper one may pick its own.
  if (typeof value !== "object" || value === null || !("data" in value)) return value;
  const pick = (item: unknown) =>
    typeof item === "object" && item !== null && "attributes" in item
      ? selectFields(item as ApiEntry, type, node)
      : item;
  const data = (value as { data: unknown }).data;
  return { ...value, data: Array.isArray(data) ? data.map(pick) : data === null ? null : pick(data) };
}

function erase<E extends { id: number }>(resource: Resource<E>, summary: string): ApiResource {
  return {
    summary,
    type: resource.type,
    async list(ctx, url) {
      // The query is checked before anything is read, so a bad one costs nothing.
      const query = parseQuery(url, resource.type);
      const needs = needsOf(query, resource.type);
      const found = resource.page ? await resource.page(ctx, query, needs) : null;
      const page = found
        ? { entries: found.entries, pagination: paginationMeta(query.pagination, found.total) }
        : applyQuery(await resource.list(ctx, needs), query, resource.record);
      return {
        data: page.entries.map((e) => selectFields(resource.serialize(e, query.populate), resource.type, query)),
        meta: { pagination: page.pagination },
      };
    },
    async one(ctx, url, id) {
      const query = parseQuery(url, resource.type, "one");
      const needs = needsOf(query, resource.type);
      const entry = resource.one
        ? await resource.one(ctx, id, needs)
        : ((await resource.list(ctx, needs)).find((e) => e.id === id) ?? null);
      if (entry === null) throw new ApiError(404, "NotFoundError", "Not Found");
      return { data: selectFields(resource.serialize(entry, query.populate), resource.type, query), meta: {} };
    },
  };
}

/** Every resource by its path segment under /api. */
export const RESOURCES: Record<string, ApiResource> = {
  banners: erase(banners, "The home slideshow: data[0].attributes.bannerImage (populate=bannerImage)"),
  galleries: erase(galleries, "The collections (Wedding, Baby Shoot, ...) with their cover image"),
  collections: erase(
    collections,
    "Published shoots; filters[galleries][name]=wedding gives one collection's (name or URL segment, any case)",
  ),
  "recent-storys": erase(recentStories, "The home page's recent stories, in their order"),
  blocks: erase(blocks, "The header block (the site's navigation, filters[key][$eq]=header) and the footer's"),
};
