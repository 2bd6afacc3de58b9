// /api/openapi.json: the content API's OpenAPI document. Public: it describes, it holds no data.
import { apiDeps } from "#app/utils/api/deps.server.ts";
import { openApiResponse } from "#app/utils/api/handler.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import type { Route } from "./+types/openapi";

export function loader({ request, context }: Route.LoaderArgs) {
  return openApiResponse(request, apiDeps(request, context.get(clientAddressContext)));
}
