// /api/openapi.json: the content API's OpenAPI document. Public: it describes, it holds no data.
import { RESOURCES } from "#app/utils/api/content.server.ts";
import { jsonResponse } from "#app/utils/api/handler.server.ts";
import { openApiDocument } from "#app/utils/api/openapi.ts";
import type { RESPONSE_SCHEMAS } from "#app/utils/api/schemas.ts";
import { siteOrigin } from "#app/utils/env.server.ts";
import type { Route } from "./+types/openapi";

export function loader({ request }: Route.LoaderArgs) {
  const resources = Object.entries(RESOURCES).map(([name, r]) => ({
    name,
    responseSchema: name as keyof typeof RESPONSE_SCHEMAS,
    ...r,
  }));
  return jsonResponse(request, openApiDocument(siteOrigin(request), resources), [
    { "Cache-Control": "public, max-age=0, s-maxage=60" },
  ]);
}
