// Client galleries (ADR 025): a private gallery delivered to one client, its sets (one per
// function of a wedding: nichayathartham, nalangu, muhurtham, reception), the people who make
// selections in it and their lists of photos.
//
// A set is a shoot that belongs to a gallery instead of a collection, so the photo manager, the
// resumable upload, the pipeline and the trash work on sets unchanged. shoots.collection_id
// becomes nullable and shoots.gallery_id is added, with a check that a shoot has exactly one of
// the two. SQLite cannot drop a NOT NULL in place, so shoots is rebuilt the way its
// documentation describes (foreign keys off, create, copy, drop, rename, indexes, check), as
// migration 0007 did. Like every migration it is frozen once shipped.
import { type Kysely, sql } from "kysely";

const FORMAT = "%Y-%m-%dT%H:%M:%fZ";
const now = `default (strftime('${FORMAT}', 'now')) not null`;
const stored = (column: string) => `check ("${column}" is strftime('${FORMAT}', "${column}"))`;
/** A calendar day, "2026-02-14": strftime gives NULL for anything else. */
const day = (column: string) => `check ("${column}" is strftime('%Y-%m-%d', "${column}"))`;

const SHOOT_COLUMNS = `"id", "collection_id", "title", "location", "description", "cover_asset_id", "is_story",
  "story_position", "status", "created_at", "updated_at", "deleted_at", "photo_order"`;

/**
 * Runs the work in one transaction with foreign keys off (dropping shoots with them on would
 * delete every photo), and checks every reference before committing. Kysely does not wrap
 * SQLite migrations in a transaction of its own, and the pragma is a no-op inside one.
 */
async function withForeignKeysOff(
  db: Kysely<unknown>,
  work: (run: (query: string) => Promise<unknown>) => Promise<void>,
) {
  await sql.raw("pragma foreign_keys = off").execute(db);
  const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  if (rows[0]?.foreign_keys !== 0) throw new Error("foreign keys could not be turned off (is a transaction open?)");
  try {
    await db.transaction().execute(async (trx) => {
      await work((query) => sql.raw(query).execute(trx));
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken: ${JSON.stringify(broken.rows)}`);
    });
  } finally {
    await sql.raw("pragma foreign_keys = on").execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Done already: the process stopped after this migration committed but before Kysely recorded it.
  const { rows } = await sql`select 1 from sqlite_master where name = 'client_galleries'`.execute(db);
  if (rows.length > 0) return;
  await withForeignKeysOff(db, (run) => upInTransaction(run));
}

async function upInTransaction(run: (query: string) => Promise<unknown>): Promise<void> {
  await run(`create table "client_galleries" (
    "id" integer primary key,
    "title" text not null,
    "client_name" text default '' not null,
    "client_email" text default '' not null,
    "client_phone" text default '' not null,
    "event_date" text ${day("event_date")},
    "cover_asset_id" integer references "assets" ("id") on delete set null,
    -- The private link's secret (URL-safe base64 of 32 random bytes). Kept, not hashed: the studio
    -- copies and shares the link again and again; regenerating it replaces it.
    "token" text not null unique,
    -- scrypt of the gallery's PIN or password; null: the link alone opens the gallery.
    "pin_hash" text,
    -- The last day the link works, in the studio's time zone; null: it does not expire.
    "expires_on" text ${day("expires_on")},
    "expiry_reminded_at" text ${stored("expiry_reminded_at")},
    "revoked_at" text ${stored("revoked_at")},
    "downloads" text default 'off' not null check ("downloads" in ('off', 'web', 'original')),
    -- scrypt of a PIN asked before any download; null: none.
    "download_pin_hash" text,
    -- Photos a new list may hold; null: no limit.
    "selection_limit" integer check ("selection_limit" is null or "selection_limit" > 0),
    -- Text drawn on the gallery's viewing images at processing time; empty: no watermark.
    "watermark_text" text default '' not null,
    "watermark_position" text default 'bottom-right' not null
      check ("watermark_position" in ('center', 'bottom-right', 'bottom-left', 'top-right', 'top-left')),
    "watermark_opacity" integer default 40 not null check ("watermark_opacity" between 5 and 100),
    "sent_at" text ${stored("sent_at")},
    "created_at" text ${now} ${stored("created_at")},
    "updated_at" text ${now} ${stored("updated_at")},
    "deleted_at" text ${stored("deleted_at")}
  )`);

  await run(`create table "shoots_new" (
    "id" integer primary key,
    "collection_id" integer references "collections" ("id") on delete restrict,
    "title" text not null,
    "location" text default '' not null,
    "description" text default '' not null,
    "cover_asset_id" integer references "assets" ("id") on delete set null,
    "is_story" integer default 0 not null,
    "story_position" integer,
    "status" text default 'draft' not null check (status in ('draft', 'published')),
    "created_at" text ${now} ${stored("created_at")},
    "updated_at" text ${now} ${stored("updated_at")},
    "deleted_at" text ${stored("deleted_at")},
    "photo_order" text default 'manual' not null check (photo_order in ('manual', 'captured', 'name')),
    "gallery_id" integer references "client_galleries" ("id") on delete cascade,
    -- A set's place among its gallery's sets.
    "gallery_position" integer,
    check (("collection_id" is null) <> ("gallery_id" is null)),
    -- A set is never public: not published, not a story.
    check ("gallery_id" is null or ("status" = 'draft' and "is_story" = 0))
  )`);
  await run(`insert into "shoots_new" (${SHOOT_COLUMNS}) select ${SHOOT_COLUMNS} from "shoots"`);
  await run(`drop table "shoots"`);
  await run(`alter table "shoots_new" rename to "shoots"`);
  await run(`create index "shoots_collection_idx" on "shoots" ("collection_id", "status")`);
  await run(`create index "shoots_gallery_idx" on "shoots" ("gallery_id", "gallery_position")`);

  // Each person choosing photos in a gallery (the couple, a parent, an aunt), by name and their
  // own PIN, so a list made on a phone is found again on a laptop (ADR 025).
  await run(`create table "gallery_visitors" (
    "id" integer primary key,
    "gallery_id" integer not null references "client_galleries" ("id") on delete cascade,
    "name" text not null,
    -- The name as compared: trimmed, spaces collapsed, lower case.
    "name_key" text not null,
    "pin_hash" text not null,
    "created_at" text ${now} ${stored("created_at")},
    "last_seen_at" text ${stored("last_seen_at")},
    unique ("gallery_id", "name_key")
  )`);
  await run(`create table "selection_lists" (
    "id" integer primary key,
    "gallery_id" integer not null references "client_galleries" ("id") on delete cascade,
    "visitor_id" integer not null references "gallery_visitors" ("id") on delete cascade,
    "name" text not null,
    -- Null: any number of photos.
    "item_limit" integer check ("item_limit" is null or "item_limit" > 0),
    "submitted_at" text ${stored("submitted_at")},
    "created_at" text ${now} ${stored("created_at")},
    "updated_at" text ${now} ${stored("updated_at")},
    unique ("visitor_id", "name")
  )`);
  await run(`create index "selection_lists_gallery_idx" on "selection_lists" ("gallery_id")`);
  await run(`create table "selection_items" (
    "list_id" integer not null references "selection_lists" ("id") on delete cascade,
    "photo_id" integer not null references "photos" ("id") on delete cascade,
    "comment" text default '' not null,
    "created_at" text ${now} ${stored("created_at")},
    primary key ("list_id", "photo_id")
  ) without rowid`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withForeignKeysOff(db, (run) => downInTransaction(run));
}

async function downInTransaction(run: (query: string) => Promise<unknown>): Promise<void> {
  await run(`drop table "selection_items"`);
  await run(`drop table "selection_lists"`);
  await run(`drop table "gallery_visitors"`);
  // Sets have nowhere to go in the old shape: they go, and their photos with them.
  await run(`delete from "photos" where "shoot_id" in (select "id" from "shoots" where "gallery_id" is not null)`);
  await run(`delete from "photo_jobs" where "shoot_id" in (select "id" from "shoots" where "gallery_id" is not null)`);
  await run(`create table "shoots_old" (
    "id" integer primary key,
    "collection_id" integer not null references "collections" ("id") on delete restrict,
    "title" text not null,
    "location" text default '' not null,
    "description" text default '' not null,
    "cover_asset_id" integer references "assets" ("id") on delete set null,
    "is_story" integer default 0 not null,
    "story_position" integer,
    "status" text default 'draft' not null check (status in ('draft', 'published')),
    "created_at" text ${now} ${stored("created_at")},
    "updated_at" text ${now} ${stored("updated_at")},
    "deleted_at" text ${stored("deleted_at")},
    "photo_order" text default 'manual' not null check (photo_order in ('manual', 'captured', 'name'))
  )`);
  await run(
    `insert into "shoots_old" (${SHOOT_COLUMNS}) select ${SHOOT_COLUMNS} from "shoots" where "gallery_id" is null`,
  );
  await run(`drop table "shoots"`);
  await run(`alter table "shoots_old" rename to "shoots"`);
  await run(`create index "shoots_collection_idx" on "shoots" ("collection_id", "status")`);
  await run(`drop table "client_galleries"`);
}
