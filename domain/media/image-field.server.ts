// The server half of the admin's image field (components/admin/image-field.tsx): a picture is
// either one of the studio's images (a select, `<name>`) or a new upload (`<name>File`), which
// goes through the pipeline (type sniffed, size and pixels checked, EXIF/GPS stripped,
// variants written) before its asset id is returned. Refusals name the file and say why.

import { sql } from "kysely";
import type { Database } from "../../platform/db/db.server.ts";
import type { AdminForm } from "../auth/admin-form.server.ts";
import { loadStoredImages, toResponsiveImage } from "../catalog/images.server.ts";
import { IS_GALLERY_ONLY_ASSET } from "../catalog/read-model.server.ts";
import { imageFileFieldName, NO_SCRIPT_IMAGE_CHOICES, tooLargeReason } from "./image-field.ts";
import { shootTitleOf } from "./image-picker.server.ts";
import { OTHER_IMAGES_GROUP } from "./image-picker.ts";
import { type IngestDeps, ingestImage } from "./ingest.server.ts";
import { ImageRejectedError } from "./pipeline.server.ts";

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
  const chosen = await chosenAsset(deps.db, parsed.form.get(name));
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

/** The select's asset id when it names an existing asset, else null. */
async function chosenAsset(db: Database, value: FormDataEntryValue | null): Promise<number | null> {
  const id = Number(value);
  if (typeof value !== "string" || value === "" || !Number.isSafeInteger(id) || id <= 0) return null;
  const row = await db.selectFrom("assets").select("id").where("id", "=", id).executeTakeFirst();
  return row ? row.id : null;
}

/**
 * The newest stored images (leaving out the private ones only client galleries hold) and those
 * chosen now, for the field's select, grouped by the portfolio shoot each belongs to (the first,
 * if several), shoots by title and "Other images" last, then by file name.
 */
export async function listImageChoices(db: Database, chosen: readonly (number | null)[] = []) {
  const newest = await db
    .selectFrom("assets")
    .select("id")
    .where(sql<boolean>`not ${IS_GALLERY_ONLY_ASSET}`)
    .orderBy("id", "desc")
    .limit(NO_SCRIPT_IMAGE_CHOICES)
    .execute();
  const ids = [...new Set([...newest.map((r) => r.id), ...chosen.filter((id): id is number => id !== null)])];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("assets")
    .select((eb) => [
      "assets.id",
      "assets.original_name",
      "assets.width",
      "assets.height",
      shootTitleOf(eb).as("shootTitle"),
    ])
    .where("assets.id", "in", ids)
    .execute();
  const choices = rows.map((r) => ({
    assetId: r.id,
    fileName: r.original_name,
    group: r.shootTitle ?? OTHER_IMAGES_GROUP,
    label: `${r.original_name} (${r.width} × ${r.height}${r.height > r.width ? ", portrait" : ""})`,
  }));
  const rank = (group: string) => (group === OTHER_IMAGES_GROUP ? 1 : 0);
  return choices.sort(
    (a, b) =>
      rank(a.group) - rank(b.group) ||
      a.group.localeCompare(b.group) ||
      a.label.localeCompare(b.label) ||
      a.assetId - b.assetId,
  );
}
export type ImageChoice = Awaited<ReturnType<typeof listImageChoices>>[number];

/** Thumbnails of the fields' current images, keyed by asset id (the field sets the alt text). */
export async function thumbnailsFor(db: Database, assetIds: readonly (number | null)[]) {
  const ids = assetIds.filter((id): id is number => id !== null);
  const images = await loadStoredImages(db, ids);
  return Object.fromEntries(
    ids.flatMap((id) => {
      const image = images.get(id);
      return image ? [[id, toResponsiveImage(image, "")]] : [];
    }),
  );
}
