import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { migrate, openDatabase } from "./db.server.ts";
import { MIGRATIONS } from "./migrations/index.server.ts";

let store: TestStore | undefined;
afterEach(async () => {
  await store?.cleanup();
  store = undefined;
});

async function tableNames(db: TestStore["db"]): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
  return rows.map((r) => r.name);
}

describe("migrations", () => {
  it("create the whole schema in an empty database, in WAL mode", async () => {
    store = await createTestStore({ migrated: false });
    const applied = await migrate(store.db);
    // Every migration, in order (schema.server.test.ts checks the tables they make, column by column).
    expect(applied).toEqual(Object.keys(MIGRATIONS));
    const tables = await tableNames(store.db);
    for (const table of [
      "assets",
      "asset_variants",
      "studio_settings",
      "collections",
      "shoots",
      "photos",
      "banner_slides",
      "app_state",
      "api_tokens",
      "inquiries",
      "mail_outbox",
      "admin_users",
      "admin_sessions",
      "jobs",
    ]) {
      expect(tables).toContain(table);
    }
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
    expect(rows[0]?.journal_mode).toBe("wal");
  });

  it("apply nothing to an up-to-date database and keep its data", async () => {
    store = await createTestStore();
    await store.db.insertInto("app_state").values({ key: "marker", value: "kept" }).execute();
    await store.db.destroy();

    const reopened = openDatabase(store.dbFile);
    store.db = reopened;
    expect(await migrate(reopened)).toEqual([]);
    const row = await reopened.selectFrom("app_state").select("value").where("key", "=", "marker").executeTakeFirst();
    expect(row?.value).toBe("kept");
  });

  it("enforce the schema's rules", async () => {
    store = await createTestStore();
    await store.db.insertInto("collections").values({ slug: "wedding", name: "Wedding", position: 0 }).execute();
    await expect(
      store.db.insertInto("collections").values({ slug: "wedding", name: "Again", position: 1 }).execute(),
    ).rejects.toThrow(/UNIQUE/);
    await expect(
      store.db
        .insertInto("shoots")
        .values({ id: 1, collection_id: 999, title: "Orphan", status: "published" })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
    await expect(
      store.db
        .insertInto("shoots")
        .values({ id: 2, collection_id: 1, title: "Odd", status: "archived" as "draft" })
        .execute(),
    ).rejects.toThrow(/CHECK/);
  });
});

describe("transactions", () => {
  it("that read and then write are not refused because another process wrote in between", async () => {
    store = await createTestStore();
    // Another process (the admin CLI, a second server): its own connection, not waiting at all.
    const other = new DatabaseSync(store.dbFile, { timeout: 0 });
    let otherWrite = "";
    try {
      await store.db.transaction().execute(async (trx) => {
        await trx.selectFrom("app_state").select("key").execute();
        try {
          other.exec("insert into app_state (key, value) values ('other', 'x')");
          otherWrite = "committed";
        } catch (error) {
          otherWrite = (error as Error).message;
        }
        await trx.insertInto("app_state").values({ key: "ours", value: "y" }).execute();
      });
    } finally {
      other.close();
    }
    // Our transaction holds the write lock from its start, so the other writer is the one told to
    // wait (with a busy timeout it would have waited); with a deferred BEGIN ours would have failed.
    expect(otherWrite).toMatch(/locked/);
    const keys = await store.db.selectFrom("app_state").select("key").execute();
    expect(keys.map((k) => k.key)).toContain("ours");
  });
});
