// The cluster drill's bookkeeping in its throwaway PostgreSQL database: triggers that write a
// line for every change of a photo job's or an outbox mail's state, stamped with the time and
// with the application_name of the connection that made it (each start of each instance
// connects under its own, "a-1", "a-2": scripts/drills/cluster.ts). From these lines the drill tells
// which process claimed what and when, so "processed once" and "mailed once" are judged on
// what the instances did, not only on the rows they left: a job two live instances worked on
// at the same time shows as two open claims, though it ends as one photo.
import { sql } from "kysely";
import type { Database } from "#platform/db/db.server.ts";

const STATEMENTS = [
  `create table drill_ledger (
    id bigserial primary key,
    at timestamptz not null default clock_timestamp(),
    process text not null default current_setting('application_name'),
    tbl text not null,
    row_id bigint not null,
    kind text not null,
    attempts bigint not null
  )`,
  // A claim counts an attempt; a hand-back (release) uncounts it; a failed attempt (retry) or a
  // restart (requeue) puts a running job back in the queue; renew extends a running claim.
  `create function drill_photo_job_changed() returns trigger language plpgsql as $$
  declare kind text;
  begin
    kind := case
      when new.state = 'running' and new.attempts > old.attempts then 'claim'
      when new.state in ('done', 'failed') and new.state is distinct from old.state then new.state
      when new.state = 'running' and old.state = 'running' and new.lease_until is distinct from old.lease_until then 'renew'
      when new.state = 'queued' and old.state = 'running' and new.attempts < old.attempts then 'release'
      when new.state = 'queued' and old.state = 'running' and new.retry_at is distinct from old.retry_at then 'retry'
      when new.state = 'queued' and old.state = 'running' then 'requeue'
    end;
    if kind is not null then
      insert into drill_ledger (tbl, row_id, kind, attempts) values ('jobs', new.id, kind, new.attempts);
    end if;
    return null;
  end $$`,
  `create trigger drill_jobs after update on jobs for each row execute function drill_photo_job_changed()`,
  `create function drill_mail_changed() returns trigger language plpgsql as $$
  declare kind text;
  begin
    kind := case
      when new.delivered_at is not null and old.delivered_at is null then 'delivered'
      when new.claimed_until is not null and new.attempts > old.attempts then 'claim'
      when new.attempts < old.attempts then 'release'
      when new.claimed_until is null and old.claimed_until is not null then 'retry'
    end;
    if kind is not null then
      insert into drill_ledger (tbl, row_id, kind, attempts) values ('mail_outbox', new.id, kind, new.attempts);
    end if;
    return null;
  end $$`,
  `create trigger drill_mail_outbox after update on mail_outbox for each row execute function drill_mail_changed()`,
];

export type LedgerTable = "jobs" | "mail_outbox";

export interface LedgerLine {
  at: Date;
  /** The application_name of the process that made the change ("a-1"). */
  process: string;
  rowId: number;
  kind: string;
  attempts: number;
}

/** Adds the ledger and its triggers to a migrated database (before any instance works on it). */
export async function installLedger(db: Database): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

/** Every line about `table`'s rows, in the order they were written. */
export async function ledgerLines(db: Database, table: LedgerTable): Promise<LedgerLine[]> {
  const { rows } = await sql<{ at: Date; process: string; row_id: number; kind: string; attempts: number }>`
    select at, process, row_id, kind, attempts from drill_ledger where tbl = ${table} order by id`.execute(db);
  return rows.map((r) => ({ at: r.at, process: r.process, rowId: r.row_id, kind: r.kind, attempts: r.attempts }));
}

/** What the attempts on one row came to. */
export interface RowHistory {
  claims: number;
  /** Claims taken over from a process that was killed while it held them. */
  takenFromKilled: number;
  /** How often the row reached its end (a job done or failed, a mail delivered). */
  finishes: number;
  /** Who held the row's current claim, if one is open. */
  holder: string | undefined;
  /** Two processes on the row at once, or a finish by a process that did not hold it. */
  problems: string[];
}

/** The kinds that end an attempt without finishing the row: it goes back to the queue. */
const ATTEMPT_ENDS = new Set(["release", "retry"]);

/**
 * Replays one row's lines. An attempt is open from its claim to its holder's release, retry or
 * finish; a claim while another process's attempt is open is allowed only when that process
 * was killed (it died holding the row), else the row was worked on twice at once.
 */
export function rowHistory(
  lines: readonly LedgerLine[],
  finishKinds: ReadonlySet<string>,
  killed: ReadonlySet<string>,
) {
  const history: RowHistory = { claims: 0, takenFromKilled: 0, finishes: 0, holder: undefined, problems: [] };
  for (const line of lines) {
    if (line.kind === "claim") {
      history.claims++;
      if (history.holder !== undefined) {
        if (killed.has(history.holder)) history.takenFromKilled++;
        else history.problems.push(`claimed by ${line.process} while ${history.holder} held it`);
      }
      history.holder = line.process;
    } else if (ATTEMPT_ENDS.has(line.kind) && line.process === history.holder) {
      history.holder = undefined;
    } else if (finishKinds.has(line.kind)) {
      history.finishes++;
      if (line.process !== history.holder) {
        history.problems.push(
          `${line.kind} by ${line.process}, which did not hold it (${history.holder ?? "nobody"} did)`,
        );
      }
      history.holder = undefined;
    }
  }
  return history;
}

/** Each row's history, by row id. */
export function rowHistories(
  lines: readonly LedgerLine[],
  finishKinds: ReadonlySet<string>,
  killed: ReadonlySet<string>,
): Map<number, RowHistory> {
  const byRow = Map.groupBy(lines, (line) => line.rowId);
  return new Map([...byRow].map(([rowId, rowLines]) => [rowId, rowHistory(rowLines, finishKinds, killed)]));
}
