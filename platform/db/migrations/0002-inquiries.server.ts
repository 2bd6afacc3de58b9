// Contact inquiries and their outbox: one row per mail to send (the studio's copy, the optional
// acknowledgement), with its attempts, the next try and a claim that keeps it from being sent twice.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("inquiries")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    // Random, so that Message-IDs stay unique even if a restored database reuses an id.
    .addColumn("uid", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("page", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("inquiry_mails")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("inquiry_id", "integer", (c) => c.notNull().references("inquiries.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('studio', 'ack')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text")
    .addColumn("delivered_at", "text")
    .addUniqueConstraint("inquiry_mails_one_per_kind", ["inquiry_id", "kind"])
    .execute();

  // The worker's question, "what is due and not delivered", answered from the index alone.
  await db.schema
    .createIndex("inquiry_mails_due")
    .on("inquiry_mails")
    .columns(["next_attempt_at"])
    .where(sql.ref("delivered_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("inquiry_mails").execute();
  await db.schema.dropTable("inquiries").execute();
}
