// Migration 0017: collections, banner slides and the studio's settings get their times, filled
// from the best there is (a collection's first shoot, a slide's upload, the studio's first
// upload), checked to the stored form, defaulting to now; down takes them away again.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { newMigrator } from "../db.server.ts";

let store: TestStore | undefined;
afterEach(async () => {
  await store?.cleanup();
  store = undefined;
});

const STORED_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe("migration 0017: times on collections, banner slides and the studio", () => {
  it("fills them from the best time there is, checks their form, and undoes itself", async () => {
    store = await createTestStore({ migrated: false });
    const db = store.db;
    const before = await newMigrator(db).migrateTo("0016-gallery-cover");
    if (before.error) throw before.error;
    const run = (query: string) => sql.raw(query).execute(db);
    await run(`insert into assets (id, sha256, original_key, original_name, original_bytes, mime, width, height, placeholder, created_at)
      values (1, 'a1', 'o/1', 'a.jpg', 1, 'image/jpeg', 3, 2, '', '2024-03-01T10:00:00.000Z'),
             (2, 'a2', 'o/2', 'b.jpg', 1, 'image/jpeg', 3, 2, '', '2024-05-01T10:00:00.000Z')`);
    await run(
      `insert into collections (id, slug, name, position) values (1, 'wedding', 'Wedding', 0), (2, 'outdoor', 'Outdoor', 1)`,
    );
    await run(`insert into shoots (id, collection_id, title, created_at, updated_at)
      values (10, 1, 'A', '2024-04-02T08:00:00.000Z', '2024-06-01T08:00:00.000Z'),
             (11, 1, 'B', '2024-04-01T08:00:00.000Z', '2024-04-01T08:00:00.000Z')`);
    await run(`insert into banner_slides (id, position, desktop_asset_id, mobile_asset_id) values (5, 0, 2, 1)`);
    await run(`insert into studio_settings (id, name, updated_at) values (1, 'Nila', '2025-01-01T00:00:00.000Z')`);

    const up = await newMigrator(db).migrateTo("0017-content-times");
    expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual([["0017-content-times", "Success"]]);
    const collections = (
      await sql<{ id: number; created_at: string; updated_at: string }>`
      select id, created_at, updated_at from collections order by id`.execute(db)
    ).rows;
    // The first shoot's time; a collection with none gets the migration's.
    expect(collections[0]).toEqual({
      id: 1,
      created_at: "2024-04-01T08:00:00.000Z",
      updated_at: "2024-04-01T08:00:00.000Z",
    });
    expect(collections[1]?.created_at).toMatch(STORED_TIME);
    expect(Date.parse(collections[1]?.created_at ?? "")).toBeGreaterThan(Date.parse("2026-01-01"));
    expect((await sql`select created_at, updated_at from banner_slides`.execute(db)).rows).toEqual([
      { created_at: "2024-05-01T10:00:00.000Z", updated_at: "2024-05-01T10:00:00.000Z" },
    ]);
    expect((await sql`select created_at, updated_at from studio_settings`.execute(db)).rows).toEqual([
      { created_at: "2024-03-01T10:00:00.000Z", updated_at: "2025-01-01T00:00:00.000Z" },
    ]);
    // New rows get now; a time in another form is refused; the rows' parents still hold.
    await run(`insert into collections (slug, name, position) values ('baby', 'Baby', 2)`);
    const added = await sql<{ created_at: string }>`select created_at from collections where slug = 'baby'`.execute(db);
    expect(added.rows[0]?.created_at).toMatch(STORED_TIME);
    await expect(run(`update banner_slides set updated_at = '2024-05-01 10:00:00'`)).rejects.toThrow(/CHECK/);
    await expect(run(`delete from collections where id = 1`)).rejects.toThrow(/FOREIGN KEY/);
    // AUTOINCREMENT's high-water mark survives the rebuild.
    await run(`delete from banner_slides`);
    await run(`insert into banner_slides (position, desktop_asset_id, mobile_asset_id) values (0, 1, 2)`);
    expect((await sql`select id from banner_slides`.execute(db)).rows).toEqual([{ id: 6 }]);

    const down = await newMigrator(db).migrateDown();
    expect(down.error).toBeUndefined();
    for (const table of ["collections", "banner_slides", "studio_settings"]) {
      const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
      expect(
        columns.rows.map((c) => c.name),
        table,
      ).not.toContain("created_at");
    }
    expect((await sql`select id, name from collections order by id`.execute(db)).rows).toEqual([
      { id: 1, name: "Wedding" },
      { id: 2, name: "Outdoor" },
      { id: 3, name: "Baby" },
    ]);
    const again = await newMigrator(db).migrateTo("0017-content-times");
    expect(again.error).toBeUndefined();
  });
});
