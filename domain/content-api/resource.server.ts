// What a resource of the content API is: the contract between the registry (content.server.ts),
// which parses a request's query and answers it in Strapi's envelope, and each resource under
// resources/, which reads its entries and gives them Strapi's shape.

import type { Database } from "../../platform/db/db.server.ts";
import type { ContentLanguage } from "../catalog/localized.ts";
import type { ContentType, ParsedQuery, Populate, QueryRecord } from "./query.server.ts";

export interface ResourceContext {
  db: Database;
  /** The public origin: the OpenAPI document's server. Media URLs are paths, as Strapi's local provider answers. */
  origin: string;
  /**
   * The locale a localized resource answers in (content.server.ts sets it from `locale`): the
   * studio's Tamil where it wrote it, else its English. English when not given.
   */
  locale?: ContentLanguage;
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
