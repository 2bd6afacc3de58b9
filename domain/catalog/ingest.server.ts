// Turns an uploaded file into a stored asset: original kept privately, every variant written
// under a deterministic, content-derived name, then one row per asset and variant. It is
// idempotent and resumable: the same bytes are one asset, files already written are reused,
// and the row is only written once every file exists, so a crash never leaves a half asset.
import { createHash } from "node:crypto";
import type { Database } from "../../platform/db/db.server.ts";
import { PIPELINE_VERSION, type VariantFormat } from "../media/constants.ts";
import {
  encoderOptions,
  inspectSource,
  planVariants,
  type RenderResult,
  readCaptureTime,
  readEmbeddedMetadata,
  renderVariants,
  type SourceInfo,
  type VariantSpec,
} from "../media/pipeline.server.ts";
import { type ImageSource, isSourceFile, sha256Of, sourceBytes } from "../media/source.server.ts";
import type { BlobStore, MediaStorage } from "../media/storage.server.ts";
import { addVariants, findAssetByHash, insertAsset } from "./assets.server.ts";

export interface IngestDeps {
  db: Database;
  storage: MediaStorage;
}

export interface IngestResult {
  assetId: number;
  /** False when these exact bytes were already an asset. */
  created: boolean;
  /** How many variant files this call encoded (0 when everything already existed). */
  encoded: number;
}

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 8);
}

// Settings are part of a variant's name, so a new encoder setting yields new files and an
// old URL never changes meaning: that is what makes a year of caching safe.
const SETTINGS_TAG: Record<VariantFormat, string> = {
  avif: shortHash(`${PIPELINE_VERSION}:avif:${JSON.stringify(encoderOptions({ format: "avif" }))}`),
  webp: shortHash(`${PIPELINE_VERSION}:webp:${JSON.stringify(encoderOptions({ format: "webp" }))}`),
  jpeg: shortHash(`${PIPELINE_VERSION}:jpeg:${JSON.stringify(encoderOptions({ format: "jpeg" }))}`),
};

const EXTENSION: Record<VariantFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

function settingsTag(spec: VariantSpec): string {
  // The public ladder's names are unchanged; a delivery JPEG or a watermark makes its own.
  if (!spec.preset && !spec.watermark) return SETTINGS_TAG[spec.format];
  const options = encoderOptions(spec);
  const mark = spec.watermark
    ? { text: spec.watermark.text.trim(), position: spec.watermark.position, opacity: spec.watermark.opacityPercent }
    : null;
  return shortHash(`${PIPELINE_VERSION}:${spec.format}:${JSON.stringify(options)}:${JSON.stringify(mark)}`);
}

export function variantKey(sha256: string, spec: VariantSpec): string {
  return `${sha256.slice(0, 2)}/${sha256.slice(0, 24)}-${spec.width}-${settingsTag(spec)}.${EXTENSION[spec.format]}`;
}

/**
 * A watermarked variant is one gallery's, not the asset's: it is kept as a file under its
 * deterministic name (variantKey) and found from the gallery's settings, with no asset_variants
 * row, so the asset's rows stay the one unwatermarked set the public site and admin read.
 */
function recordedAsRow(spec: VariantSpec): boolean {
  return spec.watermark === undefined;
}

/** Which variants to make of a source; the public ladder unless a caller says otherwise. */
export type VariantPlan = (info: SourceInfo) => VariantSpec[];

const publicPlan: VariantPlan = (info) => planVariants(info.width);

/**
 * Encodes and stores those of `specs` whose file is not in public storage yet (the source is
 * decoded once for all of them) and returns what it rendered. Shared by ingest and repair.
 */
export async function writeMissingVariants(
  storage: MediaStorage,
  sha256: string,
  source: ImageSource,
  fileName: string,
  specs: readonly VariantSpec[],
): Promise<RenderResult> {
  const present = await Promise.all(specs.map((spec) => storage.public.has(variantKey(sha256, spec))));
  const missing = specs.filter((_, i) => !present[i]);
  const rendered = await renderVariants(source, fileName, missing);
  for (const variant of rendered.variants) {
    await storage.public.put(variantKey(sha256, variant), variant.data);
  }
  return rendered;
}

function originalKey(sha256: string, mime: string): string {
  const ext = mime.split("/")[1] ?? "bin";
  return `${sha256.slice(0, 2)}/${sha256}.${ext}`;
}

/** Keeps the source as the original: a file is linked in (or copied), never read whole. */
function keepOriginal(originals: BlobStore, key: string, source: ImageSource): Promise<void> {
  return isSourceFile(source) ? originals.putFile(key, source.path) : originals.put(key, source);
}

/**
 * What an earlier look at exactly these bytes found: their SHA-256 and, when it inspected them,
 * their type and upright size. Only for bytes that cannot have changed since (see photo-jobs).
 */
export interface CheckedSource {
  sha256: string;
  info?: SourceInfo;
}

/**
 * Stores `source` as an asset (or finds the asset these bytes already are). `checked` spares the
 * hash and the header inspection an earlier check already did; the full decode that renders
 * the variants still refuses a corrupt image.
 */
export async function ingestImage(
  { db, storage }: IngestDeps,
  source: ImageSource,
  fileName: string,
  checked?: CheckedSource,
  plan: VariantPlan = publicPlan,
): Promise<IngestResult> {
  const sha256 = checked?.sha256 ?? (await sha256Of(source));
  const keyOf = (spec: VariantSpec) => variantKey(sha256, spec);
  const existing = await findAssetByHash(db, sha256);
  if (existing) {
    // The same bytes under another plan (a public shoot's photo delivered in a gallery, or the
    // other way round): add what this plan needs and the asset lacks.
    const specs = plan({ mime: existing.mime, width: existing.width, height: existing.height });
    const present = await Promise.all(specs.map((spec) => storage.public.has(keyOf(spec))));
    if (present.every(Boolean)) return { assetId: existing.id, created: false, encoded: 0 };
    const rendered = await writeMissingVariants(storage, sha256, source, fileName, specs);
    await addVariants(
      db,
      existing.id,
      rendered.variants.filter(recordedAsRow).map((v) => ({
        format: v.format,
        width: v.width,
        height: v.height,
        key: keyOf(v),
        bytes: v.data.byteLength,
      })),
    );
    return { assetId: existing.id, created: false, encoded: rendered.variants.length };
  }

  const info = checked?.info ?? (await inspectSource(source, fileName));
  const specs = plan(info);

  // The placeholder lives in the row, not a file, so it is rendered on every (re)try.
  const rendered = await writeMissingVariants(storage, sha256, source, fileName, specs);

  const rows = await Promise.all(
    specs.filter(recordedAsRow).map(async (spec) => {
      const fresh = rendered.variants.find((v) => keyOf(v) === keyOf(spec));
      if (fresh) return { ...spec, height: fresh.height, bytes: fresh.data.byteLength };
      const file = await storage.public.get(keyOf(spec));
      const meta = await readEmbeddedMetadata(file);
      return { ...spec, height: meta.height, bytes: file.byteLength };
    }),
  );

  const origKey = originalKey(sha256, info.mime);
  if (!(await storage.originals.has(origKey))) await keepOriginal(storage.originals, origKey, source);
  // Read from the source, the only copy with EXIF: every variant is written without metadata.
  const capturedAt = await readCaptureTime(source);

  const assetId = await insertAsset(
    db,
    {
      sha256,
      original_key: origKey,
      original_name: fileName,
      original_bytes: sourceBytes(source),
      mime: info.mime,
      width: info.width,
      height: info.height,
      placeholder: rendered.placeholder,
      captured_at: capturedAt,
    },
    rows.map((r) => ({ format: r.format, width: r.width, height: r.height, key: keyOf(r), bytes: r.bytes })),
  );
  return { assetId, created: true, encoded: rendered.variants.length };
}
