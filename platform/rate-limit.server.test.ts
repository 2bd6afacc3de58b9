// Rate limits in memory (SQLite's one process) and in the database (several instances on
// PostgreSQL; on SQLite's run of the suite the same code runs on SQLite), to the same rules: a
// sliding window per key, a refused hit not counted, peek and reset. And in the database, two
// instances counting one client at once count it once each, never past the limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnPostgresDatabase, ownPostgresDatabase } from "#fixtures/postgres.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { type Database, migrate, openDatabase } from "./db/db.server.ts";
import {
  createDatabaseRateLimiter,
  createMemoryRateLimiter,
  type RateLimiter,
  type RateLimitOptions,
} from "./rate-limit.server.ts";

function clock(start = 1_795_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

let store: TestStore;
let scopes = 0;

beforeAll(async () => {
  store = await createTestStore();
});

afterAll(async () => {
  await store?.cleanup();
});

const kinds: [string, (options: RateLimitOptions) => RateLimiter][] = [
  ["in memory", createMemoryRateLimiter],
  // A scope of its own for each limiter: the tests share one database.
  ["in the database", (options) => createDatabaseRateLimiter(() => store.db, `test-${++scopes}`, options)],
];

describe.each(kinds)("a rate limit %s", (_kind, make) => {
  it("allows up to the limit in a window, then refuses with the wait in seconds", async () => {
    const c = clock();
    const limiter = make({ limit: 3, windowMs: 60_000, now: c.now });
    const allowed = [];
    for (let i = 0; i < 3; i++) allowed.push((await limiter.hit("a")).allowed);
    expect(allowed).toEqual([true, true, true]);
    c.advance(10_000);
    expect(await limiter.hit("a")).toEqual({ allowed: false, remaining: 0, retryAfterS: 50 });
  });

  it("counts each key on its own", async () => {
    const limiter = make({ limit: 1, windowMs: 1000 });
    expect((await limiter.hit("a")).allowed).toBe(true);
    expect((await limiter.hit("b")).allowed).toBe(true);
    expect((await limiter.hit("a")).allowed).toBe(false);
  });

  it("lets a client through again once its oldest hit leaves the window", async () => {
    const c = clock();
    const limiter = make({ limit: 2, windowMs: 1000, now: c.now });
    await limiter.hit("a");
    c.advance(500);
    expect(await limiter.hit("a")).toEqual({ allowed: true, remaining: 0, retryAfterS: 0 });
    expect(await limiter.hit("a")).toEqual({ allowed: false, remaining: 0, retryAfterS: 1 });
    c.advance(500);
    expect((await limiter.hit("a")).allowed).toBe(true);
    expect((await limiter.hit("a")).allowed).toBe(false);
  });

  it("peek does not use up a hit and reset forgets the key", async () => {
    const limiter = make({ limit: 1, windowMs: 1000 });
    expect((await limiter.peek("a")).allowed).toBe(true);
    expect((await limiter.hit("a")).allowed).toBe(true);
    expect((await limiter.peek("a")).allowed).toBe(false);
    await limiter.reset("a");
    expect((await limiter.hit("a")).allowed).toBe(true);
  });
});

describe("a rate limit in the database, on PostgreSQL", () => {
  // Two app instances are two processes on one PostgreSQL server; SQLite's run has one
  // process, whose connections cannot hold a transaction each at once (node:sqlite waits for a
  // lock synchronously), and counts in memory. So this is on PostgreSQL in both runs.
  let own: OwnPostgresDatabase;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    own = await ownPostgresDatabase();
    first = openDatabase(own.url);
    await migrate(first);
    second = openDatabase(own.url);
  });

  afterAll(async () => {
    await first?.destroy();
    await second?.destroy();
    await own?.dispose();
  });

  it("is one count for every instance: two connections hitting one key at once allow the limit, not twice it", async () => {
    const options = { limit: 5, windowMs: 60_000 };
    const scope = "shared-by-two";
    const limiters = [
      createDatabaseRateLimiter(() => first, scope, options),
      createDatabaseRateLimiter(() => second, scope, options),
    ];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (limiters[i % 2] as RateLimiter).hit("client")),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(options.limit);
    expect((await (limiters[1] as RateLimiter).peek("client")).allowed).toBe(false);
    const rows = await first.selectFrom("rate_limit_hits").selectAll().where("scope", "=", scope).execute();
    expect(rows).toHaveLength(options.limit);
  });
});
