// /api/galleries (Strapi's name): the studio's portfolio collections (Wedding, Baby Shoot, ...),
// few enough to filter, sort and page in memory.

import { COLLECTION_TYPE } from "../content-types.server.ts";
import { type CollectionEntry, loadGraph } from "../graph.server.ts";
import type { Resource } from "../resource.server.ts";
import { collectionRecord, serializeCollection } from "./portfolio-entries.server.ts";

export const collections: Resource<CollectionEntry> = {
  type: COLLECTION_TYPE,
  record: collectionRecord,
  list: async (ctx, needs) => [...(await loadGraph(ctx, needs)).collections.values()],
  serialize: serializeCollection,
};
