// What a migration's own test does on either engine (ADR 032): raw SQL as the tables stood before
// it (the app's typed schema is the newest one), and the migrator taken to a named migration.
import { type QueryExecutorProvider, sql } from "kysely";
import { type Database, newMigrator } from "#platform/db/db.server.ts";

export type Row = Record<string, unknown>;

/** The rows a raw query answers. */
export const rows = async (db: QueryExecutorProvider, query: string) => (await sql.raw<Row>(query).execute(db)).rows;

/** A raw statement, its answer unread. */
export const run = (db: QueryExecutorProvider, query: string) => sql.raw(query).execute(db);

/** Migrates up or down to `name`; each step taken, as [migration, direction, status]. Throws on a failed step. */
export async function migrateTo(db: Database, name: string) {
  const { error, results } = await newMigrator(db).migrateTo(name);
  if (error) throw error;
  return results?.map((r) => [r.migrationName, r.direction, r.status]);
}
