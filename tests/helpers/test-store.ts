// A real SQLite file and media folders in a fresh temporary DATA_DIR, migrated, per test.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { diskMediaStorage } from "#domain/media/storage.server.ts";
import { type Database, migrate, openDatabase } from "#platform/db/db.server.ts";

export const FIXTURES_DIR = path.resolve(import.meta.dirname, "../fixtures");

export interface TestStore {
  dataDir: string;
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

export async function createTestStore({ migrated = true } = {}): Promise<TestStore> {
  const dataDir = makeTempDir();
  const dbFile = path.join(dataDir, "studio.db");
  const db = openDatabase(dbFile);
  if (migrated) await migrate(db);
  return {
    dataDir,
    dbFile,
    db,
    storage: diskMediaStorage(dataDir),
    async cleanup() {
      await db.destroy();
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
