// Owns the process's database: SQLite in DATA_DIR (the default) or the PostgreSQL server that
// DATABASE_URL names (docs/decisions/032-postgresql.md); opening it, migrating it, closing it
// on shutdown, and the one lock that work done once for every instance takes. Queries live
// with the features that need them and are the same on both engines.
import fs from "node:fs";
import path from "node:path";
import { Kysely, type KyselyConfig, Migrator, PostgresAdapter, type SelectQueryBuilder, sql } from "kysely";
import { readEnv, type ServerEnv } from "../env.server.ts";
import { withCommitHooks } from "./after-commit.server.ts";
import { migrationProviderFor } from "./migrations/index.server.ts";
import { createPostgresDialect, isPostgresTarget } from "./postgres-dialect.server.ts";
import type { DB } from "./schema.server.ts";
import { createDialect, openSqlite } from "./sqlite-dialect.server.ts";

export type Database = Kysely<DB>;

/** The two engines the same queries run on. */
export type Engine = "sqlite" | "postgres";

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` is already one (Kysely
 * cannot nest them), so a write that must be atomic can also be a step of a larger one.
 */
export function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export const DATABASE_FILE_NAME = "studio.db";

/** Where the server's database is: DATABASE_URL, or the SQLite file in DATA_DIR. */
export function databaseTarget(env: Pick<ServerEnv, "databaseUrl" | "dataDir">): string {
  return env.databaseUrl ?? path.join(env.dataDir, DATABASE_FILE_NAME);
}

/**
 * Opens a database: a PostgreSQL URL (postgres://…), or a SQLite file, created if need be.
 * `log` sees every query (a test counting reads). Its transactions can run effects after their
 * commit (afterCommit: a queued job wakes its worker).
 */
export function openDatabase(target: string, { log }: { log?: KyselyConfig["log"] } = {}): Database {
  if (isPostgresTarget(target))
    return new Kysely<DB>({ dialect: withCommitHooks(createPostgresDialect(target).dialect), log });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  return new Kysely<DB>({ dialect: withCommitHooks(createDialect(openSqlite(target))), log });
}

export function engineOf(db: { getExecutor: Kysely<unknown>["getExecutor"] }): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * Migrations apply in the order of their names, each exactly once: a database that has applied
 * a later migration but not an earlier one is refused (Kysely's default), since a migration may
 * rebuild tables that an earlier one created (0007 rebuilds most of them). Each engine has its
 * list (migrations/index.server.ts); on PostgreSQL, Kysely holds an advisory lock while it
 * migrates, so instances that start together apply each migration once.
 */
export function newMigrator(db: Database): Migrator {
  return new Migrator({ db, provider: migrationProviderFor(engineOf(db)), allowUnorderedMigrations: false });
}

/** Applies every pending migration; returns the names of those it applied. */
export async function migrate(db: Database): Promise<string[]> {
  const migrator = newMigrator(db);
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * The rows a worker is about to claim (a subquery of an UPDATE … RETURNING). On PostgreSQL,
 * where workers in several instances claim at once, the rows are locked as they are chosen and
 * rows another worker has locked are passed over (FOR UPDATE SKIP LOCKED): without it two
 * claims chose the same rows and both took them. SQLite runs one writer at a time: as it is.
 */
// biome-ignore lint/suspicious/noExplicitAny: any select query, whatever its tables and columns.
export function skippingLocked<Q extends SelectQueryBuilder<any, any, any>>(db: Database, query: Q): Q {
  return engineOf(db) === "postgres" ? (query.forUpdate().skipLocked() as Q) : query;
}

/**
 * Holds the lock named `name` until the transaction `trx` ends. On PostgreSQL an advisory
 * transaction lock: at read committed, two transactions that read rows and then write what they
 * computed from them would both read before either writes, and one write would undo the other;
 * with the lock they take turns. On SQLite, where one connection's transactions already take
 * turns, nothing.
 */
export async function lockForTransaction(trx: Database, name: string): Promise<void> {
  if (engineOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}

/**
 * Runs `work` while holding the database-wide lock named `name`: on PostgreSQL an advisory lock
 * (instances that start together run a one-time step, the demo import, one after the other,
 * and the second finds it done); on SQLite, where one process serves the site, at once.
 */
export async function whileLocked<T>(db: Database, name: string, work: () => Promise<T>): Promise<T> {
  if (engineOf(db) !== "postgres") return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${name}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(connection);
    }
  });
}

let current: Database | undefined;

/** The process-wide database (DATABASE_URL, or DATA_DIR's SQLite file), opened on first use. */
export function getDb(): Database {
  current ??= openDatabase(databaseTarget(readEnv()));
  return current;
}

export async function closeDb(): Promise<void> {
  const db = current;
  current = undefined;
  await db?.destroy();
}
