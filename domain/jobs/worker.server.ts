// The job queue's worker (ADR 038): the one background loop (platform/background.server.ts) over
// the jobs table, one job per claim (a photo already uses every core), each job done by the
// handler of its kind. The modules that own a kind register its handler (the photo kinds:
// domain/processing/photo-worker.server.ts); the worker refuses to start, in one line naming the
// kind, while a kind has no handler, rather than claim such a job and fail it at every turn.
// Queuing wakes the worker (queue.server.ts: enqueue); otherwise it looks every JOB_POLL_MS.
import { type BackgroundWorker, handlerPerKind, startWorker, type Work } from "../../platform/background.server.ts";
import type { Database } from "../../platform/db/db.server.ts";
import { logger } from "../../platform/logger.server.ts";
import { MINUTE_MS, SECOND_MS } from "../../platform/time.ts";
import {
  type ClaimedJob,
  type ClaimedJobOf,
  claimNextJob,
  failJob,
  JOB_KINDS,
  JOB_LEASE_MS,
  JOB_QUEUE,
  JOB_RENEW_MS,
  type JobKind,
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

/**
 * The queue as background work, each job done by its kind's handler, from the `handlers` the
 * kinds' modules register; throws (UnhandledKindError, one line) while a kind has none or two.
 * `now` is for tests.
 */
export function jobWork(db: Database, handlers: readonly JobHandlers[], now?: () => Date): Work<ClaimedJob> {
  const byKind = handlerPerKind(WORK_NAME, JOB_KINDS, handlers);
  // The map holds each kind's own handler, so a job is given the handler of its kind.
  const handlerOf = (job: ClaimedJob) => byKind.get(job.kind) as JobHandler<ClaimedJob>;
  return {
    name: WORK_NAME,
    queue: {
      async claim({ now: at, until }) {
        const job = await claimNextJob(db, at, until);
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
  /** Told each time the worker goes to sleep with nothing to do (tests). */
  idle?: () => void;
}

/**
 * Starts the job worker; queuing a job wakes it. Jobs a killed process left running are queued
 * again by start-up (server/startup.ts) before this starts, or claimed again once their lease
 * runs out. Throws before starting anything while a kind has no handler.
 */
export function startJobWorker(
  db: Database,
  handlers: readonly JobHandlers[],
  { pollMs = JOB_POLL_MS, idle }: JobWorkerOptions = {},
): BackgroundWorker {
  return startWorker({ ...jobWork(db, handlers), pollMs, wakeOn: JOB_QUEUE, idle });
}
