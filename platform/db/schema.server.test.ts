// The row types in schema.server.ts against the tables the migrations really make: every table
// and column on both sides, each column's type, whether it may be null, and whether an insert
// may leave it out. The types are read with TypeScript's own checker, so nothing is declared twice.
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { migrate, newMigrator } from "./db.server.ts";
import { MIGRATIONS, POSTGRES_MIGRATIONS, SHARED_MIGRATIONS } from "./migrations/index.server.ts";

interface DeclaredColumn {
  type: "number" | "string" | "bytes" | "other";
  nullable: boolean;
  /** An insert may leave it out. */
  optional: boolean;
}

interface RealColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

/** Each table's columns as Kysely sees them: Selectable for the type, Insertable for optional. */
function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  const probeFile = path.join(import.meta.dirname, "__schema_probe__.ts");
  const probe = `
    import type { Insertable, Selectable } from "kysely";
    import type { DB } from "./schema.server.ts";
    export declare const probe: { [T in keyof DB]: { select: Selectable<DB[T]>; insert: Insertable<DB[T]> } };
  `;
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (file === probeFile ? probe : readFile(file));
  host.fileExists = (file) => file === probeFile || fileExists(file);
  host.getSourceFile = (file, language, ...rest) =>
    file === probeFile ? ts.createSourceFile(file, probe, language) : getSourceFile(file, language, ...rest);
  const program = ts.createProgram([probeFile], options, host);
  const problems = ts.getPreEmitDiagnostics(program, program.getSourceFile(probeFile));
  if (problems.length > 0) throw new Error(ts.formatDiagnostics(problems, host));
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probeFile);
  const symbol = source && checker.getSymbolAtLocation(source);
  const probeSymbol = symbol && checker.getExportsOfModule(symbol).find((s) => s.name === "probe");
  if (!source || !probeSymbol) throw new Error("could not read the schema's types");
  const typeOf = (s: ts.Symbol) => checker.getTypeOfSymbolAtLocation(s, source);

  const kind = (type: ts.Type): DeclaredColumn["type"] => {
    const parts = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & ts.TypeFlags.Null));
    if (parts.every((t) => t.flags & ts.TypeFlags.NumberLike)) return "number";
    if (parts.every((t) => t.flags & ts.TypeFlags.StringLike)) return "string";
    if (parts.every((t) => t.getSymbol()?.name === "Uint8Array")) return "bytes";
    return "other";
  };
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const table of typeOf(probeSymbol).getProperties()) {
    const sides = typeOf(table);
    const select = sides.getProperty("select");
    const insert = sides.getProperty("insert");
    if (!select || !insert) throw new Error(`no row type for ${table.name}`);
    const insertable = new Map(
      typeOf(insert)
        .getProperties()
        .map((p) => [p.name, p]),
    );
    const columns = new Map<string, DeclaredColumn>();
    for (const column of typeOf(select).getProperties()) {
      const type = typeOf(column);
      const inserted = insertable.get(column.name);
      columns.set(column.name, {
        type: kind(type),
        nullable: type.isUnion() && type.types.some((t) => t.flags & ts.TypeFlags.Null),
        optional: inserted === undefined || (inserted.flags & ts.SymbolFlags.Optional) !== 0,
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

/** What each SQLite column type is read as: REAL is a number too, a BLOB is bytes. */
const TYPE_OF: Record<string, DeclaredColumn["type"]> = {
  INTEGER: "number",
  REAL: "number",
  TEXT: "string",
  BLOB: "bytes",
};

let store: TestStore;
let declared: Map<string, Map<string, DeclaredColumn>>;

beforeAll(async () => {
  store = await createTestStore();
  declared = declaredTables();
});
afterAll(() => store.cleanup());

async function realTables(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'
    order by name`.execute(store.db);
  return rows.map((r) => r.name);
}

async function realColumns(table: string): Promise<RealColumn[]> {
  return (await sql<RealColumn>`select * from pragma_table_info(${table})`.execute(store.db)).rows;
}

/**
 * Columns named like times that are not instants: a camera's wall clock has no zone to put it in
 * UTC by (ADR 023). Each is TEXT with a check of its own form, tested in the migration's test.
 */
const WALL_CLOCK_COLUMNS = new Set(["assets.captured_at"]);
/** Time columns by their names: *_at and *_until (claimed_until, lease_until). */
const isTimeColumn = (name: string) => name.endsWith("_at") || name.endsWith("_until");

describe("the schema's types", () => {
  it("name exactly the tables the migrations make", async () => {
    expect([...declared.keys()].sort()).toEqual(await realTables());
  });

  it("match every table's columns: name, type, null, and what an insert may leave out", async () => {
    const mismatches: string[] = [];
    for (const table of await realTables()) {
      const types = declared.get(table) ?? new Map<string, DeclaredColumn>();
      const columns = await realColumns(table);
      for (const c of columns) {
        const t = types.get(c.name);
        const where = `${table}.${c.name}`;
        if (!t) {
          mismatches.push(`${where} is in the database but not in schema.server.ts`);
          continue;
        }
        const type = TYPE_OF[c.type.toUpperCase()] ?? "?";
        if (t.type !== type) mismatches.push(`${where} is ${c.type} but typed as ${t.type}`);
        // A primary key is never null (SQLite's table_info reports notnull 0 for most).
        const nullable = c.notnull === 0 && c.pk === 0;
        if (t.nullable !== nullable) mismatches.push(`${where} is ${nullable ? "" : "not "}nullable, typed otherwise`);
        // An INTEGER PRIMARY KEY is the rowid: the database numbers it, or the code chooses.
        const rowid = c.pk === 1 && type === "number" && columns.filter((x) => x.pk > 0).length === 1;
        const optional = nullable || c.dflt_value !== null;
        if (!rowid && t.optional !== optional) {
          mismatches.push(`${where} ${optional ? "may" : "must"} be given on insert, typed otherwise`);
        }
      }
      for (const name of types.keys()) {
        if (!columns.some((c) => c.name === name))
          mismatches.push(`${table}.${name} is in schema.server.ts but not in the database`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("store every time one way: TEXT checked to be an ISO 8601 instant in UTC with milliseconds", async () => {
    const problems: string[] = [];
    for (const table of await realTables()) {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = ${table}`.execute(
        store.db,
      );
      const createSql = rows[0]?.sql ?? "";
      for (const c of await realColumns(table)) {
        if (c.name.endsWith("_ms")) problems.push(`${table}.${c.name} holds milliseconds`);
        if (WALL_CLOCK_COLUMNS.has(`${table}.${c.name}`)) {
          if (c.type.toUpperCase() !== "TEXT") problems.push(`${table}.${c.name} is ${c.type}`);
          if (!createSql.includes(`check ("${c.name}" is null or`)) problems.push(`${table}.${c.name} has no check`);
          continue;
        }
        if (!isTimeColumn(c.name)) continue;
        if (c.type.toUpperCase() !== "TEXT") problems.push(`${table}.${c.name} is ${c.type}`);
        if (!createSql.includes(`check ("${c.name}" is strftime('%Y-%m-%dT%H:%M:%fZ', "${c.name}"))`))
          problems.push(`${table}.${c.name} does not check its form`);
        if (c.dflt_value !== null && c.dflt_value !== "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')")
          problems.push(`${table}.${c.name} defaults to ${c.dflt_value}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("let a time column hold only that form", async () => {
    const insert = (created_at: string) =>
      store.db
        .insertInto("app_state")
        .values({ key: `t-${created_at}`, value: "", updated_at: created_at })
        .execute();
    await insert("2026-11-23T21:11:02.123Z");
    for (const wrong of ["2026-11-23 21:11:02", "2026-11-23T21:11:02Z", "2026-11-23T21:11:02.123+01:00", "soon"]) {
      await expect(insert(wrong), wrong).rejects.toThrow(/CHECK/);
    }
    await store.db.insertInto("app_state").values({ key: "by-default", value: "" }).execute();
    const row = await store.db
      .selectFrom("app_state")
      .select("updated_at")
      .where("key", "=", "by-default")
      .executeTakeFirst();
    expect(row?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

const unique = (name: string, index: number, all: string[]) => all.indexOf(name) === index;

describe("migrations", () => {
  const names = Object.keys(MIGRATIONS);

  it("are numbered in order from 0001, one file each, every file listed", () => {
    expect(names).toEqual([...names].sort());
    names.forEach((name, index) => {
      expect(name).toMatch(new RegExp(`^${String(index + 1).padStart(4, "0")}-[a-z0-9-]+$`));
    });
    const files = fs
      .readdirSync(path.join(import.meta.dirname, "migrations"))
      .filter((f) => /^\d{4}-.+\.server\.ts$/.test(f) && !f.endsWith(".test.ts"))
      .map((f) => f.replace(/\.server\.ts$/, ""));
    // Every file is in SQLite's list but PostgreSQL's first step, which is in that engine's only.
    expect(files.sort()).toEqual([...names, ...Object.keys(POSTGRES_MIGRATIONS)].sort().filter(unique));
  });

  it("are the same on both engines after PostgreSQL's first step, which stands for SQLite's first eighteen", () => {
    const postgres = Object.keys(POSTGRES_MIGRATIONS);
    expect(postgres[0]).toBe("0018-postgres-baseline");
    expect(postgres.slice(1)).toEqual(Object.keys(SHARED_MIGRATIONS));
    expect(names.slice(18)).toEqual(Object.keys(SHARED_MIGRATIONS));
    expect(names[17]).toBe("0018-content-version");
  });

  it("refuse a database that applied a later migration without an earlier one", async () => {
    const other = await createTestStore({ migrated: false });
    try {
      const migrator = newMigrator(other.db);
      await migrator.migrateTo(names[1] as string);
      // As if 0002 had come from another branch before 0001 was applied: 0001 goes missing.
      await other.db
        .withoutPlugins()
        .deleteFrom("kysely_migration" as never)
        .where("name" as never, "=", names[0] as never)
        .execute();
      await expect(migrate(other.db)).rejects.toThrow(/corrupted migrations/);
    } finally {
      await other.cleanup();
    }
  });
});
