// Adapts Node's built-in `node:sqlite` to Kysely's SQLite dialect, so we need no native
// module. Kysely's driver serialises access to this one connection.
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";

function params(values: ReadonlyArray<unknown>): SQLInputValue[] {
  // node:sqlite binds booleans as errors; SQLite has no boolean type, so store 0/1.
  return values.map((v) => (typeof v === "boolean" ? Number(v) : v)) as SQLInputValue[];
}

function wrap(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const statement = database.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (values) => statement.all(...params(values)),
        run: (values) => statement.run(...params(values)),
        iterate: (values) => statement.iterate(...params(values)),
      };
    },
  };
}

export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** Opens (creating if needed) a SQLite file tuned for a small web server. */
export function openSqlite(file: string): DatabaseSync {
  const database = new DatabaseSync(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  // WAL lets readers proceed while the importer or the admin writes.
  database.exec("PRAGMA journal_mode = WAL");
  database.exec("PRAGMA synchronous = NORMAL");
  database.exec("PRAGMA foreign_keys = ON");
  return database;
}

export function createDialect(database: DatabaseSync): SqliteDialect {
  return new SqliteDialect({ database: wrap(database) });
}
