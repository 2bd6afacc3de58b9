// The language a client's and a visitor's mails are written in (issue 33): a client gallery's
// `language`, which the studio chooses in the gallery's form (its "gallery ready" mail, the
// reminders and the album's mails and WhatsApp texts go in it), and an inquiry's, the language of
// the contact page the visitor wrote from (its acknowledgement goes in it). The same on SQLite
// and PostgreSQL.
//
// Each column is text, not null, 'en' by default: every row there before was written to in
// English, and stays so. A check holds it to the languages the catalogues have (the same codes
// as app/i18n/languages.ts and domain/catalog/localized.ts). A column's own check does not stop
// SQLite's `drop column` (since 3.35), as migration 0024 does too.
import { type Kysely, sql } from "kysely";

/** The tables that gain a `language`. */
export const LANGUAGE_TABLES = ["client_galleries", "inquiries"] as const;
/** The languages a row may hold. */
export const STORED_LANGUAGES = ["en", "ta"] as const;

const LANGUAGE_LIST = STORED_LANGUAGES.map((lang) => `'${lang}'`).join(", ");

/** The steps as one change: PostgreSQL's migrator already holds a transaction; SQLite's holds none. */
async function inTransaction(db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<void>): Promise<void> {
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const table of LANGUAGE_TABLES) {
      await sql
        .raw(
          `alter table "${table}" add column "language" text not null default 'en' check ("language" in (${LANGUAGE_LIST}))`,
        )
        .execute(trx);
    }
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const table of LANGUAGE_TABLES) await sql.raw(`alter table "${table}" drop column "language"`).execute(trx);
  });
}
