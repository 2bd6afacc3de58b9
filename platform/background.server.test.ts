// The background-work loop over a real SQLite file, with a small queue table claimed the way the
// studio's queues claim theirs (one UPDATE … RETURNING): claims, a crashed worker's lease running
// out, retries with backoff and giving up (on an injected clock), the lease's room for one more
// item, wake-ups and stopping.
import fs from "node:fs";
import path from "node:path";
import { type Generated, Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "#fixtures/test-store.ts";
import {
  AbandonedItemError,
  type BackgroundWorker,
  backoffDelayMs,
  type Claimed,
  runRound,
  startWorker,
  type Work,
  type WorkQueue,
} from "./background.server.ts";
import { createDialect, openSqlite } from "./db/sqlite-dialect.server.ts";

interface TasksTable {
  id: Generated<number>;
  name: string;
  attempts: Generated<number>;
  due_at: string;
  lease_until: string | null;
  done_at: string | null;
  given_up: Generated<number>;
  last_error: string | null;
}
type TestDb = Kysely<{ tasks: TasksTable }>;

interface Task extends Claimed {
  id: number;
  name: string;
  leaseUntil: string;
}

const T0 = new Date("2026-03-01T10:00:00.000Z");
const LEASE_MS = 100_000;
const BUDGET_MS = 45_000;
const BACKOFF = { baseMs: 1_000, maxMs: 4_000 };

let dir: string;
let file: string;
let connections: TestDb[] = [];

function connect(): TestDb {
  const db = new Kysely<{ tasks: TasksTable }>({ dialect: createDialect(openSqlite(file)) });
  connections.push(db);
  return db;
}

beforeEach(async () => {
  dir = makeTempDir("studio-background-");
  file = path.join(dir, "queue.db");
  await connect()
    .schema.createTable("tasks")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("lease_until", "text")
    .addColumn("done_at", "text")
    .addColumn("given_up", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .execute();
});

afterEach(async () => {
  for (const db of connections) await db.destroy();
  connections = [];
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The queue over the tasks table, claimed in one statement as mail_outbox and jobs are. */
function taskQueue(db: TestDb): WorkQueue<Task> {
  return {
    async claim({ now, until, limit }) {
      const at = now.toISOString();
      const leaseUntil = until.toISOString();
      const rows = await db
        .updateTable("tasks")
        .set((eb) => ({ attempts: eb("attempts", "+", 1), lease_until: leaseUntil }))
        .where(
          "id",
          "in",
          db
            .selectFrom("tasks")
            .select("id")
            .where("done_at", "is", null)
            .where("given_up", "=", 0)
            .where("due_at", "<=", at)
            .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)]))
            .orderBy("id")
            .limit(limit),
        )
        .returning(["id", "name", "attempts"])
        .execute();
      return rows.sort((a, b) => a.id - b.id).map((r) => ({ ...r, leaseUntil }));
    },
    async release(tasks) {
      for (const task of tasks)
        await db
          .updateTable("tasks")
          .set((eb) => ({ attempts: eb("attempts", "-", 1), lease_until: null }))
          .where("id", "=", task.id)
          .where("lease_until", "=", task.leaseUntil)
          .execute();
    },
    async retry(task, error, at) {
      await db
        .updateTable("tasks")
        .set({ due_at: at.toISOString(), lease_until: null, last_error: String(error) })
        .where("id", "=", task.id)
        .execute();
    },
    async giveUp(task, error) {
      await db
        .updateTable("tasks")
        .set({ given_up: 1, lease_until: null, last_error: String(error) })
        .where("id", "=", task.id)
        .execute();
    },
    async renew(tasks, until) {
      for (const task of tasks) {
        const leaseUntil = until.toISOString();
        const result = await db
          .updateTable("tasks")
          .set({ lease_until: leaseUntil })
          .where("id", "=", task.id)
          .where("lease_until", "=", task.leaseUntil)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) task.leaseUntil = leaseUntil;
      }
    },
  };
}

async function addTasks(db: TestDb, names: string[], dueAt = T0): Promise<void> {
  for (const name of names) await db.insertInto("tasks").values({ name, due_at: dueAt.toISOString() }).execute();
}

async function rows(db: TestDb) {
  return db.selectFrom("tasks").selectAll().orderBy("id").execute();
}

/** Work whose items mark themselves done, on a clock the test moves. */
function work(
  db: TestDb,
  clock: { now: number },
  overrides: Partial<Work<Task>> & { run?: (task: Task) => Promise<void> } = {},
): Work<Task> {
  const { run, ...rest } = overrides;
  return {
    name: "test tasks",
    queue: taskQueue(db),
    batchSize: 10,
    leaseMs: LEASE_MS,
    itemBudgetMs: BUDGET_MS,
    backoff: BACKOFF,
    now: () => new Date(clock.now),
    round: () => ({
      async run(task) {
        await run?.(task);
        await db
          .updateTable("tasks")
          .set({ done_at: new Date(clock.now).toISOString(), lease_until: null })
          .where("id", "=", task.id)
          .execute();
      },
    }),
    ...rest,
  };
}

async function until(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("claims", () => {
  it("run each due item once, in order, and count the attempt", async () => {
    const db = connect();
    await addTasks(db, ["a", "b", "c"]);
    await addTasks(db, ["later"], new Date(T0.getTime() + 1));
    const ran: string[] = [];
    const clock = { now: T0.getTime() };
    const result = await runRound(work(db, clock, { run: async (t) => void ran.push(t.name) }));
    expect(result).toEqual({ claimed: 3, succeeded: 3, failed: 0, released: 0 });
    expect(ran).toEqual(["a", "b", "c"]);
    expect((await rows(db)).map((r) => [r.name, r.attempts, r.done_at !== null])).toEqual([
      ["a", 1, true],
      ["b", 1, true],
      ["c", 1, true],
      ["later", 0, false],
    ]);
  });

  it("hand each item to one claimer only, from two connections at once", async () => {
    const db = connect();
    const other = connect();
    await addTasks(
      db,
      Array.from({ length: 60 }, (_, i) => `task ${i}`),
    );
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        taskQueue(i % 2 ? db : other).claim({ now: T0, until: new Date(T0.getTime() + LEASE_MS), limit: 7 }),
      ),
    );
    const ids = claims.flat().map((t) => t.id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
  });

  it("let a crashed worker's lease run out; then a second worker claims the item and finishes it", async () => {
    const db = connect();
    const other = connect();
    await addTasks(db, ["photo"]);
    const clock = { now: T0.getTime() };
    // The first worker claims the item and dies in the middle of it: nothing more is heard of it.
    let started = false;
    void runRound(
      work(db, clock, {
        run: () => {
          started = true;
          return new Promise(() => {});
        },
      }),
    );
    await until(async () => started);
    const [claimed] = await rows(db);
    expect(claimed).toMatchObject({ attempts: 1, lease_until: new Date(T0.getTime() + LEASE_MS).toISOString() });

    // Another worker, on its own connection, is not handed it while the lease holds…
    clock.now = T0.getTime() + LEASE_MS - 1;
    expect(await runRound(work(other, clock))).toMatchObject({ claimed: 0 });
    // …and is once it has run out.
    clock.now = T0.getTime() + LEASE_MS;
    expect(await runRound(work(other, clock))).toEqual({ claimed: 1, succeeded: 1, failed: 0, released: 0 });
    expect(await rows(db)).toMatchObject([
      { attempts: 2, lease_until: null, done_at: new Date(clock.now).toISOString() },
    ]);
  });
});

describe("failures", () => {
  it("are retried after a backoff that doubles from the base up to the cap", async () => {
    const db = connect();
    await addTasks(db, ["flaky"]);
    const clock = { now: T0.getTime() };
    let failing = true;
    const flaky = work(db, clock, {
      run: async () => {
        if (failing) throw new Error("disk full");
      },
    });
    const dueAt = async () => (await rows(db))[0]?.due_at;

    expect(await runRound(flaky)).toEqual({ claimed: 1, succeeded: 0, failed: 1, released: 0 });
    expect(await rows(db)).toMatchObject([{ attempts: 1, lease_until: null, last_error: "Error: disk full" }]);
    expect(await dueAt()).toBe(new Date(clock.now + 1_000).toISOString());
    // Not due yet: nothing is claimed.
    clock.now += 999;
    expect((await runRound(flaky)).claimed).toBe(0);
    for (const delay of [2_000, 4_000, 4_000]) {
      clock.now = Date.parse((await dueAt()) ?? "");
      expect(await runRound(flaky)).toMatchObject({ claimed: 1, failed: 1 });
      expect(await dueAt()).toBe(new Date(clock.now + delay).toISOString());
    }
    failing = false;
    clock.now = Date.parse((await dueAt()) ?? "");
    expect(await runRound(flaky)).toMatchObject({ succeeded: 1 });
    expect(await rows(db)).toMatchObject([{ attempts: 5, given_up: 0 }]);
    expect((await rows(db))[0]?.done_at).not.toBeNull();
  });

  it("give an item up after maxAttempts, and one its workers kept dying on without trying it again", async () => {
    const db = connect();
    await addTasks(db, ["corrupt", "fatal"]);
    const clock = { now: T0.getTime() };
    const tried: string[] = [];
    const failing = work(db, clock, {
      batchSize: 1,
      maxAttempts: 2,
      run: async (task) => {
        tried.push(task.name);
        throw new Error("cannot");
      },
    });
    expect(await runRound(failing)).toMatchObject({ failed: 1 });
    clock.now += BACKOFF.baseMs;
    expect(await runRound(failing)).toMatchObject({ failed: 1 });
    expect(await rows(db)).toMatchObject([
      { name: "corrupt", attempts: 2, given_up: 1, last_error: "Error: cannot" },
      { name: "fatal", attempts: 0 },
    ]);

    // "fatal" takes its worker down twice: claimed, and its lease runs out each time.
    const queue = taskQueue(db);
    for (let crash = 0; crash < 2; crash++) {
      clock.now += LEASE_MS;
      expect(
        await queue.claim({ now: new Date(clock.now), until: new Date(clock.now + LEASE_MS), limit: 1 }),
      ).toHaveLength(1);
    }
    clock.now += LEASE_MS;
    tried.length = 0;
    expect(await runRound(failing)).toMatchObject({ claimed: 1, failed: 1 });
    expect(tried).toEqual([]);
    const [, fatal] = await rows(db);
    expect(fatal).toMatchObject({ attempts: 3, given_up: 1 });
    expect(fatal?.last_error).toBe(String(new AbandonedItemError(3)));
  });

  it("backoffDelayMs doubles per attempt up to the cap", () => {
    expect([1, 2, 3, 4, 40].map((n) => backoffDelayMs(n, { baseMs: 30_000, maxMs: 600_000 }))).toEqual([
      30_000, 60_000, 120_000, 240_000, 600_000,
    ]);
  });
});

describe("a round", () => {
  it("starts an item only while its lease has room for one, and hands the rest back untried", async () => {
    const db = connect();
    await addTasks(db, ["1", "2", "3", "4", "5"]);
    const clock = { now: T0.getTime() };
    const slow = work(db, clock, {
      run: async () => {
        clock.now += 30_000;
      },
    });
    // 100 s of lease, 45 s for an item: items start at 0 and 30 s; at 60 s only 40 s are left.
    expect(await runRound(slow)).toEqual({ claimed: 5, succeeded: 2, failed: 0, released: 3 });
    expect((await rows(db)).slice(2)).toMatchObject([
      { attempts: 0, lease_until: null, done_at: null },
      { attempts: 0, lease_until: null, done_at: null },
      { attempts: 0, lease_until: null, done_at: null },
    ]);
    // Due at once for the next round.
    expect(await runRound(slow)).toMatchObject({ claimed: 3, succeeded: 2, released: 1 });
  });

  it("refuses a lease with no room for any item", () => {
    const db = connect();
    expect(() => startWorker({ ...work(db, { now: 0 }), itemBudgetMs: LEASE_MS, pollMs: 10 })).toThrow(/itemBudgetMs/);
  });
});

describe("the worker", () => {
  let worker: BackgroundWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });
  const clock = { now: T0.getTime() };
  const done = async (db: TestDb) => (await rows(db)).filter((r) => r.done_at !== null).map((r) => r.name);

  it("works through a backlog round after round without waiting for the poll", async () => {
    const db = connect();
    await addTasks(db, ["a", "b", "c", "d", "e"]);
    worker = startWorker({ ...work(db, clock), batchSize: 2, pollMs: 60_000 });
    await until(async () => (await done(db)).length === 5);
  });

  it("sleeps with nothing to do, and takes new work at once when woken", async () => {
    const db = connect();
    worker = startWorker({ ...work(db, clock), pollMs: 60_000 });
    await new Promise((r) => setTimeout(r, 50));
    await addTasks(db, ["new"]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await done(db)).toEqual([]);
    worker.wake();
    await until(async () => (await done(db)).length === 1, 1_000);
  });

  it("stops after the item in hand, hands the rest back, and resolves; the next worker takes them at once", async () => {
    const db = connect();
    await addTasks(db, ["in hand", "second", "third"]);
    let started!: () => void;
    const inHand = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    worker = startWorker({
      ...work(db, clock, {
        run: async (task) => {
          if (task.name !== "in hand") return;
          started();
          await gate;
        },
      }),
      pollMs: 60_000,
    });
    await inHand;
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(await rows(db)).toMatchObject([
      { name: "in hand", attempts: 1, lease_until: null },
      { name: "second", attempts: 0, lease_until: null, done_at: null },
      { name: "third", attempts: 0, lease_until: null, done_at: null },
    ]);
    expect(await done(db)).toEqual(["in hand"]);

    worker = startWorker({ ...work(db, clock), pollMs: 60_000 });
    await until(async () => (await done(db)).length === 3, 1_000);
  });

  it("stops at once when asleep, and waits no longer than stopWaitMs for an item that hangs", async () => {
    const db = connect();
    const asleep = startWorker({ ...work(db, clock), pollMs: 60_000 });
    await new Promise((r) => setTimeout(r, 50));
    let at = Date.now();
    await asleep.stop();
    expect(Date.now() - at).toBeLessThan(1_000);

    await addTasks(db, ["hangs"]);
    let started = false;
    const hanging = startWorker({
      ...work(db, clock, {
        run: () => {
          started = true;
          return new Promise(() => {});
        },
      }),
      pollMs: 60_000,
      stopWaitMs: 100,
    });
    await until(async () => started);
    at = Date.now();
    await hanging.stop();
    expect(Date.now() - at).toBeLessThan(1_000);
  });
});

describe("a renewed lease", () => {
  /** Real time here: the renewal runs on a timer while an item takes its time. */
  const SHORT_LEASE_MS = 400;
  const RENEW_MS = 80;
  const SLOW_ITEM_MS = 1_500;

  it("keeps a slow item from every other claimer while its worker works, and frees it when the worker is gone", async () => {
    const db = connect();
    const other = connect();
    await addTasks(db, ["slow"]);
    const realClock = { now: Date.now() };
    const claimsMeanwhile: number[] = [];
    const renewed = runRound(
      work(db, realClock, {
        leaseMs: SHORT_LEASE_MS,
        itemBudgetMs: SHORT_LEASE_MS / 2,
        renewEveryMs: RENEW_MS,
        now: () => new Date(),
        run: async () => {
          // Another instance looks again and again, well past the first lease's end.
          const end = Date.now() + SLOW_ITEM_MS;
          while (Date.now() < end) {
            const claimed = await taskQueue(other).claim({
              now: new Date(),
              until: new Date(Date.now() + SHORT_LEASE_MS),
              limit: 1,
            });
            claimsMeanwhile.push(claimed.length);
            await new Promise((r) => setTimeout(r, 50));
          }
        },
      }),
    );
    expect(await renewed).toEqual({ claimed: 1, succeeded: 1, failed: 0, released: 0 });
    expect(claimsMeanwhile.length).toBeGreaterThan(10);
    expect(claimsMeanwhile.every((n) => n === 0)).toBe(true);
    expect((await rows(db)).map((r) => [r.name, r.attempts, r.done_at !== null])).toEqual([["slow", 1, true]]);

    // A worker that claims and is then gone (a killed instance) renews nothing: the item is
    // another's once the lease has run out.
    await addTasks(db, ["orphan"]);
    const [orphan] = await taskQueue(db).claim({
      now: new Date(),
      until: new Date(Date.now() + SHORT_LEASE_MS),
      limit: 1,
    });
    expect(orphan?.name).toBe("orphan");
    await new Promise((r) => setTimeout(r, SHORT_LEASE_MS + RENEW_MS));
    const taken = await taskQueue(other).claim({
      now: new Date(),
      until: new Date(Date.now() + SHORT_LEASE_MS),
      limit: 1,
    });
    expect(taken.map((t) => [t.name, t.attempts])).toEqual([["orphan", 2]]);
  });

  it("is refused without a way to renew, or renewed as often as its lease lasts", async () => {
    const db = connect();
    const clock = { now: T0.getTime() };
    const { renew: _renew, ...withoutRenew } = taskQueue(db);
    await expect(runRound(work(db, clock, { queue: withoutRenew, renewEveryMs: 1_000 }))).rejects.toThrow(
      /renewEveryMs needs queue.renew/,
    );
    await expect(runRound(work(db, clock, { renewEveryMs: LEASE_MS }))).rejects.toThrow(/less than leaseMs/);
  });
});
