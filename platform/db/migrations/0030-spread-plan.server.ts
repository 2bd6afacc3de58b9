// Which files an album spread was made with (issue 32): `plan` 1 is the first plan (WebP at the
// screen sizes), 2 the AVIF plan (the phone's size in AVIF, the larger one still WebP; ADR 048,
// domain/media/pipeline.server.ts planSpreadVariants). A spread's files are found by
// their deterministic names, not by rows (a watermarked file has none), so a page must know which
// plan made them: a spread made before this change keeps its WebPs and is shown with them. The
// same on SQLite and PostgreSQL.
//
// Integer, not null, 1 by default: every spread there before was made with the first plan; the
// app writes the plan it makes each new spread with. A check holds it to the plans there are.
import { type Kysely, sql } from "kysely";

/** The plans a spread's row may name. */
export const STORED_SPREAD_PLANS = [1, 2] as const;

/** The steps as one change: PostgreSQL's migrator already holds a transaction; SQLite's holds none. */
async function inTransaction(db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<void>): Promise<void> {
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql
      .raw(
        `alter table "album_spreads" add column "plan" integer not null default 1 check ("plan" in (${STORED_SPREAD_PLANS.join(", ")}))`,
      )
      .execute(trx);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql.raw(`alter table "album_spreads" drop column "plan"`).execute(trx);
  });
}
