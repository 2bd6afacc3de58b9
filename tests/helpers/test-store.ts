// A real database and media folders in a fresh temporary DATA_DIR, migrated, per test: a SQLite
// file in it, or on a run on PostgreSQL (`npm run test:postgres`) a database of its own on the
// run's cluster (tests/helpers/postgres.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { diskMediaStorage } from "#domain/media/storage.server.ts";
import { DATABASE_FILE_NAME, type Database, migrate, openDatabase } from "#platform/db/db.server.ts";
import { isPostgresTarget } from "#platform/db/postgres-dialect.server.ts";
import { createTestPostgresDatabase, onCluster, testPostgresUrl } from "./postgres.ts";

export const FIXTURES_DIR = path.resolve(import.meta.dirname, "../fixtures");

export interface TestStore {
  dataDir: string;
  /** The database: its SQLite file, or its PostgreSQL URL (a server a test starts is given it). */
  dbFile: string;
  db: Database;
  storage: ReturnType<typeof diskMediaStorage>;
  /** Closes the database and removes the directory. */
  cleanup(): Promise<void>;
}

/**
 * `count` asset rows (no bytes on disk) named IMG_{from}.jpg onward, for tests of what is done
 * with photos rather than of their pixels; returns their ids in order.
 */
export async function insertAssets(db: Database, count: number, from = 1): Promise<number[]> {
  const rows = await db
    .insertInto("assets")
    .values(
      Array.from({ length: count }, (_, i) => ({
        sha256: (from + i).toString(16).padStart(64, "0"),
        original_key: `o/${from + i}.jpeg`,
        original_name: `IMG_${from + i}.jpg`,
        original_bytes: 1,
        mime: "image/jpeg",
        width: 3,
        height: 2,
        placeholder: "",
      })),
    )
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

export function makeTempDir(prefix = "studio-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

const databaseOfDataDir = new Map<string, Promise<string>>();

/**
 * The database that goes with a test's DATA_DIR, the same for the test and for any server it
 * starts there (server-process.ts passes it as DATABASE_URL): the SQLite file in it, or on a
 * run on PostgreSQL a new database, copied from the run's migrated template or empty.
 */
export function testDatabaseTarget(dataDir: string, { migrated = true } = {}): Promise<string> {
  const cluster = testPostgresUrl();
  if (!cluster) return Promise.resolve(path.join(dataDir, DATABASE_FILE_NAME));
  let target = databaseOfDataDir.get(dataDir);
  if (!target) {
    target = createTestPostgresDatabase(cluster, { migrated });
    databaseOfDataDir.set(dataDir, target);
  }
  return target;
}

/** Drops a test's PostgreSQL database (closing what is still connected to it); nothing for SQLite. */
export async function dropTestDatabase(target: string): Promise<void> {
  const cluster = testPostgresUrl();
  if (!cluster || !isPostgresTarget(target)) return;
  const name = new URL(target).pathname.slice(1);
  await onCluster(cluster, `drop database if exists "${name}" with (force)`);
}

export async function createTestStore({ migrated = true } = {}): Promise<TestStore> {
  const dataDir = makeTempDir();
  const dbFile = await testDatabaseTarget(dataDir, { migrated });
  const db = openDatabase(dbFile);
  if (migrated) await migrate(db);
  return {
    dataDir,
    dbFile,
    db,
    storage: diskMediaStorage(dataDir),
    async cleanup() {
      await db.destroy();
      await dropTestDatabase(dbFile);
      databaseOfDataDir.delete(dataDir);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An RGB PNG of the given size around `idat`, the compressed rows (which may not match it). */
export function pngFile(width: number, height: number, idat: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims the given size: enough for a pixel-bomb check, a few bytes. */
export function pngHeaderClaiming(width: number, height: number): Buffer {
  return pngFile(width, height, Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));
}

/**
 * An incompressible PNG of pseudo-random pixels, stored uncompressed: its size is known in
 * advance (about width × height × 3 bytes) and each seed gives different bytes.
 */
export function noisePng(width: number, height: number, seed = 0): Buffer {
  const stride = width * 3 + 1;
  const rows = Buffer.alloc(stride * height);
  let state = (seed * 2654435761 + 1) >>> 0;
  for (let i = 0; i < rows.length; i++) {
    // xorshift32: cheap, and different for every seed.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    rows[i] = i % stride === 0 ? 0 : state >>> 24;
  }
  return pngFile(width, height, deflateSync(rows, { level: 0 }));
}
