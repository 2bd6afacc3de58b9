// The only module that touches sharp (libvips). It checks a source image, decodes it once,
// and fans out to every responsive variant and the placeholder; it also reads the one piece of
// the source's metadata the studio keeps, when the photo was taken. It knows nothing of storage
// or the database: catalog/ingest.server.ts decides what to render and where it goes.
//
// sharp's own settings (libvips' operation cache, its threads per operation) are left as sharp
// sets them: ADR 030 measured both, and neither bounds what the server keeps after processing.
// glibc's malloc arenas do, and the server's entry bounds those at start (MALLOC_ARENA_MAX).
import exifReader from "exif-reader";
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { formatFileSize } from "#platform/bytes.ts";
import {
  ACCEPTED_SOURCE_MIME,
  AVIF_OPTIONS,
  DRAWN_PAGE_JPEG_OPTIONS,
  FACE_CROP_EDGE_PX,
  FACE_CROP_MARGIN_SHARE,
  FACE_CROP_WEBP_OPTIONS,
  FACE_INPUT_EDGE_PX,
  GALLERY_JPEG_OPTIONS,
  GALLERY_THUMB_WIDTHS_PX,
  GALLERY_VIEW_EDGE_PX,
  JPEG_OPTIONS,
  JPEG_WIDTH_PX,
  MAIL_JPEG_OPTIONS,
  MAIL_PNG_OPTIONS,
  MAX_SOURCE_BYTES,
  MAX_SOURCE_PIXELS,
  MAX_VARIANT_WIDTH_PX,
  PLACEHOLDER_EDGE_PX,
  PLACEHOLDER_WEBP_OPTIONS,
  PROOF_AVIF_OPTIONS,
  PROOF_WEBP_OPTIONS,
  SPREAD_AVIF_WIDTH_PX,
  SPREAD_PLAN,
  SPREAD_WIDTHS_PX,
  type SpreadPlan,
  VARIANT_WIDTHS_PX,
  type VariantFormat,
  WATERMARK_BAND_LINES,
  WATERMARK_MARGIN_SHARE,
  WATERMARK_TEXT_SHARE,
  WEBP_OPTIONS,
} from "./constants.ts";
import { type ImageSource, isSourceFile, sharpInput, sourceBytes, sourceSlice } from "./source.server.ts";

/** A source we will not ingest; the message names the file and says why. */
export class ImageRejectedError extends Error {
  readonly fileName: string;
  readonly reason: string;

  constructor(fileName: string, reason: string) {
    super(`${fileName}: ${reason}`);
    this.name = "ImageRejectedError";
    this.fileName = fileName;
    this.reason = reason;
  }
}

export interface SourceInfo {
  mime: string;
  /** Upright dimensions, after the EXIF orientation is applied. */
  width: number;
  height: number;
}

export type WatermarkPosition = "center" | "bottom-right" | "bottom-left" | "top-right" | "top-left";

/** Text drawn over a client gallery's viewing image (never an original). */
export interface Watermark {
  text: string;
  position: WatermarkPosition;
  /** 5–100. */
  opacityPercent: number;
}

/** A gallery's stored watermark columns as a Watermark, or null when its text is empty (none). */
export function storedWatermark(row: {
  watermark_text: string;
  watermark_position: WatermarkPosition;
  watermark_opacity: number;
}): Watermark | null {
  if (row.watermark_text.trim() === "") return null;
  return { text: row.watermark_text, position: row.watermark_position, opacityPercent: row.watermark_opacity };
}

export interface VariantSpec {
  format: VariantFormat;
  width: number;
  /**
   * Which encoder settings: the public site's (default), a client gallery's delivery JPEG
   * (GALLERY_JPEG_OPTIONS: faster to make, and the web-size download), or an album spread's
   * proof AVIF or WebP (PROOF_AVIF_OPTIONS, PROOF_WEBP_OPTIONS).
   */
  preset?: "delivery" | "proof";
  watermark?: Watermark;
}

export interface RenderedVariant extends VariantSpec {
  height: number;
  data: Buffer;
}

const CORRUPT = "the image is corrupt or cannot be read";
const CUT_SHORT = "the file is cut short: the end of the image is missing (was it copied or saved completely?)";
/**
 * How strict decoding is, at upload and in processing alike: a file cut short, or with damaged
 * image data, is refused rather than turned into a photo with a grey or smeared bottom.
 */
const DECODE_FAIL_ON = "error";

/**
 * Whether a JPEG or PNG lacks the marker its last bytes must hold (JPEG's end of image, PNG's
 * IEND chunk): the file was cut short. Other formats: unknown.
 */
async function lacksEndMarker(source: ImageSource): Promise<boolean> {
  const [head, tail] = await Promise.all([sourceSlice(source, 0, 4), sourceSlice(source, -8, 8)]);
  const n = tail.byteLength;
  const jpeg = head[0] === 0xff && head[1] === 0xd8;
  if (jpeg) return !(tail[n - 2] === 0xff && tail[n - 1] === 0xd9);
  const png = head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47;
  if (png) return Buffer.from(tail.subarray(n - 8, n - 4)).toString("latin1") !== "IEND";
  return false;
}

/**
 * The refusal for an image libvips could not decode, saying plainly when it was cut short. The
 * file's own end is looked at as well as libvips' message: that message comes from a buffer all
 * of libvips' threads share, and with several images decoding at once it can be lost ("Unknown
 * error").
 */
async function undecodable(source: ImageSource, fileName: string, error: unknown): Promise<ImageRejectedError> {
  const detail = (error as Error).message.trim();
  if (/premature end|truncated|unexpected end/i.test(detail) || (await lacksEndMarker(source))) {
    return new ImageRejectedError(fileName, CUT_SHORT);
  }
  return new ImageRejectedError(fileName, `${CORRUPT} (${detail})`);
}

/** Checks size, sniffs the real type and reads the dimensions without decoding pixels. */
export async function inspectSource(source: ImageSource, fileName: string): Promise<SourceInfo> {
  const bytes = sourceBytes(source);
  if (bytes > MAX_SOURCE_BYTES) {
    throw new ImageRejectedError(
      fileName,
      `the file is too large (${formatFileSize(bytes)}; the limit is ${formatFileSize(MAX_SOURCE_BYTES)})`,
    );
  }
  const type = isSourceFile(source) ? await fileTypeFromFile(source.path) : await fileTypeFromBuffer(source);
  if (!type || !ACCEPTED_SOURCE_MIME.has(type.mime)) {
    throw new ImageRejectedError(
      fileName,
      `not an image we can use (found ${type ? type.mime : "unrecognised data"}; expected JPEG, PNG, WebP, AVIF, HEIC or TIFF)`,
    );
  }
  let meta: Metadata;
  try {
    // Only the header is read here; the pixel limit is ours to report, below.
    meta = await sharp(sharpInput(source), { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError(fileName, CORRUPT);
  }
  const { width, height } = meta;
  if (!width || !height) {
    throw new ImageRejectedError(fileName, "the image has no dimensions");
  }
  if (width * height > MAX_SOURCE_PIXELS) {
    const megapixels = Math.round((width * height) / 1e6);
    throw new ImageRejectedError(
      fileName,
      `the image has too many pixels (${width} × ${height}, ${megapixels} MP; the limit is ${MAX_SOURCE_PIXELS / 1e6} MP)`,
    );
  }
  const swapped = (meta.orientation ?? 1) >= 5;
  return { mime: type.mime, width: swapped ? height : width, height: swapped ? width : height };
}

/**
 * Decodes every pixel of the image, at a tiny size, as strictly as processing will: a file
 * whose header is fine but whose data is cut short or damaged is refused while the uploader
 * is still there to be told why, instead of failing later in the background. JPEG and WebP
 * decode scaled down (a 24 MP JPEG at 1/8), so this costs a fraction of processing.
 */
export async function checkSourceDecodes(source: ImageSource, fileName: string): Promise<void> {
  try {
    await sharp(sharpInput(source), { limitInputPixels: MAX_SOURCE_PIXELS, failOn: DECODE_FAIL_ON })
      .resize(PLACEHOLDER_EDGE_PX, PLACEHOLDER_EDGE_PX, { fit: "inside" })
      .raw()
      .toBuffer();
  } catch (error) {
    throw await undecodable(source, fileName, error);
  }
}

/** Every variant an image of this width gets: the ladder up to its own width, and one JPEG. */
export function planVariants(sourceWidth: number): VariantSpec[] {
  const top = Math.min(sourceWidth, MAX_VARIANT_WIDTH_PX);
  const widths: number[] = VARIANT_WIDTHS_PX.filter((w) => w < top);
  widths.push(top);
  const specs: VariantSpec[] = [];
  for (const width of widths) {
    specs.push({ format: "avif", width }, { format: "webp", width });
  }
  specs.push({ format: "jpeg", width: Math.min(JPEG_WIDTH_PX, top) });
  return specs;
}

/**
 * What a photo in a client gallery's set gets (ADR 027): two WebP thumbnails for the grid and one
 * JPEG at a long edge of 2048 px for the viewer and the web-size download, watermarked when the
 * gallery says so. Three encodes instead of the public ladder's 17, from one decode at 2048 px
 * (a 24 MP JPEG is decoded at half size, by libjpeg's own scaling).
 */
export function planGalleryVariants(
  source: { width: number; height: number },
  watermark: Watermark | null = null,
): VariantSpec[] {
  const longEdge = Math.max(source.width, source.height);
  const viewWidth =
    longEdge <= GALLERY_VIEW_EDGE_PX ? source.width : Math.round((source.width * GALLERY_VIEW_EDGE_PX) / longEdge);
  const thumbs = GALLERY_THUMB_WIDTHS_PX.filter((w) => w < viewWidth).map(
    (width): VariantSpec => ({ format: "webp", width }),
  );
  const view: VariantSpec = { format: "jpeg", width: viewWidth, preset: "delivery" };
  if (watermark && watermark.text.trim() !== "") view.watermark = watermark;
  return [...thumbs, view];
}

/**
 * What an album spread gets (issue 32) under `plan` (SpreadPlan): its screen files at the
 * SPREAD_WIDTHS_PX narrower than its viewing JPEG (WebP; plan 2: SPREAD_AVIF_WIDTH_PX as AVIF),
 * and that JPEG at a long edge of GALLERY_VIEW_EDGE_PX (or its own size), every one watermarked
 * when the gallery says so: a spread is seen whole, never as a thumbnail that may go unmarked.
 * The viewing JPEG is last.
 */
export function planSpreadVariants(
  source: { width: number; height: number },
  watermark: Watermark | null = null,
  plan: SpreadPlan = SPREAD_PLAN,
): VariantSpec[] {
  const mark = watermark && watermark.text.trim() !== "" ? { watermark } : {};
  const [view] = planGalleryVariants(source).slice(-1);
  if (!view) return [];
  const screens = SPREAD_WIDTHS_PX.filter((w) => w < view.width).map(
    (width): VariantSpec => ({
      format: plan === 2 && width === SPREAD_AVIF_WIDTH_PX ? "avif" : "webp",
      width,
      preset: "proof",
      ...mark,
    }),
  );
  return [...screens, { ...view, ...mark }];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const SVG_ANCHOR: Record<WatermarkPosition, { x: number; y: number; anchor: string; baseline: string }> = {
  "top-left": { x: 0, y: 0, anchor: "start", baseline: "hanging" },
  "top-right": { x: 1, y: 0, anchor: "end", baseline: "hanging" },
  "bottom-left": { x: 0, y: 1, anchor: "start", baseline: "text-after-edge" },
  "bottom-right": { x: 1, y: 1, anchor: "end", baseline: "text-after-edge" },
  center: { x: 0.5, y: 0.5, anchor: "middle", baseline: "middle" },
};

/**
 * The watermark for libvips (librsvg) to draw over an image: an SVG as wide as the image and only
 * as tall as the band its text sits in, with where that band goes. Blending is paid per pixel of
 * the overlay: a band instead of the whole image made a 2,048 px file's mark about 70 ms cheaper.
 */
export function watermarkOverlay(
  watermark: Watermark,
  width: number,
  height: number,
): { input: Buffer; top: number; left: number } {
  const { svg, top } = watermarkBand(watermark, width, height);
  return { input: svg, top, left: 0 };
}

/** The mark's band: its SVG, the row it starts at and its height in rows. */
function watermarkBand(
  watermark: Watermark,
  width: number,
  height: number,
): { svg: Buffer; top: number; rows: number } {
  const long = Math.max(width, height);
  const size = Math.max(8, Math.round(long * WATERMARK_TEXT_SHARE));
  const margin = Math.round(long * WATERMARK_MARGIN_SHARE);
  const at = SVG_ANCHOR[watermark.position];
  const x = at.x === 0 ? margin : at.x === 1 ? width - margin : width / 2;
  const y = at.y === 0 ? margin : at.y === 1 ? height - margin : height / 2;
  // The text's line with room for its outline, ascenders and descenders on either side.
  const reach = Math.ceil(size * WATERMARK_BAND_LINES);
  const top = Math.max(0, Math.floor(at.y === 0 ? y - size : y - reach));
  const bottom = Math.min(height, Math.ceil(at.y === 1 ? y + size : y + reach));
  const opacity = Math.min(100, Math.max(5, watermark.opacityPercent)) / 100;
  // White text with a thin dark outline reads on both bright skies and dark suits.
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${bottom - top}">` +
    `<text x="${x}" y="${y - top}" text-anchor="${at.anchor}" dominant-baseline="${at.baseline}" ` +
    `font-family="sans-serif" font-weight="600" font-size="${size}" fill="#ffffff" ` +
    `stroke="#000000" stroke-opacity="0.5" stroke-width="${Math.max(1, size / 24)}" opacity="${opacity}">` +
    `${escapeXml(watermark.text.trim())}</text></svg>`;
  return { svg: Buffer.from(svg), top, rows: bottom - top };
}

/**
 * Lays the mark onto decoded pixels in place: only its band's rows are blended, and a band as
 * wide as the image is one run of bytes to copy back. A pass over the whole copy cost twice as
 * much (ADR 049).
 */
async function markDecoded(
  watermark: Watermark,
  pixels: Buffer,
  { width, height, channels }: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
): Promise<void> {
  const { svg, top, rows } = watermarkBand(watermark, width, height);
  const rowBytes = width * channels;
  const start = top * rowBytes;
  const band = sharp(pixels.subarray(start, start + rows * rowBytes), {
    raw: { width, height: rows, channels },
  }).composite([{ input: svg, top: 0, left: 0 }]);
  // The mark's own alpha is not the image's: an opaque source stays opaque.
  const marked = await (channels === 3 ? band.removeAlpha() : band).raw().toBuffer();
  marked.copy(pixels, start);
}

/** The encoder's settings for a spec: its format's, or its preset's. */
export function encoderOptions(spec: Pick<VariantSpec, "format" | "preset">): object {
  if (spec.format === "avif") return spec.preset === "proof" ? PROOF_AVIF_OPTIONS : AVIF_OPTIONS;
  if (spec.format === "webp") return spec.preset === "proof" ? PROOF_WEBP_OPTIONS : WEBP_OPTIONS;
  return spec.preset === "delivery" ? GALLERY_JPEG_OPTIONS : JPEG_OPTIONS;
}

export interface RenderResult {
  variants: RenderedVariant[];
  /** A data URI of a few hundred bytes. */
  placeholder: string;
}

/** The watermark every one of several specs carries alike, if they do (an album spread's files). */
function sharedWatermark(specs: readonly VariantSpec[]): Watermark | null {
  const [first, ...rest] = specs.map((spec) => spec.watermark);
  if (!first || rest.length === 0) return null;
  return rest.every((mark) => mark !== undefined && sameWatermark(mark, first)) ? first : null;
}

/** Whether two marks draw the same (no mark and a mark of blank text are both none). */
export function sameWatermark(a: Watermark | null, b: Watermark | null): boolean {
  const text = (mark: Watermark | null) => mark?.text.trim() ?? "";
  if (text(a) === "" || text(b) === "") return text(a) === text(b);
  return text(a) === text(b) && a?.position === b?.position && a?.opacityPercent === b?.opacityPercent;
}

/**
 * Decodes the source once (upright, sRGB, metadata dropped) at the largest size any spec
 * needs, then encodes each spec from that in-memory copy.
 */
export async function renderVariants(
  source: ImageSource,
  fileName: string,
  specs: readonly VariantSpec[],
): Promise<RenderResult> {
  const maxWidth = Math.max(PLACEHOLDER_EDGE_PX, ...specs.map((s) => s.width));
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(sharpInput(source), { limitInputPixels: MAX_SOURCE_PIXELS, failOn: DECODE_FAIL_ON })
      .autoOrient()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw await undecodable(source, fileName, error);
  }
  const { width, height, channels } = decoded.info;
  // Every file marked alike (an album spread's): the mark is laid on once, on the decoded copy,
  // and each file is made from the marked one. Its size, margin and place are shares of the long
  // edge, so a smaller file carries it as if drawn for it; libvips' compositing, not the drawing,
  // is the cost, about 15 ms a file (ADR 048).
  const shared = sharedWatermark(specs);
  if (shared) await markDecoded(shared, decoded.data, { width, height, channels });
  const pixels = { width, height, channels };
  const fromDecoded = () => sharp(decoded.data, { raw: pixels });

  const encode = async (spec: VariantSpec): Promise<RenderedVariant> => {
    // The size is ours, not sharp's rounding, so the watermark's SVG is drawn for exactly it and
    // laid on in the same pipeline (sharp composites after resizing). Never enlarged; the height
    // within half a pixel.
    const w = Math.min(spec.width, width);
    const h = Math.max(1, Math.round((height * w) / width));
    let pipeline = fromDecoded().resize(w, h, { fit: "fill" });
    if (spec.watermark && !shared) pipeline = pipeline.composite([watermarkOverlay(spec.watermark, w, h)]);
    if (spec.format === "avif") pipeline = pipeline.avif(encoderOptions(spec));
    else if (spec.format === "webp") pipeline = pipeline.webp(encoderOptions(spec));
    else pipeline = pipeline.flatten({ background: "#ffffff" }).jpeg(encoderOptions(spec));
    const out = await pipeline.toBuffer({ resolveWithObject: true });
    return { ...spec, height: out.info.height, data: out.data };
  };

  const [placeholderData, ...variants] = await Promise.all([
    fromDecoded()
      .resize(PLACEHOLDER_EDGE_PX, PLACEHOLDER_EDGE_PX, { fit: "inside" })
      .webp(PLACEHOLDER_WEBP_OPTIONS)
      .toBuffer(),
    ...specs.map(encode),
  ]);
  return {
    variants,
    placeholder: `data:image/webp;base64,${placeholderData.toString("base64")}`,
  };
}

/** An image made for a mail's body. */
export interface MailImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * An image for a mail's body, made from one of an asset's variants (never an original: the
 * variants carry no EXIF, GPS, XMP or IPTC, and sharp writes none unless asked to), at `width`
 * pixels wide or `height` tall, never enlarged: a baseline JPEG for a photo, a PNG for a logo
 * (its transparency kept).
 */
export async function renderMailImage(
  variant: Uint8Array,
  size: { width: number } | { height: number },
  format: "jpeg" | "png",
): Promise<MailImage> {
  const resized = sharp(variant, { limitInputPixels: MAX_SOURCE_PIXELS })
    .autoOrient()
    .resize({ ...size, withoutEnlargement: true })
    .toColourspace("srgb");
  const encoded =
    format === "png"
      ? resized.png(MAIL_PNG_OPTIONS)
      : resized.flatten({ background: "#ffffff" }).jpeg(MAIL_JPEG_OPTIONS);
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export type DerivedShape = { aspect: number } | { width: number; height: number };

/**
 * Makes a new high-quality JPEG source from an image: cropped to an aspect ratio (width /
 * height) around its most interesting region, as for the portrait mobile banners, or
 * resampled to exact dimensions, as for the benchmark's 24 MP photo.
 */
export async function deriveSource(data: Uint8Array, shape: DerivedShape): Promise<Buffer> {
  const upright = await sharp(data).autoOrient().toBuffer({ resolveWithObject: true });
  let width: number;
  let height: number;
  if ("aspect" in shape) {
    width = Math.min(upright.info.width, Math.round(upright.info.height * shape.aspect));
    height = Math.min(upright.info.height, Math.round(width / shape.aspect));
  } else {
    ({ width, height } = shape);
  }
  return sharp(upright.data)
    .resize(width, height, { fit: "cover", position: sharp.strategy.attention })
    .jpeg({ quality: 92, chromaSubsampling: "4:4:4" })
    .toBuffer();
}

/** A PDF page drawn as pixels (PDFium's bitmap: blue, green, red, alpha), as a JPEG to ingest. */
export async function encodeDrawnPage(bgra: Uint8Array, width: number, height: number): Promise<Buffer> {
  const rgba = Buffer.from(bgra);
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    const blue = rgba[i] as number;
    rgba[i] = rgba[i + 2] as number;
    rgba[i + 2] = blue;
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .flatten({ background: "#ffffff" })
    .jpeg(DRAWN_PAGE_JPEG_OPTIONS)
    .toBuffer();
}

/**
 * exif-reader turns EXIF's "YYYY:MM:DD HH:MM:SS" into a Date with Date.UTC, which reads a year
 * below 100 as 19xx: "0000:00:00 00:00:00", what a camera whose clock was never set writes,
 * comes out as 30 Nov 1899. No photo we could be sent was taken before this year.
 */
const EARLIEST_CAPTURE_YEAR = 1900;
/** OffsetTimeOriginal (EXIF 2.31) as the standard writes it: "+05:30", "-03:00". */
const EXIF_OFFSET = /^[+-](\d\d):(\d\d)$/;
/** Zone offsets in use run from -12:00 to +14:00. */
const MAX_OFFSET_HOURS = 14;
const MINUTES_PER_HOUR = 60;

/** The camera's wall clock as stored (ADR 023), or null for a missing or impossible date. */
function captureTimeOf(taken: unknown, offset: unknown): string | null {
  if (!(taken instanceof Date) || Number.isNaN(taken.getTime())) return null;
  if (taken.getUTCFullYear() < EARLIEST_CAPTURE_YEAR) return null;
  // The Date's UTC fields are the camera's clock as it read, not an instant: keep them as they are.
  const wallClock = taken.toISOString().slice(0, "YYYY-MM-DDTHH:MM:SS".length);
  const zone = typeof offset === "string" ? EXIF_OFFSET.exec(offset.trim()) : null;
  if (!zone || Number(zone[1]) > MAX_OFFSET_HOURS || Number(zone[2]) >= MINUTES_PER_HOUR) return wallClock;
  return `${wallClock}${zone[0]}`;
}

/**
 * When the photo was taken, from the source's EXIF (DateTimeOriginal, with OffsetTimeOriginal
 * when the camera wrote one): "2024-05-04T16:20:11" or "2024-05-04T16:20:11+05:30". Null when
 * the file has no EXIF, no such date, or one that is garbage; never an error, since a photo
 * without a date is still a photo. Read from the original: the public variants carry no EXIF.
 */
export async function readCaptureTime(source: ImageSource): Promise<string | null> {
  try {
    // Only the header is read; the pixel limit is inspectSource's to enforce.
    const { exif } = await sharp(sharpInput(source), { limitInputPixels: false }).metadata();
    if (!exif) return null;
    const photo = exifReader(exif).Photo;
    return captureTimeOf(photo?.DateTimeOriginal, photo?.OffsetTimeOriginal);
  } catch {
    return null;
  }
}

export interface EmbeddedMetadata {
  format: string;
  width: number;
  height: number;
  hasExif: boolean;
  hasXmp: boolean;
  hasIptc: boolean;
  orientation: number | undefined;
}

/** What an encoded image carries besides pixels: used to prove public files are clean. */
export async function readEmbeddedMetadata(data: Uint8Array): Promise<EmbeddedMetadata> {
  const meta = await sharp(data).metadata();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    hasExif: Boolean(meta.exif),
    hasXmp: Boolean(meta.xmp),
    hasIptc: Boolean(meta.iptc),
    orientation: meta.orientation,
  };
}

/** An image as the face model reads it: upright, at most FACE_INPUT_EDGE_PX, 8-bit RGB. */
export interface FaceInput {
  rgb: Uint8Array;
  width: number;
  height: number;
  /** Average brightness, 0-255 (a selfie too dark to search is told so). */
  meanLuma: number;
}

/**
 * Decodes a photo or a selfie for the face model (domain/faces/): turned upright by its EXIF
 * orientation (a phone's selfie is often stored sideways), shrunk to fit FACE_INPUT_EDGE_PX (a
 * JPEG decodes at a fraction of its size), without alpha. Nothing is written anywhere: a selfie
 * lives only in memory. Pixels beyond MAX_SOURCE_PIXELS are refused before decoding.
 */
export async function decodeForFaces(source: Uint8Array, fileName: string): Promise<FaceInput> {
  try {
    const { data: rgb, info } = await sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: DECODE_FAIL_ON })
      .rotate()
      .resize(FACE_INPUT_EDGE_PX, FACE_INPUT_EDGE_PX, { fit: "inside", withoutEnlargement: true })
      .removeAlpha()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    let sum = 0;
    // Rec. 601 luma over every pixel: cheap beside the model, and exact enough for "too dark".
    for (let i = 0; i + 2 < rgb.length; i += 3)
      sum += 0.299 * (rgb[i] as number) + 0.587 * (rgb[i + 1] as number) + 0.114 * (rgb[i + 2] as number);
    return { rgb, width: info.width, height: info.height, meanLuma: sum / (rgb.length / 3) };
  } catch (error) {
    throw await undecodable(source, fileName, error);
  }
}

/** A face's box as the face model gives it: shares (0-1) of the image's width and height. */
export interface FaceBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A face cut out of a photo's stored variant for the studio's people view: a square around the
 * box with FACE_CROP_MARGIN_SHARE of room on each side (kept inside the image), FACE_CROP_EDGE_PX
 * a side, as WebP. From a variant, never an original, and sharp writes no metadata unless asked:
 * no EXIF, GPS or XMP leaves with it. The box is in shares, so any variant of the photo will do.
 */
export async function renderFaceCrop(variant: Uint8Array, box: FaceBox): Promise<Buffer> {
  const image = sharp(variant, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: DECODE_FAIL_ON });
  const { width = 0, height = 0 } = await image.metadata();
  if (width === 0 || height === 0) throw new Error("the face's photo has no size");
  const boxWidth = box.w * width;
  const boxHeight = box.h * height;
  const side = Math.min(width, height, Math.round(Math.max(boxWidth, boxHeight) * (1 + 2 * FACE_CROP_MARGIN_SHARE)));
  const centreX = (box.x + box.w / 2) * width;
  const centreY = (box.y + box.h / 2) * height;
  // Centred on the face, moved back inside the image where the margin would run off its edge.
  const left = Math.round(Math.min(Math.max(0, centreX - side / 2), width - side));
  const top = Math.round(Math.min(Math.max(0, centreY - side / 2), height - side));
  return image
    .extract({ left, top, width: Math.max(1, side), height: Math.max(1, side) })
    .resize(FACE_CROP_EDGE_PX, FACE_CROP_EDGE_PX, { fit: "cover" })
    .toColourspace("srgb")
    .webp(FACE_CROP_WEBP_OPTIONS)
    .toBuffer();
}
