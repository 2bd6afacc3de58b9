// The production server on the demo studio (every page, shoot id and banner) with small
// photographs, for tests that meet it over HTTP: made, started, and removed again.
import fs from "node:fs";
import path from "node:path";
import { smallDemoDataDir } from "#fixtures/demo-data-dir.ts";
import { type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { makeTempDir, testDatabaseTarget } from "#fixtures/test-store.ts";
import { copyDatabase } from "#platform/db/copy-database.server.ts";
import { DATABASE_FILE_NAME, type Database, openDatabase } from "#platform/db/db.server.ts";
import { isPostgresTarget } from "#platform/db/postgres-dialect.server.ts";

/** Wide enough for every public page's photographs, small enough to import in seconds. */
const DEMO_PHOTO_WIDTH_PX = 160;

export interface DemoServer {
  server: ServerProcess;
  /** The server's DATA_DIR: a test may open its database to change the content. */
  dataDir: string;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
}

/**
 * Puts the demo studio into a fresh data directory (a copy of its template, made once: the import
 * itself is tested in domain/demo/import.server.test.ts), lets `prepare` add to its database (an
 * API token, say) before the server starts, and starts the server with default settings: what
 * `npm start` runs. On a run on PostgreSQL the template's rows are copied into the test's own
 * database, as `npm run migrate-to-postgres` copies a studio's.
 */
export async function startDemoServer(
  prefix: string,
  prepare: (db: Database) => Promise<void> = async () => {},
): Promise<DemoServer> {
  const dataDir = makeTempDir(prefix);
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let server: ServerProcess | undefined;
  try {
    await smallDemoDataDir(dataDir, DEMO_PHOTO_WIDTH_PX);
    const target = await testDatabaseTarget(dataDir);
    const db = openDatabase(target);
    try {
      if (isPostgresTarget(target)) await copyFromSqlite(path.join(dataDir, DATABASE_FILE_NAME), db);
      await prepare(db);
    } finally {
      await db.destroy();
    }
    server = await startServer(dataDir);
    await server.waitUntilReady();
  } catch (error) {
    await server?.stop();
    remove();
    throw error;
  }
  const started = server;
  return {
    server: started,
    dataDir,
    async stop() {
      await started.stop();
      remove();
    },
  };
}

/** Copies the studio in the SQLite file into `to` (an empty migrated database), and removes the file. */
async function copyFromSqlite(file: string, to: Database): Promise<void> {
  const from = openDatabase(file);
  try {
    await copyDatabase(from, to);
  } finally {
    await from.destroy();
  }
  fs.rmSync(file);
}
