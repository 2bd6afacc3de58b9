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

/**
 * A client gallery (id 3) with an album (4) whose version 1 (8) was sent at `at`, in raw SQL as
 * the album tables have stood since 0025: what the album migrations' tests start from.
 */
export async function seedSentAlbumVersion(db: QueryExecutorProvider, at: string): Promise<void> {
  await run(db, `insert into client_galleries (id, title, token) values (3, 'Priya', 't')`);
  await run(db, `insert into albums (id, gallery_id, title, position, created_at) values (4, 3, 'Ours', 0, '${at}')`);
  await run(
    db,
    `insert into album_versions (id, album_id, number, state, created_at, sent_at, last_activity_at)
     values (8, 4, 1, 'sent', '${at}', '${at}', '${at}')`,
  );
}

/** A 7,200 x 3,600 spread's asset (id 5, SHA-256 'abc'), in raw SQL: what the spread migrations' tests put spreads on. */
export async function seedSpreadAsset(db: QueryExecutorProvider): Promise<void> {
  await run(
    db,
    `insert into assets (id, sha256, original_key, original_name, original_bytes, mime, width, height, placeholder)
     values (5, 'abc', 'ab/abc.jpg', 'Spread_01.jpg', 10, 'image/jpeg', 7200, 3600, '')`,
  );
}
