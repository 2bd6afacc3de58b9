// /api/openapi.json: the content API's OpenAPI document. Public: it describes, it holds no data.

import { clientAddressContext } from "#app/utils/request-context.ts";
import type { Route } from "./+types/openapi";
import { apiDeps } from "./deps.server.ts";
import { openApiResponse } from "./handler.server.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  return openApiResponse(request, apiDeps(context.get(clientAddressContext)));
}
