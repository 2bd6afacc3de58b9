import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { FIXTURES_DIR, noisePng, pngHeaderClaiming } from "#fixtures/test-store.ts";
import { cameraJpeg } from "#tests/helpers/exif-jpeg.ts";
import { JPEG_WIDTH_PX, MAX_SOURCE_BYTES, MAX_VARIANT_WIDTH_PX, VARIANT_WIDTHS_PX } from "./constants.ts";
import {
  checkSourceDecodes,
  ImageRejectedError,
  inspectSource,
  planSpreadVariants,
  planVariants,
  readCaptureTime,
  readEmbeddedMetadata,
  renderVariants,
} from "./pipeline.server.ts";

const orientedJpeg = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));
const demoJpeg = fs.readFileSync(path.resolve("demo/photos/08-paint-brushes.jpg"));

async function rejection(data: Uint8Array, name: string): Promise<ImageRejectedError> {
  const error = await inspectSource(data, name).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

describe("inspectSource", () => {
  it("reports upright dimensions for an EXIF-rotated photo", async () => {
    // Stored as 600 × 400 with orientation 6: it is a portrait photo.
    expect(await inspectSource(orientedJpeg, "rotated.jpg")).toEqual({ mime: "image/jpeg", width: 400, height: 600 });
  });

  it("refuses what is not an image, naming the file", async () => {
    const error = await rejection(Buffer.from("just some words, not a photograph\n".repeat(20)), "notes.txt");
    expect(error.message).toMatch(/^notes\.txt: not an image/);
  });

  it("refuses a file over the size limit before decoding it", async () => {
    const big = Buffer.alloc(MAX_SOURCE_BYTES + 1);
    demoJpeg.copy(big);
    const error = await rejection(big, "huge.jpg");
    expect(error.message).toMatch(/^huge\.jpg: the file is too large \(60\.0 MB; the limit is 60\.0 MB\)/);
  });

  it("refuses a pixel bomb from its header alone", async () => {
    const error = await rejection(pngHeaderClaiming(30_000, 30_000), "bomb.png");
    expect(error.message).toBe("bomb.png: the image has too many pixels (30000 × 30000, 900 MP; the limit is 120 MP)");
  });

  it("refuses an image whose header is garbage", async () => {
    const garbled = Buffer.concat([demoJpeg.subarray(0, 4), Buffer.alloc(2000, 0xff)]);
    const error = await rejection(garbled, "garbled.jpg");
    expect(error.message).toMatch(/^garbled\.jpg: the image is corrupt or cannot be read/);
  });
});

describe("checkSourceDecodes", () => {
  const refusal = async (data: Uint8Array, name: string) => {
    const error = await checkSourceDecodes(data, name).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    return (error as ImageRejectedError).reason;
  };

  it("passes whole images", async () => {
    await expect(checkSourceDecodes(demoJpeg, "brushes.jpg")).resolves.toBeUndefined();
    await expect(checkSourceDecodes(orientedJpeg, "rotated.jpg")).resolves.toBeUndefined();
    await expect(checkSourceDecodes(noisePng(64, 48), "noise.png")).resolves.toBeUndefined();
  });

  it("refuses a JPEG cut short, even one whose header inspectSource reads, saying so", async () => {
    const cut = demoJpeg.subarray(0, Math.floor(demoJpeg.length * 0.9));
    expect(await inspectSource(cut, "cut.jpg")).toMatchObject({ mime: "image/jpeg" });
    expect(await refusal(cut, "cut.jpg")).toBe(
      "the file is cut short: the end of the image is missing (was it copied or saved completely?)",
    );
    expect(await refusal(demoJpeg.subarray(0, demoJpeg.length - 2), "no-end.jpg")).toMatch(/^the file is cut short/);
  });

  it("refuses a PNG cut short or damaged inside", async () => {
    const png = noisePng(64, 48);
    expect(await refusal(png.subarray(0, Math.floor(png.length * 0.7)), "cut.png")).toMatch(/^the file is cut short/);
  });

  it("says a file was cut short even when libvips loses its message, as it can with several decodes at once", async () => {
    const cut = demoJpeg.subarray(0, Math.floor(demoJpeg.length * 0.9));
    const png = noisePng(64, 48);
    const refusals = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 ? refusal(cut, `cut-${i}.jpg`) : refusal(png.subarray(0, Math.floor(png.length * 0.7)), `cut-${i}.png`),
      ),
    );
    for (const reason of refusals) expect(reason).toMatch(/^the file is cut short/);
  });
});

describe("planVariants", () => {
  it("climbs the ladder up to the original's width, with one JPEG", () => {
    const specs = planVariants(2400);
    const avifWidths = specs.filter((s) => s.format === "avif").map((s) => s.width);
    expect(avifWidths).toEqual([320, 480, 640, 800, 960, 1280, 1920, 2400]);
    expect(specs.filter((s) => s.format === "webp").map((s) => s.width)).toEqual(avifWidths);
    expect(specs.filter((s) => s.format === "jpeg")).toEqual([{ format: "jpeg", width: JPEG_WIDTH_PX }]);
  });

  it("caps a large original at the widest variant and never enlarges a small one", () => {
    expect(Math.max(...planVariants(6000).map((s) => s.width))).toBe(MAX_VARIANT_WIDTH_PX);
    expect(planVariants(6000).filter((s) => s.format === "avif")).toHaveLength(VARIANT_WIDTHS_PX.length);
    expect(planVariants(300)).toEqual([
      { format: "avif", width: 300 },
      { format: "webp", width: 300 },
      { format: "jpeg", width: 300 },
    ]);
  });
});

describe("renderVariants", () => {
  it("marks a spread's files once, on its band only, and every file carries it where the gallery says", async () => {
    // A flat mid-grey spread: any change in a row is the watermark's.
    const flat = await sharp({ create: { width: 4000, height: 2000, channels: 3, background: "#777777" } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const mark = { text: "NILA STUDIO", position: "center", opacityPercent: 90 } as const;
    const specs = planSpreadVariants({ width: 4000, height: 2000 }, mark, 2);
    const { variants } = await renderVariants(flat, "spread.jpg", specs);
    expect(variants.map((v) => v.format).sort()).toEqual(["avif", "jpeg", "webp"]);
    for (const file of variants) {
      const { data, info } = await sharp(file.data).raw().toBuffer({ resolveWithObject: true });
      // Still opaque: the mark's alpha is not the spread's.
      expect(info.channels).toBe(3);
      const rowSpread = (from: number, to: number) => {
        let low = 255;
        let high = 0;
        for (let i = from * info.width * 3; i < to * info.width * 3; i++) {
          low = Math.min(low, data[i] ?? 0);
          high = Math.max(high, data[i] ?? 0);
        }
        return high - low;
      };
      const middle = Math.round(info.height / 2);
      // The text across the middle: bright letters and their dark outline on the grey.
      expect(rowSpread(middle - 2, middle + 2), `${file.format} at ${file.width}`).toBeGreaterThan(80);
      // The top and bottom fifths are the grey as it was.
      expect(rowSpread(0, Math.round(info.height / 5))).toBeLessThan(12);
      expect(rowSpread(Math.round((info.height * 4) / 5), info.height)).toBeLessThan(12);
    }
  });

  it("writes upright variants with no EXIF, GPS, XMP or IPTC, and a tiny placeholder", async () => {
    const original = await readEmbeddedMetadata(orientedJpeg);
    expect(original.hasExif).toBe(true);
    expect(orientedJpeg.includes(Buffer.from("GPS"))).toBe(true);

    const specs = planVariants(400);
    const { variants, placeholder } = await renderVariants(orientedJpeg, "rotated.jpg", specs);
    expect(variants.map(({ format, width }) => ({ format, width }))).toEqual(specs);
    for (const variant of variants) {
      const meta = await readEmbeddedMetadata(variant.data);
      // Upright: the stored 600 × 400 landscape pixels are shown as a 2:3 portrait.
      expect(meta).toMatchObject({
        width: variant.width,
        height: variant.width * 1.5,
        hasExif: false,
        hasXmp: false,
        hasIptc: false,
      });
      expect(meta.orientation ?? 1).toBe(1);
      expect(variant.height).toBe(variant.width * 1.5);
      expect(variant.data.includes(Buffer.from("FixtureCam"))).toBe(false);
    }
    expect(placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(placeholder.length).toBeLessThan(600);
  });

  it("refuses a truncated image when decoding it", async () => {
    const error = await renderVariants(demoJpeg.subarray(0, 4000), "cut.jpg", planVariants(640)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as Error).message).toMatch(/^cut\.jpg: the file is cut short/);
  });

  it("encodes each format as itself", async () => {
    const { variants } = await renderVariants(demoJpeg, "brushes.jpg", planVariants(640));
    const formats = await Promise.all(
      variants.map(async (v) => [v.format, (await readEmbeddedMetadata(v.data)).format]),
    );
    expect(formats).toContainEqual(["avif", "heif"]);
    expect(formats).toContainEqual(["webp", "webp"]);
    expect(formats).toContainEqual(["jpeg", "jpeg"]);
  });
});

describe("readCaptureTime", () => {
  it("reads DateTimeOriginal as the camera's wall clock, with its offset when it wrote one", async () => {
    expect(await readCaptureTime(await cameraJpeg({ label: "plain", taken: "2024:05:04 16:20:11" }))).toBe(
      "2024-05-04T16:20:11",
    );
    const zoned = await cameraJpeg({ label: "zoned", taken: "2024:05:04 16:20:11", offset: "+05:30" });
    expect(await readCaptureTime(zoned)).toBe("2024-05-04T16:20:11+05:30");
    const west = await cameraJpeg({ label: "west", taken: "2023:12:31 23:59:59", offset: "-03:00" });
    expect(await readCaptureTime(west)).toBe("2023-12-31T23:59:59-03:00");
  });

  it("keeps the date and drops an offset that is no offset", async () => {
    for (const offset of ["   :  ", "+5:30", "+25:00", "+05:75", "Z"]) {
      const jpeg = await cameraJpeg({ label: `offset ${offset}`, taken: "2024:05:04 16:20:11", offset });
      expect(await readCaptureTime(jpeg), offset).toBe("2024-05-04T16:20:11");
    }
  });

  it("gives null, never an error, for no EXIF, no date, a garbage date or a file that is no image", async () => {
    const garbage = ["0000:00:00 00:00:00", "    :  :     :  :  ", "2024-05-04 16:20:11", "yesterday"];
    for (const taken of garbage) {
      expect(await readCaptureTime(await cameraJpeg({ label: `garbage ${taken}`, taken })), taken).toBeNull();
    }
    expect(await readCaptureTime(await cameraJpeg({ label: "no date" }))).toBeNull();
    expect((await readEmbeddedMetadata(noisePng(8, 8))).hasExif).toBe(false);
    expect(await readCaptureTime(noisePng(8, 8))).toBeNull();
    expect(await readCaptureTime(Buffer.from("not an image at all"))).toBeNull();
    // An EXIF block that is not EXIF (its byte-order mark overwritten): exif-reader throws, we do not.
    const broken = await cameraJpeg({ label: "broken", taken: "2024:05:04 16:20:11" });
    const byteOrder = broken.indexOf("Exif\0\0") + "Exif\0\0".length;
    broken.write("XX", byteOrder, "ascii");
    expect((await readEmbeddedMetadata(broken)).hasExif).toBe(true);
    expect(await readCaptureTime(broken)).toBeNull();
  });
});
