// MEDIA_STORE=s3: media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Garage, Ceph),
// laid out as <prefix>media/<key> (the public variants), <prefix>originals/<key> (private) and
// <prefix>uploads/... (tus staging, server/upload-store.ts). The bucket's policy makes media/
// public and nothing else; every object the app writes says how it may be cached
// (docs/decisions/031-object-storage.md).
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import type { Readable } from "node:stream";
import type { GetObjectCommandOutput, S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "../../platform/env.server.ts";
import {
  assertSafeKey,
  type BlobStore,
  contentTypeOf,
  type MediaStorage,
  publicMediaUrl,
  type StoredObject,
} from "./storage.server.ts";

/** A variant's key names its content: any cache may keep it for a year without asking again. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Originals and upload staging are never served; were a policy ever to expose them, no cache keeps a copy. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** The bucket's folders under S3_PREFIX. */
export const BUCKET_FOLDERS = { public: "media/", originals: "originals/", uploads: "uploads/" } as const;

/** A bucket that does not accept a connection within this is down: the request fails (and is retried). */
const CONNECT_TIMEOUT_MS = 10_000;
/** A response that sends nothing for this long is given up (a stalled download does not hang for ever). */
const SOCKET_IDLE_TIMEOUT_MS = 60_000;
/** Keys per ListObjectsV2 page: S3's maximum. */
const LIST_PAGE_KEYS = 1000;

type Sdk = typeof import("@aws-sdk/client-s3");

export interface S3Connection {
  sdk: Sdk;
  client: S3Client;
  bucket: string;
}

const connections = new WeakMap<S3Settings, Promise<S3Connection>>();

/**
 * The bucket's client, made on first use and shared by everything using the same settings. The
 * SDK is imported only then: a folder install never loads it (about 100 ms and 35 MB at start).
 */
export function connectS3(settings: S3Settings): Promise<S3Connection> {
  let made = connections.get(settings);
  if (!made) {
    made = import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      bucket: settings.bucket,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // Checksums only where S3 requires them (DeleteObjects): the SDK's newer default, a CRC
        // header on every PUT and aws-chunked bodies, is refused by several S3-compatible
        // services (older MinIO and Ceph, Garage). TLS already guards the bytes in transit.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: SOCKET_IDLE_TIMEOUT_MS },
      }),
    }));
    connections.set(settings, made);
  }
  return made;
}

/** What the bucket answered a read with: a status that is not an error, and the object's headers. */
export interface BucketRead {
  /** 200, 206 (a range), 304 (not modified). */
  status: 200 | 206 | 304;
  etag: string | undefined;
  lastModified: Date | undefined;
  contentLength: number | undefined;
  contentRange: string | undefined;
  /** Absent for a 304 and a HEAD. */
  body: Readable | undefined;
}

/** The conditions and range of a GET or HEAD passed on to the bucket. */
export interface BucketReadOptions {
  head?: boolean;
  range?: string;
  ifNoneMatch?: string;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

export function isMissingObject(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return statusOf(error) === 404 || name === "NoSuchKey" || name === "NotFound";
}

/** An S3 error that is the answer to a conditional or ranged request rather than a fault. */
export function bucketAnswerStatus(error: unknown): 304 | 412 | 416 | undefined {
  const status = statusOf(error);
  return status === 304 || status === 412 || status === 416 ? status : undefined;
}

export class S3BlobStore implements BlobStore {
  /** The folder in the bucket this store's keys live under, with S3_PREFIX: "studio-a/media/". */
  readonly root: string;
  private readonly connect: () => Promise<S3Connection>;
  private readonly cacheControl: string;

  constructor(connect: () => Promise<S3Connection>, root: string, cacheControl: string) {
    this.connect = connect;
    this.root = root;
    this.cacheControl = cacheControl;
  }

  /** The object's key in the bucket. */
  objectKey(key: string): string {
    assertSafeKey(key);
    return this.root + key;
  }

  async has(key: string): Promise<boolean> {
    const { sdk, client, bucket } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissingObject(error)) return false;
      throw error;
    }
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    await this.putBody(key, data, data.byteLength);
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const { size } = await fs.stat(filePath);
    await this.putBody(key, createReadStream(filePath), size);
  }

  private async putBody(key: string, body: Uint8Array | Readable, bytes: number): Promise<void> {
    const { sdk, client, bucket } = await this.connect();
    // One PUT is atomic: readers see the old object, or none, until the whole new one is stored.
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentLength: bytes,
        ContentType: contentTypeOf(key),
        CacheControl: this.cacheControl,
      }),
    );
  }

  async get(key: string): Promise<Buffer> {
    const { sdk, client, bucket } = await this.connect();
    const out = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: this.objectKey(key) }));
    if (!out.Body) throw new Error(`The bucket sent no body for ${this.objectKey(key)}`);
    return Buffer.from(await out.Body.transformToByteArray());
  }

  async *stream(key: string, start = 0, end = Number.POSITIVE_INFINITY): AsyncIterable<Uint8Array> {
    if (end <= start) return;
    // No Range for the whole object: S3 refuses any range of an empty one (416).
    const whole = start === 0 && !Number.isFinite(end);
    const range = whole ? undefined : `bytes=${start}-${Number.isFinite(end) ? end - 1 : ""}`;
    const { body } = await this.read(key, { range });
    // Leaving the loop early (a client gone mid-download) destroys the response's socket.
    if (body) yield* body as AsyncIterable<Uint8Array>;
  }

  /** A GET or HEAD with its conditions and range, as the bucket answers it (for serving /media/*). */
  async read(key: string, options: BucketReadOptions = {}): Promise<BucketRead> {
    const { sdk, client, bucket } = await this.connect();
    const input = {
      Bucket: bucket,
      Key: this.objectKey(key),
      Range: options.range,
      IfNoneMatch: options.ifNoneMatch,
    };
    try {
      const out: Pick<GetObjectCommandOutput, "ETag" | "LastModified" | "ContentLength" | "ContentRange" | "Body"> =
        options.head
          ? await client.send(new sdk.HeadObjectCommand(input))
          : await client.send(new sdk.GetObjectCommand(input));
      return {
        status: out.ContentRange ? 206 : 200,
        etag: out.ETag,
        lastModified: out.LastModified,
        contentLength: out.ContentLength,
        contentRange: out.ContentRange,
        body: out.Body as Readable | undefined,
      };
    } catch (error) {
      if (bucketAnswerStatus(error) !== 304) throw error;
      return {
        status: 304,
        etag: options.ifNoneMatch,
        lastModified: undefined,
        contentLength: undefined,
        contentRange: undefined,
        body: undefined,
      };
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client, bucket } = await this.connect();
    // S3 answers a delete of a missing key with success too: deleting is idempotent, as on disk.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix = ""): AsyncIterable<StoredObject> {
    const { sdk, client, bucket } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: bucket,
          Prefix: this.root + prefix,
          ContinuationToken: token,
          MaxKeys: LIST_PAGE_KEYS,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          key: object.Key.slice(this.root.length),
          bytes: object.Size ?? 0,
          modified: object.LastModified ?? new Date(0),
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** A PUT is atomic and nothing here uses multipart uploads: a killed process leaves nothing half-written. */
  async sweepPartials(): Promise<number> {
    return 0;
  }
}

/** One of the bucket's folders (BUCKET_FOLDERS) as a store, under S3_PREFIX. */
export function s3Folder(settings: S3Settings, folder: keyof typeof BUCKET_FOLDERS): S3BlobStore {
  const cacheControl = folder === "public" ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL;
  return new S3BlobStore(() => connectS3(settings), settings.prefix + BUCKET_FOLDERS[folder], cacheControl);
}

export function s3MediaStorage(settings: S3Settings): MediaStorage & { public: S3BlobStore; originals: S3BlobStore } {
  return {
    public: s3Folder(settings, "public"),
    originals: s3Folder(settings, "originals"),
    publicUrl: publicMediaUrl,
  };
}
