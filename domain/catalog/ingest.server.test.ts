// On both media stores: the folder under DATA_DIR and a bucket (tests/helpers/media-store.ts).
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestStore, FIXTURES_DIR, type TestStore } from "#fixtures/test-store.ts";
import { cameraJpeg } from "#tests/helpers/exif-jpeg.ts";
import { MEDIA_STORE_KINDS, type MediaTestStore, mediaTestStores } from "#tests/helpers/media-store.ts";
import { ImageRejectedError, planVariants, readEmbeddedMetadata } from "../media/pipeline.server.ts";
import { keysIn } from "../media/storage.server.ts";
import { ingestImage } from "./ingest.server.ts";

const orientedJpeg = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));
const demoJpeg = fs.readFileSync(path.resolve("demo/photos/08-paint-brushes.jpg"));

const stores = mediaTestStores();

describe.each(MEDIA_STORE_KINDS)("ingestImage on the %s", (kind) => {
  let store: MediaTestStore;
  beforeEach(async () => {
    store = await stores.create(kind);
  });
  afterEach(async () => {
    await store.cleanup();
  });
  const publicKeys = async () => [...(await keysIn(store.storage.public))].sort();

  it("stores the original privately and every planned variant publicly, with dimensions", async () => {
    const result = await ingestImage(store, orientedJpeg, "rotated.jpg");
    expect(result.created).toBe(true);

    const asset = await store.db
      .selectFrom("assets")
      .selectAll()
      .where("id", "=", result.assetId)
      .executeTakeFirstOrThrow();
    expect(asset).toMatchObject({ width: 400, height: 600, mime: "image/jpeg", original_name: "rotated.jpg" });
    expect(await store.storage.originals.get(asset.original_key)).toEqual(orientedJpeg);

    const variants = await store.db
      .selectFrom("asset_variants")
      .selectAll()
      .where("asset_id", "=", result.assetId)
      .execute();
    expect(variants).toHaveLength(planVariants(400).length);
    for (const v of variants) {
      const file = await store.storage.public.get(v.key);
      expect(file.byteLength).toBe(v.bytes);
      const meta = await readEmbeddedMetadata(file);
      expect(meta).toMatchObject({ width: v.width, height: v.height, hasExif: false });
    }
    // Nothing from the original (with its GPS) is in the public store.
    expect((await publicKeys()).some((f) => f.endsWith(".jpeg"))).toBe(false);
    expect([...(await keysIn(store.storage.originals))]).toEqual([asset.original_key]);
  });

  it("keeps when the photo was taken, from the original's EXIF; the public files still carry no EXIF", async () => {
    const taken = await cameraJpeg({ label: "first dance", taken: "2024:05:04 16:20:11", offset: "+05:30" });
    const { assetId } = await ingestImage(store, taken, "IMG_0042.jpg");
    const undated = await ingestImage(store, demoJpeg, "brushes.jpg");
    const capturedAt = async (id: number) =>
      (await store.db.selectFrom("assets").select("captured_at").where("id", "=", id).executeTakeFirstOrThrow())
        .captured_at;
    expect(await capturedAt(assetId)).toBe("2024-05-04T16:20:11+05:30");
    expect(await capturedAt(undated.assetId)).toBeNull();

    const variants = await store.db
      .selectFrom("asset_variants")
      .select("key")
      .where("asset_id", "=", assetId)
      .execute();
    expect(variants.length).toBeGreaterThan(0);
    for (const { key } of variants) {
      const file = await store.storage.public.get(key);
      expect((await readEmbeddedMetadata(file)).hasExif).toBe(false);
      expect(file.includes(Buffer.from("2024:05:04"))).toBe(false);
    }
  });

  it("does nothing twice: the same bytes are one asset", async () => {
    const first = await ingestImage(store, demoJpeg, "brushes.jpg");
    const filesAfterFirst = await publicKeys();
    const second = await ingestImage(store, demoJpeg, "brushes-again.jpg");
    expect(second).toEqual({ assetId: first.assetId, created: false, encoded: 0 });
    expect(await publicKeys()).toEqual(filesAfterFirst);
    expect(await store.db.selectFrom("assets").select("id").execute()).toHaveLength(1);
  });

  it("resumes an interrupted ingest, encoding only what is missing", async () => {
    const first = await ingestImage(store, demoJpeg, "brushes.jpg");
    const variants = await store.db.selectFrom("asset_variants").selectAll().execute();
    // Simulate a process killed after writing some files but before the row was committed:
    // no row, half the variants.
    await store.db.deleteFrom("assets").where("id", "=", first.assetId).execute();
    const lost = variants.filter((_, i) => i % 2 === 0);
    for (const v of lost) await store.storage.public.delete(v.key);

    const resumed = await ingestImage(store, demoJpeg, "brushes.jpg");
    expect(resumed.created).toBe(true);
    expect(resumed.encoded).toBe(lost.length);
    const after = await store.db
      .selectFrom("asset_variants")
      .select(["key", "width", "height", "bytes"])
      .orderBy("key")
      .execute();
    expect(after).toEqual(
      variants
        .map(({ key, width, height, bytes }) => ({ key, width, height, bytes }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
  });

  it("refuses a non-image with the file's name and writes nothing", async () => {
    const error = await ingestImage(store, Buffer.from("%PDF-1.7 not a photo"), "contract.pdf").catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as Error).message).toMatch(/^contract\.pdf: not an image/);
    expect(await publicKeys()).toEqual([]);
    expect(await keysIn(store.storage.originals)).toEqual(new Set());
  });
});

describe("a write killed half way, on the folder", () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore();
  });
  afterEach(async () => {
    await store.cleanup();
  });

  it("leaves a temporary file that start-up sweeps and no listing shows", async () => {
    await ingestImage(store, demoJpeg, "brushes.jpg");
    const [first] = await keysIn(store.storage.public);
    fs.writeFileSync(path.join(store.dataDir, "media", `${first}.abc123.partial`), "half a file");
    expect(await keysIn(store.storage.public)).not.toContain(`${first}.abc123.partial`);
    expect(await store.storage.public.sweepPartials()).toBe(1);
    expect(
      fs
        .readdirSync(path.join(store.dataDir, "media"), { recursive: true })
        .some((f) => String(f).endsWith(".partial")),
    ).toBe(false);
  });
});
