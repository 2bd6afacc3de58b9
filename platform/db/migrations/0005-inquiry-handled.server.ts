// The admin's inbox: an inquiry is "handled" once the studio has answered it (a timestamp, so
// it can be reopened by clearing it).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("inquiries").addColumn("handled_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("inquiries").dropColumn("handled_at").execute();
}
