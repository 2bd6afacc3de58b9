// When the studio first saw an inquiry in the admin's inbox (null: not yet), for the unread count
// in the admin's navigation. Inquiries from before this migration were on the inbox the owner has
// been reading, so they count as seen when they arrived. Stored as 0007 stores every time.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("inquiries")
    .addColumn("seen_at", "text", (c) => c.check(sql`"seen_at" is strftime('%Y-%m-%dT%H:%M:%fZ', "seen_at")`))
    .execute();
  await sql`update inquiries set seen_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("inquiries").dropColumn("seen_at").execute();
}
