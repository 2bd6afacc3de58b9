// The content API's process-wide pieces: the database, the per-token rate limiter, settings.
import { getDb } from "../db/db.server.ts";
import { readEnv, siteOrigin } from "../env.server.ts";
import { createRateLimiter, type RateLimiter } from "../rate-limit.server.ts";
import type { ApiDeps } from "./handler.server.ts";

const MS_PER_S = 1000;
let limiter: RateLimiter | undefined;

export function apiDeps(request: Request): ApiDeps {
  const env = readEnv();
  limiter ??= createRateLimiter({ limit: env.apiRateLimit, windowMs: env.apiRateWindowS * MS_PER_S });
  return {
    db: getDb(),
    origin: siteOrigin(request),
    limiter,
    corsOrigins: env.apiCorsOrigins,
    sharedCacheS: env.apiSharedCacheS,
  };
}
