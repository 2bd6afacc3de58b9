// Which watermark an album spread's files carry (issue 32): the gallery's as it was when the spread
// was made. A spread's files are found by their deterministic names, and a watermark is part of a
// name (ADR 048), so a page that named them by the gallery's watermark as it is now found none
// once the studio changed it: the couple saw no spreads. The row now says which mark its files
// have, and a page names those. The same on SQLite and PostgreSQL.
//
// The columns are the gallery's own (migration 0013), with its defaults and checks: text '' is no
// mark. A spread there before takes its gallery's watermark as it is now, the one its files were
// named by until this change.
import { type Kysely, sql } from "kysely";

/** The steps as one change: PostgreSQL's migrator already holds a transaction; SQLite's holds none. */
async function inTransaction(db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<void>): Promise<void> {
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
}

const COLUMNS = [
  `"watermark_text" text not null default ''`,
  `"watermark_position" text not null default 'bottom-right'
    check ("watermark_position" in ('center', 'bottom-right', 'bottom-left', 'top-right', 'top-left'))`,
  `"watermark_opacity" integer not null default 40 check ("watermark_opacity" between 5 and 100)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    const run = (query: string) => sql.raw(query).execute(trx);
    for (const column of COLUMNS) await run(`alter table "album_spreads" add column ${column}`);
    const fromGallery = (column: string) => `(select "client_galleries"."${column}" from "client_galleries"
        inner join "albums" on "albums"."gallery_id" = "client_galleries"."id"
        inner join "album_versions" on "album_versions"."album_id" = "albums"."id"
        where "album_versions"."id" = "album_spreads"."version_id")`;
    await run(`update "album_spreads" set
      "watermark_text" = ${fromGallery("watermark_text")},
      "watermark_position" = ${fromGallery("watermark_position")},
      "watermark_opacity" = ${fromGallery("watermark_opacity")}`);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const column of ["watermark_text", "watermark_position", "watermark_opacity"])
      await sql.raw(`alter table "album_spreads" drop column "${column}"`).execute(trx);
  });
}
