// Migration 0012: each shoot's photos keep their order, renumbered with gaps; queued uploads
// keep their places after them.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { newMigrator } from "../db.server.ts";

let store: TestStore | undefined;
afterEach(async () => {
  await store?.cleanup();
  store = undefined;
});

describe("migration 0012: gapped positions", () => {
  it("renumbers each shoot's photos in their order with gaps of 1024, and scales queued uploads alike", async () => {
    store = await createTestStore({ migrated: false });
    const { error } = await newMigrator(store.db).migrateTo("0011-capture-time");
    if (error) throw error;
    const run = (query: string) => sql.raw(query).execute(store?.db as NonNullable<typeof store>["db"]);
    await run(`insert into collections (id, slug, name, position) values (1, 'c', 'C', 0)`);
    await run(`insert into shoots (id, collection_id, title) values (1, 1, 'One'), (2, 1, 'Two')`);
    for (const id of [1, 2, 3, 4, 5]) {
      await run(`insert into assets (id, sha256, original_key, original_name, original_bytes, mime, width, height, placeholder)
        values (${id}, '${String(id).repeat(64)}', 'k${id}', '${id}.jpg', 1, 'image/jpeg', 1, 1, '')`);
    }
    // Shoot 1 as a tie (3 and 2 at position 1, kept apart by id) and a hole; shoot 2 on its own.
    await run(`insert into photos (id, shoot_id, asset_id, position) values
      (1, 1, 1, 5), (2, 1, 2, 1), (3, 1, 3, 1), (4, 1, 4, 0), (5, 2, 5, 7)`);
    await run(`insert into photo_jobs (upload_id, shoot_id, batch_id, batch_index, file_name, sha256, position, created_at, updated_at)
      values ('u', 1, 'b', 0, 'q.jpg', '${"f".repeat(64)}', 6, '2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z')`);

    const up = await newMigrator(store.db).migrateTo("0012-gapped-positions");
    expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual([["0012-gapped-positions", "Success"]]);
    const photos = await store.db.selectFrom("photos").select(["id", "position"]).orderBy("id").execute();
    expect(photos).toEqual([
      { id: 1, position: 3072 },
      { id: 2, position: 1024 },
      { id: 3, position: 2048 },
      { id: 4, position: 0 },
      { id: 5, position: 0 },
    ]);
    // Raw SQL: the schema's types name the table as migration 0021 renamed it (jobs).
    const { rows: jobs } = await sql.raw<{ position: number }>("select position from photo_jobs").execute(store.db);
    expect(jobs[0]?.position).toBe(6 * 1024);
  });
});
