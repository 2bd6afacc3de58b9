import { DatabaseSync } from "node:sqlite";
import { Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDialect, STATEMENT_CACHE_SIZE } from "./sqlite-dialect.server.ts";

interface Row {
  id: number;
  name: string;
}

let db: Kysely<{ people: Row }> | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

/** A database whose prepares are counted by SQL text. */
function countedDatabase(): { database: DatabaseSync; prepares: Map<string, number> } {
  const database = new DatabaseSync(":memory:");
  const prepares = new Map<string, number>();
  const prepare = database.prepare.bind(database);
  database.prepare = (text: string) => {
    prepares.set(text, (prepares.get(text) ?? 0) + 1);
    return prepare(text);
  };
  return { database, prepares };
}

describe("the SQLite dialect's prepared statements", () => {
  it("prepares a query once however often it runs, and each run reads the data as it is then", async () => {
    const { database, prepares } = countedDatabase();
    db = new Kysely({ dialect: createDialect(database) });
    await sql`create table people (id integer primary key, name text not null)`.execute(db);
    const byId = (id: number) => db?.selectFrom("people").select("name").where("id", "=", id).executeTakeFirst();
    for (let id = 1; id <= 5; id++) {
      await db
        .insertInto("people")
        .values({ id, name: `person ${id}` })
        .execute();
      expect(await byId(id)).toEqual({ name: `person ${id}` });
      await db
        .updateTable("people")
        .set({ name: `renamed ${id}` })
        .where("id", "=", id)
        .execute();
      expect(await byId(id)).toEqual({ name: `renamed ${id}` });
    }
    const select = [...prepares.keys()].find((text) => text.startsWith("select"));
    expect(select).toBeDefined();
    expect(prepares.get(select ?? "")).toBe(1);
    expect(Math.max(...prepares.values())).toBe(1);
  });

  it("keeps at most its size of statements, preparing again one it let go", async () => {
    const { database, prepares } = countedDatabase();
    db = new Kysely({ dialect: createDialect(database) });
    await sql`create table people (id integer primary key, name text not null)`.execute(db);
    await db.insertInto("people").values({ id: 1, name: "one" }).execute();
    // Each an SQL text of its own: the constant is part of the text, not a parameter.
    const shaped = (n: number) =>
      sql<{ n: number }>`select ${sql.lit(n)} as n, name from people`.execute(db as Kysely<never>);
    expect((await shaped(0)).rows).toEqual([{ n: 0, name: "one" }]);
    for (let n = 1; n <= STATEMENT_CACHE_SIZE; n++) await shaped(n);
    // The first text was the oldest kept, and has been let go for the last one.
    expect((await shaped(0)).rows).toEqual([{ n: 0, name: "one" }]);
    expect(prepares.get("select 0 as n, name from people")).toBe(2);
    // The newest is still kept.
    await shaped(STATEMENT_CACHE_SIZE);
    expect(prepares.get(`select ${STATEMENT_CACHE_SIZE} as n, name from people`)).toBe(1);
  });
});
