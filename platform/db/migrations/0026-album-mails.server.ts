// Album proofing's mails (issue 32, ADR 045). The same on SQLite and PostgreSQL.
//
// - mail_outbox: an album_version_id (the version a mail is about; its rows go with it) and five
//   kinds: "album-sent" (to the couple: a version to look at), "album-changes" (to the studio: the
//   couple sent changes), "album-approved" (to the studio) with "album-approved-client" (its copy
//   to the couple: a row of its own, so each is delivered, retried and seen on its own, and a
//   couple without an address simply has none), and "album-reminder" (to the couple, after the
//   studio's number of days without an answer). An album kind, and only one, names a version; it
//   is a gallery's mail too (the existing checks then ask for its gallery_id).
// - studio_settings.album_reminder_days: the days without an answer before the reminder, 7 by
//   default (what SmartAlbums' cloud proofing does); 0: never; at most 60.
//
// SQLite cannot alter a check: mail_outbox is made again from its own definition with the
// column and the lists changed, its rows copied (ids kept, and the ids to come) and its indexes
// made again (nothing references the outbox). PostgreSQL changes its constraints in place.
import { type Kysely, sql } from "kysely";
import { engineOf } from "../db.server.ts";

type Engine = "sqlite" | "postgres";

export const ALBUM_MAIL_KINDS = [
  "album-sent",
  "album-changes",
  "album-approved",
  "album-approved-client",
  "album-reminder",
] as const;
const GALLERY_MAIL_KINDS = ["gallery-ready", "selection-submitted", "expiry-reminder"];
const INQUIRY_MAIL_KINDS = ["studio", "ack"];
/** The studio's default, and the most it may choose. */
export const ALBUM_REMINDER_DEFAULT_DAYS = 7;
export const ALBUM_REMINDER_MAX_DAYS = 60;

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");

const KIND_BEFORE = `"kind" in (${list([...INQUIRY_MAIL_KINDS, ...GALLERY_MAIL_KINDS])})`;
const KIND_AFTER = `"kind" in (${list([...INQUIRY_MAIL_KINDS, ...GALLERY_MAIL_KINDS, ...ALBUM_MAIL_KINDS])})`;
const GALLERY_BEFORE = `"gallery_id" is null or "kind" in (${list(GALLERY_MAIL_KINDS)})`;
const GALLERY_AFTER = `"gallery_id" is null or "kind" in (${list([...GALLERY_MAIL_KINDS, ...ALBUM_MAIL_KINDS])})`;
const ALBUM_CHECK = `("album_version_id" is not null) = ("kind" in (${list(ALBUM_MAIL_KINDS)}))`;
const ALBUM_INDEX = "mail_outbox_album_version_idx";

/** The steps as one change: PostgreSQL's migrator already holds a transaction; SQLite's holds none. */
async function inTransaction(db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<void>): Promise<void> {
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
}

/** The new column's definition. */
function albumVersionColumn(engine: Engine): string {
  return `"album_version_id" ${engine === "postgres" ? "bigint" : "integer"} references "album_versions" ("id") on delete cascade`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const integer = engine === "postgres" ? "bigint" : "integer";
  const column = albumVersionColumn(engine);
  await inTransaction(db, async (trx) => {
    const run = (query: string) => sql.raw(query).execute(trx);
    await run(
      `alter table "studio_settings" add column "album_reminder_days" ${integer} not null default ${ALBUM_REMINDER_DEFAULT_DAYS}
        check ("album_reminder_days" between 0 and ${ALBUM_REMINDER_MAX_DAYS})`,
    );
    if (engine === "postgres") {
      await run(`alter table "mail_outbox" add column ${column}`);
      await setOutboxChecks(trx, KIND_AFTER, GALLERY_AFTER);
      await run(`alter table "mail_outbox" add constraint "mail_outbox_album_version" check (${ALBUM_CHECK})`);
    } else {
      await rebuildSqliteTable(trx, "mail_outbox", [
        [`check (${KIND_BEFORE})`, `check (${KIND_AFTER})`],
        [`check (${GALLERY_BEFORE})`, `check (${GALLERY_AFTER})`],
        [`constraint "mail_outbox_one_per_kind"`, `${column},\n    constraint "mail_outbox_one_per_kind"`],
        [
          `check ("list_id" is null or "kind" = 'selection-submitted')`,
          `check ("list_id" is null or "kind" = 'selection-submitted'),\n    check (${ALBUM_CHECK})`,
        ],
      ]);
    }
    await run(`create index "${ALBUM_INDEX}" on "mail_outbox" ("album_version_id")`);
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const column = albumVersionColumn(engine);
  await inTransaction(db, async (trx) => {
    const run = (query: string) => sql.raw(query).execute(trx);
    await run(`delete from "mail_outbox" where "kind" in (${list(ALBUM_MAIL_KINDS)})`);
    await run(`drop index "${ALBUM_INDEX}"`);
    if (engine === "postgres") {
      await run(`alter table "mail_outbox" drop constraint "mail_outbox_album_version"`);
      await run(`alter table "mail_outbox" drop column "album_version_id"`);
      await setOutboxChecks(trx, KIND_BEFORE, GALLERY_BEFORE);
    } else {
      await rebuildSqliteTable(trx, "mail_outbox", [
        [`check (${KIND_AFTER})`, `check (${KIND_BEFORE})`],
        [`check (${GALLERY_AFTER})`, `check (${GALLERY_BEFORE})`],
        [`${column},\n    constraint "mail_outbox_one_per_kind"`, `constraint "mail_outbox_one_per_kind"`],
        [`,\n    check (${ALBUM_CHECK})`, ""],
      ]);
    }
    await run(`alter table "studio_settings" drop column "album_reminder_days"`);
  });
}

/**
 * PostgreSQL: the outbox's two kind checks (the column's list, and the gallery kinds') replaced,
 * found by what they say (0021 left them their generated names).
 */
async function setOutboxChecks(trx: Kysely<unknown>, kind: string, gallery: string) {
  const { rows } = await sql<{ name: string }>`select conname as name from pg_constraint
    where conrelid = 'mail_outbox'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%expiry-reminder%'`.execute(
    trx,
  );
  if (rows.length !== 2) throw new Error(`mail_outbox: ${rows.length} kind checks, not the two expected`);
  for (const { name } of rows) await sql`alter table "mail_outbox" drop constraint ${sql.ref(name)}`.execute(trx);
  await sql.raw(`alter table "mail_outbox" add constraint "mail_outbox_kind_check" check (${kind})`).execute(trx);
  await sql.raw(`alter table "mail_outbox" add constraint "mail_outbox_gallery_kinds" check (${gallery})`).execute(trx);
}

/**
 * SQLite: `table` made again from its own definition with each [from, to] replaced (each must be
 * there, or the table is not the one expected), the rows of the columns both have copied, its
 * AUTOINCREMENT counter kept (ids go on from where they were) and its indexes made again.
 * Nothing may reference `table`.
 */
async function rebuildSqliteTable(
  trx: Kysely<unknown>,
  table: string,
  edits: readonly (readonly [string, string])[],
): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string }>`select type, sql from sqlite_master
    where tbl_name = ${table} and sql is not null order by type = 'table' desc`.execute(trx);
  const [created, ...indexes] = rows;
  if (!created) throw new Error(`${table}: no such table`);
  const next = `${table}_next`;
  let definition = created.sql.replace(new RegExp(`^create table "?${table}"?`, "i"), `create table "${next}"`);
  for (const [from, to] of edits) {
    if (!definition.includes(from)) throw new Error(`${table}: its definition does not hold ${from}`);
    definition = definition.replace(from, to);
  }
  await sql.raw(definition).execute(trx);
  const columnsOf = async (name: string) =>
    (await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(trx)).rows.map((c) => c.name);
  const before = new Set(await columnsOf(table));
  const shared = (await columnsOf(next))
    .filter((c) => before.has(c))
    .map((c) => `"${c}"`)
    .join(", ");
  await sql.raw(`insert into "${next}" (${shared}) select ${shared} from "${table}"`).execute(trx);
  await sql.raw(`delete from "sqlite_sequence" where "name" = '${next}'`).execute(trx);
  await sql
    .raw(
      `insert into "sqlite_sequence" ("name", "seq") select '${next}', "seq" from "sqlite_sequence" where "name" = '${table}'`,
    )
    .execute(trx);
  await sql.raw(`drop table "${table}"`).execute(trx);
  await sql.raw(`alter table "${next}" rename to "${table}"`).execute(trx);
  for (const index of indexes) if (index.type === "index") await sql.raw(index.sql).execute(trx);
}
