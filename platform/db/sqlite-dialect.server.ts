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

/**
 * Prepared statements kept per connection. Kysely's driver prepares every query it runs, and
 * preparing costs more than running a small query: the public page cache's one read per request
 * (the content version) was mostly that. Our queries are built from a fixed set of shapes, so a
 * small cache holds them all; an SQL text past it replaces the oldest one.
 */
export const STATEMENT_CACHE_SIZE = 500;

function wrap(database: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close() {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      if (kept) return kept;
      const statement = database.prepare(sql);
      const prepared: SqliteStatement = {
        reader: statement.columns().length > 0,
        all: (values) => statement.all(...params(values)),
        run: (values) => statement.run(...params(values)),
        iterate: (values) => statement.iterate(...params(values)),
      };
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      statements.set(sql, prepared);
      return prepared;
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
