// Migration 0018: the content version moves with every change to what a public page shows, and
// with nothing else (an inquiry, a login); down takes the triggers and the table away.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { readContentVersion } from "../content-version.server.ts";
import { newMigrator } from "../db.server.ts";

let store: TestStore | undefined;
afterEach(async () => {
  await store?.cleanup();
  store = undefined;
});

describe("migration 0018: the content version", () => {
  it("moves on every insert, update and delete of content, and on nothing else", async () => {
    store = await createTestStore();
    const db = store.db;
    const run = (query: string) => sql.raw(query).execute(db);
    const moves = async (query: string) => {
      const before = await readContentVersion(db);
      await run(query);
      return (await readContentVersion(db)) - before;
    };
    expect(await readContentVersion(db)).toBeGreaterThan(0);
    expect(await moves(`insert into studio_settings (id, name) values (1, 'Nila')`)).toBe(1);
    expect(await moves(`update studio_settings set tagline = 'Light'`)).toBe(1);
    expect(
      await moves(`insert into assets (id, sha256, original_key, original_name, original_bytes, mime, width, height, placeholder)
        values (1, 'a1', 'o/1', 'a.jpg', 1, 'image/jpeg', 3, 2, '')`),
    ).toBe(1);
    expect(
      await moves(
        `insert into asset_variants (asset_id, format, width, height, key, bytes) values (1, 'webp', 3, 2, 'v/1', 1)`,
      ),
    ).toBe(1);
    expect(await moves(`insert into collections (id, slug, name, position) values (1, 'wedding', 'Wedding', 0)`)).toBe(
      1,
    );
    expect(await moves(`insert into shoots (id, collection_id, title) values (10, 1, 'A')`)).toBe(1);
    expect(await moves(`insert into photos (id, shoot_id, asset_id, position) values (100, 10, 1, 0)`)).toBe(1);
    expect(
      await moves(`insert into banner_slides (position, desktop_asset_id, mobile_asset_id) values (0, 1, 1)`),
    ).toBe(1);
    expect(await moves(`update shoots set status = 'published'`)).toBe(1);
    expect(await moves(`delete from banner_slides`)).toBe(1);
    expect(await moves(`delete from photos`)).toBe(1);
    // What no public page shows leaves it where it is.
    expect(
      await moves(
        `insert into inquiries (uid, message, created_at) values ('u1', 'Hello', '2026-11-24T10:00:00.000Z')`,
      ),
    ).toBe(0);
    expect(await moves(`insert into app_state (key, value) values ('x', 'y')`)).toBe(0);
    expect(await moves(`insert into admin_users (email, password_hash) values ('a@b.c', 'h')`)).toBe(0);

    const down = await newMigrator(db).migrateTo("0017-content-times");
    expect(down.error).toBeUndefined();
    const left = await sql<{ name: string }>`select name from sqlite_master where name like 'content_version%'`.execute(
      db,
    );
    expect(left.rows).toEqual([]);
    await run(`update shoots set title = 'B'`);
    const again = await newMigrator(db).migrateToLatest();
    expect(again.error).toBeUndefined();
    expect(await readContentVersion(db)).toBe(1);
  });
});
