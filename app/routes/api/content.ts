// /api/*: the Strapi-compatible content API for other clients (apps, partner sites, scripts).
// Our own pages never call it; they read the database in their loaders.

import { clientAddressContext } from "#app/utils/request-context.ts";
import { apiDeps } from "#domain/content-api/deps.server.ts";
import { handleApiRequest } from "#domain/content-api/handler.server.ts";
import type { Route } from "./+types/content";

// React Router sends GET, HEAD and OPTIONS to the loader and every other method to the action.
export function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApiRequest(request, params["*"] ?? "", apiDeps(context.get(clientAddressContext)));
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleApiRequest(request, params["*"] ?? "", apiDeps(context.get(clientAddressContext)));
}
