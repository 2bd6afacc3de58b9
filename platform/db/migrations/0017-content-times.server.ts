// When a collection, a banner slide and the studio's settings were made and last changed
// (issue 16: Strapi answers createdAt, updatedAt and publishedAt on every entry; the content
// API's collections, banner and blocks had none to answer). Shoots and photos already keep
// theirs. Existing rows get the best time there is: a collection its first shoot's, a slide its
// desktop image's upload, the studio its first upload (else its last save); then now.
//
// SQLite cannot add a column that defaults to a time (only a constant), so each table is rebuilt
// as 0007 rebuilt every table with a time column, with 0007's own steps (frozen like it).
import type { Kysely } from "kysely";
import { copyTable, rows, withForeignKeysOff } from "./0007-stored-time.server.ts";

/** The stored form (ADR 020): an ISO 8601 instant in UTC with milliseconds. */
const FORMAT = "%Y-%m-%dT%H:%M:%fZ";
const NOW = `strftime('${FORMAT}', 'now')`;

const timeColumn = (name: string) =>
  `"${name}" text default (${NOW}) not null check ("${name}" is strftime('${FORMAT}', "${name}"))`;

interface Change {
  table: string;
  /** The table's columns as 0016 left them, in order. */
  columns: string[];
  /** The new time columns, each with the SQL that fills it from a row of the old table. */
  added: Record<string, string>;
}

const CHANGES: Change[] = [
  {
    table: "collections",
    columns: [
      `"id" integer primary key autoincrement`,
      `"slug" text not null unique`,
      `"name" text not null`,
      `"description" text default '' not null`,
      `"position" integer not null`,
      `"cover_asset_id" integer references "assets" ("id") on delete set null`,
    ],
    added: {
      created_at: `coalesce((select min("created_at") from "shoots" where "shoots"."collection_id" = "collections"."id"), ${NOW})`,
      updated_at: `coalesce((select min("created_at") from "shoots" where "shoots"."collection_id" = "collections"."id"), ${NOW})`,
    },
  },
  {
    table: "banner_slides",
    columns: [
      `"id" integer primary key autoincrement`,
      `"position" integer not null`,
      `"desktop_asset_id" integer not null references "assets" ("id") on delete restrict`,
      `"mobile_asset_id" integer not null references "assets" ("id") on delete restrict`,
      `"alt" text default '' not null`,
    ],
    added: {
      created_at: `coalesce((select "created_at" from "assets" where "assets"."id" = "banner_slides"."desktop_asset_id"), ${NOW})`,
      updated_at: `coalesce((select "created_at" from "assets" where "assets"."id" = "banner_slides"."desktop_asset_id"), ${NOW})`,
    },
  },
  {
    table: "studio_settings",
    columns: [
      `"id" integer primary key check (id = 1)`,
      `"name" text not null`,
      `"tagline" text default '' not null`,
      `"about_title" text default '' not null`,
      `"about_text" text default '' not null`,
      `"about_asset_id" integer references "assets" ("id") on delete set null`,
      `"phones" text default '[]' not null`,
      `"emails" text default '[]' not null`,
      `"street_address" text default '' not null`,
      `"locality" text default '' not null`,
      `"region" text default '' not null`,
      `"postal_code" text default '' not null`,
      `"country" text default '' not null`,
      `"social_links" text default '[]' not null`,
      `"opening_hours" text default '' not null`,
      `"showreel_video_id" text default '' not null`,
      `"showreel_poster_asset_id" integer references "assets" ("id") on delete set null`,
      timeColumn("updated_at"),
      `"logo_asset_id" integer references "assets" ("id") on delete set null`,
      `"inquiry_to" text default '[]' not null`,
      `"inquiry_ack" integer`,
      `"time_zone" text default 'Asia/Kolkata' not null`,
    ],
    added: {
      created_at: `min("updated_at", coalesce((select min("created_at") from "assets"), "updated_at"))`,
    },
  },
];

/** A column definition's name, quoted as written. */
const nameOf = (definition: string) => definition.slice(0, definition.indexOf('"', 1) + 1);

export async function up(db: Kysely<unknown>): Promise<void> {
  // Done already: the process stopped after this migration committed but before Kysely recorded it.
  const done = await rows<{ name: string }>(db, "select name from pragma_table_info('collections')");
  if (done.some((c) => c.name === "created_at")) return;
  await withForeignKeysOff(db, async (trx) => {
    for (const { table, columns, added } of CHANGES) {
      const names = Object.keys(added);
      await copyTable(trx, {
        table,
        definitions: [...columns, ...names.map(timeColumn)],
        names: [...columns.map(nameOf), ...names.map((n) => `"${n}"`)],
        values: [...columns.map(nameOf), ...Object.values(added)],
      });
    }
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withForeignKeysOff(db, async (trx) => {
    for (const { table, columns } of CHANGES) {
      const names = columns.map(nameOf);
      await copyTable(trx, { table, definitions: columns, names, values: names });
    }
  });
}
