// Migration 0027 on both engines (it is shared, ADR 032): every visitor-facing text the admin
// edits gets a nullable Tamil column beside it, the rows there before keep their English and
// read null (not translated); Tamil text is stored as written; down drops the columns and keeps
// the English; up again works. PostgreSQL is a cluster of this file's own on SQLite's run.
import type { QueryExecutorProvider } from "kysely";
import { describe, expect, it } from "vitest";
import { ENGINES, engineDatabase } from "#fixtures/engine-database.ts";
import { migrateTo, type Row, rows, run } from "#tests/helpers/migration-steps.ts";
import { TAMIL_COLUMNS } from "./0027-tamil-content.server.ts";

const BEFORE = "0026-album-mails";
const MIGRATION = "0027-tamil-content";
const AT = "2026-03-01T10:00:00.000Z";
const TAMIL_NAME = "நிலா ஸ்டுடியோ";

/** One row in each table that gains a Tamil column, English only, as before 0027. */
async function seed(db: QueryExecutorProvider) {
  await run(
    db,
    `insert into studio_settings (id, name, tagline, about_text) values (1, 'Nila', 'Weddings', 'We are...')`,
  );
  await run(
    db,
    `insert into assets (id, sha256, original_key, original_name, original_bytes, mime, width, height, placeholder, created_at)
    values (1, 'a1', 'o/1', 'a.jpg', 1, 'image/jpeg', 3, 2, '', '${AT}')`,
  );
  await run(
    db,
    `insert into collections (id, slug, name, description, position) values (2, 'wedding', 'Wedding', 'Vows', 0)`,
  );
  await run(
    db,
    `insert into shoots (id, collection_id, title, location, description) values (3, 2, 'Priya', 'Madurai', 'At dawn')`,
  );
  await run(db, `insert into photos (id, shoot_id, asset_id, position, alt) values (4, 3, 1, 0, 'The garland')`);
  await run(
    db,
    `insert into banner_slides (id, position, desktop_asset_id, mobile_asset_id, alt) values (5, 0, 1, 1, 'Hills')`,
  );
  await run(db, `insert into client_galleries (id, title, token) values (6, 'Priya and Karthik', 't')`);
}

const columnsOf = async (db: QueryExecutorProvider, table: string) =>
  Object.keys((await rows(db, `select * from ${table}`))[0] ?? {});

describe.each(ENGINES)("migration 0027 on %s", (engine) => {
  const own = engineDatabase(engine, async (db) => {
    await migrateTo(db, BEFORE);
    await seed(db);
  });

  it("adds a null Tamil column beside each text, every row keeping its English", async () => {
    const before = Object.fromEntries(
      await Promise.all(Object.keys(TAMIL_COLUMNS).map(async (t) => [t, await rows(own.db, `select * from ${t}`)])),
    );
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
    for (const [table, columns] of Object.entries(TAMIL_COLUMNS)) {
      const nulls = Object.fromEntries(columns.map((c) => [c, null]));
      expect(await rows(own.db, `select * from ${table}`), table).toEqual(
        (before[table] as Row[]).map((row) => ({ ...row, ...nulls })),
      );
      // Each Tamil column sits beside an English one of the same name.
      const all = await columnsOf(own.db, table);
      for (const column of columns) expect(all, table).toContain(column.slice(0, -"_ta".length));
    }
  });

  it("stores Tamil as written, and takes null again", async () => {
    await run(own.db, `update studio_settings set name_ta = '${TAMIL_NAME}'`);
    expect(await rows(own.db, `select name, name_ta from studio_settings`)).toEqual([
      { name: "Nila", name_ta: TAMIL_NAME },
    ]);
    await run(own.db, `update shoots set title_ta = 'பிரியா', description_ta = null`);
    expect(await rows(own.db, `select title_ta, description_ta from shoots`)).toEqual([
      { title_ta: "பிரியா", description_ta: null },
    ]);
  });

  it("is undone by down: the Tamil columns gone, the English kept; then done again", async () => {
    expect(await migrateTo(own.db, BEFORE)).toEqual([[MIGRATION, "Down", "Success"]]);
    for (const [table, columns] of Object.entries(TAMIL_COLUMNS)) {
      const all = await columnsOf(own.db, table);
      for (const column of columns) expect(all, table).not.toContain(column);
    }
    expect(await rows(own.db, `select name, tagline from studio_settings`)).toEqual([
      { name: "Nila", tagline: "Weddings" },
    ]);
    expect(await rows(own.db, `select title, location from shoots`)).toEqual([{ title: "Priya", location: "Madurai" }]);
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
    expect(await rows(own.db, `select name_ta from studio_settings`)).toEqual([{ name_ta: null }]);
  });
});
