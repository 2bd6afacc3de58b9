// Media files' CRC-32s and sizes, by store and key (migration 0015, ADR 027): what a resumable
// ZIP must know of every file before it sends its first byte. Computed once, from bytes at hand
// when a gallery's photo is processed or by reading the file the first time a ZIP holds it, and
// kept: a key names its content, so the figure never goes stale.
import { crc32 } from "node:zlib";
import type { Database } from "../../platform/db/db.server.ts";
import type { BlobStore, MediaStorage } from "./storage.server.ts";

export type StoreName = "public" | "originals";

export interface FileRef {
  store: StoreName;
  key: string;
}

export interface FileChecksum {
  bytes: number;
  crc32: number;
}

/** SQLite's default limit on bound parameters is far above this; it keeps each query modest. */
export const KEYS_PER_QUERY = 500;

export function refId(ref: FileRef): string {
  return `${ref.store}:${ref.key}`;
}

/** Read in chunks as the store streams it (disk or bucket alike): never the whole file in memory. */
async function computeChecksum(store: BlobStore, key: string): Promise<FileChecksum> {
  let crc = 0;
  let bytes = 0;
  for await (const chunk of store.stream(key)) {
    crc = crc32(chunk, crc);
    bytes += chunk.byteLength;
  }
  return { bytes, crc32: crc };
}

/** Keeps the checksum of bytes the caller has in hand (as processing does). */
export async function rememberChecksum(db: Database, ref: FileRef, data: Uint8Array): Promise<void> {
  await db
    .insertInto("file_checksums")
    .values({ store: ref.store, key: ref.key, bytes: data.byteLength, crc32: crc32(data) })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The checksums kept for these files, by refId (those never computed are absent). */
export async function keptChecksums(db: Database, refs: readonly FileRef[]): Promise<Map<string, FileChecksum>> {
  const found = new Map<string, FileChecksum>();
  for (const store of ["public", "originals"] as const) {
    const keys = [...new Set(refs.filter((r) => r.store === store).map((r) => r.key))];
    for (let i = 0; i < keys.length; i += KEYS_PER_QUERY) {
      const rows = await db
        .selectFrom("file_checksums")
        .select(["key", "bytes", "crc32"])
        .where("store", "=", store)
        .where("key", "in", keys.slice(i, i + KEYS_PER_QUERY))
        .execute();
      for (const row of rows) found.set(refId({ store, key: row.key }), { bytes: row.bytes, crc32: row.crc32 });
    }
  }
  return found;
}

/**
 * The checksum of every file named, by refId: kept ones read from the database, the others
 * computed from their files (one at a time, streamed) and kept. A missing file throws.
 */
export async function fileChecksums(
  db: Database,
  storage: MediaStorage,
  refs: readonly FileRef[],
): Promise<Map<string, FileChecksum>> {
  const found = await keptChecksums(db, refs);
  for (const ref of refs) {
    const id = refId(ref);
    if (found.has(id)) continue;
    const sum = await computeChecksum(storage[ref.store], ref.key);
    await db
      .insertInto("file_checksums")
      .values({ store: ref.store, key: ref.key, ...sum })
      .onConflict((oc) => oc.doNothing())
      .execute();
    found.set(id, sum);
  }
  return found;
}
