// /api/recent-storys (Strapi's name): the home page's recent stories, the shoots told as a
// story, read and paged as the shoots are.

import { STORY_TYPE } from "../content-types.server.ts";
import type { ShootEntry } from "../graph.server.ts";
import type { Resource } from "../resource.server.ts";
import { serializeStory, shootRecord } from "./portfolio-entries.server.ts";
import { loadShoots, pageShoots } from "./shoots.server.ts";

export const stories: Resource<ShootEntry> = {
  type: STORY_TYPE,
  record: shootRecord,
  list: (ctx, needs) => loadShoots(ctx, needs, { stories: true }),
  page: (ctx, query, needs) => pageShoots(ctx, query, needs, { stories: true }),
  one: async (ctx, id, needs) => (await loadShoots(ctx, needs, { id, stories: true }))[0] ?? null,
  serialize: serializeStory,
};
