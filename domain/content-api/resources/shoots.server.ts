// /api/collections (Strapi's name): the published shoots, filterable by their collection. A
// studio may have thousands, so the database finds, sorts and pages them whenever a query's
// filters and sort name only columns; the stories resource reads them the same way.

import { type ExpressionBuilder, sql } from "kysely";
import type { DB } from "../../../platform/db/schema.server.ts";
import { PUBLIC } from "../../catalog/audience.server.ts";
import { countShoots, readShoots, type ShootColumn, type ShootQuery } from "../../catalog/read-model.server.ts";
import { SHOOT_TYPE } from "../content-types.server.ts";
import { loadGraph, type ShootEntry, shootEntries } from "../graph.server.ts";
import { type ParsedQuery, pageBounds } from "../query.server.ts";
import type { Needs, Resource, ResourceContext } from "../resource.server.ts";
import { inSql, toSql } from "../sql-filter.server.ts";
import { serializeShoot, shootRecord } from "./portfolio-entries.server.ts";

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

/** The shoots the site shows ("public"): never a draft, a shoot in the trash or a client's set. */
export async function loadShoots(ctx: ResourceContext, needs: Needs, only: Pick<ShootQuery, "id" | "stories">) {
  const [graph, shoots] = await Promise.all([loadGraph(ctx, needs), readShoots(ctx.db, PUBLIC, { ...only })]);
  return shootEntries(ctx, shoots, graph);
}

/** The texts the studio may have written in Tamil: in another locale than English their values are not the columns'. */
const LOCALIZED_PATHS = new Set(["title", "location", "description", "galleries.name", "galleries.description"]);

/**
 * Where a filter's or sort's path is in SQL: a shoot's own columns and its collection's; a media
 * field's attributes are not, and in Tamil neither are the texts, which fall back to the English
 * one by one (the entries in memory hold what each answers).
 */
function shootColumn(path: readonly string[], locale: ResourceContext["locale"]): ShootColumn | null {
  if ((locale ?? "en") !== "en" && LOCALIZED_PATHS.has(path.join("."))) return null;
  const [head, attribute] = path;
  if (path.length === 1 && head !== undefined) return SHOOT_COLUMNS[head] ?? null;
  if (path.length === 2 && head === "galleries" && attribute !== undefined)
    return COLLECTION_COLUMNS[attribute] ?? null;
  return null;
}

/**
 * A page of shoots found, sorted and counted by the database, then only that page's photos
 * read; null when a filter or sort names what only the entries hold (a media field's
 * attributes, a story's shoot, a collection's other shoots).
 */
export async function pageShoots(
  ctx: ResourceContext,
  query: ParsedQuery,
  needs: Needs,
  only: Pick<ShootQuery, "stories">,
) {
  const columnOf = (path: readonly string[]) => {
    const column = shootColumn(path, ctx.locale);
    return column === null ? null : sql.ref(column);
  };
  const { filter } = query;
  if (filter && !inSql(filter, columnOf)) return null;
  const orderBy = query.sort.map(({ path, descending }) => ({ column: shootColumn(path, ctx.locale), descending }));
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

export const shoots: Resource<ShootEntry> = {
  type: SHOOT_TYPE,
  record: shootRecord,
  list: (ctx, needs) => loadShoots(ctx, needs, {}),
  page: (ctx, query, needs) => pageShoots(ctx, query, needs, {}),
  one: async (ctx, id, needs) => (await loadShoots(ctx, needs, { id }))[0] ?? null,
  serialize: serializeShoot,
};
