// The studio's admin: owner accounts, server-side sessions, and a trash for shoots (a shoot
// is deleted by stamping deleted_at, so it can be restored until the trash is emptied).
import { type Kysely, sql } from "kysely";

const now = sql`CURRENT_TIMESTAMP`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_users")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("admin_sessions")
    // SHA-256 of the cookie's random id: a copy of the database does not hold live sessions.
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
    .addColumn("created_at_ms", "integer", (c) => c.notNull())
    .addColumn("last_seen_at_ms", "integer", (c) => c.notNull())
    .addColumn("expires_at_ms", "integer", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("admin_sessions_user_idx").on("admin_sessions").column("user_id").execute();

  await db.schema.alterTable("shoots").addColumn("deleted_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("shoots").dropColumn("deleted_at").execute();
  await db.schema.dropTable("admin_sessions").execute();
  await db.schema.dropTable("admin_users").execute();
}
