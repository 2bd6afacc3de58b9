// The studio's own words in Tamil (issue 33): beside each visitor-facing text the admin edits, an
// optional Tamil version. The same on SQLite and PostgreSQL.
//
// Each column is nullable text with no default: null (or empty) means "not translated", and the
// Tamil page then shows the English text (domain/catalog/localized.ts), never an empty one. No
// length checks: the admin's forms hold the Tamil field to its English field's limit, and
// Tamil's longer words must not be refused by a limit counted for English. Plain `add column`
// and `drop column` on both engines (SQLite has dropped columns since 3.35; nothing indexes or
// references these).
import { type Kysely, sql } from "kysely";

/** Each table's Tamil columns, beside the English column whose name they end with `_ta`. */
export const TAMIL_COLUMNS = {
  studio_settings: ["name_ta", "tagline_ta", "about_title_ta", "about_text_ta"],
  collections: ["name_ta", "description_ta"],
  shoots: ["title_ta", "location_ta", "description_ta"],
  photos: ["alt_ta"],
  banner_slides: ["alt_ta"],
  client_galleries: ["title_ta"],
} as const satisfies Record<string, readonly `${string}_ta`[]>;

const EACH = Object.entries(TAMIL_COLUMNS).flatMap(([table, columns]) => columns.map((column) => ({ table, column })));

/** The steps as one change: PostgreSQL's migrator already holds a transaction; SQLite's holds none. */
async function inTransaction(db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<void>): Promise<void> {
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const { table, column } of EACH) {
      await sql`alter table ${sql.table(table)} add column ${sql.ref(column)} text`.execute(trx);
    }
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const { table, column } of EACH) {
      await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(trx);
    }
  });
}
