// A mail's images (a gallery's cover, the studio's logo) go inside the mail, each an attachment
// its HTML shows by Content-ID (`cid:`), never as a link to the site: mail clients block remote
// images until asked, and a client gallery's photos are private (a link in a forwarded mail would
// be one more way to them). Each is made from one of the asset's stored variants, which carry no
// EXIF or GPS (domain/media/pipeline.server.ts), never from its original.
import type { AssetVariant } from "../../platform/db/schema.server.ts";
import { renderMailImage } from "../media/pipeline.server.ts";
import type { MediaStorage } from "../media/storage.server.ts";
import type { InlineImage } from "./smtp.server.ts";

/** sharp decodes these quickly; AVIF would do, at several times the time. */
const SOURCE_FORMATS: ReadonlySet<AssetVariant["format"]> = new Set(["webp", "jpeg"]);

type Variant = Pick<AssetVariant, "key" | "format" | "width" | "height">;

/**
 * The variant to make a mail's image from: the smallest at least `min` pixels on the measured
 * side, else the largest there is; none larger than `maxWidth` pixels wide (a watermarked
 * gallery offers nothing unmarked larger than its grid: ADR 027).
 */
export function mailSourceVariant<V extends Variant>(
  variants: readonly V[],
  { side, min, maxWidth = Number.POSITIVE_INFINITY }: { side: "width" | "height"; min: number; maxWidth?: number },
): V | undefined {
  const usable = variants
    .filter((v) => SOURCE_FORMATS.has(v.format) && v.width <= maxWidth)
    // WebP first on a tie: it keeps a logo's transparency, which the JPEG variant lost.
    .sort((a, b) => a[side] - b[side] || (a.format === "webp" ? -1 : 1));
  return usable.find((v) => v[side] >= min) ?? usable.at(-1);
}

/** An image made for a mail, to attach under a Content-ID of the writer's choosing. */
export interface RenderedImage extends Omit<InlineImage, "cid"> {
  width: number;
  height: number;
}

/** The variant as an image for a mail, `size` pixels on one side, to attach as `{name}.jpg` (or .png). */
export async function renderInlineImage(
  storage: MediaStorage,
  variant: Variant,
  { name, size, format }: { name: string; size: { width: number } | { height: number }; format: "jpeg" | "png" },
): Promise<RenderedImage> {
  const image = await renderMailImage(await storage.public.get(variant.key), size, format);
  return {
    filename: `${name}.${format === "png" ? "png" : "jpg"}`,
    contentType: format === "png" ? "image/png" : "image/jpeg",
    content: image.data,
    width: image.width,
    height: image.height,
  };
}
