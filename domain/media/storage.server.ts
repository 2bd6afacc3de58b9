// Where media bytes live: a folder under DATA_DIR (the default), or an S3-compatible bucket
// (MEDIA_STORE=s3, ./s3-store.server.ts). Both behind one small interface, so the pipeline, the
// pages, the downloads, backup and repair never ask which (docs/decisions/031-object-storage.md).
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { readEnv, type S3Settings } from "../../platform/env.server.ts";
import { s3MediaStorage } from "./s3-store.server.ts";

/** One stored object, as a listing names it. */
export interface StoredObject {
  /** The key, relative to the store (as put() was given it). */
  key: string;
  bytes: number;
  /** When it was last written. */
  modified: Date;
}

export interface BlobStore {
  has(key: string): Promise<boolean>;
  /** Writes atomically: a reader sees the whole object or none of it. */
  put(key: string, data: Uint8Array): Promise<void>;
  /**
   * Stores a file of this server's disk as `key`, as atomically as put(), without reading it
   * into memory: a folder links it in (both names are one file until the other is removed), a
   * bucket streams it. The file must not change afterwards (a finished upload's).
   */
  putFile(key: string, filePath: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /**
   * Bytes [start, end) of an object (to its end by default), read in chunks as they are
   * consumed: a download's range or a ZIP's entry without the whole file in memory.
   */
  stream(key: string, start?: number, end?: number): AsyncIterable<Uint8Array>;
  /** Every object whose key starts with `prefix`, in no promised order (repair, backup, upload staging). */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /** Removes what a process killed mid-write left behind; how many it removed. */
  sweepPartials(): Promise<number>;
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

/** A variant's and an original's Content-Type, by the extension its key ends with. */
export const MIME_OF_EXTENSION: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  png: "image/png",
  heic: "image/heic",
  heif: "image/heif",
  tiff: "image/tiff",
  avif: "image/avif",
};

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return MIME_OF_EXTENSION[ext] ?? "application/octet-stream";
}

/** Whether a key is one storage takes: no absolute path, no climbing out, nothing to escape. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9/._-]*$/i.test(key) && !key.includes("..");
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/** Why a hard link can fail where a copy would not. */
const LINKLESS = new Set(["EXDEV", "EPERM", "ENOTSUP", "EOPNOTSUPP", "EMLINK"]);

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
    await this.placeVia(key, (temp) => fs.writeFile(temp, data));
  }

  async putFile(key: string, filePath: string): Promise<void> {
    await this.placeVia(key, async (temp) => {
      try {
        await fs.link(filePath, temp);
      } catch (error) {
        // Another file system (or one without hard links): a copy, by the kernel.
        if (!LINKLESS.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
        await fs.copyFile(filePath, temp);
      }
    });
  }

  /**
   * Writes beside the target and renames: rename is atomic on one file system, so a crash
   * leaves at worst a stray temporary file, never a truncated image under a real name.
   */
  private async placeVia(key: string, write: (temp: string) => Promise<void>): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString("hex")}${TEMP_SUFFIX}`;
    await write(temp);
    await fs.rename(temp, target);
  }

  get(key: string): Promise<Buffer> {
    return fs.readFile(this.file(key));
  }

  stream(key: string, start = 0, end = Number.POSITIVE_INFINITY): AsyncIterable<Uint8Array> {
    if (end <= start) return (async function* () {})();
    const last = Number.isFinite(end) ? end - 1 : undefined;
    return createReadStream(this.file(key), { start, end: last, highWaterMark: STREAM_CHUNK_BYTES });
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async *list(prefix = ""): AsyncIterable<StoredObject> {
    let entries: string[];
    try {
      entries = await fs.readdir(this.root, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const key = entry.split(path.sep).join("/");
      if (!key.startsWith(prefix) || key.endsWith(TEMP_SUFFIX)) continue;
      // A file removed between the listing and its stat is simply not there any more.
      const stat = await fs.stat(path.join(this.root, entry)).catch(() => undefined);
      if (stat?.isFile()) yield { key, bytes: stat.size, modified: stat.mtime };
    }
  }

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

/**
 * Every key a store holds (under `prefix`), from its listing: one request per thousand keys on a
 * bucket, where asking for each key would be a request per file (repair, backup).
 */
export async function keysIn(store: BlobStore, prefix = ""): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const object of store.list(prefix)) keys.add(object.key);
  return keys;
}

/**
 * Where the site links a public variant: MEDIA_PUBLIC_URL (a CDN or the bucket's public address,
 * so image bytes never pass through this server) when set, else /media/ on this site.
 */
export function publicMediaUrl(key: string): string {
  return (readEnv().media.publicUrl ?? PUBLIC_MEDIA_URL_PREFIX) + key;
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

let current: { dataDir: string; s3: S3Settings | undefined; storage: MediaStorage } | undefined;

/**
 * The process-wide media storage: the bucket when MEDIA_STORE=s3, else the folders under
 * DATA_DIR. Made once per configuration (the bucket's client keeps its connections).
 */
export function getMediaStorage(dataDir: string): MediaStorage {
  const { s3 } = readEnv().media;
  if (current?.dataDir !== dataDir || current.s3 !== s3) {
    current = { dataDir, s3, storage: s3 ? s3MediaStorage(s3) : diskMediaStorage(dataDir) };
  }
  return current.storage;
}
