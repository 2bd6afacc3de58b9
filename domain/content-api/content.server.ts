// The content API's resources: what each /api/{name} path serves, in Strapi v4's shapes, with
// the fields spec section 3 names. Each reads the catalog's read model, as the public pages do,
// so the two show the same shoots, photos and slides in the same order. Lists are small (a
// studio has tens of shoots), so each is loaded whole and filtered, sorted and paged in memory
// by query.server.ts.

import type { Database } from "../../platform/db/db.server.ts";
import { loadStoredImages, type StoredImage } from "../catalog/images.server.ts";
import { LINKS_BEFORE_LOGO, NAV_LINKS } from "../catalog/navigation.ts";
import {
  readBannerSlides,
  readCollections,
  readShootPhotos,
  readShoots,
  readStudioRow,
  shootCovers,
} from "../catalog/read-model.server.ts";
import { VARIANT_MIME } from "../media/constants.ts";
import { publicMediaUrl } from "../media/storage.server.ts";
import { ApiError } from "./errors.server.ts";
import { applyQuery, parseQuery, type QueryField, type QuerySpec } from "./query.server.ts";

/** Strapi's names for its resized formats, mapped onto our WebP ladder's rungs. */
const STRAPI_FORMAT_WIDTHS_PX = { thumbnail: 320, small: 640, medium: 960, large: 1280 } as const;
const BYTES_PER_KB = 1000;
/** The built-in logo, a public file, when the studio has not set its own in the admin. */
const LOGO_PATH = "/favicon.svg";

export interface ResourceContext {
  db: Database;
  /** The public origin that absolute image URLs start with. */
  origin: string;
}

/** One entry as Strapi v4 returns it. */
export interface ApiEntry {
  id: number;
  attributes: Record<string, unknown>;
  [extra: string]: unknown;
}

export interface Resource<E> {
  spec: QuerySpec<E>;
  /** Every entry, in the default order. */
  list(ctx: ResourceContext): Promise<E[]>;
  /** One entry by id for /api/{name}/{id}; absent when the resource has no such path. */
  one?(ctx: ResourceContext, id: number): Promise<E | null>;
  serialize(entry: E, populate: ReadonlySet<string>): ApiEntry;
}

const field = <E>(values: (entry: E) => (string | number)[], normalize?: (s: string) => string): QueryField<E> => ({
  values,
  normalize,
});

/** "Baby Shoot", "babyShoot" and "babyshoot" name the same collection, as in /gallery/{collection}. */
const collectionKey = (s: string) => s.toLowerCase().replace(/\s+/g, "");

function kilobytes(bytes: number): number {
  return Math.round((bytes / BYTES_PER_KB) * 100) / 100;
}

/** Strapi's upload-file attributes for one of our assets; `url` is the JPEG variant. */
function mediaAttributes(image: StoredImage, alt: string, origin: string) {
  const jpeg = image.variants.find((v) => v.format === "jpeg");
  const formats: Record<string, unknown> = {};
  for (const [name, width] of Object.entries(STRAPI_FORMAT_WIDTHS_PX)) {
    const variant = image.variants.find((v) => v.format === "webp" && v.width === width);
    if (!variant) continue;
    formats[name] = {
      name: variant.key.split("/").at(-1),
      ext: ".webp",
      mime: VARIANT_MIME.webp,
      width: variant.width,
      height: variant.height,
      size: kilobytes(variant.bytes),
      url: origin + publicMediaUrl(variant.key),
    };
  }
  return {
    name: jpeg?.key.split("/").at(-1) ?? "",
    alternativeText: alt,
    caption: null,
    width: jpeg?.width ?? image.width,
    height: jpeg?.height ?? image.height,
    formats,
    ext: ".jpg",
    mime: VARIANT_MIME.jpeg,
    size: kilobytes(jpeg?.bytes ?? 0),
    url: jpeg ? origin + publicMediaUrl(jpeg.key) : "",
    provider: "local",
  };
}

/**
 * A media relation. Strapi v4 puts the URL at data.attributes.url; the spec's client reads
 * data.url for collections and stories, so both are there.
 */
function mediaRelation(images: Map<number, StoredImage>, assetId: number | null, alt: string, origin: string) {
  const image = assetId === null ? undefined : images.get(assetId);
  if (assetId === null || !image) return { data: null };
  const attributes = mediaAttributes(image, alt, origin);
  return { data: { id: assetId, url: attributes.url, attributes } };
}

// --- banners: one entry whose bannerImage lists the desktop images, then the mobile crops.

interface BannerEntry {
  id: number;
  images: { id: number; device: "desktop" | "mobile"; slide: number; attributes: ReturnType<typeof mediaAttributes> }[];
}

const banners: Resource<BannerEntry> = {
  spec: { relations: ["bannerImage"], filters: { id: field((e) => [e.id]) }, sorts: { id: field((e) => [e.id]) } },
  async list({ db, origin }) {
    const slides = await readBannerSlides(db);
    const entry: BannerEntry = { id: 1, images: [] };
    for (const device of ["desktop", "mobile"] as const) {
      slides.forEach((s, index) => {
        const assetId = device === "desktop" ? s.desktopAssetId : s.mobileAssetId;
        const image = device === "desktop" ? s.desktop : s.mobile;
        if (image)
          entry.images.push({
            id: assetId,
            device,
            slide: index + 1,
            attributes: mediaAttributes(image, s.alt, origin),
          });
      });
    }
    return [entry];
  },
  serialize(entry, populate) {
    const attributes: Record<string, unknown> = { name: "Home banner" };
    if (populate.has("bannerImage")) {
      attributes.bannerImage = entry.images.map((i) => ({
        id: i.id,
        device: i.device,
        slide: i.slide,
        ...i.attributes,
      }));
    }
    return { id: entry.id, attributes };
  },
};

// --- galleries: the studio's collections (Wedding, Baby Shoot, ...), as the spec calls them.

interface GalleryEntry {
  id: number;
  slug: string;
  name: string;
  description: string;
  image: ReturnType<typeof mediaRelation>;
}

const galleries: Resource<GalleryEntry> = {
  spec: {
    relations: ["image"],
    filters: {
      id: field((e) => [e.id]),
      name: field((e) => [e.name]),
      slug: field((e) => [e.slug]),
    },
    sorts: { id: field((e) => [e.id]), name: field((e) => [e.name]) },
  },
  async list({ db, origin }) {
    const rows = await readCollections(db);
    const images = await loadStoredImages(
      db,
      rows.flatMap((r) => r.cover_asset_id ?? []),
    );
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      image: mediaRelation(images, r.cover_asset_id, `${r.name} collection`, origin),
    }));
  },
  serialize(e, populate) {
    const attributes: Record<string, unknown> = { name: e.name, slug: e.slug, description: e.description };
    if (populate.has("image")) attributes.image = e.image;
    return { id: e.id, attributes };
  },
};

// --- collections: published shoots (the spec's "gallery" items), filterable by collection.

interface ShootEntry {
  id: number;
  title: string;
  location: string;
  description: string;
  isStory: boolean;
  createdAt: string;
  updatedAt: string;
  collection: { id: number; name: string; slug: string };
  base_image: ReturnType<typeof mediaRelation>;
  images: NonNullable<ReturnType<typeof mediaRelation>["data"]>[];
}

async function loadShoots({ db, origin }: ResourceContext, only: { id?: number; stories?: boolean }) {
  // The site's own rule ("public"), so the API never shows a draft or a shoot in the admin's trash.
  const shoots = await readShoots(db, { scope: "public", id: only.id, stories: only.stories });
  const [covers, photos] = await Promise.all([
    shootCovers(db, shoots),
    readShootPhotos(
      db,
      shoots.map((s) => s.id),
    ),
  ]);
  const images = new Map<number, StoredImage>();
  for (const p of photos) if (p.image) images.set(p.assetId, p.image);
  const otherCovers = [...covers.values()].flatMap((id) => (id === null || images.has(id) ? [] : [id]));
  for (const [id, image] of await loadStoredImages(db, otherCovers)) images.set(id, image);
  return shoots.map(
    (s): ShootEntry => ({
      id: s.id,
      title: s.title,
      location: s.location,
      description: s.description,
      isStory: s.isStory,
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
      collection: s.collection,
      base_image: mediaRelation(images, covers.get(s.id) ?? null, `${s.title}, ${s.location}`, origin),
      images: photos
        .filter((p) => p.shootId === s.id)
        .flatMap((p) => mediaRelation(images, p.assetId, p.alt || s.title, origin).data ?? []),
    }),
  );
}

function shootAttributes(e: ShootEntry, populate: ReadonlySet<string>): Record<string, unknown> {
  const attributes: Record<string, unknown> = {
    title: e.title,
    description: e.description,
    location: e.location,
    isStory: e.isStory,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    publishedAt: e.updatedAt,
  };
  if (populate.has("base_image")) attributes.base_image = e.base_image;
  if (populate.has("images")) attributes.images = { data: e.images };
  if (populate.has("galleries")) {
    const { id, name, slug } = e.collection;
    attributes.galleries = { data: [{ id, attributes: { name, slug } }] };
  }
  return attributes;
}

const shootText = {
  id: field((e: ShootEntry) => [e.id]),
  title: field((e: ShootEntry) => [e.title]),
  location: field((e: ShootEntry) => [e.location]),
};

const collections: Resource<ShootEntry> = {
  spec: {
    relations: ["base_image", "images", "galleries"],
    filters: {
      ...shootText,
      // The spec filters by "collection name": the name or the /gallery/{collection} segment.
      "galleries.name": field((e) => [e.collection.name, e.collection.slug], collectionKey),
      "galleries.slug": field((e) => [e.collection.slug]),
      "galleries.id": field((e) => [e.collection.id]),
    },
    sorts: shootText,
  },
  list: (ctx) => loadShoots(ctx, {}),
  one: async (ctx, id) => (await loadShoots(ctx, { id }))[0] ?? null,
  serialize: (e, populate) => ({ id: e.id, attributes: shootAttributes(e, populate) }),
};

const recentStories: Resource<ShootEntry> = {
  spec: { relations: ["base_image", "images", "galleries"], filters: shootText, sorts: shootText },
  list: (ctx) => loadShoots(ctx, { stories: true }),
  // The spec lists a story's description beside id and attributes, so it is in both places.
  serialize: (e, populate) => ({ id: e.id, attributes: shootAttributes(e, populate), description: e.description }),
};

// --- blocks: the header (the site's real navigation) and the footer's Quick Links.

interface BlockEntry {
  id: number;
  Title: string;
  Key: string;
  Url: string;
  Heading: string;
  Nav_Links: { id: number; url: string; name: string; Logo?: unknown }[];
}

const blockKey = field((e: BlockEntry) => [e.Key]);

const blocks: Resource<BlockEntry> = {
  spec: {
    relations: ["Nav_Links"],
    // Strapi field names are case-sensitive; the spec writes filters[key], the entries say Key.
    filters: { id: field((e) => [e.id]), key: blockKey, Key: blockKey },
    sorts: { id: field((e) => [e.id]), Key: blockKey },
  },
  async list({ db, origin }) {
    const studio = await readStudioRow(db);
    const name = studio?.name ?? "";
    // The studio's own logo (its JPEG variant) once set in the admin, else the built-in one;
    // the same few attributes either way, as the OpenAPI document describes.
    const logoId = studio?.logo_asset_id ?? null;
    const stored = logoId === null ? undefined : (await loadStoredImages(db, [logoId])).get(logoId);
    const attributes = stored ? mediaAttributes(stored, name, origin) : undefined;
    const own = attributes?.url ? attributes : undefined;
    const logoUrl = own?.url ?? origin + LOGO_PATH;
    const logo = {
      data: {
        id: own && logoId !== null ? logoId : 1,
        url: logoUrl,
        attributes: own
          ? { name: own.name, alternativeText: name, ext: own.ext, mime: own.mime, url: logoUrl }
          : { name: "logo.svg", alternativeText: name, ext: ".svg", mime: "image/svg+xml", url: logoUrl },
      },
    };
    const links = NAV_LINKS.map((l) => ({ url: l.to, name: l.label }));
    const header = [
      ...links.slice(0, LINKS_BEFORE_LOGO),
      { url: "/", name, Logo: logo },
      ...links.slice(LINKS_BEFORE_LOGO),
    ];
    return [
      {
        id: 1,
        Title: name,
        Key: "header",
        Url: "/",
        Heading: studio?.tagline ?? "",
        Nav_Links: header.map((l, i) => ({ id: i + 1, ...l })),
      },
      {
        id: 2,
        Title: "Quick Links",
        Key: "footer",
        Url: "/",
        Heading: "Quick Links",
        Nav_Links: NAV_LINKS.map((l, i) => ({ id: i + 1, url: l.to, name: l.footerLabel ?? l.label })),
      },
    ];
  },
  serialize(e, populate) {
    const attributes: Record<string, unknown> = { Title: e.Title, Key: e.Key, Url: e.Url, Heading: e.Heading };
    if (populate.has("Nav_Links")) attributes.Nav_Links = e.Nav_Links;
    return { id: e.id, attributes };
  },
};

/** A resource with its entry type erased, so that different ones share one registry. */
export interface ApiResource {
  summary: string;
  /** Whether /api/{name}/{id} exists. */
  hasOne: boolean;
  /** Relations that populate may name, for the OpenAPI document. */
  relations: readonly string[];
  filterFields: readonly string[];
  sortFields: readonly string[];
  list(ctx: ResourceContext, url: URL): Promise<{ data: ApiEntry[]; meta: { pagination: object } }>;
  one(ctx: ResourceContext, url: URL, id: number): Promise<{ data: ApiEntry; meta: object }>;
}

function erase<E>(resource: Resource<E>, summary: string): ApiResource {
  return {
    summary,
    hasOne: resource.one !== undefined,
    relations: resource.spec.relations,
    filterFields: Object.keys(resource.spec.filters ?? {}),
    sortFields: Object.keys(resource.spec.sorts ?? {}),
    async list(ctx, url) {
      // The query is checked before anything is read, so a bad one costs nothing.
      const query = parseQuery(url, resource.spec);
      const page = applyQuery(await resource.list(ctx), query, resource.spec);
      return {
        data: page.entries.map((e) => resource.serialize(e, query.populate)),
        meta: { pagination: page.pagination },
      };
    },
    async one(ctx, url, id) {
      const query = parseQuery(url, { relations: resource.spec.relations });
      const entry = resource.one ? await resource.one(ctx, id) : null;
      if (entry === null) throw new ApiError(404, "NotFoundError", "Not Found");
      return { data: resource.serialize(entry, query.populate), meta: {} };
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
