// Photo jobs as background work (docs/decisions/018-background-work.md): a claim leases the job
// until `lease_until` (a crashed worker's job is claimed again once it passes), `attempts`
// counts claims, and a job that failed is due again at `retry_at` (null: due now). The upload
// check's findings are kept with the job, so processing does not hash and inspect the file a
// second time: `mime`, `width` and `height` (upright) beside the `sha256` already there. Jobs
// queued before this migration have none of them and are inspected when processed.
// Times are ISO 8601 text in UTC with milliseconds (platform/time.ts), checked as 0007 checks
// every time column.
import { type Kysely, sql } from "kysely";

const COLUMNS = ["attempts", "lease_until", "retry_at", "mime", "width", "height"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("photo_jobs")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ["lease_until", "retry_at"]) {
    await db.schema
      .alterTable("photo_jobs")
      .addColumn(column, "text", (c) =>
        c.check(sql`${sql.ref(column)} is strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.ref(column)})`),
      )
      .execute();
  }
  await db.schema.alterTable("photo_jobs").addColumn("mime", "text").execute();
  await db.schema.alterTable("photo_jobs").addColumn("width", "integer").execute();
  await db.schema.alterTable("photo_jobs").addColumn("height", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) {
    await db.schema.alterTable("photo_jobs").dropColumn(column).execute();
  }
}
