// Owns the process's one database connection: opening it under DATA_DIR, migrating it,
// closing it on shutdown. Queries live with the features that need them.
import fs from "node:fs";
import path from "node:path";
import { Kysely, Migrator } from "kysely";
import { readEnv } from "../env.server.ts";
import { migrationProvider } from "./migrations/index.server.ts";
import type { DB } from "./schema.server.ts";
import { createDialect, openSqlite } from "./sqlite-dialect.server.ts";

export type Database = Kysely<DB>;

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` is already one (Kysely
 * cannot nest them), so a write that must be atomic can also be a step of a larger one.
 */
export function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export const DATABASE_FILE_NAME = "studio.db";

export function openDatabase(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return new Kysely<DB>({ dialect: createDialect(openSqlite(file)) });
}

/**
 * Migrations apply in the order of their names, each exactly once: a database that has applied
 * a later migration but not an earlier one is refused (Kysely's default), since a migration may
 * rebuild tables that an earlier one created (0007 rebuilds most of them).
 */
export function newMigrator(db: Database): Migrator {
  return new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: false });
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

let current: Database | undefined;

/** The process-wide database under DATA_DIR, opened on first use. */
export function getDb(): Database {
  current ??= openDatabase(path.join(readEnv().dataDir, DATABASE_FILE_NAME));
  return current;
}

export async function closeDb(): Promise<void> {
  const db = current;
  current = undefined;
  await db?.destroy();
}
