// The first schema: everything the public site shows and the admin will edit.
import { type Kysely, sql } from "kysely";

const now = sql`CURRENT_TIMESTAMP`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("assets")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("sha256", "text", (c) => c.notNull().unique())
    .addColumn("original_key", "text", (c) => c.notNull())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("original_bytes", "integer", (c) => c.notNull())
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("placeholder", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("asset_variants")
    .addColumn("asset_id", "integer", (c) => c.notNull().references("assets.id").onDelete("cascade"))
    .addColumn("format", "text", (c) => c.notNull().check(sql`format in ('avif', 'webp', 'jpeg')`))
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("asset_variants_pk", ["asset_id", "format", "width"])
    .execute();

  await db.schema
    .createTable("studio_settings")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("tagline", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("about_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("about_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("about_asset_id", "integer", (c) => c.references("assets.id").onDelete("set null"))
    .addColumn("phones", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("emails", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("street_address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("locality", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("region", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("postal_code", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("country", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("social_links", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("opening_hours", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("showreel_video_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("showreel_poster_asset_id", "integer", (c) => c.references("assets.id").onDelete("set null"))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("collections")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("cover_asset_id", "integer", (c) => c.references("assets.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("shoots")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("collection_id", "integer", (c) => c.notNull().references("collections.id").onDelete("restrict"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cover_asset_id", "integer", (c) => c.references("assets.id").onDelete("set null"))
    .addColumn("is_story", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("story_position", "integer")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft").check(sql`status in ('draft', 'published')`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("shoots_collection_idx").on("shoots").columns(["collection_id", "status"]).execute();

  await db.schema
    .createTable("photos")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("shoot_id", "integer", (c) => c.notNull().references("shoots.id").onDelete("cascade"))
    .addColumn("asset_id", "integer", (c) => c.notNull().references("assets.id").onDelete("restrict"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("photos_shoot_idx").on("photos").columns(["shoot_id", "position"]).execute();

  await db.schema
    .createTable("banner_slides")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("desktop_asset_id", "integer", (c) => c.notNull().references("assets.id").onDelete("restrict"))
    .addColumn("mobile_asset_id", "integer", (c) => c.notNull().references("assets.id").onDelete("restrict"))
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("app_state")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "app_state",
    "banner_slides",
    "photos",
    "shoots",
    "collections",
    "studio_settings",
    "asset_variants",
    "assets",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
