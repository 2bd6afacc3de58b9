// The studio's admin: owner accounts, server-side sessions, a trash for shoots and photos (a
// shoot or photo is deleted by stamping deleted_at, so it can be restored until the trash is emptied), and the
// queue of uploaded photos waiting to be processed in the background.
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
  await db.schema.alterTable("photos").addColumn("deleted_at", "text").execute();

  await db.schema
    .createTable("photo_jobs")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    // The tus upload this job came from: one upload is one job, however often it is reported.
    .addColumn("upload_id", "text", (c) => c.notNull().unique())
    .addColumn("shoot_id", "integer", (c) => c.notNull().references("shoots.id").onDelete("cascade"))
    .addColumn("batch_id", "text", (c) => c.notNull())
    .addColumn("batch_index", "integer", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("state", "text", (c) =>
      c.notNull().defaultTo("queued").check(sql`state in ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn("error", "text")
    .addColumn("photo_id", "integer", (c) => c.references("photos.id").onDelete("set null"))
    .addColumn("created_at_ms", "integer", (c) => c.notNull())
    .addColumn("updated_at_ms", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("photo_jobs_state_idx").on("photo_jobs").columns(["state", "id"]).execute();
  await db.schema.createIndex("photo_jobs_shoot_idx").on("photo_jobs").columns(["shoot_id", "state"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("photo_jobs").execute();
  await db.schema.alterTable("photos").dropColumn("deleted_at").execute();
  await db.schema.alterTable("shoots").dropColumn("deleted_at").execute();
  await db.schema.dropTable("admin_sessions").execute();
  await db.schema.dropTable("admin_users").execute();
}
