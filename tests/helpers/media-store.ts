// The media tests run on both stores: the folder under DATA_DIR and a bucket (MEDIA_STORE=s3) on
// the S3 test server. A test file calls mediaTestStores() once; each test then asks for a store
// of either kind: a fresh TestStore whose media are in its folder, or in the bucket under a
// prefix of the test's own. The bucket's server is started once per file, on first use.
import { afterAll } from "vitest";
import { s3MediaStorage } from "#domain/media/s3-store.server.ts";
import { type BlobStore, keysIn, type MediaStorage } from "#domain/media/storage.server.ts";
import { type S3TestServer, startS3Server, uniquePrefix } from "#fixtures/s3-server.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import type { S3Settings } from "#platform/env.server.ts";

export const MEDIA_STORE_KINDS = ["folder", "s3"] as const;
export type MediaStoreKind = (typeof MEDIA_STORE_KINDS)[number];

export type MediaTestStore = Omit<TestStore, "storage"> & {
  storage: MediaStorage;
  /** The bucket's settings, on "s3". */
  s3: S3Settings | undefined;
};

export interface MediaTestStores {
  create(kind: MediaStoreKind, options?: { migrated?: boolean }): Promise<MediaTestStore>;
  /** The S3 test server of this file (started if it was not yet). */
  server(): Promise<S3TestServer>;
}

export function mediaTestStores(): MediaTestStores {
  let server: Promise<S3TestServer> | undefined;
  afterAll(async () => {
    await (await server)?.stop();
  });
  const started = () => {
    server ??= startS3Server();
    return server;
  };
  return {
    server: started,
    async create(kind, options) {
      const store = await createTestStore(options);
      if (kind === "folder") return { ...store, s3: undefined };
      const s3 = (await started()).settings(uniquePrefix());
      return { ...store, storage: s3MediaStorage(s3), s3 };
    },
  };
}

/** Deletes everything a store holds (a lost disk, an emptied folder in the bucket). */
export async function emptyStore(store: BlobStore): Promise<void> {
  for (const key of await keysIn(store)) await store.delete(key);
}
