// The production server on the demo studio (every page, shoot id and banner) with small
// photographs, for tests that meet it over HTTP: made, started, and removed again.
import fs from "node:fs";
import { importDemoIfEmpty } from "#domain/demo/import.server.ts";
import { diskMediaStorage } from "#domain/media/storage.server.ts";
import { type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { smallDemoPhotos } from "#fixtures/small-demo.ts";
import { makeTempDir, testDatabaseTarget } from "#fixtures/test-store.ts";
import { type Database, migrate, openDatabase } from "#platform/db/db.server.ts";

/** Wide enough for every public page's photographs, small enough to import in seconds. */
const DEMO_PHOTO_WIDTH_PX = 160;

export interface DemoServer {
  server: ServerProcess;
  /** The server's DATA_DIR: a test may open its database to change the content. */
  dataDir: string;
  /** Stops the server and removes its data and photos. */
  stop(): Promise<void>;
}

/**
 * Imports the demo studio into a fresh data directory, lets `prepare` add to its database (an
 * API token, say) before the server starts, and starts the server with default settings: what
 * `npm start` runs.
 */
export async function startDemoServer(
  prefix: string,
  prepare: (db: Database) => Promise<void> = async () => {},
): Promise<DemoServer> {
  const dataDir = makeTempDir(prefix);
  const photosDir = await smallDemoPhotos(DEMO_PHOTO_WIDTH_PX);
  const remove = () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(photosDir, { recursive: true, force: true });
  };
  let server: ServerProcess | undefined;
  try {
    const db = openDatabase(await testDatabaseTarget(dataDir));
    try {
      await migrate(db);
      await importDemoIfEmpty({ db, storage: diskMediaStorage(dataDir) }, () => {}, photosDir);
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
