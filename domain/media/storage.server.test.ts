// The media stores' one interface, on the folder and on a bucket (the S3 test server), and what
// only the bucket has to get right: where each object lands, how it may be cached, and that
// nothing but the public variants is ever marked public.
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MEDIA_STORE_KINDS, type MediaTestStore, mediaTestStores } from "#tests/helpers/media-store.ts";
import { connectS3, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, s3Folder } from "./s3-store.server.ts";
import { type BlobStore, keysIn } from "./storage.server.ts";

const stores = mediaTestStores();

/** Bytes whose every position is told apart by its value (mod 251, a prime): a wrong range shows. */
function numbered(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => i % 251));
}

async function streamed(store: BlobStore, key: string, start?: number, end?: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of store.stream(key, start, end)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe.each(MEDIA_STORE_KINDS)("a media store on the %s", (kind) => {
  let store: MediaTestStore;
  beforeEach(async () => {
    store = await stores.create(kind);
  });
  afterEach(async () => {
    await store.cleanup();
  });

  it("puts, has, gets and deletes an object; deleting a missing key is no error", async () => {
    const { public: media } = store.storage;
    const data = numbered(1000);
    expect(await media.has("ab/abc-320.webp")).toBe(false);
    await media.put("ab/abc-320.webp", data);
    expect(await media.has("ab/abc-320.webp")).toBe(true);
    expect(await media.get("ab/abc-320.webp")).toEqual(data);
    await media.delete("ab/abc-320.webp");
    await media.delete("ab/abc-320.webp");
    expect(await media.has("ab/abc-320.webp")).toBe(false);
    await expect(media.get("ab/abc-320.webp")).rejects.toThrow();
  });

  it("streams any byte range, the whole object by default, nothing for an empty range", async () => {
    const data = numbered(700_000);
    await store.storage.originals.put("cd/cdef.jpeg", data);
    const { originals } = store.storage;
    expect(await streamed(originals, "cd/cdef.jpeg")).toEqual(data);
    expect(await streamed(originals, "cd/cdef.jpeg", 0, 1)).toEqual(data.subarray(0, 1));
    expect(await streamed(originals, "cd/cdef.jpeg", 123_456, 654_321)).toEqual(data.subarray(123_456, 654_321));
    expect(await streamed(originals, "cd/cdef.jpeg", 699_999)).toEqual(data.subarray(699_999));
    expect(await streamed(originals, "cd/cdef.jpeg", 500, 500)).toEqual(Buffer.alloc(0));
    // An empty object streams as nothing (a bucket refuses any range of one).
    await originals.put("cd/empty.jpeg", Buffer.alloc(0));
    expect(await streamed(originals, "cd/empty.jpeg")).toEqual(Buffer.alloc(0));
  });

  it("lists keys under a prefix with their sizes, each store its own", async () => {
    await store.storage.public.put("ab/one-320.avif", numbered(10));
    await store.storage.public.put("ab/two-320.avif", numbered(20));
    await store.storage.public.put("cd/three-320.avif", numbered(30));
    await store.storage.originals.put("ab/original.jpeg", numbered(40));
    const listed = [];
    for await (const object of store.storage.public.list("ab/")) listed.push(object);
    expect(listed.map(({ key, bytes }) => ({ key, bytes })).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: "ab/one-320.avif", bytes: 10 },
      { key: "ab/two-320.avif", bytes: 20 },
    ]);
    for (const { modified } of listed) expect(Math.abs(modified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await keysIn(store.storage.public)).toEqual(
      new Set(["ab/one-320.avif", "ab/two-320.avif", "cd/three-320.avif"]),
    );
    expect(await keysIn(store.storage.originals)).toEqual(new Set(["ab/original.jpeg"]));
  });

  it("stores a file of the disk without reading it whole; the stored copy outlives the file's name", async () => {
    const file = path.join(store.dataDir, "finished-upload");
    const data = numbered(300_000);
    fs.writeFileSync(file, data);
    await store.storage.originals.putFile("ef/efab.jpeg", file);
    fs.rmSync(file);
    expect(await store.storage.originals.get("ef/efab.jpeg")).toEqual(data);
    expect(await keysIn(store.storage.originals)).toEqual(new Set(["ef/efab.jpeg"]));
    await expect(store.storage.originals.putFile("ef/gone.jpeg", file)).rejects.toThrow(/ENOENT/);
    expect(await store.storage.originals.has("ef/gone.jpeg")).toBe(false);
  });

  it("refuses a key that could climb out of its folder", async () => {
    for (const key of ["../originals/ab/x.jpeg", "/etc/passwd", "ab/../../x", ""]) {
      await expect(store.storage.public.put(key, numbered(1))).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe("the bucket's layout and headers", () => {
  let store: MediaTestStore;
  beforeEach(async () => {
    store = await stores.create("s3");
  });
  afterEach(async () => {
    await store.cleanup();
  });

  async function head(objectKey: string) {
    const settings = store.s3;
    if (!settings) throw new Error("no bucket");
    const { sdk, client, bucket } = await connectS3(settings);
    return client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: objectKey }));
  }

  it("keeps variants under <prefix>media/ with a year's immutable cache and their type, originals under <prefix>originals/ never public", async () => {
    const prefix = store.s3?.prefix ?? "";
    expect(prefix).toMatch(/^t-[\w-]+\/$/);
    await store.storage.public.put("ab/abc-320-1a2b3c4d.avif", numbered(5));
    await store.storage.public.put("ab/abc-1200-1a2b3c4d.jpg", numbered(5));
    await store.storage.originals.put("ab/abcdef.jpeg", numbered(5));

    const avif = await head(`${prefix}media/ab/abc-320-1a2b3c4d.avif`);
    expect(avif).toMatchObject({ CacheControl: PUBLIC_CACHE_CONTROL, ContentType: "image/avif", ContentLength: 5 });
    expect(PUBLIC_CACHE_CONTROL).toBe("public, max-age=31536000, immutable");
    expect((await head(`${prefix}media/ab/abc-1200-1a2b3c4d.jpg`)).ContentType).toBe("image/jpeg");
    const original = await head(`${prefix}originals/ab/abcdef.jpeg`);
    expect(original.CacheControl).toBe(PRIVATE_CACHE_CONTROL);
    expect(original.CacheControl).not.toMatch(/public/);
    // The original is not under media/, the one folder the bucket's policy makes public.
    await expect(head(`${prefix}media/ab/abcdef.jpeg`)).rejects.toMatchObject({ name: "NotFound" });
    if (store.s3) expect(s3Folder(store.s3, "uploads").root).toBe(`${prefix}uploads/`);
  });

  it("lists past a page of 1,000 keys", async () => {
    const count = 1_003;
    const keys = Array.from({ length: count }, (_, i) => `ef/${String(i).padStart(4, "0")}.webp`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => store.storage.public.put(key, numbered(1))));
    }
    expect(await keysIn(store.storage.public)).toEqual(new Set(keys));
  });
});
