// The content API over HTTP: CORS, the bearer token, the per-token rate limit, routing to a
// resource, and the JSON response with its ETag and caching headers. The React Router resource
// routes beside it (content.ts, openapi.ts) call this; tests call it directly with a Request.
// What the API knows (tokens, query parsing, the Strapi-shaped resources, the OpenAPI
// document) is domain/content-api/'s.
import { createHash } from "node:crypto";
import { RESOURCES } from "#domain/content-api/content.server.ts";
import { ApiError } from "#domain/content-api/errors.server.ts";
import { openApiDocument } from "#domain/content-api/openapi.ts";
import type { ResourceContext } from "#domain/content-api/resource.server.ts";
import type { RESPONSE_SCHEMAS } from "#domain/content-api/schemas.ts";
import { bearerToken, verifyApiToken } from "#domain/content-api/tokens.server.ts";
import { etagMatches } from "#platform/http.server.ts";
import { logger } from "#platform/logger.server.ts";
import type { RateLimiter } from "#platform/rate-limit.server.ts";

/** How long a browser may reuse a CORS preflight answer. */
const PREFLIGHT_MAX_AGE_S = 600;
const ALLOWED_METHODS = "GET, HEAD, OPTIONS";
const ALLOWED_REQUEST_HEADERS = "Authorization, If-None-Match";
const EXPOSED_HEADERS = "ETag, Retry-After, RateLimit-Remaining";
const JSON_TYPE = "application/json; charset=utf-8";

export interface ApiDeps extends ResourceContext {
  /** Requests per token. */
  limiter: RateLimiter;
  /** Wrong or revoked tokens per client address: past the limit they get 429, not 401. */
  authFailures: RateLimiter;
  clientAddress: string;
  /** Browser origins allowed to read responses ("*" for any); empty turns CORS off. */
  corsOrigins: readonly string[];
  /** s-maxage for shared caches; 0 makes responses private. */
  sharedCacheS: number;
  /** API_STRICT=on: a name Strapi would ignore (an unknown parameter, relation or option) is a 400 naming it. */
  strictQuery: boolean;
}

function corsHeaders(request: Request, origins: readonly string[]): Record<string, string> {
  if (origins.length === 0) return {};
  const origin = request.headers.get("Origin");
  const headers: Record<string, string> = { Vary: "Origin" };
  if (origin && (origins.includes("*") || origins.includes(origin))) {
    headers["Access-Control-Allow-Origin"] = origins.includes("*") ? "*" : origin;
    headers["Access-Control-Expose-Headers"] = EXPOSED_HEADERS;
  }
  return headers;
}

/** Appends to Vary instead of replacing it. */
function mergeHeaders(...sets: Record<string, string>[]): Headers {
  const headers = new Headers();
  for (const set of sets) {
    for (const [name, value] of Object.entries(set)) {
      if (name.toLowerCase() === "vary" && headers.has("Vary")) headers.set("Vary", `${headers.get("Vary")}, ${value}`);
      else headers.set(name, value);
    }
  }
  return headers;
}

/** A strong ETag: the body is the same bytes whenever the content is the same. */
export function jsonEtag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** A JSON 200 with its ETag, or 304 when the client already has it. */
export function jsonResponse(request: Request, value: unknown, headers: Record<string, string>[]): Response {
  const body = JSON.stringify(value);
  const etag = jsonEtag(body);
  const all = mergeHeaders(...headers, { ETag: etag });
  if (etagMatches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers: all });
  all.set("Content-Type", JSON_TYPE);
  return new Response(body, { status: 200, headers: all });
}

export function errorResponse(error: ApiError, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(error.toBody()), {
    status: error.status,
    headers: mergeHeaders(headers, error.headers, { "Content-Type": JSON_TYPE, "Cache-Control": "no-store" }),
  });
}

/** Answers a CORS preflight, or says which methods exist when there is no CORS. */
export function optionsResponse(request: Request, origins: readonly string[]): Response {
  const cors = corsHeaders(request, origins);
  const headers = mergeHeaders(cors, { Allow: ALLOWED_METHODS, "Cache-Control": "no-store" });
  if (cors["Access-Control-Allow-Origin"]) {
    headers.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
    headers.set("Access-Control-Allow-Headers", ALLOWED_REQUEST_HEADERS);
    headers.set("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_S));
  }
  return new Response(null, { status: 204, headers });
}

function cacheHeaders(sharedCacheS: number): Record<string, string> {
  // A shared cache keys on the token (Vary), so one token's holder never gets another's copy;
  // revoking a token still lets a CDN answer it from cache for up to sharedCacheS (ADR 010).
  return sharedCacheS > 0
    ? { "Cache-Control": `public, max-age=0, s-maxage=${sharedCacheS}`, Vary: "Authorization" }
    : { "Cache-Control": "private, no-cache", Vary: "Authorization" };
}

function route(path: string): { name: string; id?: number } {
  const [name = "", id, ...rest] = path.split("/").filter((s) => s !== "");
  // Own keys only: "__proto__", "constructor" or "toString" name no resource.
  const resource = Object.hasOwn(RESOURCES, name) ? RESOURCES[name] : undefined;
  if (!resource || rest.length > 0) {
    throw new ApiError(404, "NotFoundError", "Not Found");
  }
  if (id === undefined) return { name };
  if (!/^\d{1,9}$/.test(id))
    throw new ApiError(400, "ValidationError", `Invalid id "${id}": expected a number`, { parameter: "id" });
  return { name, id: Number(id) };
}

function tooManyRequests(retryAfterS: number, headers: Record<string, string> = {}): ApiError {
  const message = "Too many requests, please try again later.";
  return new ApiError(429, "RateLimitError", message, {}, { ...headers, "Retry-After": String(retryAfterS) });
}

const UNAUTHORIZED = ["Missing or invalid credentials", {}, { "WWW-Authenticate": 'Bearer realm="api"' }] as const;

/**
 * GET /api/openapi.json: public (it describes, it holds no data), cached like the content, and
 * readable by the same browser origins as the API, so a partner's API browser can load it.
 */
export function openApiResponse(
  request: Request,
  deps: Pick<ApiDeps, "origin" | "corsOrigins" | "strictQuery">,
): Response {
  const resources = Object.entries(RESOURCES).map(([name, r]) => ({
    name,
    responseSchema: name as keyof typeof RESPONSE_SCHEMAS,
    ...r,
  }));
  return jsonResponse(request, openApiDocument(deps.origin, resources, deps.strictQuery), [
    corsHeaders(request, deps.corsOrigins),
    { "Cache-Control": "public, max-age=0, s-maxage=60" },
  ]);
}

/** Serves GET/HEAD/OPTIONS /api/{path} for a resource. */
export async function handleApiRequest(request: Request, path: string, deps: ApiDeps): Promise<Response> {
  const cors = corsHeaders(request, deps.corsOrigins);
  if (request.method === "OPTIONS") return optionsResponse(request, deps.corsOrigins);
  try {
    if (request.method !== "GET" && request.method !== "HEAD") {
      // Strapi's answer to a write no role may make: 403 ForbiddenError, token or not.
      throw new ApiError(403, "ForbiddenError", "Forbidden: the API is read-only", {}, { Allow: ALLOWED_METHODS });
    }
    const credential = bearerToken(request.headers.get("Authorization"));
    const token = await verifyApiToken(deps.db, credential);
    if (!token) {
      // Only a presented token is a guess. Past the limit a guess gets 429, so a flood backs
      // off; a good token from the same address (a shared NAT, a script with one stale
      // token) is never held back.
      const guesses = credential === null ? undefined : await deps.authFailures.hit(deps.clientAddress);
      if (guesses && !guesses.allowed) throw tooManyRequests(guesses.retryAfterS);
      throw new ApiError(401, "UnauthorizedError", ...UNAUTHORIZED);
    }
    const limit = await deps.limiter.hit(`api-token:${token.id}`);
    const rateHeaders = { "RateLimit-Remaining": String(limit.remaining) };
    if (!limit.allowed) throw tooManyRequests(limit.retryAfterS, rateHeaders);
    const { name, id } = route(path);
    const resource = Object.hasOwn(RESOURCES, name) ? RESOURCES[name] : undefined;
    if (!resource) throw new ApiError(404, "NotFoundError", "Not Found");
    const url = new URL(request.url);
    const options = { strict: deps.strictQuery };
    const body =
      id === undefined ? await resource.list(deps, url, options) : await resource.one(deps, url, id, options);
    return jsonResponse(request, body, [cors, cacheHeaders(deps.sharedCacheS), rateHeaders]);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, cors);
    logger.error({ err: error, path }, "content API request failed");
    return errorResponse(new ApiError(500, "ApplicationError", "Internal Server Error"), cors);
  }
}
