import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cameraJpeg } from "#tests/helpers/exif-jpeg.ts";
import { createTestStore, FIXTURES_DIR, type TestStore } from "#tests/helpers/test-store.ts";
import { ingestImage } from "./ingest.server.ts";
import { readEmbeddedMetadata } from "./pipeline.server.ts";
import { fillCaptureTimes, repairMissingVariants } from "./repair.server.ts";

const orientedJpeg = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));
const demoJpeg = fs.readFileSync(path.resolve("demo/photos/08-paint-brushes.jpg"));

let store: TestStore;
beforeEach(async () => {
  store = await createTestStore();
});
afterEach(async () => {
  await store.cleanup();
});

describe("repairMissingVariants", () => {
  it("re-encodes lost variants from the originals, upright and without metadata, and then has nothing to do", async () => {
    await ingestImage(store, orientedJpeg, "rotated.jpg");
    await ingestImage(store, demoJpeg, "brushes.jpg");
    const variants = await store.db.selectFrom("asset_variants").selectAll().execute();
    fs.rmSync(path.join(store.dataDir, "media"), { recursive: true });

    const lines: string[] = [];
    const report = await repairMissingVariants(store, (line) => lines.push(line));

    expect(report).toEqual({ assets: 2, rebuilt: variants.length, unrecoverable: [] });
    expect(lines).toEqual([expect.stringMatching(/rotated\.jpg$/), expect.stringMatching(/brushes\.jpg$/)]);
    for (const v of variants) {
      const meta = await readEmbeddedMetadata(await store.storage.public.get(v.key));
      expect(meta).toMatchObject({ width: v.width, height: v.height, hasExif: false });
    }
    expect(await repairMissingVariants(store)).toEqual({ assets: 2, rebuilt: 0, unrecoverable: [] });
  });

  it("names a photo whose variants and original are both gone, and repairs the others", async () => {
    const lost = await ingestImage(store, orientedJpeg, "rotated.jpg");
    await ingestImage(store, demoJpeg, "brushes.jpg");
    const asset = await store.db
      .selectFrom("assets")
      .select("original_key")
      .where("id", "=", lost.assetId)
      .executeTakeFirstOrThrow();
    await store.storage.originals.delete(asset.original_key);
    const variants = await store.db.selectFrom("asset_variants").select(["asset_id", "key"]).execute();
    for (const v of variants) await store.storage.public.delete(v.key);

    const report = await repairMissingVariants(store);
    expect(report.unrecoverable).toEqual([
      { assetId: lost.assetId, fileName: "rotated.jpg", reason: `its original (${asset.original_key}) is missing too` },
    ]);
    expect(report.rebuilt).toBe(variants.filter((v) => v.asset_id !== lost.assetId).length);
  });
});

describe("fillCaptureTimes", () => {
  it("reads the capture time of photos uploaded before ingest kept it, from their originals", async () => {
    const taken = await ingestImage(
      store,
      await cameraJpeg({ label: "vows", taken: "2024:05:04 11:02:03", offset: "+05:30" }),
      "IMG_0100.jpg",
    );
    const undated = await ingestImage(store, demoJpeg, "brushes.jpg");
    const lost = await ingestImage(
      store,
      await cameraJpeg({ label: "lost", taken: "2024:05:04 12:00:00" }),
      "lost.jpg",
    );
    // As they were before migration 0011: no capture time; and one original gone.
    await store.db.updateTable("assets").set({ captured_at: null }).execute();
    const { original_key } = await store.db
      .selectFrom("assets")
      .select("original_key")
      .where("id", "=", lost.assetId)
      .executeTakeFirstOrThrow();
    await store.storage.originals.delete(original_key);

    const lines: string[] = [];
    expect(await fillCaptureTimes(store, (line) => lines.push(line))).toEqual({
      checked: 2,
      filled: 1,
      missingOriginals: [{ assetId: lost.assetId, fileName: "lost.jpg" }],
    });
    expect(lines).toEqual([expect.stringMatching(/IMG_0100\.jpg.*2024-05-04T11:02:03\+05:30$/)]);
    const stored = await store.db.selectFrom("assets").select(["id", "captured_at"]).orderBy("id").execute();
    expect(stored).toEqual([
      { id: taken.assetId, captured_at: "2024-05-04T11:02:03+05:30" },
      { id: undated.assetId, captured_at: null },
      { id: lost.assetId, captured_at: null },
    ]);
    // What was found is not read again; what has no date is.
    expect((await fillCaptureTimes(store)).checked).toBe(1);
  });
});
