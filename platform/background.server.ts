// Background work, one way for every queue the studio keeps in its database: the job queue
// (domain/jobs: uploaded photos to process, photos to render again, and the kinds still to come)
// and the mail outbox (domain/mail: inquiries' and galleries' mails to send). A queue is rows in a table and four small functions over them
// (WorkQueue); this module is the loop around them. See docs/decisions/018-background-work.md.
//
// A round claims a batch of due items in one atomic statement, each under a lease: until the
// lease runs out no other worker, in this process or another, is handed the item, and when a
// worker dies mid-way its lease simply runs out and the item is claimed again. The round runs
// its items one at a time. An item that throws is due again after a backoff that doubles from
// the caller's base up to the caller's cap (or, after `maxAttempts`, is given up). Before each
// item the round asks whether the worker is stopping, and whether the lease still has room for
// one more item; if not, it hands the untried rest back (due at once, the attempt not counted).
// With nothing due the worker sleeps for `pollMs`, unless woken; stopping it lets the item in
// hand finish, hands the rest back, and resolves once the loop is idle. A queue's enqueue wakes
// its workers itself (wakeWorkers), and each kind of item has one handler, checked at start
// (handlerPerKind; ADR 038).
import { logger } from "./logger.server.ts";

/** What every claimed item carries. */
export interface Claimed {
  /** How often the item has been claimed, this claim included; a hand-back does not count. */
  attempts: number;
}

export interface Lease {
  /** The claiming worker's now: items due at or before it may be claimed. */
  now: Date;
  /** The claimed items' lease runs out then. */
  until: Date;
  /** Claim at most this many. */
  limit: number;
}

/**
 * A queue's rows, as the loop uses them. `claim` must be one atomic step (an UPDATE … RETURNING
 * in SQLite, a SELECT … FOR UPDATE SKIP LOCKED and UPDATE in one transaction in PostgreSQL), so
 * no item is handed to two workers.
 */
export interface WorkQueue<T extends Claimed> {
  /**
   * Claims up to `limit` items due at `now` (new, due again after a failure, or whose lease
   * ran out), leases them until `until` and counts an attempt on each.
   */
  claim(lease: Lease): Promise<T[]>;
  /**
   * Hands untried items back: due at once, the attempt not counted. Only items still under
   * this claim's lease (one that ran out may be another worker's by now).
   */
  release(items: T[]): Promise<void>;
  /** An attempt failed: the item is due again at `at`, its lease cleared. */
  retry(item: T, error: unknown, at: Date): Promise<void>;
  /** An item failed `maxAttempts` times (or was claimed more often than that): it is not tried again. */
  giveUp?(item: T, error: unknown): Promise<void>;
  /**
   * Moves the lease on the items still in hand to `until`, while the worker works (see
   * Work.renewEveryMs); an item whose claim was lost in the meantime is left alone.
   */
  renew?(items: T[], until: Date): Promise<void>;
}

/** Retry delays: `baseMs` after the first failed attempt, doubling up to `maxMs`. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

export function backoffDelayMs(attempts: number, { baseMs, maxMs }: Backoff): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export interface RoundResult {
  claimed: number;
  /** Ran without throwing. */
  succeeded: number;
  /** Threw: rescheduled with backoff, or given up. */
  failed: number;
  /** Handed back untried: the worker is stopping, or the lease had no room for another item. */
  released: number;
}

/** One round's way with its items; the round is prepared once for all of them. */
export interface RoundHandler<T> {
  /** Does one item. A throw is a failed attempt. */
  run(item: T): Promise<void>;
  /** Told of each failed attempt once it is recorded; `retryAt` is undefined when the item was given up. */
  failed?(item: T, error: unknown, retryAt: Date | undefined): void;
  /** After the round's last item. */
  finish?(result: RoundResult): Promise<void>;
}

export interface Work<T extends Claimed> {
  /** Names the work in log lines. */
  name: string;
  queue: WorkQueue<T>;
  /** Prepares a round for what it claimed (for example, reads settings once for the batch). */
  round(items: T[]): RoundHandler<T> | Promise<RoundHandler<T>>;
  /** Items claimed per round. */
  batchSize: number;
  /** How long a claim holds its items (from the claim, or from its last renewal). */
  leaseMs: number;
  /**
   * With `queue.renew`: the lease is renewed this often while the round works, so it can be
   * short (a dead worker's items are claimed again soon) and a slow item still keeps its claim.
   */
  renewEveryMs?: number;
  /**
   * The longest one item may take: an item is started only while this much of the lease is
   * left, so no other worker can claim an item while this one still works on it.
   */
  itemBudgetMs: number;
  backoff: Backoff;
  /** Unset: retried until it succeeds. Set: given up (`queue.giveUp`) after this many attempts. */
  maxAttempts?: number;
  now?: () => Date;
}

/** An item claimed more often than `maxAttempts` without an outcome: its workers died on it. */
export class AbandonedItemError extends Error {
  constructor(attempts: number) {
    super(`claimed ${attempts} times without finishing: each worker stopped before it was done`);
    this.name = "AbandonedItemError";
  }
}

function checkWork<T extends Claimed>(work: Work<T>): void {
  if (!(work.batchSize >= 1)) throw new Error(`${work.name}: batchSize must be at least 1`);
  if (!(work.itemBudgetMs >= 0 && work.itemBudgetMs < work.leaseMs))
    throw new Error(`${work.name}: itemBudgetMs must be less than leaseMs, or no item would ever start`);
  if (work.maxAttempts !== undefined && !work.queue.giveUp)
    throw new Error(`${work.name}: maxAttempts needs queue.giveUp`);
  if (work.renewEveryMs !== undefined && !(work.queue.renew && work.renewEveryMs < work.leaseMs))
    throw new Error(`${work.name}: renewEveryMs needs queue.renew and must be less than leaseMs`);
}

/**
 * Claims a batch and tries each item once. `stopping` is asked before each item: when it says
 * yes, the round ends and the rest is handed back.
 */
export async function runRound<T extends Claimed>(
  work: Work<T>,
  stopping: () => boolean = () => false,
): Promise<RoundResult> {
  checkWork(work);
  const { queue } = work;
  const now = work.now ?? (() => new Date());
  const claimedAt = now().getTime();
  const items = await queue.claim({
    now: new Date(claimedAt),
    until: new Date(claimedAt + work.leaseMs),
    limit: work.batchSize,
  });
  const result: RoundResult = { claimed: items.length, succeeded: 0, failed: 0, released: 0 };
  if (items.length === 0) return result;
  let handler: RoundHandler<T>;
  try {
    handler = await work.round(items);
  } catch (error) {
    await queue.release(items).catch(() => {});
    throw error;
  }
  const lease = keepRenewed(work, items, claimedAt + work.leaseMs, now);
  try {
    return await workThrough(work, items, handler, result, lease, stopping, now);
  } finally {
    await lease.stop();
  }
}

/** The round's lease: when it ends, renewed (if the work renews) until stopped. */
interface RoundLease {
  /** When the claim on the items in hand runs out, as far as this worker knows. */
  end(): number;
  /** An item is done with: it is no longer renewed. */
  done(item: unknown): void;
  /** Stops renewing; waits for a renewal in flight. */
  stop(): Promise<void>;
}

function keepRenewed<T extends Claimed>(work: Work<T>, items: T[], claimedEnd: number, now: () => Date): RoundLease {
  let end = claimedEnd;
  const inHand = new Set(items);
  const { renew } = work.queue;
  const every = work.renewEveryMs;
  if (!renew || every === undefined) {
    return { end: () => end, done: () => {}, stop: async () => {} };
  }
  let inFlight: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (inFlight || inHand.size === 0) return;
    const until = new Date(now().getTime() + work.leaseMs);
    inFlight = renew([...inHand] as T[], until)
      .then(() => {
        end = until.getTime();
      })
      .catch((error: unknown) => logger.warn({ err: error, work: work.name }, "could not renew a lease"))
      .finally(() => {
        inFlight = undefined;
      });
  }, every);
  return {
    end: () => end,
    done: (item) => inHand.delete(item as T),
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}

async function workThrough<T extends Claimed>(
  work: Work<T>,
  items: T[],
  handler: RoundHandler<T>,
  result: RoundResult,
  lease: RoundLease,
  stopping: () => boolean,
  now: () => Date,
): Promise<RoundResult> {
  for (const [index, item] of items.entries()) {
    if (stopping() || now().getTime() > lease.end() - work.itemBudgetMs) {
      const rest = items.slice(index);
      await work.queue.release(rest);
      result.released = rest.length;
      break;
    }
    await tryItem(work, item, handler, result, now);
    lease.done(item);
  }
  await handler.finish?.(result);
  return result;
}

/** One item's attempt, and its outcome recorded: counted, and a failure retried later or given up. */
async function tryItem<T extends Claimed>(
  work: Work<T>,
  item: T,
  handler: RoundHandler<T>,
  result: RoundResult,
  now: () => Date,
): Promise<void> {
  const { queue, maxAttempts } = work;
  let error: unknown;
  if (maxAttempts !== undefined && item.attempts > maxAttempts) {
    // Claimed again and again without an outcome: it may be what kills the process.
    error = new AbandonedItemError(item.attempts);
  } else {
    try {
      await handler.run(item);
      result.succeeded++;
      return;
    } catch (caught) {
      error = caught;
    }
  }
  result.failed++;
  if (maxAttempts !== undefined && item.attempts >= maxAttempts && queue.giveUp) {
    await queue.giveUp(item, error);
    handler.failed?.(item, error, undefined);
  } else {
    const retryAt = new Date(now().getTime() + backoffDelayMs(item.attempts, work.backoff));
    await queue.retry(item, error, retryAt);
    handler.failed?.(item, error, retryAt);
  }
}

export interface WorkerOptions<T extends Claimed> extends Work<T> {
  /** With nothing to do, the queue is looked at this often (a wake-up makes it sooner). */
  pollMs: number;
  /** How long stop() waits for the item in hand; unset, as long as it takes. */
  stopWaitMs?: number;
  /** The queue whose wakeWorkers(name) wakes this worker while it runs (its enqueue calls it). */
  wakeOn?: string;
  /** Told each time the worker goes to sleep with nothing to do (a test queues work only then). */
  idle?: () => void;
}

export interface BackgroundWorker {
  /** New work arrived: look now rather than at the next poll. */
  wake(): void;
  /** Lets the item in hand finish, hands the rest of the round back; resolves when the loop has stopped. */
  stop(): Promise<void>;
}

/** Starts a loop of rounds: one after another while there is more, else asleep until polled or woken. */
export function startWorker<T extends Claimed>(options: WorkerOptions<T>): BackgroundWorker {
  checkWork(options);
  let stopping = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;

  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, options.pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const loop = (async () => {
    while (!stopping) {
      woken = false;
      let round: RoundResult = { claimed: 0, succeeded: 0, failed: 0, released: 0 };
      try {
        round = await runRound(options, () => stopping);
      } catch (error) {
        logger.error({ err: error, work: options.name }, "a round of background work failed");
      }
      // A full batch, or one its lease cut short, that got something done: there is more now.
      // A round of failures waits for the poll, so an outage is not a busy loop.
      const more = round.succeeded > 0 && (round.claimed === options.batchSize || round.released > 0);
      if (!stopping && !woken && !more) {
        const asleep = sleep();
        options.idle?.();
        await asleep;
      }
    }
  })();

  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const registered = options.wakeOn === undefined ? undefined : wakersOf(options.wakeOn);
  registered?.add(wake);
  return {
    wake,
    async stop() {
      registered?.delete(wake);
      stopping = true;
      wakeUp?.();
      if (options.stopWaitMs === undefined) return loop;
      const { stopWaitMs } = options;
      await Promise.race([loop, new Promise<void>((resolve) => setTimeout(resolve, stopWaitMs).unref())]);
    },
  };
}

// --- Waking a queue's workers from wherever its work is queued, and who handles which kind.

const WAKERS = Symbol.for("studio.background.wakers");

/**
 * The wake-ups of this process's running workers, by the queue they work (WorkerOptions.wakeOn).
 * On globalThis, under a registered symbol, rather than in this module: in development Vite
 * loads an edited module again while the workers that its first copy started run on (ADR 018),
 * and a list of the new copy's would wake no one.
 */
function wakersOf(queue: string): Set<() => void> {
  const global = globalThis as { [WAKERS]?: Map<string, Set<() => void>> };
  global[WAKERS] ??= new Map();
  let set = global[WAKERS].get(queue);
  if (!set) {
    set = new Set();
    global[WAKERS].set(queue, set);
  }
  return set;
}

/**
 * Work was queued on `queue`: its running workers in this process look now rather than at their
 * next poll (a queue's enqueue calls this once its transaction has committed). Workers in other
 * processes find it at their poll.
 */
export function wakeWorkers(queue: string): void {
  for (const wake of wakersOf(queue)) wake();
}

/** A queue's row whose kind no handler takes: refused at start rather than failed at every claim. */
export class UnhandledKindError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnhandledKindError";
  }
}

/**
 * The one handler of each of `kinds`, from the sets the modules that own them register (for
 * `work`, named in the error). Throws UnhandledKindError, in one line naming the kind, when a
 * kind has no handler or two: a row of that kind would be claimed and fail, again and again.
 */
export function handlerPerKind<K extends string, H>(
  work: string,
  kinds: readonly K[],
  sets: readonly Partial<Record<K, H>>[],
): Map<K, H> {
  const handlers = new Map<K, H>();
  for (const set of sets) {
    for (const kind of Object.keys(set) as K[]) {
      const handler = set[kind];
      if (handler === undefined) continue;
      if (!kinds.includes(kind))
        throw new UnhandledKindError(`${work}: a handler for "${kind}", which is no kind of it`);
      if (handlers.has(kind)) throw new UnhandledKindError(`${work}: two handlers for the kind "${kind}"`);
      handlers.set(kind, handler);
    }
  }
  const missing = kinds.filter((kind) => !handlers.has(kind));
  if (missing.length > 0)
    throw new UnhandledKindError(
      `${work}: no handler for the kind${missing.length > 1 ? "s" : ""} ${missing.map((k) => `"${k}"`).join(", ")}; register one before the worker starts`,
    );
  return handlers;
}
