// Rate limits: the contact form per client address, the content API per token, admin sign-in
// per account and per address, a gallery's PIN per address. A sliding log of hit times per
// key. On SQLite one process serves the site and counts in memory; on PostgreSQL several
// instances may, behind a balancer that sends a client's requests to any of them, so they
// count in the database, one log for all (docs/decisions/033-several-instances.md).
import { type Database, getDb, lockForTransaction } from "./db/db.server.ts";
import { readEnv } from "./env.server.ts";
import { toStoredTime } from "./time.ts";

export interface RateLimitOptions {
  /** Hits allowed per window. */
  limit: number;
  /** Length of the window in milliseconds. */
  windowMs: number;
  /** Clock, for tests. */
  now?: () => number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in the current window after this one. */
  remaining: number;
  /** Whole seconds until the next hit would be allowed (0 when allowed). */
  retryAfterS: number;
}

export interface RateLimiter {
  /** Records a hit for `key` and says whether it is within the limit. A refused hit is not recorded. */
  hit(key: string): Promise<RateLimitResult>;
  /** Says whether a hit would be allowed, without recording one. */
  peek(key: string): Promise<RateLimitResult>;
  /** Forgets `key` (after a successful sign-in, say). */
  reset(key: string): Promise<void>;
}

/** Sweeping stale keys on every Nth hit keeps the log small without a timer. */
const SWEEP_EVERY_HITS = 500;

/** The verdict on a key's `count` hits in the window, the oldest at `oldest`, the new one counted or not. */
function verdict(
  { limit, windowMs }: RateLimitOptions,
  count: number,
  oldest: number,
  at: number,
  recorded: boolean,
): RateLimitResult {
  const allowed = recorded ? count <= limit : count < limit;
  return {
    allowed,
    remaining: Math.max(0, limit - count),
    retryAfterS: allowed ? 0 : Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)),
  };
}

/** In this process's memory: SQLite's one process. Keys that go quiet are dropped. */
export function createMemoryRateLimiter(options: RateLimitOptions): RateLimiter {
  const { limit, windowMs, now = Date.now } = options;
  const hits = new Map<string, number[]>();
  let sinceSweep = 0;

  function recent(key: string, at: number): number[] {
    const times = (hits.get(key) ?? []).filter((t) => at - t < windowMs);
    if (times.length === 0) hits.delete(key);
    else hits.set(key, times);
    return times;
  }

  return {
    async hit(key) {
      const at = now();
      if (++sinceSweep >= SWEEP_EVERY_HITS) {
        sinceSweep = 0;
        for (const other of hits.keys()) recent(other, at);
      }
      const times = recent(key, at);
      // A refused hit is not recorded, so a client that waits gets through on time.
      if (times.length >= limit) return verdict(options, times.length, times[0] ?? at, at, false);
      times.push(at);
      hits.set(key, times);
      return verdict(options, times.length, times[0] ?? at, at, true);
    },
    async peek(key) {
      const at = now();
      const times = recent(key, at);
      return verdict(options, times.length, times[0] ?? at, at, false);
    },
    async reset(key) {
      hits.delete(key);
    },
  };
}

/**
 * In the database, shared by every instance on it: the rate_limit_hits table (migration 0020),
 * `scope` naming the limit (one table for all of them). Each hit is one short transaction; on
 * PostgreSQL it first takes an advisory lock on the key, so two instances counting the same
 * client at once count one after the other (SQLite's writers take turns anyway).
 */
export function createDatabaseRateLimiter(
  database: () => Database,
  scope: string,
  options: RateLimitOptions,
): RateLimiter {
  const { limit, windowMs, now = Date.now } = options;
  let sinceSweep = 0;

  /** Hits newer than this fall in the window at `at`. */
  const windowStart = (at: number) => toStoredTime(at - windowMs);

  async function window(db: Database, key: string, at: number): Promise<{ count: number; oldest: number }> {
    const row = await db
      .selectFrom("rate_limit_hits")
      .select(({ fn }) => [fn.countAll<number>().as("count"), fn.min<string>("hit_at").as("oldest")])
      .where("scope", "=", scope)
      .where("key", "=", key)
      .where("hit_at", ">", windowStart(at))
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest === null ? at : Date.parse(row.oldest) };
  }

  return {
    async hit(key) {
      const at = now();
      const db = database();
      if (++sinceSweep >= SWEEP_EVERY_HITS) {
        sinceSweep = 0;
        await db
          .deleteFrom("rate_limit_hits")
          .where("scope", "=", scope)
          .where("hit_at", "<=", windowStart(at))
          .execute();
      }
      return db.transaction().execute(async (trx) => {
        await lockForTransaction(trx, `${scope}:${key}`);
        await trx
          .deleteFrom("rate_limit_hits")
          .where("scope", "=", scope)
          .where("key", "=", key)
          .where("hit_at", "<=", windowStart(at))
          .execute();
        const { count, oldest } = await window(trx, key, at);
        if (count >= limit) return verdict(options, count, oldest, at, false);
        await trx
          .insertInto("rate_limit_hits")
          .values({ scope, key, hit_at: toStoredTime(at) })
          .execute();
        return verdict(options, count + 1, count === 0 ? at : oldest, at, true);
      });
    },
    async peek(key) {
      const at = now();
      const { count, oldest } = await window(database(), key, at);
      return verdict(options, count, oldest, at, false);
    },
    async reset(key) {
      await database().deleteFrom("rate_limit_hits").where("scope", "=", scope).where("key", "=", key).execute();
    },
  };
}

export function createRateLimiter(scope: string, options: RateLimitOptions): RateLimiter {
  let chosen: RateLimiter | undefined;
  const limiter = () => {
    chosen ??= readEnv().databaseUrl
      ? createDatabaseRateLimiter(getDb, scope, options)
      : createMemoryRateLimiter(options);
    return chosen;
  };
  return {
    hit: (key) => limiter().hit(key),
    peek: (key) => limiter().peek(key),
    reset: (key) => limiter().reset(key),
  };
}
