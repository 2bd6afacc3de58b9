// A client gallery's processing plan (ADR 027): a photo uploaded into a set gets two grid
// thumbnails and one 2048 px viewing JPEG, not the public ladder; a watermark is drawn on the
// viewing image only, in its corner, and the original is kept byte for byte.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { gallerySetStore } from "#fixtures/gallery-set-store.ts";
import { FIXTURES_DIR } from "#fixtures/test-store.ts";
import { variantKey } from "../catalog/ingest.server.ts";
import { claimNextJob } from "../jobs/queue.server.ts";
import { GALLERY_VIEW_EDGE_PX } from "../media/constants.ts";
import { deriveSource, planGalleryVariants, readEmbeddedMetadata, type Watermark } from "../media/pipeline.server.ts";
import { sha256Hex } from "../media/source.server.ts";
import { enqueueUploadedPhoto, processJob } from "./photo-jobs.server.ts";

const SOURCE = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));

describe("planGalleryVariants", () => {
  it("makes three WebP thumbnails and one viewing JPEG at a long edge of 2048 px", () => {
    expect(planGalleryVariants({ width: 6000, height: 4000 })).toEqual([
      { format: "webp", width: 400 },
      { format: "webp", width: 640 },
      { format: "webp", width: 800 },
      { format: "jpeg", width: 2048, preset: "delivery" },
    ]);
    // A portrait's long edge is its height: 4000 × 6000 → 1365 × 2048.
    expect(planGalleryVariants({ width: 4000, height: 6000 }).at(-1)).toEqual({
      format: "jpeg",
      width: 1365,
      preset: "delivery",
    });
    // Never enlarged; no thumbnail as wide as the image itself.
    expect(planGalleryVariants({ width: 600, height: 400 })).toEqual([
      { format: "webp", width: 400 },
      { format: "jpeg", width: 600, preset: "delivery" },
    ]);
  });

  it("puts the watermark on the viewing image only, and none for empty text", () => {
    const mark: Watermark = { text: "Nila Studio", position: "bottom-right", opacityPercent: 40 };
    const specs = planGalleryVariants({ width: 6000, height: 4000 }, mark);
    expect(specs.filter((s) => s.watermark)).toEqual([
      { format: "jpeg", width: 2048, preset: "delivery", watermark: mark },
    ]);
    expect(planGalleryVariants({ width: 6000, height: 4000 }, { ...mark, text: "  " }).some((s) => s.watermark)).toBe(
      false,
    );
  });
});

describe("a photo uploaded into a set", () => {
  const wedding = gallerySetStore();

  async function ingestIntoSet(data: Uint8Array, name: string) {
    await enqueueUploadedPhoto(wedding.store.db, {
      uploadId: name,
      shootId: wedding.setId,
      batchId: "batch-1",
      batchIndex: 0,
      fileName: name,
      data,
    });
    const job = await claimNextJob(wedding.store.db);
    if (!job) throw new Error("no job");
    expect(await processJob(wedding.store, job, data)).toBe("done");
    return wedding.store.db
      .selectFrom("assets")
      .selectAll()
      .where("sha256", "=", sha256Hex(data))
      .executeTakeFirstOrThrow();
  }

  it("gets the delivery plan, without EXIF or GPS, and its original kept byte for byte", async () => {
    const data = await deriveSource(SOURCE, { width: 3000, height: 2000 });
    // deriveSource writes no EXIF; the fixture's own bytes carry EXIF and GPS: use both.
    for (const [bytes, name] of [
      [data, "DSC_0001.jpg"],
      [SOURCE, "DSC_0002.jpg"],
    ] as const) {
      const asset = await ingestIntoSet(bytes, name);
      const variants = await wedding.store.db
        .selectFrom("asset_variants")
        .selectAll()
        .where("asset_id", "=", asset.id)
        .execute();
      expect(variants.map((v) => `${v.format} ${v.width}`).sort()).toEqual(
        planGalleryVariants(asset)
          .map((s) => `${s.format} ${s.width}`)
          .sort(),
      );
      for (const v of variants) {
        const meta = await readEmbeddedMetadata(await wedding.store.storage.public.get(v.key));
        expect(meta).toMatchObject({ hasExif: false, hasXmp: false, hasIptc: false });
        expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(GALLERY_VIEW_EDGE_PX);
      }
      expect(Buffer.compare(await wedding.store.storage.originals.get(asset.original_key), Buffer.from(bytes))).toBe(0);
    }
  });

  it("is watermarked in the gallery's corner on its viewing image, the original untouched", async () => {
    await wedding.store.db
      .updateTable("client_galleries")
      .set({ watermark_text: "NILA STUDIO", watermark_position: "bottom-right", watermark_opacity: 90 })
      .where("id", "=", wedding.galleryId)
      .execute();
    // A flat mid-grey photo: any change in a region is the watermark's.
    const grey = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#777777" } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const asset = await ingestIntoSet(grey, "grey.jpg");
    const gallery = await wedding.store.db
      .selectFrom("client_galleries")
      .selectAll()
      .where("id", "=", wedding.galleryId)
      .executeTakeFirstOrThrow();
    const mark: Watermark = { text: gallery.watermark_text, position: "bottom-right", opacityPercent: 90 };
    const view = planGalleryVariants(asset, mark).at(-1);
    if (!view) throw new Error("no viewing variant");
    const marked = await wedding.store.storage.public.get(variantKey(asset.sha256, view));
    // The unmarked viewing image is not made for a watermarked gallery (its name would be guessable).
    expect(await wedding.store.storage.public.has(variantKey(asset.sha256, { ...view, watermark: undefined }))).toBe(
      false,
    );

    const { data, info } = await sharp(marked).raw().toBuffer({ resolveWithObject: true });
    const spread = (x0: number, y0: number, w: number, h: number) => {
      let min = 255;
      let max = 0;
      for (let y = y0; y < y0 + h; y++)
        for (let x = x0; x < x0 + w; x++) {
          const v = data[(y * info.width + x) * info.channels] ?? 0;
          min = Math.min(min, v);
          max = Math.max(max, v);
        }
      return max - min;
    };
    const box = { w: Math.round(info.width * 0.3), h: Math.round(info.height * 0.12) };
    // Text in the bottom-right corner; the top-left is as flat as the source.
    expect(spread(info.width - box.w, info.height - box.h, box.w, box.h)).toBeGreaterThan(100);
    expect(spread(0, 0, box.w, box.h)).toBeLessThan(12);
    expect(Buffer.compare(await wedding.store.storage.originals.get(asset.original_key), grey)).toBe(0);
    // No row: the watermarked file is the gallery's, the asset's rows stay unwatermarked.
    const rows = await wedding.store.db
      .selectFrom("asset_variants")
      .select("key")
      .where("asset_id", "=", asset.id)
      .execute();
    expect(rows.map((r) => r.key)).not.toContain(variantKey(asset.sha256, view));
  });

  it("adds a gallery's variants to an asset a public shoot made first", async () => {
    const data = await deriveSource(SOURCE, { width: 2400, height: 1600 });
    const { ingestImage } = await import("../catalog/ingest.server.ts");
    const { assetId } = await ingestImage(wedding.store, data, "shared.jpg");
    const asset = await ingestIntoSet(data, "shared.jpg");
    expect(asset.id).toBe(assetId);
    const view = planGalleryVariants(asset).at(-1);
    if (!view) throw new Error("no viewing variant");
    expect(await wedding.store.storage.public.has(variantKey(asset.sha256, view))).toBe(true);
  });
});
