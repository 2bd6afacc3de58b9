// Migration 0028 on both engines (it is shared, ADR 032): client galleries and inquiries get the
// language their mails are written in, 'en' for every row there before (they were written to in
// English); 'ta' is stored, any other code refused; down drops the columns and keeps the rest; up
// again works. PostgreSQL is a cluster of this file's own on SQLite's run.
import type { QueryExecutorProvider } from "kysely";
import { describe, expect, it } from "vitest";
import { ENGINES, engineDatabase } from "#fixtures/engine-database.ts";
import { migrateTo, type Row, rows, run } from "#tests/helpers/migration-steps.ts";
import { LANGUAGE_TABLES } from "./0028-recipient-language.server.ts";

const BEFORE = "0027-tamil-content";
const MIGRATION = "0028-recipient-language";
const AT = "2026-03-01T10:00:00.000Z";

/** A gallery and an inquiry as before 0028. */
async function seed(db: QueryExecutorProvider) {
  await run(db, `insert into client_galleries (id, title, token) values (6, 'Priya and Karthik', 't')`);
  await run(db, `insert into inquiries (id, uid, message, created_at) values (7, 'u7', 'Hello', '${AT}')`);
}

describe.each(ENGINES)("migration 0028 on %s", (engine) => {
  const own = engineDatabase(engine, async (db) => {
    await migrateTo(db, BEFORE);
    await seed(db);
  });

  it("gives every row there before the language 'en', keeping the rest of it", async () => {
    const before = await Promise.all(LANGUAGE_TABLES.map((t) => rows(own.db, `select * from ${t}`)));
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
    for (const [i, table] of LANGUAGE_TABLES.entries()) {
      expect(await rows(own.db, `select * from ${table}`), table).toEqual(
        (before[i] as Row[]).map((row) => ({ ...row, language: "en" })),
      );
    }
  });

  it("stores Tamil, takes 'en' when a new row says nothing, and refuses a language it has no words for", async () => {
    await run(own.db, `update client_galleries set language = 'ta' where id = 6`);
    await run(
      own.db,
      `insert into inquiries (id, uid, message, created_at, language) values (8, 'u8', 'Vanakkam', '${AT}', 'ta')`,
    );
    await run(own.db, `insert into inquiries (id, uid, message, created_at) values (9, 'u9', 'Hi', '${AT}')`);
    expect(await rows(own.db, `select id, language from client_galleries`)).toEqual([{ id: 6, language: "ta" }]);
    expect(await rows(own.db, `select id, language from inquiries order by id`)).toEqual([
      { id: 7, language: "en" },
      { id: 8, language: "ta" },
      { id: 9, language: "en" },
    ]);
    for (const table of LANGUAGE_TABLES) {
      await expect(run(own.db, `update ${table} set language = 'fr'`), table).rejects.toThrow(/check/i);
      await expect(run(own.db, `update ${table} set language = null`), table).rejects.toThrow(/null/i);
    }
  });

  it("is undone by down: the columns gone, the rows kept; then done again", async () => {
    expect(await migrateTo(own.db, BEFORE)).toEqual([[MIGRATION, "Down", "Success"]]);
    for (const table of LANGUAGE_TABLES) {
      expect(Object.keys((await rows(own.db, `select * from ${table}`))[0] ?? {}), table).not.toContain("language");
    }
    expect(await rows(own.db, `select title from client_galleries`)).toEqual([{ title: "Priya and Karthik" }]);
    expect(await rows(own.db, `select id from inquiries order by id`)).toEqual([{ id: 7 }, { id: 8 }, { id: 9 }]);
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
    expect(await rows(own.db, `select language from client_galleries`)).toEqual([{ language: "en" }]);
  });
});
