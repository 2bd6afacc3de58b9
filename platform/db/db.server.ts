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

export const DATABASE_FILE_NAME = "studio.db";

export function openDatabase(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return new Kysely<DB>({ dialect: createDialect(openSqlite(file)) });
}

/** Applies every pending migration; returns the names of those it applied. */
export async function migrate(db: Database): Promise<string[]> {
  // Features are built on parallel branches, so a database may have a later migration before
  // an earlier one lands; each migration touches its own tables, so order between them is free.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
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
