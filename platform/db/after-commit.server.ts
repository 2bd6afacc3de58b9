// Something to do once a transaction's writes can be seen by others: telling a background worker
// that a transaction queued work for it (ADR 038). Told before the commit, a worker on another
// connection (PostgreSQL's pool) looks, finds nothing yet and sleeps until its next poll; told
// after, it finds the work. Kysely has no commit hook, so openDatabase wraps the dialect's driver
// (withCommitHooks): what is registered during a transaction runs once its COMMIT has returned,
// and is dropped at its ROLLBACK. Only for effects a spurious run does no harm with (a wake-up):
// a rollback to a savepoint does not take back what was registered after it.
import type { DatabaseConnection, Dialect, Driver, Kysely, QueryCompiler, TransactionSettings } from "kysely";
import { logger } from "../logger.server.ts";

type Effect = () => void;

/** The effects waiting for the transaction open on a connection; a connection has a list while it is in one. */
const waiting = new WeakMap<DatabaseConnection, Effect[]>();

function run(effects: Effect[] | undefined): void {
  for (const effect of effects ?? []) {
    try {
      effect();
    } catch (error) {
      logger.warn({ err: error }, "an effect after a commit failed");
    }
  }
}

/** A driver that runs a transaction's effects after its commit (see afterCommit). */
class CommitHookDriver implements Driver {
  readonly #driver: Driver;

  constructor(driver: Driver) {
    this.#driver = driver;
  }

  init(): Promise<void> {
    return this.#driver.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.#driver.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.#driver.beginTransaction(connection, settings);
    waiting.set(connection, []);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#driver.commitTransaction(connection);
    const effects = waiting.get(connection);
    waiting.delete(connection);
    run(effects);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    waiting.delete(connection);
    await this.#driver.rollbackTransaction(connection);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    if (!this.#driver.savepoint) throw new Error("this driver has no savepoints");
    await this.#driver.savepoint(connection, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    if (!this.#driver.rollbackToSavepoint) throw new Error("this driver has no savepoints");
    await this.#driver.rollbackToSavepoint(connection, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    if (!this.#driver.releaseSavepoint) throw new Error("this driver has no savepoints");
    await this.#driver.releaseSavepoint(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#driver.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.#driver.destroy();
  }
}

/** `dialect`, its transactions able to run effects after their commit. */
export function withCommitHooks(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new CommitHookDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/**
 * Runs `effect` once what `db` wrote is committed: now outside a transaction, after the COMMIT
 * inside one, never if it rolls back. A database opened without withCommitHooks runs it now.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database, whatever its tables.
export async function afterCommit(db: Kysely<any>, effect: Effect): Promise<void> {
  if (!db.isTransaction) return run([effect]);
  // A transaction's executor provides the one connection it runs on.
  const connection = await db.getExecutor().provideConnection(async (c) => c);
  const effects = waiting.get(connection);
  if (effects) effects.push(effect);
  else run([effect]);
}
