// Resumable uploads (tus) staged in a BlobStore: with MEDIA_STORE=s3 the bucket's uploads/
// folder, which every app instance sees, so each chunk of one upload may reach another instance
// and the photo worker may read a finished upload on a third. @tus/s3-store would need S3's
// ListParts, which the S3-protocol servers we can test against lack; this needs only PUT, GET,
// DELETE and a listing, which every S3-compatible service has (docs/decisions/031-object-storage.md).
//
// An upload is `<id>.info` (its length, metadata and creation time, JSON) and its bytes as parts
// `<id>/<offset>`, one per PATCH (cut at PART_MAX_BYTES). Its offset is the length of the
// unbroken run of parts from 0: a part that does not continue the run (a duplicate request's
// left-over after a retry on another instance) is never counted or read.
import type { Readable } from "node:stream";
import { DataStore, ERRORS, Upload } from "@tus/utils";
import { z } from "zod";
import type { BlobStore, StoredObject } from "#domain/media/storage.server.ts";
import { UPLOAD_CHUNK_BYTES } from "#domain/media/upload-constants.ts";

/**
 * The largest part this store writes, and so the most one PATCH holds in memory: the admin's
 * uploader sends this much per PATCH (one part each); a client sending more is cut into parts
 * of this size as its bytes arrive.
 */
export const PART_MAX_BYTES = UPLOAD_CHUNK_BYTES;
/** A part's name is its offset, zero-padded so that names sort as offsets do: 12 digits reach 1 TB. */
const OFFSET_DIGITS = 12;
const INFO_SUFFIX = ".info";
/** tus's ids are 32 hex digits (its default naming); anything else names no upload here. */
const UPLOAD_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PART_NAME = new RegExp(`^\\d{${OFFSET_DIGITS}}$`);

const storedInfo = z.object({
  id: z.string(),
  size: z.number().int().nonnegative().optional(),
  metadata: z.record(z.string(), z.string().nullable()).optional(),
  creation_date: z.string(),
});
type StoredInfo = z.infer<typeof storedInfo>;

/** The upload's parts that continue one another from offset 0, in order: [offset, bytes]. */
function unbrokenRun(parts: ReadonlyMap<number, number>): [number, number][] {
  const run: [number, number][] = [];
  let offset = 0;
  for (let bytes = parts.get(offset); bytes !== undefined && bytes > 0; bytes = parts.get(offset)) {
    run.push([offset, bytes]);
    offset += bytes;
  }
  return run;
}

export class BlobUploadStore extends DataStore {
  private readonly blobs: BlobStore;
  private readonly expirationMs: number;

  constructor(blobs: BlobStore, { expirationMs }: { expirationMs: number }) {
    super();
    this.blobs = blobs;
    this.expirationMs = expirationMs;
    // What FileStore offers, so the server answers every client the same on either store.
    this.extensions = ["creation", "creation-with-upload", "creation-defer-length", "termination", "expiration"];
  }

  private checkedId(id: string): string {
    if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
    return id;
  }

  private infoKey(id: string): string {
    return `${this.checkedId(id)}${INFO_SUFFIX}`;
  }

  private partKey(id: string, offset: number): string {
    return `${this.checkedId(id)}/${String(offset).padStart(OFFSET_DIGITS, "0")}`;
  }

  private async readInfo(id: string): Promise<StoredInfo> {
    const key = this.infoKey(id);
    if (!(await this.blobs.has(key))) throw ERRORS.FILE_NOT_FOUND;
    return storedInfo.parse(JSON.parse((await this.blobs.get(key)).toString("utf8")));
  }

  private async writeInfo(info: StoredInfo): Promise<void> {
    await this.blobs.put(this.infoKey(info.id), Buffer.from(JSON.stringify(info)));
  }

  /** Every part stored for the upload: offset → bytes. */
  private async parts(id: string): Promise<Map<number, number>> {
    const prefix = `${this.checkedId(id)}/`;
    const parts = new Map<number, number>();
    for await (const object of this.blobs.list(prefix)) {
      const name = object.key.slice(prefix.length);
      if (PART_NAME.test(name)) parts.set(Number(name), object.bytes);
    }
    return parts;
  }

  override async create(upload: Upload): Promise<Upload> {
    await this.writeInfo({
      id: upload.id,
      size: upload.size,
      metadata: upload.metadata ?? undefined,
      creation_date: upload.creation_date ?? new Date().toISOString(),
    });
    upload.storage = { type: "blob", path: upload.id };
    return upload;
  }

  /**
   * Stores the request's bytes from `offset` on, PART_MAX_BYTES at a time. A dropped connection
   * ends the stream early (tus ends it quietly): what arrived is stored and the new offset
   * returned, so the client resumes after it. A stream that fails is handled as FileStore's,
   * whose bytes are on disk as they arrive: what came before the failure is kept.
   */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    let held: Buffer[] = [];
    let heldBytes = 0;
    let at = offset;
    const flush = async () => {
      if (heldBytes === 0) return;
      const part = Buffer.concat(held, heldBytes);
      held = [];
      heldBytes = 0;
      await this.blobs.put(this.partKey(id, at), part);
      at += part.byteLength;
    };
    try {
      for await (const chunk of readable as AsyncIterable<Buffer>) {
        for (let rest = chunk; rest.byteLength > 0; ) {
          const taken = rest.subarray(0, PART_MAX_BYTES - heldBytes);
          held.push(taken);
          heldBytes += taken.byteLength;
          rest = rest.subarray(taken.byteLength);
          if (heldBytes === PART_MAX_BYTES) await flush();
        }
      }
    } catch (error) {
      await flush();
      throw error;
    }
    await flush();
    return at;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.readInfo(id);
    const offset = unbrokenRun(await this.parts(id)).reduce((sum, [, bytes]) => sum + bytes, 0);
    return new Upload({
      id,
      size: info.size,
      offset,
      metadata: info.metadata,
      creation_date: info.creation_date,
      storage: { type: "blob", path: id },
    });
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    await this.writeInfo({ ...(await this.readInfo(id)), size: length });
  }

  /** The upload's bytes, whole (a finished upload is at most MAX_SOURCE_BYTES). */
  async read(id: string): Promise<Buffer> {
    const run = unbrokenRun(await this.parts(id));
    const parts = await Promise.all(run.map(([offset]) => this.blobs.get(this.partKey(id, offset))));
    return Buffer.concat(parts);
  }

  override async remove(id: string): Promise<void> {
    const existed = await this.blobs.has(this.infoKey(id));
    for (const offset of (await this.parts(id)).keys()) await this.blobs.delete(this.partKey(id, offset));
    await this.blobs.delete(this.infoKey(id));
    if (!existed) throw ERRORS.FILE_NOT_FOUND;
  }

  /**
   * Removes unfinished uploads older than the expiry, and parts whose upload is gone (a PATCH
   * on one instance still storing while another removed the upload) once they are as old.
   * A finished upload waits for the photo worker, which removes it.
   */
  override async deleteExpired(): Promise<number> {
    const cutoff = Date.now() - this.expirationMs;
    const infos: string[] = [];
    const partsOf = new Map<string, StoredObject[]>();
    for await (const object of this.blobs.list()) {
      const slash = object.key.indexOf("/");
      if (slash < 0) {
        if (object.key.endsWith(INFO_SUFFIX)) infos.push(object.key.slice(0, -INFO_SUFFIX.length));
        continue;
      }
      const id = object.key.slice(0, slash);
      const parts = partsOf.get(id) ?? [];
      parts.push(object);
      partsOf.set(id, parts);
    }
    let removed = 0;
    for (const id of infos) {
      partsOf.delete(id);
      const upload = await this.getUpload(id).catch(() => undefined);
      if (!upload?.creation_date || new Date(upload.creation_date).getTime() > cutoff) continue;
      if (upload.size !== undefined && upload.offset === upload.size) continue;
      await this.remove(id).catch(() => {});
      removed++;
    }
    for (const orphans of partsOf.values()) {
      for (const part of orphans) if (part.modified.getTime() < cutoff) await this.blobs.delete(part.key);
    }
    return removed;
  }

  override getExpiration(): number {
    return this.expirationMs;
  }
}
