// /api/*: the Strapi-compatible content API for other clients (apps, partner sites, scripts).
// Our own pages never call it; they read the database in their loaders.

import { clientAddressContext } from "#app/utils/request-context.ts";
import type { Route } from "./+types/content";
import { apiDeps } from "./deps.server.ts";
import { handleApiRequest } from "./handler.server.ts";

// React Router sends GET, HEAD and OPTIONS to the loader and every other method to the action.
export function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApiRequest(request, params["*"] ?? "", apiDeps(context.get(clientAddressContext)));
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleApiRequest(request, params["*"] ?? "", apiDeps(context.get(clientAddressContext)));
}
