// Migration 0011: existing shoots keep their hand-made order and existing assets have no capture
// time yet; a capture time is a real wall-clock date, with the camera's offset or without.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { newMigrator } from "../db.server.ts";

let store: TestStore | undefined;
afterEach(async () => {
  await store?.cleanup();
  store = undefined;
});

describe("migration 0011: capture time and photo order", () => {
  it("orders existing shoots by hand, leaves capture times empty, and takes only real wall-clock dates", async () => {
    store = await createTestStore({ migrated: false });
    const { db } = store;
    const before = await newMigrator(db).migrateTo("0010-inquiry-seen");
    if (before.error) throw before.error;
    await sql`insert into collections (slug, name, position) values ('weddings', 'Weddings', 0)`.execute(db);
    await sql`insert into shoots (id, collection_id, title) values (1, 1, 'Before')`.execute(db);
    await sql`insert into assets (sha256, original_key, original_name, original_bytes, mime, width, height, placeholder)
      values ('a', 'a/a.jpeg', 'IMG_1.jpg', 1, 'image/jpeg', 4, 3, '')`.execute(db);

    const up = await newMigrator(db).migrateTo("0011-capture-time");
    expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual([["0011-capture-time", "Success"]]);
    expect(await db.selectFrom("shoots").select("photo_order").execute()).toEqual([{ photo_order: "manual" }]);
    expect(await db.selectFrom("assets").select("captured_at").execute()).toEqual([{ captured_at: null }]);

    const setCaptured = (value: string | null) =>
      db.updateTable("assets").set({ captured_at: value }).where("sha256", "=", "a").execute();
    for (const good of ["2024-05-04T16:20:11", "2024-05-04T16:20:11+05:30", "2024-02-29T23:59:59-03:00", null]) {
      await expect(setCaptured(good), String(good)).resolves.toBeDefined();
    }
    for (const wrong of [
      "2024:05:04 16:20:11", // EXIF's own form
      "2024-05-04 16:20:11",
      "2024-05-04T16:20:11Z",
      "2024-05-04T16:20:11.000",
      "2024-05-04T16:20:11+0530",
      "2023-02-29T12:00:00", // no such day
      "2024-05-04T24:00:00",
      "0000-00-00T00:00:00",
      "",
    ]) {
      await expect(setCaptured(wrong), wrong).rejects.toThrow(/CHECK constraint failed/);
    }
    await expect(sql`update shoots set photo_order = 'random'`.execute(db)).rejects.toThrow(/CHECK constraint failed/);

    const down = await newMigrator(db).migrateTo("0010-inquiry-seen");
    if (down.error) throw down.error;
    const columns = async (table: string) =>
      (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((r) => r.name);
    expect(await columns("assets")).not.toContain("captured_at");
    expect(await columns("shoots")).not.toContain("photo_order");
  });
});
