// The tus staging of uploads in a BlobStore (server/upload-store.ts), over the S3 test server's
// bucket and over a folder: several app instances (each its own tus server and store, sharing
// nothing but the bucket) take the chunks of one upload in turn and a third reads it back; a
// PATCH cut off keeps what arrived, as tus's FileStore does (the same scenario runs on it);
// stray parts are never counted; expired uploads and orphaned parts go.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { type DataStore, Server, Upload } from "@tus/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { s3Folder } from "#domain/media/s3-store.server.ts";
import { type BlobStore, DiskBlobStore, keysIn } from "#domain/media/storage.server.ts";
import { type S3TestServer, startS3Server, uniquePrefix } from "#fixtures/s3-server.ts";
import { makeTempDir } from "#fixtures/test-store.ts";
import { BlobUploadStore, PART_MAX_BYTES } from "./upload-store.ts";

const TUS = { "Tus-Resumable": "1.0.0" };
const PATCH_TYPE = { "Content-Type": "application/offset+octet-stream" };
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

let s3: S3TestServer;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Where the parts go: a folder of the bucket (a prefix per test) or a folder on disk. */
const BACKINGS = {
  bucket: () => s3Folder(s3.settings(uniquePrefix()), "uploads"),
  folder: () => {
    const dir = makeTempDir("studio-upload-store-");
    dirs.push(dir);
    return new DiskBlobStore(path.join(dir, "uploads"));
  },
} satisfies Record<string, () => BlobStore>;

/** One app instance: its own tus server, over its own store object. */
interface Instance {
  url: string;
  close(): Promise<void>;
}
const open: Instance[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((instance) => instance.close()));
});

async function startInstance(datastore: DataStore): Promise<Instance> {
  const tus = new Server({ path: "/files", datastore, relativeLocation: true });
  const server = http.createServer((req, res) => void tus.handle(req, res));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const instance = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(instance);
  return instance;
}

async function create(instance: Instance, length: number): Promise<string> {
  const res = await fetch(`${instance.url}/files`, {
    method: "POST",
    headers: { ...TUS, "Upload-Length": String(length) },
  });
  expect(res.status).toBe(201);
  return res.headers.get("Location")?.split("/").pop() ?? "";
}

async function offsetOf(instance: Instance, id: string): Promise<number> {
  const res = await fetch(`${instance.url}/files/${id}`, { method: "HEAD", headers: TUS });
  expect(res.status).toBe(200);
  return Number(res.headers.get("Upload-Offset"));
}

async function patch(instance: Instance, id: string, offset: number, body: Buffer): Promise<Response> {
  return fetch(`${instance.url}/files/${id}`, {
    method: "PATCH",
    headers: { ...TUS, ...PATCH_TYPE, "Upload-Offset": String(offset) },
    body: new Uint8Array(body),
  });
}

/**
 * A PATCH that sends `sent` bytes of a longer declared body and then loses its connection; waits
 * until the server has stored what it got (the next HEAD shows it) and returns that offset.
 */
async function cutPatch(instance: Instance, id: string, offset: number, body: Buffer, sent: number): Promise<number> {
  const req = http.request(`${instance.url}/files/${id}`, {
    method: "PATCH",
    headers: { ...TUS, ...PATCH_TYPE, "Upload-Offset": String(offset), "Content-Length": String(body.length) },
  });
  req.on("error", () => {});
  req.write(body.subarray(0, sent));
  await new Promise((resolve) => setTimeout(resolve, 200));
  req.destroy();
  const deadline = Date.now() + 10_000;
  let now = await offsetOf(instance, id);
  while (now === offset && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    now = await offsetOf(instance, id);
  }
  return now;
}

describe.each(Object.keys(BACKINGS) as (keyof typeof BACKINGS)[])("BlobUploadStore on a %s", (backing) => {
  it("takes one upload's chunks on two instances in turn; a third reads it back whole", async () => {
    const shared = BACKINGS[backing]();
    const store = () => new BlobUploadStore(shared, { expirationMs: WEEK_MS });
    const [a, b] = [await startInstance(store()), await startInstance(store())];
    const file = randomBytes(3 * 100_000 + 17);
    const id = await create(a, file.length);
    const chunks = [file.subarray(0, 100_000), file.subarray(100_000, 200_000), file.subarray(200_000)];
    for (const [i, chunk] of chunks.entries()) {
      const instance = i % 2 === 0 ? a : b;
      const offset = await offsetOf(i % 2 === 0 ? b : a, id);
      expect(offset).toBe(i * 100_000);
      const res = await patch(instance, id, offset, chunk);
      expect(res.status).toBe(204);
      expect(Number(res.headers.get("Upload-Offset"))).toBe(offset + chunk.length);
    }
    expect(await offsetOf(b, id)).toBe(file.length);
    // The photo worker, on yet another instance.
    expect(Buffer.compare(await store().read(id), file)).toBe(0);
    expect([...(await keysIn(shared))].sort()).toEqual([
      `${id}.info`,
      `${id}/000000000000`,
      `${id}/000000100000`,
      `${id}/000000200000`,
    ]);
    await store().remove(id);
    expect(await keysIn(shared)).toEqual(new Set());
    expect((await fetch(`${a.url}/files/${id}`, { method: "HEAD", headers: TUS })).status).toBe(404);
  });

  it("cuts a PATCH larger than a part into parts as it arrives, so a part's size is bounded", async () => {
    const shared = BACKINGS[backing]();
    const a = await startInstance(new BlobUploadStore(shared, { expirationMs: WEEK_MS }));
    const file = randomBytes(2 * PART_MAX_BYTES + 5);
    const id = await create(a, file.length);
    expect((await patch(a, id, 0, file)).status).toBe(204);
    const sizes = [];
    for await (const object of shared.list(`${id}/`)) sizes.push(object.bytes);
    expect(sizes.sort((x, y) => y - x)).toEqual([PART_MAX_BYTES, PART_MAX_BYTES, 5]);
  });

  it("counts and reads only the unbroken run of parts from 0, whatever else a lost request left", async () => {
    const shared = BACKINGS[backing]();
    const store = new BlobUploadStore(shared, { expirationMs: WEEK_MS });
    await store.create(new Upload({ id: "stray", size: 30, offset: 0 }));
    await store.write(streamOf(Buffer.from("0123456789")), "stray", 0);
    // A part beyond a gap (a request whose predecessor was lost) is not counted.
    await shared.put("stray/000000000015", Buffer.from("fffff"));
    expect((await store.getUpload("stray")).offset).toBe(10);
    expect((await store.read("stray")).toString()).toBe("0123456789");
    // The gap filled, the run goes on through the part that was waiting.
    await store.write(streamOf(Buffer.from("abcde")), "stray", 10);
    expect((await store.getUpload("stray")).offset).toBe(20);
    expect((await store.read("stray")).toString()).toBe("0123456789abcdefffff");
  });

  it("sweeps unfinished uploads and orphaned parts once expired, and leaves a finished upload for the worker", async () => {
    const shared = BACKINGS[backing]();
    const store = new BlobUploadStore(shared, { expirationMs: 1 });
    const old = new Date(Date.now() - 60_000).toISOString();
    await store.create(new Upload({ id: "unfinished", size: 10, offset: 0, creation_date: old }));
    await store.write(streamOf(Buffer.from("01234")), "unfinished", 0);
    await store.create(new Upload({ id: "finished", size: 5, offset: 0, creation_date: old }));
    await store.write(streamOf(Buffer.from("01234")), "finished", 0);
    await shared.put("orphan/000000000000", Buffer.from("left over"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await store.deleteExpired()).toBe(1);
    expect([...(await keysIn(shared))].sort()).toEqual(["finished.info", "finished/000000000000"]);
  });

  it("names no upload by a path that climbs out of its folder", async () => {
    const store = new BlobUploadStore(BACKINGS[backing](), { expirationMs: WEEK_MS });
    await expect(store.getUpload("../originals")).rejects.toMatchObject({ status_code: 404 });
    await expect(store.getUpload("missing")).rejects.toMatchObject({ status_code: 404 });
  });
});

/** The stores a cut PATCH is tried on: tus's FileStore (the folder's) and ours on either backing. */
const CUT_STORES = {
  "FileStore on a folder": () => {
    const dir = makeTempDir("studio-file-store-");
    dirs.push(dir);
    const store = new FileStore({ directory: dir });
    return { store, read: (id: string) => fs.promises.readFile(path.join(dir, id)) };
  },
  "BlobUploadStore on a folder": () => {
    const store = new BlobUploadStore(BACKINGS.folder(), { expirationMs: WEEK_MS });
    return { store, read: (id: string) => store.read(id) };
  },
  "BlobUploadStore on a bucket": () => {
    const store = new BlobUploadStore(BACKINGS.bucket(), { expirationMs: WEEK_MS });
    return { store, read: (id: string) => store.read(id) };
  },
};

describe.each(Object.keys(CUT_STORES) as (keyof typeof CUT_STORES)[])("a PATCH cut off, %s", (name) => {
  it("keeps the bytes that arrived: the client resumes after them and the file comes out whole", async () => {
    const { store, read } = CUT_STORES[name]();
    const instance = await startInstance(store);
    const file = randomBytes(1024 * 1024);
    const id = await create(instance, file.length);
    const sent = 300 * 1024;
    const kept = await cutPatch(instance, id, 0, file, sent);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(sent);
    const res = await patch(instance, id, kept, file.subarray(kept));
    expect(res.status).toBe(204);
    expect(Buffer.compare(Buffer.from(await read(id)), file)).toBe(0);
  });
});

function streamOf(data: Buffer): Readable {
  return Readable.from([data]);
}
