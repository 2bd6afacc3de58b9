// The content API's resources: what each /api/{name} path serves, in Strapi v4's shapes, with
// the fields spec section 3 names, and the content type each is (what a query may name). Each
// reads the catalog's read model, as the public pages do, so the two show the same shoots,
// photos and slides in the same order. Shoots are found, sorted and paged by the database; the
// few collections, banners and blocks are filtered in memory by query.server.ts. Only what a
// query reaches is read: a shoot's photos when a media field is populated or filtered, a
// collection's shoots when its `collections` is. Each resource is in resources/; this is their
// registry, and the one path every query takes through them.
//
// Locales (issue 33), as Strapi v4's i18n plugin answers them: a localized type's entries come in
// "en" (the default) and "ta"; `locale=ta` gives each entry with the studio's Tamil where it wrote
// it and its English elsewhere (as a localization made from the default locale's entry keeps what
// was not translated), and `locale` in its attributes. One difference: an entry keeps its id in
// both locales (Strapi numbers each localization apart), so the site's links stay the same.
// `locale=all` answers the default locale's entries, each once. A locale the site does not have is
// Strapi's answer: find has no entries in it (an empty list), findOne ignores it; with
// API_STRICT=on it is a 400 naming the locales there are.

import { CONTENT_LANGUAGES, type ContentLanguage } from "../catalog/localized.ts";
import { ApiError } from "./errors.server.ts";
import { needsOf } from "./graph.server.ts";
import {
  applyQuery,
  type ContentType,
  type Populate,
  paginationMeta,
  parseQuery,
  type QueryOptions,
} from "./query.server.ts";
import type { ApiEntry, Resource, ResourceContext } from "./resource.server.ts";
import { banners } from "./resources/banners.server.ts";
import { blocks } from "./resources/blocks.server.ts";
import { collections } from "./resources/collections.server.ts";
import { shoots } from "./resources/shoots.server.ts";
import { stories } from "./resources/stories.server.ts";

/** A resource with its entry type erased, so that different ones share one registry. */
export interface ApiResource {
  summary: string;
  /** What a query may name, for the OpenAPI document. */
  type: ContentType;
  list(
    ctx: ResourceContext,
    url: URL,
    options: QueryOptions,
  ): Promise<{ data: ApiEntry[]; meta: { pagination: object } }>;
  one(ctx: ResourceContext, url: URL, id: number, options: QueryOptions): Promise<{ data: ApiEntry; meta: object }>;
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

/** Strapi's default locale, what a request without `locale` (or with `locale=all`) answers in. */
export const DEFAULT_LOCALE: ContentLanguage = "en";

/**
 * The locale a request answers in: a localized type's named one (the default without one, or
 * with "all"); null for a locale the site does not have (refused with API_STRICT=on). A type
 * that is not localized ignores `locale`, as Strapi does.
 */
function localeOf(query: { locale: string | null }, type: ContentType, options: QueryOptions): ContentLanguage | null {
  if (!type.localized || query.locale === null || query.locale === "all") return DEFAULT_LOCALE;
  const known = CONTENT_LANGUAGES.find((l) => l === query.locale);
  if (known) return known;
  if (options.strict) {
    throw new ApiError(
      400,
      "ValidationError",
      `Invalid parameter "locale": the site has no locale "${query.locale}" (it has ${CONTENT_LANGUAGES.join(", ")}, or all)`,
      { parameter: "locale" },
    );
  }
  return null;
}

function erase<E extends { id: number }>(resource: Resource<E>, summary: string): ApiResource {
  return {
    summary,
    type: resource.type,
    async list(baseCtx, url, options) {
      // The query is checked before anything is read, so a bad one costs nothing.
      const query = parseQuery(url, resource.type, "list", options);
      const locale = localeOf(query, resource.type, options);
      // No entries in a locale the site does not have, as Strapi finds none.
      if (locale === null) return { data: [], meta: { pagination: paginationMeta(query.pagination, 0) } };
      const ctx = { ...baseCtx, locale };
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
    async one(baseCtx, url, id, options) {
      const query = parseQuery(url, resource.type, "one", options);
      // findOne ignores a locale the site does not have, as Strapi's does.
      const ctx = { ...baseCtx, locale: localeOf(query, resource.type, options) ?? DEFAULT_LOCALE };
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
  galleries: erase(collections, "The collections (Wedding, Baby Shoot, ...) with their cover image"),
  collections: erase(
    shoots,
    "Published shoots; filters[galleries][name]=wedding gives one collection's (name or URL segment, any case)",
  ),
  "recent-storys": erase(stories, "The home page's recent stories, in their order"),
  blocks: erase(blocks, "The header block (the site's navigation, filters[key][$eq]=header) and the footer's"),
};
