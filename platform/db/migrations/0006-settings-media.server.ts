// Studio settings the admin edits beyond the first release: the logo (an image asset; none
// means the built-in wordmark), and who receives inquiries and whether visitors get an
// acknowledgement (empty/null: the environment's INQUIRY_TO / INQUIRY_ACK decide).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("studio_settings")
    .addColumn("logo_asset_id", "integer", (c) => c.references("assets.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("studio_settings")
    .addColumn("inquiry_to", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.alterTable("studio_settings").addColumn("inquiry_ack", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["inquiry_ack", "inquiry_to", "logo_asset_id"]) {
    await db.schema.alterTable("studio_settings").dropColumn(column).execute();
  }
}
