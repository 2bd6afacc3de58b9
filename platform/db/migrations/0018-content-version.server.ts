// A number that changes whenever anything a public page shows changes (issue 17): the studio's
// settings, collections, shoots, photos, their files and the slideshow. Public pages are cached
// by it (ADR 004): a page rendered for version n is served until the version moves. Triggers,
// not the code that writes, keep it: every writer (an admin action, a background job finishing
// a photo, the demo import, a script) moves it, and none can forget to.
import { type Kysely, sql } from "kysely";

/** The tables whose rows a public page may show (PostgreSQL's baseline triggers on the same). */
export const CONTENT_TABLES = [
  "studio_settings",
  "assets",
  "asset_variants",
  "collections",
  "shoots",
  "photos",
  "banner_slides",
] as const;
const OPERATIONS = ["insert", "update", "delete"] as const;

const triggerName = (table: string, operation: string) => `content_version_after_${operation}_${table}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const run = (query: string) => sql.raw(query).execute(trx);
    await run(
      `create table if not exists "content_version" ("id" integer primary key check ("id" = 1), "version" integer not null)`,
    );
    await run(`insert or ignore into "content_version" ("id", "version") values (1, 1)`);
    for (const table of CONTENT_TABLES) {
      for (const operation of OPERATIONS) {
        // Once per statement would do, but SQLite triggers are per row; a 3,000-photo import
        // moves it 3,000 times, which costs a row update each (measured in the migration test).
        await run(`create trigger if not exists "${triggerName(table, operation)}" after ${operation} on "${table}"
          begin update "content_version" set "version" = "version" + 1 where "id" = 1; end`);
      }
    }
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const run = (query: string) => sql.raw(query).execute(trx);
    for (const table of CONTENT_TABLES) {
      for (const operation of OPERATIONS) await run(`drop trigger if exists "${triggerName(table, operation)}"`);
    }
    await run(`drop table if exists "content_version"`);
  });
}
