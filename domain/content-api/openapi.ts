// The OpenAPI 3.1 document served at /api/openapi.json, built from the same zod schemas the
// tests hold the real responses to.
import { z } from "zod";
import { errorSchema, RESPONSE_SCHEMAS } from "./schemas.ts";

export interface OpenApiResource {
  name: string;
  summary: string;
  responseSchema: keyof typeof RESPONSE_SCHEMAS;
  relations: readonly string[];
  filterFields: readonly string[];
  sortFields: readonly string[];
}

const json = (schema: z.ZodType) => ({ "application/json": { schema: z.toJSONSchema(schema, { io: "output" }) } });

const errors = (statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: {
          400: "ValidationError: an unknown or malformed parameter, named in the message and details.parameter",
          401: "UnauthorizedError: no token, an unknown one or a revoked one",
          404: "NotFoundError",
          429: "RateLimitError; Retry-After says when to try again",
        }[status],
        content: json(errorSchema),
      },
    ]),
  );

function listParameters(resource: OpenApiResource) {
  return [
    {
      name: "populate",
      in: "query",
      description: `"*" or relation names, comma-separated: ${resource.relations.join(", ")}`,
      schema: { type: "string" },
    },
    {
      name: "filters",
      in: "query",
      style: "deepObject",
      explode: true,
      description: `filters[field]=value or filters[field][$op]=value (ops: $eq, $eqi, $ne, $in, $notIn, $contains, $containsi, $startsWith). Fields: ${resource.filterFields.join(", ")}. A leading bracket ("[filters][x]") is read as "filters[x]".`,
      schema: { type: "object" },
    },
    {
      name: "sort",
      in: "query",
      description: `field, field:asc or field:desc, comma-separated. Fields: ${resource.sortFields.join(", ")}`,
      schema: { type: "string" },
    },
    { name: "pagination[page]", in: "query", schema: { type: "integer", minimum: 1, default: 1 } },
    {
      name: "pagination[pageSize]",
      in: "query",
      description: "larger values are capped at 100",
      schema: { type: "integer", minimum: 1, default: 25 },
    },
    { name: "pagination[withCount]", in: "query", schema: { type: "boolean", default: true } },
  ];
}

const cached = {
  description: "Not Modified: the If-None-Match ETag is current",
};

export function openApiDocument(origin: string, resources: readonly OpenApiResource[]) {
  const paths: Record<string, unknown> = {};
  for (const r of resources) {
    paths[`/api/${r.name}`] = {
      get: {
        summary: r.summary,
        parameters: listParameters(r),
        responses: {
          200: { description: "OK, with a strong ETag", content: json(RESPONSE_SCHEMAS[r.responseSchema]) },
          304: cached,
          ...errors([400, 401, 429]),
        },
      },
    };
  }
  const collections = resources.find((r) => r.name === "collections");
  if (collections) {
    paths["/api/collections/{id}"] = {
      get: {
        summary: "One published shoot with all its images",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
          listParameters(collections)[0],
        ],
        responses: {
          200: { description: "OK, with a strong ETag", content: json(RESPONSE_SCHEMAS.collection) },
          304: cached,
          ...errors([400, 401, 404, 429]),
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Nila Studio content API",
      version: "1.0.0",
      description:
        "Read-only, Strapi v4 style ({ data, meta }). Create a token with `npm run api-token -- create NAME` and send it as `Authorization: Bearer <token>`.",
    },
    servers: [{ url: origin }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  };
}
