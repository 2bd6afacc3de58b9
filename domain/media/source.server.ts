// What the image pipeline takes in: an image's bytes in memory, or a finished upload's file on
// this server's disk. A file is never held whole in memory: libvips reads it in pieces, its hash
// is taken a piece at a time, and it becomes the original by a link, not a second write. For a
// 19 MB album spread, reading it into a buffer and writing it out again was a tenth of the CPU
// its files cost (ADR 049).
import { createHash } from "node:crypto";
import fs from "node:fs/promises";

/** A file on this server's disk that nothing will change while it is read (a finished upload). */
export interface SourceFile {
  readonly path: string;
  readonly bytes: number;
}

export type ImageSource = Uint8Array | SourceFile;

/** Hash and sniff a file this many bytes at a time. */
const READ_CHUNK_BYTES = 1024 * 1024;

/** The file at `filePath`, with its size now. */
export async function sourceFile(filePath: string): Promise<SourceFile> {
  const { size } = await fs.stat(filePath);
  return { path: filePath, bytes: size };
}

export function isSourceFile(source: ImageSource): source is SourceFile {
  return !(source instanceof Uint8Array);
}

export function sourceBytes(source: ImageSource): number {
  return isSourceFile(source) ? source.bytes : source.byteLength;
}

/** What sharp is given: the bytes, or the file's path for libvips to read itself. */
export function sharpInput(source: ImageSource): Uint8Array | string {
  return isSourceFile(source) ? source.path : source;
}

/** Up to `length` bytes from `start` (a negative start counts from the end). */
export async function sourceSlice(source: ImageSource, start: number, length: number): Promise<Uint8Array> {
  const size = sourceBytes(source);
  const from = Math.max(0, start < 0 ? size + start : start);
  const to = Math.min(size, from + length);
  if (!isSourceFile(source)) return source.subarray(from, to);
  const file = await fs.open(source.path);
  try {
    const into = Buffer.alloc(Math.max(0, to - from));
    const { bytesRead } = await file.read(into, 0, into.byteLength, from);
    return into.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export function sha256Hex(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The SHA-256 of a source's bytes; a file's is read through one small buffer. */
export async function sha256Of(source: ImageSource): Promise<string> {
  if (!isSourceFile(source)) return sha256Hex(source);
  const hash = createHash("sha256");
  const file = await fs.open(source.path);
  try {
    const chunk = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await file.read(chunk, 0, chunk.byteLength, null);
      if (bytesRead === 0) break;
      hash.update(chunk.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
  return hash.digest("hex");
}
