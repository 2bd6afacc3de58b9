// Migration 0014: the outbox keeps every inquiry mail through the rebuild, takes gallery mails,
// and down gives back the old table without them.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { newMigrator } from "../db.server.ts";

let store: TestStore | undefined;
afterEach(async () => {
  await store?.cleanup();
  store = undefined;
});

describe("migration 0014: gallery mails in the outbox", () => {
  it("keeps inquiries' mails, adds gallery mails, and undoes itself", async () => {
    store = await createTestStore({ migrated: false });
    const db = store.db;
    const before = await newMigrator(db).migrateTo("0013-client-galleries");
    if (before.error) throw before.error;
    const run = (query: string) => sql.raw(query).execute(db);
    await run(
      `insert into inquiries (id, uid, message, created_at) values (5, 'u5', 'Hello', '2026-03-01T10:00:00.000Z')`,
    );
    await run(`insert into inquiry_mails (id, inquiry_id, kind, attempts, next_attempt_at, last_error)
      values (9, 5, 'studio', 2, '2026-03-01T10:00:00.000Z', 'busy')`);
    const mailsBefore = (await sql`select * from inquiry_mails`.execute(db)).rows as Record<string, unknown>[];

    const up = await newMigrator(db).migrateTo("0014-gallery-mails");
    expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual([["0014-gallery-mails", "Success"]]);
    expect((await sql`select * from inquiry_mails`.execute(db)).rows).toEqual(
      mailsBefore.map((r) => ({ ...r, gallery_id: null, list_id: null })),
    );
    // Each inquiry has one mail of a kind still.
    await expect(
      run(
        `insert into inquiry_mails (inquiry_id, kind, next_attempt_at) values (5, 'studio', '2026-03-01T10:00:00.000Z')`,
      ),
    ).rejects.toThrow(/UNIQUE/);
    await run(`insert into client_galleries (id, title, token) values (1, 'G', 't')`);
    await run(
      `insert into inquiry_mails (gallery_id, kind, next_attempt_at) values (1, 'gallery-ready', '2026-03-01T10:00:00.000Z')`,
    );
    await run(
      `insert into inquiry_mails (gallery_id, kind, next_attempt_at) values (1, 'gallery-ready', '2026-03-02T10:00:00.000Z')`,
    );
    await expect(
      run(`insert into inquiry_mails (gallery_id, kind, next_attempt_at) values (1, 'gallery-ready', 'yesterday')`),
    ).rejects.toThrow(/CHECK/);
    // A gallery's mails go with it.
    await run(`delete from client_galleries where id = 1`);
    expect((await sql`select count(*) as n from inquiry_mails`.execute(db)).rows).toEqual([{ n: 1 }]);
    const due = await sql`select name from sqlite_master where type = 'index' and name = 'inquiry_mails_due'`.execute(
      db,
    );
    expect(due.rows).toHaveLength(1);

    const down = await newMigrator(db).migrateDown();
    expect(down.error).toBeUndefined();
    expect((await sql`select * from inquiry_mails`.execute(db)).rows).toEqual(mailsBefore);
  });
});
