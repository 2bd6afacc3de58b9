// Migration 0031 on both engines (it is shared, ADR 032): an album spread records the watermark
// its files carry, its gallery's as it is at the migration for every spread there before; a
// position or an opacity there is not is refused; down drops the columns and keeps the rows.
import type { QueryExecutorProvider } from "kysely";
import { describe, expect, it } from "vitest";
import { ENGINES, engineDatabase } from "#fixtures/engine-database.ts";
import { migrateTo, rows, run, seedSentAlbumVersion, seedSpreadAsset } from "#tests/helpers/migration-steps.ts";

const BEFORE = "0030-spread-plan";
const MIGRATION = "0031-spread-watermark";
const AT = "2026-03-01T10:00:00.000Z";

/** A sent album version of a watermarked gallery with one spread, and an unmarked gallery's, as before 0031. */
async function seed(db: QueryExecutorProvider) {
  await seedSentAlbumVersion(db, AT);
  await run(
    db,
    `update client_galleries set watermark_text = 'Nila Studio', watermark_position = 'center', watermark_opacity = 55 where id = 3`,
  );
  await run(db, `insert into client_galleries (id, title, token) values (13, 'Meena', 'u')`);
  await run(db, `insert into albums (id, gallery_id, title, position, created_at) values (14, 13, 'Hers', 0, '${AT}')`);
  await run(
    db,
    `insert into album_versions (id, album_id, number, state, created_at, last_activity_at) values (18, 14, 1, 'draft', '${AT}', '${AT}')`,
  );
  await seedSpreadAsset(db);
  await run(
    db,
    `insert into album_spreads (id, version_id, number, asset_id, file_name, sha256, plan) values
     (9, 8, 1, 5, 'Spread_01.jpg', 'abc', 2), (19, 18, 1, 5, 'Spread_01.jpg', 'abc', 1)`,
  );
}

const MARKS = "select id, watermark_text, watermark_position, watermark_opacity from album_spreads order by id";

describe.each(ENGINES)("migration 0031 on %s", (engine) => {
  const own = engineDatabase(engine, async (db) => {
    await migrateTo(db, BEFORE);
    await seed(db);
  });

  it("gives every spread there before its gallery's watermark, keeping the rest of it", async () => {
    const before = await rows(own.db, "select * from album_spreads order by id");
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
    expect(await rows(own.db, MARKS)).toEqual([
      { id: 9, watermark_text: "Nila Studio", watermark_position: "center", watermark_opacity: 55 },
      { id: 19, watermark_text: "", watermark_position: "bottom-right", watermark_opacity: 40 },
    ]);
    const kept = (await rows(own.db, "select * from album_spreads order by id")).map(
      ({ watermark_text, watermark_position, watermark_opacity, ...rest }) => rest,
    );
    expect(kept).toEqual(before);
  });

  it("takes no mark when a new row says nothing, and refuses a position or an opacity there is not", async () => {
    await run(
      own.db,
      `insert into album_spreads (id, version_id, number, asset_id, file_name, sha256) values (10, 8, 2, 5, 'Spread_02.jpg', 'abc')`,
    );
    expect((await rows(own.db, MARKS)).find((r) => r.id === 10)).toEqual({
      id: 10,
      watermark_text: "",
      watermark_position: "bottom-right",
      watermark_opacity: 40,
    });
    await expect(run(own.db, "update album_spreads set watermark_position = 'middle'")).rejects.toThrow(/check/i);
    await expect(run(own.db, "update album_spreads set watermark_opacity = 101")).rejects.toThrow(/check/i);
    await expect(run(own.db, "update album_spreads set watermark_text = null")).rejects.toThrow(/null/i);
  });

  it("is undone by down: the columns gone, the rows kept; then done again", async () => {
    expect(await migrateTo(own.db, BEFORE)).toEqual([[MIGRATION, "Down", "Success"]]);
    expect(Object.keys((await rows(own.db, "select * from album_spreads"))[0] ?? {})).not.toContain("watermark_text");
    expect(await rows(own.db, "select count(*) as n from album_spreads")).toEqual([{ n: 3 }]);
    expect(await migrateTo(own.db, MIGRATION)).toEqual([[MIGRATION, "Up", "Success"]]);
    expect((await rows(own.db, MARKS)).map((r) => r.watermark_text)).toEqual(["Nila Studio", "Nila Studio", ""]);
  });
});
