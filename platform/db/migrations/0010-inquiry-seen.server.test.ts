// Migration 0010: inquiries already in the inbox count as read when they arrived; new ones are
// unread until the inbox shows them.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { newMigrator } from "../db.server.ts";

let store: TestStore | undefined;
afterEach(async () => {
  await store?.cleanup();
  store = undefined;
});

describe("migration 0010: inquiries seen", () => {
  it("marks the inquiries already there seen when they arrived, and leaves later ones unread", async () => {
    store = await createTestStore({ migrated: false });
    const { error } = await newMigrator(store.db).migrateTo("0009-studio-time-zone");
    if (error) throw error;
    await sql`insert into inquiries (uid, message, created_at) values ('old', 'Before', '2026-03-01T10:00:00.000Z')`.execute(
      store.db,
    );
    const up = await newMigrator(store.db).migrateTo("0010-inquiry-seen");
    expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual([["0010-inquiry-seen", "Success"]]);
    await sql`insert into inquiries (uid, message, created_at) values ('new', 'After', '2026-03-02T10:00:00.000Z')`.execute(
      store.db,
    );
    const rows = await store.db.selectFrom("inquiries").select(["uid", "seen_at"]).orderBy("id").execute();
    expect(rows).toEqual([
      { uid: "old", seen_at: "2026-03-01T10:00:00.000Z" },
      { uid: "new", seen_at: null },
    ]);
    await expect(sql`update inquiries set seen_at = 'yesterday' where uid = 'new'`.execute(store.db)).rejects.toThrow(
      /CHECK constraint failed/,
    );
  });
});
