// Migration 0007 on a database from before it: rows holding time in each of the three old forms
// (SQLite's CURRENT_TIMESTAMP text, ISO strings with and without milliseconds, integer
// milliseconds) read back as the same instants in the one stored form, and nothing else changes.
import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { newMigrator } from "../db.server.ts";

const STORED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let store: TestStore | undefined;
afterEach(async () => {
  await store?.cleanup();
  store = undefined;
});

async function at0006(): Promise<TestStore> {
  const s = await createTestStore({ migrated: false });
  const { error } = await newMigrator(s.db).migrateTo("0006-settings-media");
  if (error) throw error;
  return s;
}

/** Up to 0007 and no further: what later migrations do is their own tests' business. */
async function migrate(db: TestStore["db"]): Promise<string[]> {
  const { error, results = [] } = await newMigrator(db).migrateTo("0007-stored-time");
  if (error) throw error;
  return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
}

const run = (db: Kysely<unknown>, statement: string) => sql.raw(statement).execute(db);
async function all<T = Record<string, unknown>>(db: Kysely<unknown>, query: string): Promise<T[]> {
  return (await sql.raw<T>(query).execute(db)).rows;
}

/** A studio as 0006's code left it: each time column in the forms it really held. */
async function fillOldDatabase(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `insert into assets (id, sha256, original_key, original_name, original_bytes, mime, width, height, placeholder)
       values (1, 'a1', 'o/1', 'one.jpg', 10, 'image/jpeg', 4, 3, '')`,
    `insert into assets (id, sha256, original_key, original_name, original_bytes, mime, width, height, placeholder, created_at)
       values (2, 'a2', 'o/2', 'two.jpg', 10, 'image/jpeg', 4, 3, '', '2026-11-23 21:11:02'),
              (3, 'a3', 'o/3', 'three.jpg', 10, 'image/jpeg', 4, 3, '', '2026-11-23T21:11:02Z'),
              (4, 'a4', 'o/4', 'four.jpg', 10, 'image/jpeg', 4, 3, '', '2026-11-23T21:11:02.123Z'),
              (9, 'a9', 'o/9', 'nine.jpg', 10, 'image/jpeg', 4, 3, '', '2026-01-01 00:00:00')`,
    // The highest id deleted: AUTOINCREMENT must not hand 9 out again.
    "delete from assets where id = 9",
    `insert into asset_variants (asset_id, format, width, height, key, bytes) values (1, 'jpeg', 4, 3, 'v/1.jpg', 5)`,
    `insert into studio_settings (id, name, logo_asset_id, updated_at) values (1, 'Nila Studio', 2, '2026-05-01T08:30:00.250Z')`,
    `insert into collections (id, slug, name, position, cover_asset_id) values (1, 'wedding', 'Wedding', 0, 1)`,
    // shoots.updated_at: the default's form on one row, the code's ISO form on another.
    `insert into shoots (id, collection_id, title, status) values (1, 1, 'Fresh', 'published')`,
    `insert into shoots (id, collection_id, title, status, created_at, updated_at, deleted_at)
       values (2, 1, 'Edited', 'draft', '2025-12-31 23:59:59', '2026-01-02T03:04:05.678Z', '2026-02-01T00:00:00.000Z')`,
    `insert into photos (id, shoot_id, asset_id, position) values (1, 1, 1, 0)`,
    `insert into photos (id, shoot_id, asset_id, position, alt, created_at, deleted_at)
       values (2, 1, 2, 1, 'dog', '2026-03-04 05:06:07', '2026-03-05T06:07:08.009Z'), (3, 2, 3, 0, '', '2026-03-04 05:06:07', null)`,
    `insert into banner_slides (id, position, desktop_asset_id, mobile_asset_id, alt) values (1, 0, 1, 2, 'slide')`,
    `insert into app_state (key, value) values ('demo', 'imported')`,
    `insert into app_state (key, value, updated_at) values ('other', 'x', '2026-06-07T08:09:10.111Z')`,
    `insert into api_tokens (id, name, token_hash, hint) values (1, 'app', 'h1', 'abcd')`,
    `insert into api_tokens (id, name, token_hash, hint, created_at, last_used_at, revoked_at)
       values (2, 'old', 'h2', 'efgh', '2026-01-01 10:00:00', '2026-01-05T10:00:00.000Z', '2026-01-06T11:12:13.141Z')`,
    `insert into inquiries (id, uid, message, created_at, handled_at)
       values (1, 'u1', 'Hello', '2026-04-01T09:00:00.000Z', null), (2, 'u2', 'Again', '2026-04-02T09:00:00.500Z', '2026-04-03T10:00:00.000Z')`,
    `insert into inquiry_mails (id, inquiry_id, kind, attempts, next_attempt_at, claimed_until, delivered_at)
       values (1, 1, 'studio', 2, '2026-04-01T09:10:00.000Z', '2026-04-01T09:12:00.000Z', null),
              (2, 2, 'studio', 1, '2026-04-02T09:00:00.500Z', null, '2026-04-02T09:00:01.000Z')`,
    `insert into admin_users (id, email, password_hash) values (1, 'owner@example.com', 'x')`,
    `insert into admin_users (id, email, password_hash, created_at, updated_at)
       values (2, 'second@example.com', 'y', '2026-01-01 00:00:00', '2026-02-02T02:02:02.202Z')`,
    `insert into admin_sessions (id_hash, user_id, created_at_ms, last_seen_at_ms, expires_at_ms, user_agent)
       values ('s1', 1, 1700000000000, 1700000000999, 1700259200999, 'a'), ('s2', 2, 1, 1, 1, 'expired')`,
    `insert into photo_jobs (id, upload_id, shoot_id, batch_id, batch_index, file_name, sha256, position, state, photo_id, created_at_ms, updated_at_ms)
       values (1, 'up1', 1, 'b1', 0, 'one.jpg', 'a1', 0, 'done', 1, 1763932262123, 1763932263004),
              (2, 'up2', 2, 'b1', 1, 'two.jpg', 'a2', 1, 'queued', null, 1763932262123, 1763932262123)`,
  ]) {
    await run(db, statement);
  }
}

interface TimeValue {
  table: string;
  rowid: number;
  /** Its name after the migration (the *_ms columns lose the suffix). */
  column: string;
  old: string | number;
  /** The instant it meant, in milliseconds since 1970. */
  ms: number;
}

/** The instant an old value meant: SQLite's text is UTC without T and Z. */
function instantOf(value: string | number): number {
  if (typeof value === "number") return value;
  return Date.parse(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(value) ? `${value.replace(" ", "T")}Z` : value);
}

async function userTables(db: Kysely<unknown>): Promise<string[]> {
  const rows = await all<{ name: string }>(
    db,
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name",
  );
  return rows.map((r) => r.name);
}

const isTime = (column: string) => /(_at|_at_ms|^claimed_until)$/.test(column);

async function timeValues(db: Kysely<unknown>): Promise<TimeValue[]> {
  const values: TimeValue[] = [];
  for (const table of await userTables(db)) {
    const columns = (await all<{ name: string }>(db, `select name from pragma_table_info('${table}')`))
      .map((c) => c.name)
      .filter(isTime);
    for (const row of await all(db, `select rowid as rowid, * from "${table}"`)) {
      for (const column of columns) {
        const old = row[column] as string | number | null;
        if (old === null) continue;
        values.push({ table, rowid: Number(row.rowid), column: column.replace(/_ms$/, ""), old, ms: instantOf(old) });
      }
    }
  }
  return values;
}

/** Everything but the time columns, table by table, in rowid order. */
async function otherValues(db: Kysely<unknown>): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of await userTables(db)) {
    const rows = await all(db, `select rowid as rowid, * from "${table}" order by rowid`);
    result[table] = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !isTime(k))));
  }
  return result;
}

async function structure(db: Kysely<unknown>) {
  const result: Record<string, unknown> = {};
  for (const table of await userTables(db)) {
    result[table] = {
      indexes: await all(
        db,
        `select name, sql from sqlite_master where type = 'index' and tbl_name = '${table}' order by name`,
      ),
      foreignKeys: await all(
        db,
        `select "table", "from", "to", on_update, on_delete from pragma_foreign_key_list('${table}') order by "from"`,
      ),
      columns: (
        await all<{ name: string; notnull: number; pk: number }>(db, `select * from pragma_table_info('${table}')`)
      )
        .filter((c) => !isTime(c.name))
        .map((c) => JSON.stringify(c)),
    };
  }
  return result;
}

describe("migration 0007: time stored one way", () => {
  it("converts every time column of an old database to the same instant in the one form", async () => {
    store = await at0006();
    const db = store.db as unknown as Kysely<unknown>;
    await fillOldDatabase(db);
    const before = await timeValues(db);
    // Every old form is there: SQLite's text, ISO without and with milliseconds, integers.
    expect(before.some((v) => typeof v.old === "string" && v.old.includes(" "))).toBe(true);
    expect(before.some((v) => typeof v.old === "string" && /T\d\d:\d\d:\d\dZ$/.test(v.old))).toBe(true);
    expect(before.some((v) => typeof v.old === "string" && /\.\d{3}Z$/.test(v.old))).toBe(true);
    expect(before.some((v) => typeof v.old === "number")).toBe(true);
    const othersBefore = await otherValues(db);
    const structureBefore = await structure(db);

    expect(await migrate(store.db)).toEqual(["0007-stored-time"]);

    const after = await timeValues(db);
    expect(after.map((v) => `${v.table}.${v.column}#${v.rowid}`).sort()).toEqual(
      before.map((v) => `${v.table}.${v.column}#${v.rowid}`).sort(),
    );
    for (const old of before) {
      const now = after.find((v) => v.table === old.table && v.rowid === old.rowid && v.column === old.column);
      const where = `${old.table}.${old.column} of row ${old.rowid} (was ${old.old})`;
      expect(now?.old, where).toMatch(STORED);
      expect(Date.parse(String(now?.old)), where).toBe(old.ms);
    }
    // A few by hand, so that the test does not share a mistake with the code it checks.
    const one = async (query: string) => Object.values((await all(db, query))[0] ?? {})[0];
    expect(await one("select created_at from assets where id = 2")).toBe("2026-11-23T21:11:02.000Z");
    expect(await one("select created_at from assets where id = 3")).toBe("2026-11-23T21:11:02.000Z");
    expect(await one("select created_at from assets where id = 4")).toBe("2026-11-23T21:11:02.123Z");
    expect(await one("select last_seen_at from admin_sessions where id_hash = 's1'")).toBe("2023-11-14T22:13:20.999Z");
    expect(await one("select expires_at from admin_sessions where id_hash = 's2'")).toBe("1970-01-01T00:00:00.001Z");
    expect(await one("select updated_at from photo_jobs where id = 1")).toBe("2025-11-23T21:11:03.004Z");

    // Nothing else changed: other values, columns, indexes, foreign keys.
    expect(await otherValues(db)).toEqual(othersBefore);
    expect(await structure(db)).toEqual(structureBefore);
  });

  it("keeps the rules: foreign keys enforced and cascading, ids never reused, defaults in the new form", async () => {
    store = await at0006();
    const db = store.db as unknown as Kysely<unknown>;
    await fillOldDatabase(db);
    await migrate(store.db);

    expect(await all(db, "pragma foreign_keys")).toEqual([{ foreign_keys: 1 }]);
    expect(await all(db, "pragma foreign_key_check")).toEqual([]);
    expect(await all(db, "pragma integrity_check")).toEqual([{ integrity_check: "ok" }]);
    await expect(run(db, "insert into photos (shoot_id, asset_id, position) values (99, 1, 5)")).rejects.toThrow(
      /FOREIGN KEY/,
    );
    await run(db, "delete from shoots where id = 2");
    expect(await all(db, "select id from photos where shoot_id = 2")).toEqual([]);
    expect(await all(db, "select id from photo_jobs where shoot_id = 2")).toEqual([]);

    const asset = await store.db
      .insertInto("assets")
      .values({
        sha256: "a10",
        original_key: "o/10",
        original_name: "ten.jpg",
        original_bytes: 1,
        mime: "image/jpeg",
        width: 1,
        height: 1,
        placeholder: "",
      })
      .returning(["id", "created_at"])
      .executeTakeFirstOrThrow();
    expect(asset.id).toBe(10);
    expect(asset.created_at).toMatch(STORED);
    expect(Math.abs(Date.parse(asset.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it("refuses a value that is no time, naming it, and leaves the database as it was", async () => {
    store = await at0006();
    const db = store.db as unknown as Kysely<unknown>;
    await fillOldDatabase(db);
    await run(db, "update shoots set updated_at = 'last tuesday' where id = 2");
    await expect(migrate(store.db)).rejects.toThrow(/shoots\.updated_at of row 2 holds "last tuesday"/);
    expect(await all(db, "select name from kysely_migration where name = '0007-stored-time'")).toEqual([]);
    expect(await all(db, "select created_at_ms from admin_sessions where id_hash = 's2'")).toEqual([
      { created_at_ms: 1 },
    ]);
    expect(await all(db, "pragma foreign_keys")).toEqual([{ foreign_keys: 1 }]);
  });

  it("goes back down to 0006's columns with the same instants, and up again", async () => {
    store = await at0006();
    const db = store.db as unknown as Kysely<unknown>;
    await fillOldDatabase(db);
    const sessionsBefore = await all(db, "select * from admin_sessions order by id_hash");
    await migrate(store.db);
    const { error } = await newMigrator(store.db).migrateDown();
    expect(error).toBeUndefined();
    expect(await all(db, "select * from admin_sessions order by id_hash")).toEqual(sessionsBefore);
    expect(await migrate(store.db)).toEqual(["0007-stored-time"]);
    expect(await all(db, "select expires_at from admin_sessions where id_hash = 's2'")).toEqual([
      { expires_at: "1970-01-01T00:00:00.001Z" },
    ]);
  });
});
