// /api/openapi.json: the content API's OpenAPI document. Public: it describes, it holds no data.

import { clientAddressContext } from "#app/utils/request-context.ts";
import { apiDeps } from "#domain/content-api/deps.server.ts";
import { openApiResponse } from "#domain/content-api/handler.server.ts";
import type { Route } from "./+types/openapi";

export function loader({ request, context }: Route.LoaderArgs) {
  return openApiResponse(request, apiDeps(context.get(clientAddressContext)));
}
