// SQLite's migrations (0001 to 0018, then the shared ones) and PostgreSQL's (0018's baseline,
// then the same shared ones) must make the same schema: this migrates a fresh database on each
// engine and compares, table by table, the columns (name, integer or text, nullability,
// default), the primary key, the foreign keys (with their ON DELETE), the unique constraints
// and indexes, and which tables move the content version. Check constraints are written in
// each engine's own terms (strftime there, a regular expression here) and are not compared.
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnPostgresDatabase, ownPostgresDatabase } from "#fixtures/postgres.ts";
import { makeTempDir } from "#fixtures/test-store.ts";
import { DATABASE_FILE_NAME, type Database, migrate, openDatabase } from "#platform/db/db.server.ts";

interface Column {
  name: string;
  type: "integer" | "text" | "real" | "bytes";
  notNull: boolean;
  /** The default, as a value: '' → "", 0 → "0", now → "now"; null without one. */
  defaultValue: string | null;
}

interface ForeignKey {
  columns: string;
  references: string;
  onDelete: string;
}

interface Table {
  columns: Column[];
  primaryKey: string;
  foreignKeys: ForeignKey[];
  /** Each unique constraint or unique index, as its columns. */
  uniques: string[];
  /** Each other index: its name, columns, and whether it is partial. */
  indexes: string[];
}

type Schema = Record<string, Table>;

/** Kysely's own tables and SQLite's internals are not the studio's schema. */
const IGNORED = /^(kysely_|sqlite_)/;

function typeOf(declared: string): Column["type"] {
  const lower = declared.toLowerCase();
  if (lower.includes("int")) return "integer";
  if (lower.includes("text") || lower.includes("char")) return "text";
  if (lower === "real" || lower === "double precision") return "real";
  if (lower === "blob" || lower === "bytea") return "bytes";
  throw new Error(`a column type the comparison does not know: ${declared}`);
}

/** A default as its value: casts, quotes and brackets off; either engine's clock is "now". */
function defaultOf(raw: string | null): string | null {
  if (raw === null) return null;
  if (/strftime|to_char|now\(\)/i.test(raw)) return "now";
  return raw
    .replace(/::[\w\s]+$/, "")
    .replace(/^\((.*)\)$/, "$1")
    .replace(/^'(.*)'$/, "$1");
}

const ON_DELETE: Record<string, string> = {
  a: "no action",
  r: "restrict",
  c: "cascade",
  n: "set null",
  d: "set default",
};

async function sqliteSchema(db: Database): Promise<Schema> {
  const rows = <T>(query: ReturnType<typeof sql>) => query.execute(db).then((r) => r.rows as T[]);
  const tables = await rows<{ name: string }>(sql`select name from sqlite_master where type = 'table'`);
  const schema: Schema = {};
  for (const { name } of tables.filter((t) => !IGNORED.test(t.name))) {
    const info = await rows<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
      sql`select * from pragma_table_info(${name})`,
    );
    const foreign = await rows<{ id: number; table: string; from: string; to: string; on_delete: string }>(
      sql`select * from pragma_foreign_key_list(${name})`,
    );
    const indexList = await rows<{ name: string; unique: number; origin: string; partial: number }>(
      sql`select * from pragma_index_list(${name})`,
    );
    const columnsOf = async (index: string) =>
      (await rows<{ name: string; seqno: number }>(sql`select * from pragma_index_info(${index})`))
        .sort((a, b) => a.seqno - b.seqno)
        .map((c) => c.name)
        .join(",");
    const byForeignKey = new Map<number, typeof foreign>();
    for (const f of foreign) byForeignKey.set(f.id, [...(byForeignKey.get(f.id) ?? []), f]);
    const uniques: string[] = [];
    const indexes: string[] = [];
    for (const index of indexList) {
      if (index.origin === "pk") continue;
      const columns = await columnsOf(index.name);
      if (index.unique) uniques.push(columns);
      else indexes.push(`${index.name}(${columns})${index.partial ? " partial" : ""}`);
    }
    schema[name] = {
      columns: info.map((c) => ({
        name: c.name,
        type: typeOf(c.type),
        // A primary key column is never null, whether or not it says so.
        notNull: c.notnull === 1 || c.pk > 0,
        defaultValue: defaultOf(c.dflt_value),
      })),
      primaryKey: info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name)
        .join(","),
      foreignKeys: [...byForeignKey.values()].map((parts) => ({
        columns: parts.map((p) => p.from).join(","),
        references: `${parts[0]?.table}(${parts.map((p) => p.to).join(",")})`,
        onDelete: (parts[0]?.on_delete ?? "").toLowerCase(),
      })),
      uniques,
      indexes,
    };
  }
  return schema;
}

async function postgresSchema(db: Database): Promise<Schema> {
  const rows = <T>(query: ReturnType<typeof sql>) => query.execute(db).then((r) => r.rows as T[]);
  const tables = await rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
  );
  const schema: Schema = {};
  for (const { name } of tables.filter((t) => !IGNORED.test(t.name))) {
    const columns = await rows<{ name: string; type: string; nullable: string; fallback: string | null }>(sql`
      select column_name as name, data_type as type, is_nullable as nullable, column_default as fallback
      from information_schema.columns where table_schema = 'public' and table_name = ${name}
      order by ordinal_position`);
    const constraints = await rows<{ kind: string; columns: string; target: string | null; on_delete: string }>(sql`
      select c.contype as kind, c.confdeltype as on_delete,
        (select string_agg(a.attname, ',' order by k.ord) from unnest(c.conkey) with ordinality k(num, ord)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num) as columns,
        case when c.contype = 'f' then c.confrelid::regclass::text || '(' ||
          (select string_agg(a.attname, ',' order by k.ord) from unnest(c.confkey) with ordinality k(num, ord)
            join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.num) || ')' end as target
      from pg_constraint c where c.conrelid = ${name}::regclass and c.contype in ('p', 'f', 'u')`);
    const indexes = await rows<{ name: string; columns: string; partial: boolean; unique: boolean }>(sql`
      select i.relname as name, x.indpred is not null as partial, x.indisunique as unique,
        (select string_agg(a.attname, ',' order by k.ord) from unnest(x.indkey) with ordinality k(num, ord)
          join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.num) as columns
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = ${name}::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`);
    schema[name] = {
      columns: columns.map((c) => ({
        name: c.name,
        type: typeOf(c.type),
        notNull: c.nullable === "NO",
        // An identity column's values come from its sequence, as a SQLite rowid's do: no default.
        defaultValue: defaultOf(c.fallback),
      })),
      primaryKey: constraints.find((c) => c.kind === "p")?.columns ?? "",
      foreignKeys: constraints
        .filter((c) => c.kind === "f")
        .map((c) => ({ columns: c.columns, references: String(c.target), onDelete: ON_DELETE[c.on_delete] ?? "?" })),
      uniques: [
        ...constraints.filter((c) => c.kind === "u").map((c) => c.columns),
        ...indexes.filter((i) => i.unique).map((i) => i.columns),
      ],
      indexes: indexes.filter((i) => !i.unique).map((i) => `${i.name}(${i.columns})${i.partial ? " partial" : ""}`),
    };
  }
  return schema;
}

/** Each table's lists in one order, so that only their contents are compared. */
function sorted(schema: Schema): Schema {
  return Object.fromEntries(
    Object.entries(schema)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, t]) => [
        name,
        {
          ...t,
          columns: [...t.columns].sort((a, b) => a.name.localeCompare(b.name)),
          foreignKeys: [...t.foreignKeys].sort((a, b) => a.columns.localeCompare(b.columns)),
          uniques: [...t.uniques].sort(),
          indexes: [...t.indexes].sort(),
        },
      ]),
  );
}

/** The tables whose changes move the content version, by the triggers' names. */
async function versionedTables(db: Database, query: ReturnType<typeof sql>): Promise<string[]> {
  const names = (await query.execute(db)).rows as { name: string }[];
  return [
    ...new Set(names.map((n) => n.name.replace(/^content_version_after_(insert_|update_|delete_|change_)/, ""))),
  ].sort();
}

describe("the schema on SQLite and on PostgreSQL", () => {
  let sqliteDir: string;
  let sqlite: Database;
  let own: OwnPostgresDatabase | undefined;
  let postgres: Database;

  beforeAll(async () => {
    // A SQLite file whatever the run (on PostgreSQL's, a test store would be on PostgreSQL).
    sqliteDir = makeTempDir();
    sqlite = openDatabase(path.join(sqliteDir, DATABASE_FILE_NAME));
    await migrate(sqlite);
    own = await ownPostgresDatabase();
    postgres = openDatabase(own.url);
    await migrate(postgres);
  });

  afterAll(async () => {
    await sqlite?.destroy();
    if (sqliteDir) fs.rmSync(sqliteDir, { recursive: true, force: true });
    await postgres?.destroy();
    await own?.dispose();
  });

  it("has the same tables, columns, keys, foreign keys and indexes", async () => {
    const [onSqlite, onPostgres] = [sorted(await sqliteSchema(sqlite)), sorted(await postgresSchema(postgres))];
    expect(Object.keys(onSqlite).length).toBeGreaterThan(15);
    expect(onPostgres).toEqual(onSqlite);
  });

  it("moves the content version on a change to the same tables", async () => {
    const onSqlite = await versionedTables(
      sqlite,
      sql`select name from sqlite_master where type = 'trigger' and name like 'content_version_%'`,
    );
    const onPostgres = await versionedTables(
      postgres,
      sql`select tgname as name from pg_trigger where not tgisinternal and tgname like 'content_version_%'`,
    );
    expect(onSqlite.length).toBeGreaterThan(5);
    expect(onPostgres).toEqual(onSqlite);
  });
});
