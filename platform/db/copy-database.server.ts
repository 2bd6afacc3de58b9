// Copies a studio's database, every row of every table, into an empty database migrated to the
// same schema: a studio moving from SQLite to PostgreSQL (`npm run migrate-to-postgres`), and a
// PostgreSQL studio's backup, which is a SQLite file (domain/processing/backup.server.ts). One
// transaction on the target, so a failed copy leaves it empty; counted table by table after.
import { sql } from "kysely";
import { type Database, engineOf, inTransaction, migrate } from "./db.server.ts";
import type { DB } from "./schema.server.ts";

/** Rows read and written at a time: a shoot of thousands of photos without holding them all. */
export const COPY_BATCH_ROWS = 500;

/**
 * The studio's tables in an order their foreign keys allow (each after those it references).
 * client_galleries' cover photo is the one reference back: it is copied empty first and set
 * once the photos are in (COVERS_AFTER). The test holds this list to the schema's tables.
 */
export const COPY_ORDER = [
  "assets",
  "asset_variants",
  "app_state",
  "api_tokens",
  "inquiries",
  "admin_users",
  "admin_sessions",
  "collections",
  "client_galleries",
  "shoots",
  "photos",
  "jobs",
  "gallery_visitors",
  "selection_lists",
  "selection_items",
  "albums",
  "album_versions",
  "album_spreads",
  "album_comments",
  "album_spread_oks",
  "album_approvals",
  "mail_outbox",
  "file_checksums",
  "face_scans",
  "photo_faces",
  "gallery_guests",
  "banner_slides",
  "studio_settings",
  "content_version",
  "rate_limit_hits",
] as const satisfies readonly (keyof DB)[];

/** Columns that reference a table copied after theirs: written once the rows they name exist. */
const COVERS_AFTER: Partial<Record<(typeof COPY_ORDER)[number], string[]>> = { client_galleries: ["cover_photo_id"] };

/** The version row is made by the target's migrations; it is overwritten, not added. */
const SINGLE_ROW_TABLES = new Set(["content_version"]);

export interface CopyReport {
  tables: { name: string; rows: number }[];
}

async function countRows(db: Database, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Refuses a target that already holds a studio: the copy adds to nothing. */
async function assertEmpty(db: Database): Promise<void> {
  for (const table of COPY_ORDER) {
    if (SINGLE_ROW_TABLES.has(table)) continue;
    const rows = await countRows(db, table);
    if (rows > 0)
      throw new Error(`The target database is not empty: ${table} has ${rows} rows. Copy into a new database.`);
  }
}

/**
 * Copies `from` into `to` (both migrated here first, to the same schema), table by table in
 * COPY_ORDER, then moves PostgreSQL's id sequences past the copied ids and compares the counts.
 */
export async function copyDatabase(
  from: Database,
  to: Database,
  progress: (line: string) => void = () => {},
  /** false: `from` is a live server's snapshot (a read-only transaction), migrated by its server. */
  { migrateSource = true }: { migrateSource?: boolean } = {},
): Promise<CopyReport> {
  if (migrateSource) await migrate(from);
  await migrate(to);
  await assertEmpty(to);
  await inTransaction(to, async (trx) => {
    for (const table of COPY_ORDER) {
      const later = COVERS_AFTER[table] ?? [];
      let copied = 0;
      const write = async (rows: Record<string, unknown>[]) => {
        const values = rows.map((row) => ({ ...row, ...Object.fromEntries(later.map((column) => [column, null])) }));
        await trx
          .insertInto(table as keyof DB)
          .values(values as never)
          .execute();
        copied += rows.length;
      };
      if (SINGLE_ROW_TABLES.has(table)) await sql`delete from ${sql.table(table)}`.execute(trx);
      // Streamed from the source (a cursor, not the whole table in memory), written in batches.
      let batch: Record<string, unknown>[] = [];
      for await (const row of from
        .selectFrom(table as keyof DB)
        .selectAll()
        .stream(COPY_BATCH_ROWS)) {
        batch.push(row as Record<string, unknown>);
        if (batch.length === COPY_BATCH_ROWS) {
          await write(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await write(batch);
      progress(`${table}: ${copied} rows`);
    }
    for (const [table, columns] of Object.entries(COVERS_AFTER)) {
      for (const column of columns) {
        const set =
          (await sql`select id, ${sql.ref(column)} as value from ${sql.table(table)} where ${sql.ref(column)} is not null`
            .execute(from)
            .then((r) => r.rows)) as { id: number; value: number }[];
        for (const { id, value } of set) {
          await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value} where id = ${id}`.execute(trx);
        }
      }
    }
    if (engineOf(to) === "postgres") {
      // Rows came with their ids; the next id a sequence hands out must be past them.
      const { rows } = await sql<{ table: string; sequence: string }>`
        select table_name as table, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
        from information_schema.columns
        where table_schema = 'public' and is_identity = 'YES'`.execute(trx);
      for (const { table, sequence } of rows) {
        await sql`select setval(${sequence}, coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
          trx,
        );
      }
    }
  });
  const tables: CopyReport["tables"] = [];
  for (const table of COPY_ORDER) {
    const [source, target] = [await countRows(from, table), await countRows(to, table)];
    if (source !== target) throw new Error(`The copy of ${table} has ${target} rows; the source has ${source}.`);
    tables.push({ name: table, rows: target });
  }
  return { tables };
}
