// Migration 0016: a gallery's cover becomes one of its photos (cover_photo_id), carried over from
// the unused asset column, cleared when the photo is deleted for good (the gallery stays), and
// down gives the asset column back with the cover's asset in it.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { newMigrator } from "../db.server.ts";

let store: TestStore | undefined;
afterEach(async () => {
  await store?.cleanup();
  store = undefined;
});

describe("migration 0016: a gallery's cover photo", () => {
  it("carries an asset cover over to the gallery's photo, sets null on delete, and undoes itself", async () => {
    store = await createTestStore({ migrated: false });
    const db = store.db;
    const before = await newMigrator(db).migrateTo("0015-file-checksums");
    if (before.error) throw before.error;
    const run = (query: string) => sql.raw(query).execute(db);
    await run(`insert into assets (id, sha256, original_key, original_name, original_bytes, mime, width, height, placeholder)
      values (1, 'a1', 'o/1', 'a.jpg', 1, 'image/jpeg', 3, 2, ''), (2, 'a2', 'o/2', 'b.jpg', 1, 'image/jpeg', 3, 2, '')`);
    await run(
      `insert into client_galleries (id, title, token, cover_asset_id) values (1, 'G', 't1', 2), (2, 'H', 't2', null)`,
    );
    await run(`insert into shoots (id, title, gallery_id, gallery_position) values (10, 'Muhurtham', 1, 0)`);
    await run(`insert into photos (id, shoot_id, asset_id, position) values (100, 10, 1, 0), (101, 10, 2, 1024)`);

    const up = await newMigrator(db).migrateTo("0016-gallery-cover");
    expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual([["0016-gallery-cover", "Success"]]);
    const covers = () => sql`select id, cover_photo_id from client_galleries order by id`.execute(db);
    expect((await covers()).rows).toEqual([
      { id: 1, cover_photo_id: 101 },
      { id: 2, cover_photo_id: null },
    ]);
    const columns = await sql<{ name: string }>`select name from pragma_table_info('client_galleries')`.execute(db);
    expect(columns.rows.map((c) => c.name)).not.toContain("cover_asset_id");
    await expect(run(`update client_galleries set cover_photo_id = 999 where id = 2`)).rejects.toThrow(/FOREIGN KEY/);

    // A photo deleted for good (the trash emptied) leaves the gallery, without a cover.
    await run(`delete from photos where id = 101`);
    expect((await covers()).rows).toEqual([
      { id: 1, cover_photo_id: null },
      { id: 2, cover_photo_id: null },
    ]);

    await run(`update client_galleries set cover_photo_id = 100 where id = 1`);
    const down = await newMigrator(db).migrateDown();
    expect(down.error).toBeUndefined();
    expect((await sql`select id, cover_asset_id from client_galleries order by id`.execute(db)).rows).toEqual([
      { id: 1, cover_asset_id: 1 },
      { id: 2, cover_asset_id: null },
    ]);
    const again = await newMigrator(db).migrateTo("0016-gallery-cover");
    expect(again.error).toBeUndefined();
    expect((await covers()).rows).toEqual([
      { id: 1, cover_photo_id: 100 },
      { id: 2, cover_photo_id: null },
    ]);
  });
});
