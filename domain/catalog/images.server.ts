// Builds ResponsiveImage values (srcsets per format) from stored assets and their variants.
import type { Database } from "../../platform/db/db.server.ts";
import type { AssetVariant, StoredTime } from "../../platform/db/schema.server.ts";
import { VARIANT_MIME } from "../media/constants.ts";
import { publicMediaUrl } from "../media/storage.server.ts";
import { type Audience, assetVisibleTo } from "./audience.server.ts";
import type { ResponsiveImage } from "./types.ts";

const SOURCE_FORMATS = ["avif", "webp"] as const;

export interface StoredImage {
  width: number;
  height: number;
  placeholder: string;
  variants: AssetVariant[];
  /** When the asset was made (its files never change after). */
  createdAt: StoredTime;
}

export function toResponsiveImage(image: StoredImage, alt: string): ResponsiveImage {
  const sources = SOURCE_FORMATS.map((format) => ({
    type: VARIANT_MIME[format],
    srcSet: image.variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => `${publicMediaUrl(v.key)} ${v.width}w`)
      .join(", "),
  })).filter((s) => s.srcSet !== "");
  const jpeg = image.variants.find((v) => v.format === "jpeg");
  return {
    width: image.width,
    height: image.height,
    alt,
    placeholder: image.placeholder,
    sources,
    fallback: jpeg ? publicMediaUrl(jpeg.key) : "",
  };
}

/** The largest WebP: what a photo's link opens before JavaScript (or in a new tab). */
export function largeImageUrl(image: StoredImage): string {
  const largest = image.variants.filter((v) => v.format === "webp").sort((a, b) => b.width - a.width)[0];
  return largest ? publicMediaUrl(largest.key) : "";
}

/** One file per format at a fixed size, for the admin's grids: a srcset per photo would be most of
 * the page with 3,000 photos, and a thumbnail is drawn at one size. */
export interface Thumbnail {
  width: number;
  height: number;
  /** Best first: AVIF, then WebP; each the smallest variant at least `minWidth` wide. */
  sources: { type: string; src: string }[];
  /** The JPEG of that size. */
  src: string;
}

/** Admin thumbnails (the photo manager's grid, the trash) are drawn at most about 150 CSS px
 * wide: this width stays sharp on a 2× screen. */
export const ADMIN_THUMBNAIL_MIN_WIDTH_PX = 320;

export function toThumbnail(image: StoredImage, minWidth: number): Thumbnail {
  const pick = (format: AssetVariant["format"]) => {
    const ofFormat = image.variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
    const chosen = ofFormat.find((v) => v.width >= minWidth) ?? ofFormat.at(-1);
    return chosen ? publicMediaUrl(chosen.key) : null;
  };
  return {
    width: image.width,
    height: image.height,
    sources: SOURCE_FORMATS.flatMap((format) => {
      const src = pick(format);
      return src ? [{ type: VARIANT_MIME[format], src }] : [];
    }),
    src: pick("jpeg") ?? "",
  };
}

/**
 * Loads the given assets with their variants in two queries, those the audience may see: an id
 * of a private photo asked for a public page loads nothing.
 */
export async function loadStoredImages(
  db: Database,
  audience: Audience,
  assetIds: readonly number[],
): Promise<Map<number, StoredImage>> {
  const ids = [...new Set(assetIds)];
  const result = new Map<number, StoredImage>();
  if (ids.length === 0) return result;
  const [assets, variants] = await Promise.all([
    db
      .selectFrom("assets")
      .select(["id", "width", "height", "placeholder", "created_at"])
      .where("id", "in", ids)
      .where(assetVisibleTo(audience))
      .execute(),
    db.selectFrom("asset_variants").selectAll().where("asset_id", "in", ids).execute(),
  ]);
  for (const a of assets) {
    result.set(a.id, {
      width: a.width,
      height: a.height,
      placeholder: a.placeholder,
      variants: [],
      createdAt: a.created_at,
    });
  }
  for (const v of variants) result.get(v.asset_id)?.variants.push(v);
  return result;
}

/** What the pipeline needs to find an asset's files: its hash names them (ADR 002). */
export interface AssetFiles {
  id: number;
  sha256: string;
  originalKey: string;
  width: number;
  height: number;
  createdAt: StoredTime;
}

/** These assets' file facts, those the audience may see (for deliveries and gallery files). */
export async function readAssetFiles(
  db: Database,
  audience: Audience,
  assetIds: readonly number[],
): Promise<AssetFiles[]> {
  if (assetIds.length === 0) return [];
  const rows = await db
    .selectFrom("assets")
    .select(["id", "sha256", "original_key", "width", "height", "created_at"])
    .where("id", "in", [...new Set(assetIds)])
    .where(assetVisibleTo(audience))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    sha256: r.sha256,
    originalKey: r.original_key,
    width: r.width,
    height: r.height,
    createdAt: r.created_at,
  }));
}

/** The widest stored variant of an asset among these formats (the first format on a tie). */
export async function widestVariant(
  db: Database,
  audience: Audience,
  assetId: number,
  formats: readonly AssetVariant["format"][],
): Promise<Pick<AssetVariant, "key" | "format"> | null> {
  const row = await db
    .selectFrom("asset_variants")
    .innerJoin("assets", "assets.id", "asset_variants.asset_id")
    .select(["asset_variants.key", "asset_variants.format"])
    .where("asset_variants.asset_id", "=", assetId)
    .where("asset_variants.format", "in", [...formats])
    .where(assetVisibleTo(audience))
    .orderBy("asset_variants.width", "desc")
    .orderBy("asset_variants.format")
    .executeTakeFirst();
  return row ?? null;
}
