// A ZIP archive whose every byte is known before the first is sent (ADR 027): entries STOREd
// (photos are compressed already; deflate would spend CPU for ~1%), their CRC-32s and sizes
// given up front, fixed timestamps and the caller's order of names. So the archive has a length
// (Content-Length, shown before a download starts), a strong ETag from its content, and any byte
// range of it can be produced on its own: a cut download resumes with HTTP Range instead of
// starting over. ZIP64 records are written only when a size, an offset or the number of entries
// needs them (APPNOTE.TXT 6.3.10, sections 4.3.7–4.3.16 and 4.5.3).
//
// Memory is the headers (about 100 bytes plus twice the name per entry), never the data: file
// bytes are read from their source range by range as the response is pulled.
import { createHash } from "node:crypto";
import { create as contentDisposition } from "content-disposition";
import { parseRange } from "./byte-range.server.ts";

export interface ZipEntry {
  /** The path inside the archive, "/"-separated, UTF-8. */
  name: string;
  size: number;
  /** CRC-32 (ISO 3309) of the bytes, as an unsigned 32-bit number. */
  crc32: number;
  /** Written as the entry's DOS time (UTC, 2 s steps, 1980–2107). */
  modified: Date;
  /** Bytes [start, end) of the entry, in chunks. */
  read(start: number, end: number): AsyncIterable<Uint8Array>;
}

/** Past this a 32-bit field holds 0xFFFFFFFF and the value goes in a ZIP64 record. */
export const ZIP32_LIMIT = 0xffff_ffff;
/** Past this many entries the end record's 16-bit counts hold 0xFFFF. */
const ZIP16_LIMIT = 0xffff;
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
/** "Made by" Unix (3), so external attributes carry a plain file's mode. */
const MADE_BY_UNIX = 3 << 8;
const FILE_MODE = 0o100644;
/** General purpose bit 11: names are UTF-8. */
const FLAG_UTF8 = 0x0800;
const ZIP64_EXTRA_ID = 0x0001;

type Segment = { kind: "bytes"; data: Buffer } | { kind: "entry"; entry: ZipEntry };

export interface ZipLayout {
  /** The archive's length in bytes. */
  size: number;
  /** A strong validator: the same entries (names, sizes, CRCs, times, order) give the same one. */
  etag: string;
  segments: readonly Segment[];
  zip64: boolean;
}

function dosDateTime(date: Date): { date: number; time: number } {
  const year = Math.min(2107, Math.max(1980, date.getUTCFullYear()));
  return {
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
  };
}

/** The ZIP64 extended information field holding just the values given, in APPNOTE's order. */
function zip64Extra(values: number[]): Buffer {
  if (values.length === 0) return Buffer.alloc(0);
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(ZIP64_EXTRA_ID, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => {
    extra.writeBigUInt64LE(BigInt(v), 4 + 8 * i);
  });
  return extra;
}

export interface ZipOptions {
  /** Sizes and offsets at or above this use ZIP64 records; lowered only by tests. */
  zip64Threshold?: number;
}

/** Lays the archive out: its size, ETag and the pieces its bytes are made of. */
export function layoutZip(entries: readonly ZipEntry[], { zip64Threshold = ZIP32_LIMIT }: ZipOptions = {}): ZipLayout {
  const big = (n: number) => n >= zip64Threshold;
  const segments: Segment[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let anyZip64 = false;
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.name)) throw new Error(`a ZIP entry's name twice: ${entry.name}`);
    seen.add(entry.name);
    const name = Buffer.from(entry.name, "utf8");
    const { date, time } = dosDateTime(entry.modified);
    const sizeBig = big(entry.size);
    const offsetBig = big(offset);
    const version = sizeBig || offsetBig ? VERSION_ZIP64 : VERSION_DEFAULT;
    anyZip64 ||= sizeBig || offsetBig;

    const localExtra = zip64Extra(sizeBig ? [entry.size, entry.size] : []);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(version, 4);
    local.writeUInt16LE(FLAG_UTF8, 6);
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(entry.crc32 >>> 0, 14);
    local.writeUInt32LE(sizeBig ? ZIP32_LIMIT : entry.size, 18);
    local.writeUInt32LE(sizeBig ? ZIP32_LIMIT : entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    const header = Buffer.concat([local, name, localExtra]);
    segments.push({ kind: "bytes", data: header }, { kind: "entry", entry });

    const centralValues = [...(sizeBig ? [entry.size, entry.size] : []), ...(offsetBig ? [offset] : [])];
    const centralExtra = zip64Extra(centralValues);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(MADE_BY_UNIX | version, 4);
    record.writeUInt16LE(version, 6);
    record.writeUInt16LE(FLAG_UTF8, 8);
    record.writeUInt16LE(0, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(entry.crc32 >>> 0, 16);
    record.writeUInt32LE(sizeBig ? ZIP32_LIMIT : entry.size, 20);
    record.writeUInt32LE(sizeBig ? ZIP32_LIMIT : entry.size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt16LE(centralExtra.length, 30);
    record.writeUInt16LE(0, 32); // comment
    record.writeUInt16LE(0, 34); // disk
    record.writeUInt16LE(0, 36); // internal attributes
    record.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
    record.writeUInt32LE(offsetBig ? ZIP32_LIMIT : offset, 42);
    central.push(Buffer.concat([record, name, centralExtra]));

    offset += header.length + entry.size;
  }
  const directory = Buffer.concat(central);
  const directoryOffset = offset;
  const count = entries.length;
  const zip64 = anyZip64 || big(directoryOffset) || big(directory.length) || count >= ZIP16_LIMIT;
  const tail: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4); // the record's size after this field
    record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
    record.writeUInt16LE(VERSION_ZIP64, 14);
    record.writeUInt32LE(0, 16);
    record.writeUInt32LE(0, 20);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeUInt32LE(0, 4);
    locator.writeBigUInt64LE(BigInt(directoryOffset + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(zip64 ? Math.min(count, ZIP16_LIMIT) : count, 8);
  end.writeUInt16LE(zip64 ? Math.min(count, ZIP16_LIMIT) : count, 10);
  end.writeUInt32LE(zip64 && big(directory.length) ? ZIP32_LIMIT : directory.length, 12);
  end.writeUInt32LE(zip64 && big(directoryOffset) ? ZIP32_LIMIT : directoryOffset, 16);
  end.writeUInt16LE(0, 20);
  tail.push(end);
  const trailer = Buffer.concat([directory, ...tail]);
  segments.push({ kind: "bytes", data: trailer });
  // The directory names every entry with its size, CRC, time and place: it is the archive's
  // identity. A 128-bit prefix of its SHA-256 is a strong ETag.
  const etag = `"z${createHash("sha256").update(trailer).digest("base64url").slice(0, 22)}"`;
  return { size: directoryOffset + trailer.length, etag, segments, zip64 };
}

/**
 * The length of the archive these entries make, without their CRCs or bytes: what a page shows
 * before a download starts. The same layout as the download's, so the figure is exact.
 */
export function zipSize(entries: readonly { name: string; size: number }[], options?: ZipOptions): number {
  const epoch = new Date(0);
  return layoutZip(
    entries.map((e) => ({ name: e.name, size: e.size, crc32: 0, modified: epoch, read: noBytes })),
    options,
  ).size;
}

async function* noBytes(): AsyncGenerator<Uint8Array> {}

/** Bytes [start, end) of the archive, read as they are pulled. */
export async function* zipBytes(layout: ZipLayout, start = 0, end = layout.size): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (const segment of layout.segments) {
    const length = segment.kind === "bytes" ? segment.data.length : segment.entry.size;
    const from = Math.max(start, at);
    const to = Math.min(end, at + length);
    if (from < to) {
      if (segment.kind === "bytes") yield segment.data.subarray(from - at, to - at);
      else yield* segment.entry.read(from - at, to - at);
    }
    at += length;
    if (at >= end) return;
  }
}

function streamOf(source: AsyncIterator<Uint8Array>): ReadableStream<Uint8Array> {
  // Pulled: the next chunk is read only when the client has taken the last (constant memory).
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await source.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await source.return?.(undefined);
    },
  });
}

/**
 * The HTTP answer for a ZIP (or any laid-out body): 200 with its length, or 206 for a Range
 * (honoured only when If-Range, if sent, names this ETag), 416 for a range past its end.
 */
export function rangeResponse(
  request: Request,
  layout: Pick<ZipLayout, "size" | "etag">,
  body: (start: number, end: number) => AsyncIterator<Uint8Array>,
  { fileName, contentType = "application/zip" }: { fileName: string; contentType?: string },
): Response {
  const headers = new Headers({
    "Content-Type": contentType,
    "Content-Disposition": contentDisposition(fileName),
    "Accept-Ranges": "bytes",
    ETag: layout.etag,
    // Private: a gallery's downloads are never kept by a shared cache.
    "Cache-Control": "private, no-cache",
  });
  const ifRange = request.headers.get("If-Range");
  const range =
    ifRange === null || ifRange === layout.etag ? parseRange(request.headers.get("Range"), layout.size) : null;
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${layout.size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: layout.size };
  headers.set("Content-Length", String(end - start));
  if (range) headers.set("Content-Range", `bytes ${start}-${end - 1}/${layout.size}`);
  const head = request.method === "HEAD";
  return new Response(head ? null : streamOf(body(start, end)), { status: range ? 206 : 200, headers });
}

/** rangeResponse for a laid-out ZIP. */
export function zipResponse(request: Request, layout: ZipLayout, fileName: string): Response {
  return rangeResponse(request, layout, (start, end) => zipBytes(layout, start, end), { fileName });
}
