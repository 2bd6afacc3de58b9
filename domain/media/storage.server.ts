// Where media bytes live. Local disk under DATA_DIR today; the same small interface can be
// backed by S3-compatible object storage later without touching the pipeline or the pages.
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

export interface BlobStore {
  has(key: string): Promise<boolean>;
  /** Writes atomically: a reader sees the whole object or none of it. */
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

export interface MediaStorage {
  /** Derived variants, served publicly and cached for a year. */
  public: BlobStore;
  /** Originals as uploaded (with their metadata): never served. */
  originals: BlobStore;
  /** The URL path a public key is served at. */
  publicUrl(key: string): string;
}

export const PUBLIC_MEDIA_URL_PREFIX = "/media/";
const TEMP_SUFFIX = ".partial";
/** Read size for streamed ranges: large enough for disk speed, small enough to keep memory flat. */
const STREAM_CHUNK_BYTES = 256 * 1024;

function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/._-]*$/i.test(key) || key.includes("..")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export class DiskBlobStore implements BlobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async has(key: string): Promise<boolean> {
    try {
      await fs.access(this.file(key));
      return true;
    } catch {
      return false;
    }
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write beside the target and rename: rename is atomic on one file system, so a crash
    // leaves at worst a stray temporary file, never a truncated image under a real name.
    const temp = `${target}.${randomBytes(6).toString("hex")}${TEMP_SUFFIX}`;
    await fs.writeFile(temp, data);
    await fs.rename(temp, target);
  }

  get(key: string): Promise<Buffer> {
    return fs.readFile(this.file(key));
  }

  /** Bytes [start, end) of a file, read in chunks (a download's range without the whole file in memory). */
  stream(key: string, start: number, end: number): AsyncIterable<Uint8Array> {
    return createReadStream(this.file(key), { start, end: end - 1, highWaterMark: STREAM_CHUNK_BYTES });
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  /** Removes temporary files left by a process that was killed mid-write. */
  async sweepPartials(): Promise<number> {
    let removed = 0;
    let entries: string[];
    try {
      entries = await fs.readdir(this.root, { recursive: true });
    } catch {
      return 0;
    }
    for (const entry of entries) {
      if (entry.endsWith(TEMP_SUFFIX)) {
        await fs.rm(path.join(this.root, entry), { force: true });
        removed++;
      }
    }
    return removed;
  }
}

export function publicMediaUrl(key: string): string {
  return PUBLIC_MEDIA_URL_PREFIX + key;
}

export function diskMediaStorage(dataDir: string): MediaStorage & {
  public: DiskBlobStore;
  originals: DiskBlobStore;
} {
  return {
    public: new DiskBlobStore(path.join(dataDir, "media")),
    originals: new DiskBlobStore(path.join(dataDir, "originals")),
    publicUrl: publicMediaUrl,
  };
}

let current: ReturnType<typeof diskMediaStorage> | undefined;

/** The process-wide media storage under DATA_DIR. */
export function getMediaStorage(dataDir: string): ReturnType<typeof diskMediaStorage> {
  if (current?.public.root !== path.join(dataDir, "media")) current = diskMediaStorage(dataDir);
  return current;
}
