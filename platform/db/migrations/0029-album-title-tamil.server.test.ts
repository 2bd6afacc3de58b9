// Migration 0029 on both engines (it is shared, ADR 032): an album gets a nullable Tamil title
// beside its English one; an album there before keeps its English and reads null (not
// translated); Tamil is stored as written and null again when cleared; down drops the column and
// keeps the albums; up again works. PostgreSQL is a cluster of this file's own on SQLite's run.
import type { QueryExecutorProvider } from "kysely";
import { describe, expect, it } from "vitest";
import { ENGINES, engineDatabase } from "#fixtures/engine-database.ts";
import { migrateTo, type Row, rows, run } from "#tests/helpers/migration-steps.ts";

const BEFORE = "0028-recipient-language";
const MIGRATION = "0029-album-title-tamil";
const AT = "2026-03-01T10:00:00.000Z";
const TAMIL_TITLE = "பிரியா & கார்த்திக் திருமண ஆல்பம்";

/** A gallery and its album, English only, as before 0029. */
async function seed(db: QueryExecutorProvider) {
  await run(db, `insert into client_galleries (id, title, token) values (6, 'Priya and Karthik', 't')`);
  await run(
    db,
    `insert into albums (id, gallery_id, title, position, created_at) values (7, 6, 'Wedding album', 0, '${AT}')`,
  );
}

describe.each(ENGINES)("migration 0029 on %s", (engine) => {
  const own = engineDatabase(engine, async (db) => {
    await migrateTo(db, BEFORE);
    await seed(db);
  });

  it("gives every album a null Tamil title, keeping the rest of it", async () => {
    const before = await rows(own.db, `select * from albums`);
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
    expect(await rows(own.db, `select * from albums`)).toEqual(
      (before as Row[]).map((row) => ({ ...row, title_ta: null })),
    );
  });

  it("stores a Tamil title as written, and null again when cleared", async () => {
    await run(own.db, `update albums set title_ta = '${TAMIL_TITLE}' where id = 7`);
    expect(await rows(own.db, `select title, title_ta from albums`)).toEqual([
      { title: "Wedding album", title_ta: TAMIL_TITLE },
    ]);
    await run(
      own.db,
      `insert into albums (id, gallery_id, title, position, created_at) values (8, 6, 'Amma''s album', 1, '${AT}')`,
    );
    expect(await rows(own.db, `select id, title_ta from albums where id = 8`)).toEqual([{ id: 8, title_ta: null }]);
    await run(own.db, `update albums set title_ta = null where id = 7`);
    expect(await rows(own.db, `select title_ta from albums where id = 7`)).toEqual([{ title_ta: null }]);
    await run(own.db, `update albums set title_ta = '${TAMIL_TITLE}' where id = 7`);
  });

  it("is undone by down: the column gone, the albums kept; then done again", async () => {
    expect(await migrateTo(own.db, BEFORE)).toEqual([[MIGRATION, "Down", "Success"]]);
    const after = await rows(own.db, `select * from albums order by id`);
    for (const row of after) expect(Object.keys(row)).not.toContain("title_ta");
    expect(after.map((row) => row.title)).toEqual(["Wedding album", "Amma's album"]);
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
    expect(await rows(own.db, `select id, title_ta from albums order by id`)).toEqual([
      { id: 7, title_ta: null },
      { id: 8, title_ta: null },
    ]);
  });
});
