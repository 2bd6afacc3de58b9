// Migration 0030 on both engines (it is shared, ADR 032): an album spread records which plan made
// its files, 1 (the WebP screens) for every spread there before; 2 is stored, any other refused;
// a new row that says nothing is 1; down drops the column and keeps the rows; up again works.
import type { QueryExecutorProvider } from "kysely";
import { describe, expect, it } from "vitest";
import { ENGINES, engineDatabase } from "#fixtures/engine-database.ts";
import { migrateTo, rows, run, seedSentAlbumVersion, seedSpreadAsset } from "#tests/helpers/migration-steps.ts";

const BEFORE = "0029-album-title-tamil";
const MIGRATION = "0030-spread-plan";
const AT = "2026-03-01T10:00:00.000Z";

/** A sent album version with one spread, as before 0030. */
async function seed(db: QueryExecutorProvider) {
  await seedSentAlbumVersion(db, AT);
  await seedSpreadAsset(db);
  await run(
    db,
    `insert into album_spreads (id, version_id, number, asset_id, file_name, sha256) values (9, 8, 1, 5, 'Spread_01.jpg', 'abc')`,
  );
}

describe.each(ENGINES)("migration 0030 on %s", (engine) => {
  const own = engineDatabase(engine, async (db) => {
    await migrateTo(db, BEFORE);
    await seed(db);
  });

  it("gives every spread there before the first plan, keeping the rest of it", async () => {
    const before = await rows(own.db, "select * from album_spreads");
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
    expect(await rows(own.db, "select * from album_spreads")).toEqual(before.map((row) => ({ ...row, plan: 1 })));
  });

  it("stores the AVIF plan, takes the first when a new row says nothing, and refuses a plan there is not", async () => {
    await run(own.db, "update album_spreads set plan = 2 where id = 9");
    await run(
      own.db,
      `insert into album_spreads (id, version_id, number, asset_id, file_name, sha256) values (10, 8, 2, 5, 'Spread_02.jpg', 'abc')`,
    );
    expect(await rows(own.db, "select id, plan from album_spreads order by id")).toEqual([
      { id: 9, plan: 2 },
      { id: 10, plan: 1 },
    ]);
    await expect(run(own.db, "update album_spreads set plan = 3")).rejects.toThrow(/check/i);
    await expect(run(own.db, "update album_spreads set plan = null")).rejects.toThrow(/null/i);
  });

  it("is undone by down: the column gone, the rows kept; then done again", async () => {
    expect(await migrateTo(own.db, BEFORE)).toEqual([[MIGRATION, "Down", "Success"]]);
    expect(Object.keys((await rows(own.db, "select * from album_spreads"))[0] ?? {})).not.toContain("plan");
    expect(await rows(own.db, "select count(*) as n from album_spreads")).toEqual([{ n: 2 }]);
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
    expect(await rows(own.db, "select id, plan from album_spreads order by id")).toEqual([
      { id: 9, plan: 1 },
      { id: 10, plan: 1 },
    ]);
  });
});
