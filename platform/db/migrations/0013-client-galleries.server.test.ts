// Migration 0013: shoots keep every row, photo and upload through the rebuild; a shoot is in a
// collection or a gallery, never both or neither; a set cannot be published; down undoes it.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { newMigrator } from "../db.server.ts";

let store: TestStore | undefined;
afterEach(async () => {
  await store?.cleanup();
  store = undefined;
});

describe("migration 0013: client galleries", () => {
  it("rebuilds shoots with their photos and jobs intact, and checks where a shoot belongs", async () => {
    store = await createTestStore({ migrated: false });
    const db = store.db;
    const before = await newMigrator(db).migrateTo("0012-gapped-positions");
    if (before.error) throw before.error;
    const run = (query: string) => sql.raw(query).execute(db);
    await run(`insert into collections (id, slug, name, position) values (1, 'c', 'C', 0)`);
    await run(`insert into shoots (id, collection_id, title, status, is_story, story_position, photo_order)
      values (7, 1, 'Seven', 'published', 1, 1, 'captured')`);
    await run(`insert into assets (id, sha256, original_key, original_name, original_bytes, mime, width, height, placeholder)
      values (1, '${"1".repeat(64)}', 'k1', '1.jpg', 1, 'image/jpeg', 1, 1, '')`);
    await run(`insert into photos (id, shoot_id, asset_id, position) values (3, 7, 1, 1024)`);
    await run(`insert into photo_jobs (upload_id, shoot_id, batch_id, batch_index, file_name, sha256, position, created_at, updated_at)
      values ('u', 7, 'b', 0, 'q.jpg', '${"f".repeat(64)}', 2048, '2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z')`);
    const shootBefore = await sql`select * from shoots`.execute(db);

    const up = await newMigrator(db).migrateTo("0013-client-galleries");
    expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual([["0013-client-galleries", "Success"]]);
    const shootAfter = await sql<Record<string, unknown>>`select * from shoots`.execute(db);
    expect(shootAfter.rows).toEqual(
      (shootBefore.rows as Record<string, unknown>[]).map((r) => ({ ...r, gallery_id: null, gallery_position: null })),
    );
    expect((await sql`select id, shoot_id from photos`.execute(db)).rows).toEqual([{ id: 3, shoot_id: 7 }]);
    expect((await sql`select shoot_id from photo_jobs`.execute(db)).rows).toEqual([{ shoot_id: 7 }]);
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(1);
    // Deleting a shoot still takes its photos with it: the references survived the rebuild.
    const cascades = (await sql`select "table", "on_delete" from pragma_foreign_key_list('photos')`.execute(db)).rows;
    expect(cascades).toContainEqual({ table: "shoots", on_delete: "CASCADE" });

    await run(`insert into client_galleries (id, title, token) values (1, 'Priya & Karthik', 't')`);
    await run(`insert into shoots (id, gallery_id, gallery_position, title) values (8, 1, 0, 'Muhurtham')`);
    await expect(run(`insert into shoots (id, title) values (9, 'Nowhere')`)).rejects.toThrow(/CHECK/);
    await expect(
      run(`insert into shoots (id, collection_id, gallery_id, title) values (9, 1, 1, 'Both')`),
    ).rejects.toThrow(/CHECK/);
    await expect(run(`update shoots set status = 'published' where id = 8`)).rejects.toThrow(/CHECK/);
    await expect(run(`update client_galleries set event_date = '14/02/2026'`)).rejects.toThrow(/CHECK/);

    const down = await newMigrator(db).migrateTo("0012-gapped-positions");
    expect(down.results?.map((r) => [r.migrationName, r.status])).toEqual([["0013-client-galleries", "Success"]]);
    expect((await sql`select * from shoots`.execute(db)).rows).toEqual(shootBefore.rows);
    expect((await sql`select id from photos`.execute(db)).rows).toEqual([{ id: 3 }]);
  });
});
