// An album's title in Tamil (issue 33): beside the English title the studio gives an album (issue
// 32), an optional Tamil one, as migration 0027 gave the studio's other visitor-facing texts. The
// same on SQLite and PostgreSQL.
//
// Nullable text with no default: null (or empty) means "not translated", and the couple's Tamil
// pages and mails then show the English title (domain/catalog/localized.ts), never an empty one.
// No length check: the admin's forms hold it to the English title's limit, and Tamil's longer
// words must not be refused by a limit counted for English. A plain `add column` and `drop column`
// on both engines (SQLite has dropped columns since 3.35; nothing indexes or references it).
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "albums" add column "title_ta" text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "albums" drop column "title_ta"`.execute(db);
}
