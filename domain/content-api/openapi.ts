// The OpenAPI 3.1 document served at /api/openapi.json, built from the same zod schemas the
// tests hold the real responses to.
import { z } from "zod";
import { COMPARISON_OPERATORS, type ContentType, MAX_PAGE_SIZE } from "./query.server.ts";
import { ENTRY_SCHEMAS, errorSchema, RESPONSE_SCHEMAS, SCHEMA_REGISTRY } from "./schemas.ts";

export interface OpenApiResource {
  name: string;
  summary: string;
  responseSchema: keyof typeof RESPONSE_SCHEMAS;
  type: ContentType;
}

const COMPONENTS = "#/components/schemas/";

/** Every named shape, for components.schemas: each refers to the others by $ref, as relations link back. */
function componentSchemas(): Record<string, object> {
  const { schemas } = z.toJSONSchema(SCHEMA_REGISTRY, { io: "output", uri: (id) => `${COMPONENTS}${id}` });
  // Each comes out as its own document ($schema, and an $id that is a fragment): inside the
  // OpenAPI document it is not one, and a fragment is no valid $id.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _schema, $id: _id, ...schema }]) => [id, schema]),
  );
}

const json = (schema: z.ZodType) => {
  const id = SCHEMA_REGISTRY.get(schema)?.id;
  if (id === undefined) throw new Error("every documented answer is a named schema (schemas.ts)");
  return { "application/json": { schema: { $ref: `${COMPONENTS}${id}` } } };
};

/**
 * One of the document's schemas as a JSON Schema that stands alone: the components it refers
 * to carried along in $defs. What a client's validator compiles (Ajv, zod) to check an answer.
 */
export function standaloneSchema(doc: { components: { schemas: Record<string, object> } }, schema: object): object {
  const local = (value: object) => JSON.parse(JSON.stringify(value).replaceAll(`"${COMPONENTS}`, '"#/$defs/'));
  return { ...local(schema), $defs: local(doc.components.schemas) };
}

/** What the server does with a name Strapi ignores, by API_STRICT. */
function unknownNames(strict: boolean): string {
  const names =
    "an unknown parameter, an unknown relation or option in populate or pagination, and on /{id} find's filters, _q, sort and pagination";
  return strict
    ? `This server runs with API_STRICT=on: ${names} are refused with a 400 naming them.`
    : `As Strapi 4 ignores them, ${names} are ignored (a server with API_STRICT=on refuses them with a 400 naming them).`;
}

const errors = (statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: {
          400: "ValidationError: a malformed value of a parameter (or, with API_STRICT=on, a name Strapi ignores), named in the message and details.parameter",
          401: "UnauthorizedError: no token, an unknown one or a revoked one",
          404: "NotFoundError",
          429: "RateLimitError; Retry-After says when to try again",
        }[status],
        content: json(errorSchema),
      },
    ]),
  );

/** fields, populate, locale and publicationState: what find and findOne both take. */
function entryParameters({ type }: OpenApiResource) {
  const relations = Object.keys(type.relations);
  return [
    {
      name: "fields",
      in: "query",
      description: `Attributes to return (id always is; populated relations too), comma-separated or fields[0]=...: ${[...Object.keys(type.scalars), ...(type.json ?? [])].join(", ")}`,
      schema: { type: "string" },
    },
    {
      name: "populate",
      in: "query",
      style: "deepObject",
      explode: true,
      description: `"*", relation names (comma-separated, or a.b for nested), or populate[relation][populate|fields|filters|sort] (filters and sort choose and order the related entries). Relations: ${relations.join(", ") || "none"}`,
      schema: { type: "object" },
    },
    {
      name: "locale",
      in: "query",
      description: type.localized
        ? "en (the default) or ta: the entries with the studio's Tamil where it wrote it, its English elsewhere, and locale in their attributes; all answers the default locale's. A locale the site does not have: find answers no entries and findOne ignores it, as Strapi does (a 400 with API_STRICT=on)"
        : "Ignored, as Strapi ignores it on a content type that is not localized",
      schema: { type: "string" },
    },
    {
      name: "publicationState",
      in: "query",
      description: "live or preview; drafts are never public, so both answer the published entries",
      schema: { type: "string", enum: ["live", "preview"] },
    },
    {
      name: "status",
      in: "query",
      description:
        "Strapi v5's name for publicationState (what v5 clients send): published or draft; both answer the published entries. Not with publicationState.",
      schema: { type: "string", enum: ["published", "draft"] },
    },
  ];
}

function listParameters(resource: OpenApiResource) {
  const { type } = resource;
  const scalars = ["id", ...Object.keys(type.scalars)];
  return [
    ...entryParameters(resource),
    {
      name: "filters",
      in: "query",
      style: "deepObject",
      explode: true,
      description: `filters[field]=value, filters[field][$op]=value, filters[relation][field][$op]=value, with $and, $or and $not at any level (ops: ${COMPARISON_OPERATORS.join(", ")}). Fields: ${scalars.join(", ")}; relations: ${Object.keys(type.relations).join(", ") || "none"}. A leading bracket ("[filters][x]") is read as "filters[x]".`,
      schema: { type: "object" },
    },
    {
      name: "_q",
      in: "query",
      description: `Strapi 4's search: the entries with this text, in any case, in a text attribute (${Object.entries(
        type.scalars,
      )
        .filter(([, scalar]) => scalar === "string")
        .map(([name]) => name)
        .join(", ")}) or in the id; with filters, both must hold. Paged and counted as any list; empty: no search.`,
      schema: { type: "string" },
    },
    {
      name: "sort",
      in: "query",
      description: `field, field:asc or field:desc, comma-separated or sort[0]=...: ${scalars.join(", ")}; or a relation's attribute (relation.field:desc, sort[relation][field]=desc): ${Object.keys(type.relations).join(", ") || "none"}`,
      schema: { type: "string" },
    },
    {
      name: "pagination[page]",
      in: "query",
      description: "below 1 counts as 1",
      schema: { type: "integer", default: 1 },
    },
    {
      name: "pagination[pageSize]",
      in: "query",
      description: `between 1 and ${MAX_PAGE_SIZE} (outside, the nearest: -1 and 0 are 1)`,
      schema: { type: "integer", default: 25 },
    },
    {
      name: "pagination[start]",
      in: "query",
      description: "offset pagination, instead of page and pageSize; meta.pagination is then { start, limit, total }",
      schema: { type: "integer", default: 0 },
    },
    {
      name: "pagination[limit]",
      in: "query",
      description: `between 1 and ${MAX_PAGE_SIZE}; -1 means ${MAX_PAGE_SIZE}`,
      schema: { type: "integer", default: 25 },
    },
    { name: "pagination[withCount]", in: "query", schema: { type: "boolean", default: true } },
  ];
}

const cached = {
  description: "Not Modified: the If-None-Match ETag is current",
};

/** The document for a server at `origin`; `strict` is its API_STRICT, which the document states. */
export function openApiDocument(origin: string, resources: readonly OpenApiResource[], strict: boolean) {
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
    paths[`/api/${r.name}/{id}`] = {
      get: {
        summary: `One entry of /api/${r.name} by its id (Strapi's findOne)`,
        description: strict
          ? "Takes fields, populate, locale and publicationState (or status); find's filters, _q, sort and pagination are refused (API_STRICT=on)."
          : "Takes fields, populate, locale and publicationState (or status); find's filters, _q, sort and pagination are ignored, as Strapi 4 ignores them.",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
          ...entryParameters(r),
        ],
        responses: {
          200: { description: "OK, with a strong ETag", content: json(ENTRY_SCHEMAS[r.responseSchema]) },
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
      description: `Read-only, Strapi v4 style ({ data, meta }). Create a token with \`npm run api-token -- create NAME\` and send it as \`Authorization: Bearer <token>\`. ${unknownNames(strict)}`,
    },
    servers: [{ url: origin }],
    security: [{ bearer: [] }],
    components: { schemas: componentSchemas(), securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  };
}
