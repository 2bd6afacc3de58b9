// On both media stores: the folder under DATA_DIR and a bucket (tests/helpers/media-store.ts).
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addPhotoToSet, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { FIXTURES_DIR } from "#fixtures/test-store.ts";
import { cameraJpeg } from "#tests/helpers/exif-jpeg.ts";
import { emptyStore, MEDIA_STORE_KINDS, type MediaTestStore, mediaTestStores } from "#tests/helpers/media-store.ts";
import { ingestImage, variantKey } from "../catalog/ingest.server.ts";
import { addGallerySet, createGallery } from "../galleries/galleries.server.ts";
import { planGalleryVariants, readEmbeddedMetadata, type Watermark } from "../media/pipeline.server.ts";
import { fillCaptureTimes, repairMissingVariants } from "./repair.server.ts";

const orientedJpeg = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));
const demoJpeg = fs.readFileSync(path.resolve("demo/photos/08-paint-brushes.jpg"));

const stores = mediaTestStores();

describe.each(MEDIA_STORE_KINDS)("on the %s", (kind) => {
  let store: MediaTestStore;
  beforeEach(async () => {
    store = await stores.create(kind);
  });
  afterEach(async () => {
    await store.cleanup();
  });

  describe("repairMissingVariants", () => {
    it("re-encodes lost variants from the originals, upright and without metadata, and then has nothing to do", async () => {
      await ingestImage(store, orientedJpeg, "rotated.jpg");
      await ingestImage(store, demoJpeg, "brushes.jpg");
      const variants = await store.db.selectFrom("asset_variants").selectAll().execute();
      await emptyStore(store.storage.public);

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
        {
          assetId: lost.assetId,
          fileName: "rotated.jpg",
          reason: `its original (${asset.original_key}) is missing too`,
        },
      ]);
      expect(report.rebuilt).toBe(variants.filter((v) => v.asset_id !== lost.assetId).length);
    });
  });

  describe("repairMissingVariants in client galleries", () => {
    const mark: Watermark = { text: "NILA STUDIO", position: "top-left", opacityPercent: 70 };

    async function galleryPhoto(watermark: Watermark | null, seed: number) {
      const galleryId = await createGallery(store.db, { title: `Gallery ${seed}` });
      if (watermark)
        await store.db
          .updateTable("client_galleries")
          .set({
            watermark_text: watermark.text,
            watermark_position: watermark.position,
            watermark_opacity: watermark.opacityPercent,
          })
          .where("id", "=", galleryId)
          .execute();
      const setId = await addGallerySet(store.db, galleryId, "Reception");
      const photoId = await addPhotoToSet(store, setId, await seededJpeg(seed, 1200, 800), `DSC_${seed}.jpg`);
      const asset = await store.db
        .selectFrom("photos")
        .innerJoin("assets", "assets.id", "photos.asset_id")
        .selectAll("assets")
        .where("photos.id", "=", photoId)
        .executeTakeFirstOrThrow();
      const view = planGalleryVariants(asset, watermark).at(-1);
      if (!view) throw new Error("no viewing variant");
      return { asset, viewKey: variantKey(asset.sha256, view) };
    }

    it("rebuilds a watermarked gallery's viewing JPEG (a file without a row) from the original, once", async () => {
      const { viewKey } = await galleryPhoto(mark, 1);
      const before = await store.storage.public.get(viewKey);
      await store.storage.public.delete(viewKey);

      expect(await repairMissingVariants(store)).toEqual({ assets: 1, rebuilt: 1, unrecoverable: [] });
      const rebuilt = await store.storage.public.get(viewKey);
      // The same settings, the same name, the same bytes: the watermark is drawn as at upload.
      expect(Buffer.compare(rebuilt, before)).toBe(0);
      expect(await repairMissingVariants(store)).toEqual({ assets: 1, rebuilt: 0, unrecoverable: [] });
      // Still no row: the asset's rows stay the unmarked set.
      const rows = await store.db.selectFrom("asset_variants").select("key").execute();
      expect(rows.map((r) => r.key)).not.toContain(viewKey);
    });

    it("rebuilds an unmarked gallery's viewing JPEG with the delivery settings, under its own name", async () => {
      const { asset, viewKey } = await galleryPhoto(null, 2);
      const before = await store.storage.public.get(viewKey);
      await emptyStore(store.storage.public);

      // Every file of the delivery plan: the thumbnails and the viewing JPEG.
      expect((await repairMissingVariants(store)).rebuilt).toBe(planGalleryVariants(asset).length);
      expect(Buffer.compare(await store.storage.public.get(viewKey), before)).toBe(0);
      const rows = await store.db.selectFrom("asset_variants").select("key").where("format", "=", "jpeg").execute();
      expect(rows.map((r) => r.key)).toEqual([viewKey]);
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
});
