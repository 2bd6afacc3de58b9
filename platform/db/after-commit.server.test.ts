// Effects after a commit (a queued job waking its worker), on both engines' drivers: at once
// outside a transaction, only once the COMMIT has returned inside one, never after a ROLLBACK.
// PostgreSQL is a cluster of this file's own on SQLite's run, as the parity test's is.
import fs from "node:fs";
import path from "node:path";
import { Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ENGINES, engineDatabase } from "#fixtures/engine-database.ts";
import { makeTempDir } from "#fixtures/test-store.ts";
import { afterCommit } from "./after-commit.server.ts";
import { DATABASE_FILE_NAME, type Database, inTransaction, migrate } from "./db.server.ts";
import { createDialect, openSqlite } from "./sqlite-dialect.server.ts";

describe.each(ENGINES)("after a commit, on %s", (engine) => {
  const own = engineDatabase(engine, migrate);

  /** Writes a row in `db` (a transaction or not) and registers an effect that records whether the row was visible to another reader then. */
  async function writeAndWatch(trx: Database, key: string, seen: (string | boolean)[]) {
    await trx.insertInto("app_state").values({ key, value: "" }).execute();
    await afterCommit(trx, () => {
      seen.push("effect");
      // What a woken worker would find: read on the database, not in the transaction.
      void own.db
        .selectFrom("app_state")
        .select("key")
        .where("key", "=", key)
        .executeTakeFirst()
        .then((row) => seen.push(row !== undefined));
    });
  }

  it("runs at once outside a transaction", async () => {
    const seen: (string | boolean)[] = [];
    await writeAndWatch(own.db, "outside", seen);
    expect(seen).toEqual(["effect"]);
  });

  it("runs once the COMMIT has returned, when the write is there for others to see", async () => {
    const seen: (string | boolean)[] = [];
    await own.db.transaction().execute(async (trx) => {
      await writeAndWatch(trx, "committed", seen);
      await sql`select 1`.execute(trx);
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(["effect"]);
    await expect.poll(() => seen).toEqual(["effect", true]);
  });

  it("runs for a step of a larger transaction only when the larger one commits", async () => {
    const seen: (string | boolean)[] = [];
    await inTransaction(own.db, async (outer) => {
      await inTransaction(outer, (inner) => writeAndWatch(inner, "nested", seen));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(["effect"]);
  });

  it("never runs when the transaction rolls back", async () => {
    const seen: (string | boolean)[] = [];
    await expect(
      own.db.transaction().execute(async (trx) => {
        await writeAndWatch(trx, "rolled-back", seen);
        throw new Error("changed its mind");
      }),
    ).rejects.toThrow("changed its mind");
    // The next transaction on the same connection does not inherit it either.
    await own.db.transaction().execute((trx) => sql`select 1`.execute(trx));
    expect(seen).toEqual([]);
  });
});

describe("a database opened without the hooks", () => {
  it("runs the effect at once, the best it can do", async () => {
    const dir = makeTempDir();
    const plain = new Kysely<unknown>({ dialect: createDialect(openSqlite(path.join(dir, DATABASE_FILE_NAME))) });
    try {
      const seen: string[] = [];
      await plain.transaction().execute(async (trx) => {
        await afterCommit(trx, () => seen.push("effect"));
        expect(seen).toEqual(["effect"]);
      });
    } finally {
      await plain.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
