// The studio's time zone, an IANA name, in which the admin shows every time (times are still
// stored in UTC). Existing studios get India Standard Time, the zone of the studio this was built
// for; the settings page changes it.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("studio_settings")
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("Asia/Kolkata"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("studio_settings").dropColumn("time_zone").execute();
}
