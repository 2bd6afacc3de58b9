// Time stored one way: every time column becomes TEXT holding an ISO 8601 instant in UTC with
// milliseconds ("2026-11-23T21:11:02.123Z"), the form platform/time.ts writes. Until now there
// were three: SQLite's CURRENT_TIMESTAMP ("2026-11-23 21:11:02", the defaults), ISO strings
// (what the code wrote, sometimes into the same column) and integer milliseconds (sessions,
// photo jobs, in columns named *_ms). Existing rows are converted to the same instant; defaults
// become strftime('%Y-%m-%dT%H:%M:%fZ', 'now'); each time column checks that it holds its own
// canonical form, so a second format cannot creep back in. See ADR 020.
//
// SQLite cannot change a column's type, name-and-type or default in place, so each table with a
// time column is rebuilt the way SQLite's documentation describes ("Making Other Kinds Of Table
// Schema Changes"): foreign keys off, one transaction, create the new table, copy the rows,
// drop the old one, rename the new one, recreate its indexes, check the foreign keys, commit.
// Like every migration it is frozen once shipped: it depends on nothing outside this file.
import { type Kysely, sql } from "kysely";

/** The stored form, as SQLite writes it: %f is seconds with three decimals. */
const FORMAT = "%Y-%m-%dT%H:%M:%fZ";

type Column = string;
interface TimeColumn {
  /** The column in the new table. */
  name: string;
  /** The column it is copied from, when it had another name (the *_ms ones). */
  from?: string;
  /** What the old column held: SQLite or ISO text, or integer milliseconds since 1970. */
  was: "text" | "ms";
  notNull: boolean;
  /** Filled in by the database when an insert leaves it out. */
  defaultNow?: boolean;
}

interface Rebuild {
  table: string;
  /** Every column of the new table in order: a plain column's definition, or a time column. */
  columns: (Column | TimeColumn)[];
  /** Table constraints after the columns (composite unique keys). */
  constraints?: string[];
}

function timeColumnSql(c: TimeColumn): string {
  return [
    `"${c.name}" text`,
    c.defaultNow ? `default (strftime('${FORMAT}', 'now'))` : "",
    c.notNull ? "not null" : "",
    // A stored time is its own canonical form; NULL (where allowed) passes, anything else fails.
    `check ("${c.name}" is strftime('${FORMAT}', "${c.name}"))`,
  ]
    .filter((part) => part !== "")
    .join(" ");
}

/** The SQL that reads an old column as the stored form. */
function convertSql(c: TimeColumn): string {
  const from = `"${c.from ?? c.name}"`;
  if (c.was === "ms") {
    // Integer arithmetic, so the milliseconds are exact.
    return `case when ${from} is null then null else strftime('%Y-%m-%dT%H:%M:%S', ${from} / 1000, 'unixepoch') || printf('.%03dZ', ${from} % 1000) end`;
  }
  // strftime reads both "2026-11-23 21:11:02" and "2026-11-23T21:11:02.123Z" (and an offset).
  return `strftime('${FORMAT}', ${from})`;
}

/** The new shape of every table that has a time column; other columns exactly as before. */
const REBUILDS: Rebuild[] = [
  {
    table: "assets",
    columns: [
      `"id" integer primary key autoincrement`,
      `"sha256" text not null unique`,
      `"original_key" text not null`,
      `"original_name" text not null`,
      `"original_bytes" integer not null`,
      `"mime" text not null`,
      `"width" integer not null`,
      `"height" integer not null`,
      `"placeholder" text not null`,
      { name: "created_at", was: "text", notNull: true, defaultNow: true },
    ],
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
      { name: "updated_at", was: "text", notNull: true, defaultNow: true },
      `"logo_asset_id" integer references "assets" ("id") on delete set null`,
      `"inquiry_to" text default '[]' not null`,
      `"inquiry_ack" integer`,
    ],
  },
  {
    table: "shoots",
    columns: [
      `"id" integer primary key`,
      `"collection_id" integer not null references "collections" ("id") on delete restrict`,
      `"title" text not null`,
      `"location" text default '' not null`,
      `"description" text default '' not null`,
      `"cover_asset_id" integer references "assets" ("id") on delete set null`,
      `"is_story" integer default 0 not null`,
      `"story_position" integer`,
      `"status" text default 'draft' not null check (status in ('draft', 'published'))`,
      { name: "created_at", was: "text", notNull: true, defaultNow: true },
      { name: "updated_at", was: "text", notNull: true, defaultNow: true },
      { name: "deleted_at", was: "text", notNull: false },
    ],
  },
  {
    table: "photos",
    columns: [
      `"id" integer primary key autoincrement`,
      `"shoot_id" integer not null references "shoots" ("id") on delete cascade`,
      `"asset_id" integer not null references "assets" ("id") on delete restrict`,
      `"position" integer not null`,
      `"alt" text default '' not null`,
      { name: "created_at", was: "text", notNull: true, defaultNow: true },
      { name: "deleted_at", was: "text", notNull: false },
    ],
  },
  {
    table: "app_state",
    columns: [
      `"key" text primary key`,
      `"value" text not null`,
      { name: "updated_at", was: "text", notNull: true, defaultNow: true },
    ],
  },
  {
    table: "api_tokens",
    columns: [
      `"id" integer primary key autoincrement`,
      `"name" text not null`,
      `"token_hash" text not null unique`,
      `"hint" text not null`,
      { name: "created_at", was: "text", notNull: true, defaultNow: true },
      { name: "last_used_at", was: "text", notNull: false },
      { name: "revoked_at", was: "text", notNull: false },
    ],
  },
  {
    table: "inquiries",
    columns: [
      `"id" integer primary key autoincrement`,
      `"uid" text not null unique`,
      `"name" text default '' not null`,
      `"phone" text default '' not null`,
      `"email" text default '' not null`,
      `"message" text not null`,
      `"page" text default '' not null`,
      { name: "created_at", was: "text", notNull: true },
      { name: "handled_at", was: "text", notNull: false },
    ],
  },
  {
    table: "inquiry_mails",
    columns: [
      `"id" integer primary key autoincrement`,
      `"inquiry_id" integer not null references "inquiries" ("id") on delete cascade`,
      `"kind" text not null check (kind in ('studio', 'ack'))`,
      `"attempts" integer default 0 not null`,
      { name: "next_attempt_at", was: "text", notNull: true },
      { name: "claimed_until", was: "text", notNull: false },
      `"last_error" text`,
      { name: "delivered_at", was: "text", notNull: false },
    ],
    constraints: [`constraint "inquiry_mails_one_per_kind" unique ("inquiry_id", "kind")`],
  },
  {
    table: "admin_users",
    columns: [
      `"id" integer primary key autoincrement`,
      `"email" text not null unique`,
      `"password_hash" text not null`,
      { name: "created_at", was: "text", notNull: true, defaultNow: true },
      { name: "updated_at", was: "text", notNull: true, defaultNow: true },
    ],
  },
  {
    table: "admin_sessions",
    columns: [
      `"id_hash" text primary key`,
      `"user_id" integer not null references "admin_users" ("id") on delete cascade`,
      { name: "created_at", from: "created_at_ms", was: "ms", notNull: true },
      { name: "last_seen_at", from: "last_seen_at_ms", was: "ms", notNull: true },
      { name: "expires_at", from: "expires_at_ms", was: "ms", notNull: true },
      `"user_agent" text default '' not null`,
    ],
  },
  {
    table: "photo_jobs",
    columns: [
      `"id" integer primary key autoincrement`,
      `"upload_id" text not null unique`,
      `"shoot_id" integer not null references "shoots" ("id") on delete cascade`,
      `"batch_id" text not null`,
      `"batch_index" integer not null`,
      `"file_name" text not null`,
      `"sha256" text not null`,
      `"position" integer not null`,
      `"state" text default 'queued' not null check (state in ('queued', 'running', 'done', 'failed'))`,
      `"error" text`,
      `"photo_id" integer references "photos" ("id") on delete set null`,
      { name: "created_at", from: "created_at_ms", was: "ms", notNull: true },
      { name: "updated_at", from: "updated_at_ms", was: "ms", notNull: true },
    ],
  },
];

const isTime = (c: Column | TimeColumn): c is TimeColumn => typeof c !== "string";
/** A plain column's name: its definition starts with it, quoted. */
const plainName = (definition: Column) => /^"([^"]+)"/.exec(definition)?.[1] ?? "";

export async function rows<T>(db: Kysely<unknown>, query: string): Promise<T[]> {
  return (await sql<T>`${sql.raw(query)}`.execute(db)).rows;
}

async function exec(db: Kysely<unknown>, statement: string): Promise<void> {
  await sql`${sql.raw(statement)}`.execute(db);
}

/** Refuses, naming the row, a value that is not a time in any of the old forms. */
async function checkConvertible(db: Kysely<unknown>, { table, columns }: Rebuild): Promise<void> {
  for (const c of columns.filter(isTime)) {
    const from = c.from ?? c.name;
    const bad =
      c.was === "ms"
        ? `select rowid as rowid, "${from}" as value from "${table}" where "${from}" is not null and typeof("${from}") <> 'integer'`
        : `select rowid as rowid, "${from}" as value from "${table}" where "${from}" is not null and strftime('${FORMAT}', "${from}") is null`;
    const [row] = await rows<{ rowid: number; value: unknown }>(db, `${bad} limit 1`);
    if (row) {
      throw new Error(`${table}.${from} of row ${row.rowid} holds ${JSON.stringify(row.value)}, which is not a time`);
    }
  }
}

interface TableCopy {
  table: string;
  /** The new table's column definitions and table constraints. */
  definitions: string[];
  /** The new table's columns, and the SQL that reads each from a row of the old table. */
  names: string[];
  values: string[];
}

/** Rebuilds one table in SQLite's documented way; the caller holds the transaction. */
export async function copyTable(db: Kysely<unknown>, { table, definitions, names, values }: TableCopy): Promise<void> {
  const next = `${table}_rebuilt`;
  // Indexes (and triggers) go with the old table; those SQLite made itself (sql is null) come
  // back from the new table's own primary key and unique constraints.
  const dependents = await rows<{ sql: string }>(
    db,
    `select sql from sqlite_master where tbl_name = '${table}' and type in ('index', 'trigger') and sql is not null`,
  );
  // AUTOINCREMENT never reuses an id, even a deleted row's: keep the table's high-water mark.
  const [sequence] = await rows<{ seq: number }>(db, `select seq from sqlite_sequence where name = '${table}'`);
  await exec(db, `create table "${next}" (${definitions.join(", ")})`);
  await exec(db, `insert into "${next}" (${names.join(", ")}) select ${values.join(", ")} from "${table}"`);
  await exec(db, `drop table "${table}"`);
  await exec(db, `alter table "${next}" rename to "${table}"`);
  for (const { sql: statement } of dependents) await exec(db, statement);
  if (sequence) {
    await exec(db, `delete from sqlite_sequence where name = '${table}'`);
    await exec(
      db,
      `insert into sqlite_sequence (name, seq) values ('${table}', max(${Number(sequence.seq)}, (select coalesce(max(rowid), 0) from "${table}")))`,
    );
  }
}

/**
 * Runs the rebuilds in one transaction with foreign keys off (dropping a parent table with them
 * on would delete its children or fail), and checks every reference before committing.
 */
export async function withForeignKeysOff(db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<void>) {
  const enforced = async () => (await rows<{ foreign_keys: number }>(db, "pragma foreign_keys"))[0]?.foreign_keys;
  const wasOn = (await enforced()) === 1;
  await exec(db, "pragma foreign_keys = off");
  if ((await enforced()) !== 0) throw new Error("foreign keys could not be turned off (is a transaction open?)");
  try {
    await db.transaction().execute(async (trx) => {
      await work(trx);
      const broken = await rows<{ table: string; rowid: number }>(trx, "pragma foreign_key_check");
      if (broken.length > 0) {
        throw new Error(
          `${broken.length} rows would lose their parent, e.g. ${broken[0]?.table} row ${broken[0]?.rowid}`,
        );
      }
    });
  } finally {
    if (wasOn) await exec(db, "pragma foreign_keys = on");
  }
}

const columnName = (c: Column | TimeColumn) => `"${isTime(c) ? c.name : plainName(c)}"`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Done already: the process stopped after this migration committed but before Kysely
  // recorded it (Kysely does not wrap SQLite migrations in a transaction of its own).
  const sessionColumns = await rows<{ name: string }>(db, "select name from pragma_table_info('admin_sessions')");
  if (!sessionColumns.some((c) => c.name === "expires_at_ms")) return;
  await withForeignKeysOff(db, async (trx) => {
    for (const table of REBUILDS) await checkConvertible(trx, table);
    for (const { table, columns, constraints = [] } of REBUILDS) {
      await copyTable(trx, {
        table,
        definitions: [...columns.map((c) => (isTime(c) ? timeColumnSql(c) : c)), ...constraints],
        names: columns.map(columnName),
        values: columns.map((c) => (isTime(c) ? convertSql(c) : columnName(c))),
      });
    }
  });
}

// Back to 0006's shape: the *_ms columns integers again, CURRENT_TIMESTAMP defaults, no checks.
// The text columns keep the stored form, which 0006's code read as well.
function oldColumnSql(c: TimeColumn): string {
  if (c.was === "ms") return `"${c.from ?? c.name}" integer not null`;
  return `"${c.name}" text${c.defaultNow ? " default CURRENT_TIMESTAMP" : ""}${c.notNull ? " not null" : ""}`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withForeignKeysOff(db, async (trx) => {
    for (const { table, columns, constraints = [] } of REBUILDS) {
      await copyTable(trx, {
        table,
        definitions: [...columns.map((c) => (isTime(c) ? oldColumnSql(c) : c)), ...constraints],
        names: columns.map((c) => (isTime(c) ? `"${c.from ?? c.name}"` : columnName(c))),
        values: columns.map((c) =>
          isTime(c) && c.was === "ms"
            ? `cast(round((julianday("${c.name}") - 2440587.5) * 86400000) as integer)`
            : columnName(c),
        ),
      });
    }
  });
}
