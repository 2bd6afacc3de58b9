// A client gallery's access settings as the studio sets them (issue 15, ADR 027): the link's last
// day, downloads, the watermark drawn on the viewing images, and the PIN asked before downloads.
// Whether a browser may open the gallery is access.server.ts's; the gallery's own PIN and link
// are galleries.server.ts's.
import { z } from "zod";
import { type Database, inTransaction } from "../../platform/db/db.server.ts";
import type { Day, GalleryDownloads, WatermarkPosition } from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { hashPassword } from "../auth/password.server.ts";
import type { StudioRow } from "../catalog/read-model.server.ts";
import { DEFAULT_TIME_ZONE, studioDay } from "../catalog/studio-time.ts";
import { sameWatermark } from "../media/pipeline.server.ts";
import { optionalDay, type Parsed, parseForm } from "./form-parsing.server.ts";
import { ACCESS_FIELDS, type AccessFieldErrors, type AccessFormValues } from "./gallery-form.ts";
import { enqueueGalleryRerender } from "./rerender-requests.server.ts";

/** A PIN or password for the gallery or its downloads: short enough to say on the phone. */
export const GALLERY_PIN_MIN_LENGTH = 4;
export const GALLERY_PIN_MAX_LENGTH = 64;
export const WATERMARK_TEXT_MAX_LENGTH = 80;
/** The watermark's opacity range in percent, as the table's check allows. */
export const WATERMARK_OPACITY_MIN = 5;
export const WATERMARK_OPACITY_MAX = 100;

/** Today in the studio's time zone (a setting), for whether a link has expired. */
export function studioTodayOf(studio: Pick<StudioRow, "time_zone"> | null): Day {
  return studioDay(studio?.time_zone ?? DEFAULT_TIME_ZONE);
}

export interface GalleryAccessSettings {
  expiresOn: Day | null;
  downloads: GalleryDownloads;
  watermarkText: string;
  watermarkPosition: WatermarkPosition;
  watermarkOpacity: number;
}

/**
 * The access form's rules. A last day before `today` (the studio's) is refused: the link would
 * be dead on arrival. The day already stored is kept as it is, so an expired gallery's other
 * settings can still be saved.
 */
const accessFormSchema = ({ today, stored }: { today: Day; stored: Day | null }) =>
  z.object({
    expiresOn: optionalDay("Enter the last day the link works, like 2026-03-31, or leave it empty.").refine(
      (day) => day === null || day >= today || day === stored,
      `That day has passed (today is ${today}). Choose today or a later day, or leave it empty for a link that does not expire.`,
    ),
    downloads: z.enum(["off", "web", "original"], "Choose whether the client may download."),
    watermarkText: z.string().trim().max(WATERMARK_TEXT_MAX_LENGTH, `At most ${WATERMARK_TEXT_MAX_LENGTH} characters.`),
    watermarkPosition: z.enum(["center", "bottom-right", "bottom-left", "top-right", "top-left"], "Choose a position."),
    watermarkOpacity: z
      .string()
      .trim()
      .refine(
        (v) => /^\d+$/.test(v) && Number(v) >= WATERMARK_OPACITY_MIN && Number(v) <= WATERMARK_OPACITY_MAX,
        `A whole number from ${WATERMARK_OPACITY_MIN} to ${WATERMARK_OPACITY_MAX}.`,
      )
      .transform(Number),
  });

/** The access form, on the studio's day `today`, for a gallery whose last day is now `stored`. */
export function parseAccessForm(
  form: FormData,
  days: { today: Day; stored: Day | null },
): Parsed<GalleryAccessSettings, AccessFormValues, AccessFieldErrors> {
  return parseForm(form, ACCESS_FIELDS, accessFormSchema(days));
}

/**
 * Saves the access settings. A changed watermark queues every photo of the gallery to be rendered
 * again with it (the photo worker; ADR 027), in the same transaction: returns how many were queued
 * (0 when the watermark did not change), for the caller to say so; the queue wakes the worker itself.
 */
export async function updateGalleryAccess(db: Database, id: number, input: GalleryAccessSettings): Promise<number> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom("client_galleries")
      .select(["watermark_text", "watermark_position", "watermark_opacity"])
      .where("id", "=", id)
      .executeTakeFirst();
    await trx
      .updateTable("client_galleries")
      .set({
        expires_on: input.expiresOn,
        // A new expiry day deserves its own reminder.
        ...(await expiryChanged(trx, id, input.expiresOn)),
        downloads: input.downloads,
        watermark_text: input.watermarkText,
        watermark_position: input.watermarkPosition,
        watermark_opacity: input.watermarkOpacity,
        updated_at: toStoredTime(),
      })
      .where("id", "=", id)
      .execute();
    // Without text, corner and opacity change no file: the pipeline's own test of two marks.
    const changed =
      before !== undefined &&
      !sameWatermark(
        { text: before.watermark_text, position: before.watermark_position, opacityPercent: before.watermark_opacity },
        { text: input.watermarkText, position: input.watermarkPosition, opacityPercent: input.watermarkOpacity },
      );
    return changed ? enqueueGalleryRerender(trx, id) : 0;
  });
}

async function expiryChanged(db: Database, id: number, expiresOn: Day | null): Promise<{ expiry_reminded_at?: null }> {
  const row = await db.selectFrom("client_galleries").select("expires_on").where("id", "=", id).executeTakeFirst();
  return row && row.expires_on !== expiresOn ? { expiry_reminded_at: null } : {};
}

/** A PIN as typed: the trimmed PIN, or the message to show beside its field. */
export function checkPin(value: FormDataEntryValue | null): { ok: true; pin: string } | { ok: false; error: string } {
  const pin = String(value ?? "").trim();
  if (pin.length < GALLERY_PIN_MIN_LENGTH || pin.length > GALLERY_PIN_MAX_LENGTH)
    return {
      ok: false,
      error: `Use ${GALLERY_PIN_MIN_LENGTH} to ${GALLERY_PIN_MAX_LENGTH} characters (a PIN or a password).`,
    };
  return { ok: true, pin };
}

/** Sets or (with null) removes the PIN asked before any download; only its hash is kept. */
export async function setGalleryDownloadPin(db: Database, id: number, pin: string | null): Promise<void> {
  const download_pin_hash = pin === null ? null : await hashPassword(pin);
  await db
    .updateTable("client_galleries")
    .set({ download_pin_hash, updated_at: toStoredTime() })
    .where("id", "=", id)
    .execute();
}
