// The job queue's worker (ADR 038): the one background loop (platform/background.server.ts) over
// the jobs table, one job per claim (a photo already uses every core), each job done by the
// handler of its kind. The modules that own a kind register its handler (the photo kinds:
// domain/processing/photo-worker.server.ts); the worker refuses to start, in one line naming the
// kind, while a kind has no handler, rather than claim such a job and fail it at every turn.
// Queuing wakes the worker (queue.server.ts: enqueue); otherwise it looks every JOB_POLL_MS.
// Each lane (JOB_LANES: photos, faces) is a loop of its own that claims only its kinds; the faces
// lane may run several loops, one per face model process (domain/faces/engine.server.ts).
import { type BackgroundWorker, handlerPerKind, startWorker, type Work } from "../../platform/background.server.ts";
import type { Database } from "../../platform/db/db.server.ts";
import { logger } from "../../platform/logger.server.ts";
import { MINUTE_MS, SECOND_MS } from "../../platform/time.ts";
import {
  type ClaimedJob,
  type ClaimedJobOf,
  claimNextJob,
  failJob,
  JOB_LANES,
  JOB_LEASE_MS,
  JOB_QUEUE,
  JOB_RENEW_MS,
  type JobKind,
  type JobLane,
  releaseJobs,
  renewJobs,
  retryJob,
} from "./queue.server.ts";

/** With nothing to do, the queue is looked at this often (queuing a job wakes the worker sooner). */
export const JOB_POLL_MS = 2_000;
/**
 * A job is started only while this much of its lease is left: half of it. The lease is renewed
 * every JOB_RENEW_MS while the job runs, so the budget is for starting, not for finishing.
 */
const JOB_BUDGET_MS = JOB_LEASE_MS / 2;
/** A server error (a full disk, a locked database) is retried after 5 s, then 10 s; the third failure is final. */
export const JOB_MAX_ATTEMPTS = 3;
const JOB_RETRY = { baseMs: 5 * SECOND_MS, maxMs: MINUTE_MS };

/** How one kind of job is done. */
export interface JobHandler<J extends ClaimedJob> {
  /**
   * Does the job and records how it ended (finishJob, failJob: a refused photo fails for good).
   * A throw is a failed attempt: the job is tried again after a backoff, or given up.
   */
  run(job: J): Promise<void>;
  /** What the studio reads when the job is given up after JOB_MAX_ATTEMPTS. */
  gaveUpReason: string;
  /** Told once the job was given up (to let go of what only it would have used). */
  gaveUp?(job: J, error: unknown): void;
}

/** The handlers a module registers, by kind. */
export type JobHandlers = { [K in JobKind]?: JobHandler<ClaimedJobOf<K>> };

/** The worker's name in log lines and in the error at start. */
const WORK_NAME = "jobs";

/** Only the handlers of a lane's kinds, from the sets the modules register. */
function laneHandlers(lane: JobLane, handlers: readonly JobHandlers[]): JobHandlers[] {
  const kinds: readonly JobKind[] = JOB_LANES[lane];
  return handlers.map(
    (set) => Object.fromEntries(Object.entries(set).filter(([kind]) => kinds.includes(kind as JobKind))) as JobHandlers,
  );
}

/**
 * One lane of the queue as background work, each job done by its kind's handler, from the
 * `handlers` the kinds' modules register; throws (UnhandledKindError, one line) while a kind of
 * the lane has none or two. `now` is for tests.
 */
export function jobWork(
  db: Database,
  handlers: readonly JobHandlers[],
  now?: () => Date,
  lane: JobLane = "photos",
): Work<ClaimedJob> {
  const kinds: readonly JobKind[] = JOB_LANES[lane];
  const byKind = handlerPerKind(WORK_NAME, kinds, laneHandlers(lane, handlers));
  // The map holds each kind's own handler, so a job is given the handler of its kind.
  const handlerOf = (job: ClaimedJob) => byKind.get(job.kind) as JobHandler<ClaimedJob>;
  return {
    name: WORK_NAME,
    queue: {
      async claim({ now: at, until }) {
        const job = await claimNextJob(db, at, until, kinds);
        return job ? [job] : [];
      },
      release: (jobs) => releaseJobs(db, jobs),
      renew: (jobs, until) => renewJobs(db, jobs, until),
      retry: (job, _error, at) => retryJob(db, job, at),
      giveUp: async (job) => {
        await failJob(db, job, handlerOf(job).gaveUpReason);
      },
    },
    batchSize: 1,
    leaseMs: JOB_LEASE_MS,
    renewEveryMs: JOB_RENEW_MS,
    itemBudgetMs: JOB_BUDGET_MS,
    backoff: JOB_RETRY,
    maxAttempts: JOB_MAX_ATTEMPTS,
    now,
    round: () => ({
      run: (job) => handlerOf(job).run(job),
      failed(job, error, retryAt) {
        const about = { err: error, job: job.id, kind: job.kind, attempts: job.attempts };
        if (retryAt) {
          logger.warn({ ...about, retryAt: retryAt.toISOString() }, "a job failed; will retry");
          return;
        }
        logger.error(about, "a job failed; gave up");
        handlerOf(job).gaveUp?.(job, error);
      },
    }),
  };
}

export interface JobWorkerOptions {
  pollMs?: number;
  /** How many loops each lane runs (a lane left out runs one). */
  loops?: Partial<Record<JobLane, number>>;
  /** The lanes to run: all of them unless a test or bench wants only some. */
  lanes?: readonly JobLane[];
  /** Told each time the worker goes to sleep with nothing to do (tests). */
  idle?: () => void;
}

/**
 * Starts the job worker, every lane; queuing a job wakes it. Jobs a killed process left running
 * are queued again by start-up (server/startup.ts) before this starts, or claimed again once
 * their lease runs out. Throws before starting anything while a kind has no handler.
 */
export function startJobWorker(
  db: Database,
  handlers: readonly JobHandlers[],
  { pollMs = JOB_POLL_MS, idle, loops = {}, lanes = Object.keys(JOB_LANES) as JobLane[] }: JobWorkerOptions = {},
): BackgroundWorker {
  const works = lanes.map((lane) => ({ lane, work: jobWork(db, handlers, undefined, lane) }));
  const workers = works.flatMap(({ lane, work }) =>
    Array.from({ length: Math.max(1, loops[lane] ?? 1) }, () =>
      startWorker({ ...work, pollMs, wakeOn: JOB_QUEUE, idle }),
    ),
  );
  return {
    wake: () => {
      for (const worker of workers) worker.wake();
    },
    stop: async () => {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
