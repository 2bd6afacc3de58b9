// The content API's process-wide pieces: the database, the per-token rate limiter, settings.
import { getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import { publicOrigin } from "#platform/public-origin.server.ts";
import { createRateLimiter, type RateLimiter } from "#platform/rate-limit.server.ts";
import type { ApiDeps } from "./handler.server.ts";

const MS_PER_S = 1000;
/**
 * Wrong or revoked tokens per client address per minute before they get 429: a test suite that
 * checks its 401s on every endpoint passes, a flood of guesses does not.
 */
const AUTH_FAILURES_PER_MINUTE = 120;
const MINUTE_MS = 60_000;
let limiter: RateLimiter | undefined;
const authFailures = createRateLimiter("api-auth-failures", { limit: AUTH_FAILURES_PER_MINUTE, windowMs: MINUTE_MS });

export function apiDeps(clientAddress: string): ApiDeps {
  const env = readEnv();
  limiter ??= createRateLimiter("api-token", { limit: env.apiRateLimit, windowMs: env.apiRateWindowS * MS_PER_S });
  return {
    db: getDb(),
    origin: publicOrigin(),
    limiter,
    authFailures,
    clientAddress,
    corsOrigins: env.apiCorsOrigins,
    sharedCacheS: env.apiSharedCacheS,
    strictQuery: env.apiStrict,
  };
}
