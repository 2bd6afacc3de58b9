// A consistent copy of everything the studio owns, taken while the site runs: the database
// through SQLite's online backup (or, on PostgreSQL, a snapshot copied into a SQLite file), then
// the originals and variants that snapshot refers to.
// The target is itself a valid DATA_DIR, so restoring is starting the server on it (or copying
// it back). Files are named by their content, so a second backup into the same folder copies
// only what is new. The media come from where they live, the folder or the bucket
// (MEDIA_STORE=s3); the backup is always a folder (docs/decisions/031-object-storage.md).
import fs from "node:fs/promises";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { Kysely, sql } from "kysely";
import { copyDatabase } from "../../platform/db/copy-database.server.ts";
import { DATABASE_FILE_NAME, openDatabase } from "../../platform/db/db.server.ts";
import type { DB } from "../../platform/db/schema.server.ts";
import { createDialect } from "../../platform/db/sqlite-dialect.server.ts";
import { readEnv } from "../../platform/env.server.ts";
import { SECRET_FILE_NAME } from "../../platform/secret.server.ts";
import { listStoredKeys } from "../catalog/assets.server.ts";
import {
  type BlobStore,
  diskMediaStorage,
  getMediaStorage,
  keysIn,
  type MediaStorage,
} from "../media/storage.server.ts";

export interface BackupReport {
  databaseBytes: number;
  /** Files copied now, and files the target already held (named by content, so unchanged). */
  originals: { copied: number; present: number };
  media: { copied: number; present: number };
  /** Keys the snapshot refers to that the live store no longer holds. */
  missing: string[];
}

async function copyBlobs(
  keys: readonly string[],
  from: BlobStore,
  to: BlobStore,
  missing: string[],
): Promise<{ copied: number; present: number }> {
  let copied = 0;
  let present = 0;
  // Each side listed once (a request per thousand keys on a bucket, not one per key).
  const inTarget = await keysIn(to);
  const inSource = await keysIn(from);
  for (const key of keys) {
    // put() is atomic, so a key the target holds is a complete file.
    if (inTarget.has(key)) {
      present++;
    } else if (inSource.has(key)) {
      await to.put(key, await from.get(key));
      copied++;
    } else {
      missing.push(key);
    }
  }
  return { copied, present };
}

/** The snapshot's own keys, after checking it and making it one self-contained file. */
async function readSnapshot(file: string): Promise<{ originals: string[]; media: string[] }> {
  const raw = new DatabaseSync(file);
  const check = raw.prepare("PRAGMA integrity_check").get() as { integrity_check: string };
  if (check.integrity_check !== "ok") {
    raw.close();
    throw new Error(`The database copy is damaged: ${check.integrity_check}`);
  }
  raw.exec("PRAGMA journal_mode = DELETE");
  const db = new Kysely<DB>({ dialect: createDialect(raw) });
  try {
    return await listStoredKeys(db);
  } finally {
    await db.destroy();
  }
}

/**
 * A PostgreSQL studio's database, as it is at one instant (a read-only snapshot the site keeps
 * writing beside), copied into a SQLite file: the backup folder is a DATA_DIR like a SQLite
 * studio's, which `npm start` serves as it is, or `npm run migrate-to-postgres` puts back on a
 * server (ADR 032). No pg_dump of the server's major version is needed where the backup runs.
 */
async function snapshotPostgres(databaseUrl: string, file: string): Promise<void> {
  const live = openDatabase(databaseUrl);
  const copy = openDatabase(file);
  try {
    await live
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (snapshot) => {
        await sql`set transaction read only`.execute(snapshot);
        await copyDatabase(snapshot, copy, () => {}, { migrateSource: false });
      });
  } finally {
    await copy.destroy();
    await live.destroy();
  }
}

/**
 * `from` is where the media live: the folders under DATA_DIR, or the bucket MEDIA_STORE=s3
 * names; `databaseUrl`, the PostgreSQL server when the studio is on one (DATABASE_URL).
 */
export async function backupDataDir(
  dataDir: string,
  target: string,
  progress: (line: string) => void = () => {},
  from: MediaStorage = getMediaStorage(dataDir),
  databaseUrl: string | undefined = readEnv().databaseUrl,
): Promise<BackupReport> {
  if (path.resolve(dataDir) === path.resolve(target)) throw new Error("The backup folder cannot be DATA_DIR itself");
  const snapshotFile = path.join(target, `${DATABASE_FILE_NAME}.partial`);
  if (databaseUrl) {
    await fs.mkdir(target, { recursive: true });
    await fs.rm(snapshotFile, { force: true });
    await snapshotPostgres(databaseUrl, snapshotFile);
  } else {
    const liveFile = path.join(dataDir, DATABASE_FILE_NAME);
    // Opening a file that is not there would create an empty database and back that up.
    await fs.access(liveFile).catch(() => {
      throw new Error(`No database at ${liveFile}: nothing to back up (is DATA_DIR right?)`);
    });
    await fs.mkdir(target, { recursive: true });
    const live = new DatabaseSync(liveFile);
    await fs.rm(snapshotFile, { force: true });
    try {
      await backup(live, snapshotFile);
    } finally {
      live.close();
    }
  }
  const keys = await readSnapshot(snapshotFile);
  const databaseFile = path.join(target, DATABASE_FILE_NAME);
  // A restored copy must not pick up the write-ahead log of an older snapshot.
  await Promise.all(["-wal", "-shm"].map((suffix) => fs.rm(`${databaseFile}${suffix}`, { force: true })));
  await fs.rename(snapshotFile, databaseFile);
  const databaseBytes = (await fs.stat(databaseFile)).size;
  progress(`Database: ${databaseBytes} bytes, ${keys.originals.length} photos`);

  const to = diskMediaStorage(target);
  const missing: string[] = [];
  const originals = await copyBlobs(keys.originals, from.originals, to.originals, missing);
  progress(`Originals: ${originals.copied} copied, ${originals.present} already there`);
  const media = await copyBlobs(keys.media, from.public, to.public, missing);
  progress(`Variants: ${media.copied} copied, ${media.present} already there`);

  // Keeps admin sessions and in-flight form tokens valid after a restore (unless APP_SECRET is set).
  await fs.copyFile(path.join(dataDir, SECRET_FILE_NAME), path.join(target, SECRET_FILE_NAME)).catch((error) => {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  });
  return { databaseBytes, originals, media, missing };
}
