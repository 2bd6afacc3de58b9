// Adapts Node's built-in `node:sqlite` to Kysely's SQLite dialect, so we need no native
// module. Kysely's driver serialises access to this one connection.
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from "kysely";

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

/**
 * Kysely begins a transaction with a plain (deferred) BEGIN, which takes no lock until the first
 * write. In WAL mode a deferred transaction that has read and then writes, after another process
 * (the admin CLI, a second server, a test's setup) committed in between, fails at once with
 * SQLITE_BUSY: the busy timeout is not consulted, because waiting could not help its stale
 * snapshot. BEGIN IMMEDIATE takes the write lock first, so the transaction waits its turn instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export function createDialect(database: DatabaseSync): SqliteDialect {
  return new ImmediateSqliteDialect({ database: wrap(database) });
}
