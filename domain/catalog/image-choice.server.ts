// The server half of the admin's image field (components/admin/image-field.tsx): a picture is
// either one of the studio's images (a select, `<name>`) or a new upload (`<name>File`), which
// goes through the pipeline (type sniffed, size and pixels checked, EXIF/GPS stripped,
// variants written) before its asset id is returned. Refusals name the file and say why.

import type { AdminForm } from "../auth/admin-form.server.ts";
import { ImageRejectedError } from "../media/pipeline.server.ts";
import { imageFileFieldName, tooLargeReason } from "./image-choice.ts";
import { publicAssetId } from "./image-picker.server.ts";
import { type IngestDeps, ingestImage } from "./ingest.server.ts";

export type ImageFieldResult =
  | { ok: true; assetId: number | null; uploaded: boolean }
  | { ok: false; error: string; assetId: number | null };

/**
 * Resolves one image field. An upload wins over the select (choosing a file is the more
 * deliberate act); an empty select means "no image" where `optional`, else an error.
 * On a refused upload `assetId` is the select's value, so the form can show it again.
 */
export async function resolveImageField(
  deps: IngestDeps,
  parsed: AdminForm,
  name: string,
  { optional = true, missing = "Choose an image or upload one." }: { optional?: boolean; missing?: string } = {},
): Promise<ImageFieldResult> {
  const chosen = await publicAssetId(deps.db, parsed.form.get(name));
  const fileField = imageFileFieldName(name);
  const skipped = parsed.oversized.find((o) => o.field === fileField);
  if (skipped) {
    return { ok: false, error: `${skipped.fileName || "The file"}: ${tooLargeReason()}`, assetId: chosen };
  }
  const file = parsed.form.get(fileField);
  if (file instanceof File && (file.size > 0 || file.name !== "")) {
    try {
      const { assetId } = await ingestImage(deps, new Uint8Array(await file.arrayBuffer()), file.name);
      return { ok: true, assetId, uploaded: true };
    } catch (error) {
      if (error instanceof ImageRejectedError) {
        return { ok: false, error: `${file.name}: ${error.reason}`, assetId: chosen };
      }
      throw error;
    }
  }
  if (chosen === null && !optional) return { ok: false, error: missing, assetId: null };
  return { ok: true, assetId: chosen, uploaded: false };
}
