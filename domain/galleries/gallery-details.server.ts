// A client gallery's details as the studio writes them (issue 15): the form of the new and edit
// pages (title, client, event day, selection limit), saving it, and the gallery's way to the
// trash and back. The gallery's own record, token and PIN live in galleries.server.ts.
import { z } from "zod";
import type { Database } from "../../platform/db/db.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { tamilText } from "../catalog/tamil-field.server.ts";
import { MAIL_LANGUAGES } from "../mail/words.ts";
import { optionalDay, type Parsed, parseForm } from "./form-parsing.server.ts";
import { GALLERY_FIELDS, type GalleryFieldErrors, type GalleryFormValues } from "./gallery-form.ts";
import { phoneDigits } from "./sending.server.ts";

export const GALLERY_TITLE_MAX_LENGTH = 120;
export const CLIENT_NAME_MAX_LENGTH = 120;
export const CLIENT_EMAIL_MAX_LENGTH = 254;
export const CLIENT_PHONE_MAX_LENGTH = 32;
/** More than any album holds; a bigger number is a typo. */
export const SELECTION_LIMIT_MAX = 10_000;

const optionalLimit = z
  .string()
  .trim()
  .refine(
    (v) => v === "" || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= SELECTION_LIMIT_MAX),
    `A whole number from 1 to ${SELECTION_LIMIT_MAX}, or empty for no limit.`,
  )
  .transform((v) => (v === "" ? null : Number(v)));

export const galleryFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Give the gallery a title.")
    .max(GALLERY_TITLE_MAX_LENGTH, `At most ${GALLERY_TITLE_MAX_LENGTH} characters.`),
  titleTa: tamilText(GALLERY_TITLE_MAX_LENGTH),
  clientName: z.string().trim().max(CLIENT_NAME_MAX_LENGTH, `At most ${CLIENT_NAME_MAX_LENGTH} characters.`),
  clientEmail: z
    .string()
    .trim()
    .max(CLIENT_EMAIL_MAX_LENGTH, `At most ${CLIENT_EMAIL_MAX_LENGTH} characters.`)
    .refine((v) => v === "" || z.email().safeParse(v).success, "Enter an e-mail address like name@example.com."),
  clientPhone: z
    .string()
    .trim()
    .max(CLIENT_PHONE_MAX_LENGTH, `At most ${CLIENT_PHONE_MAX_LENGTH} characters.`)
    .refine(
      (v) => v === "" || (/^\+?[\d\s().-]+$/.test(v) && phoneDigits(v).length >= 7),
      "Enter a phone number, like 98765 43210, or with its country code, like +91 98765 43210.",
    ),
  language: z.enum(MAIL_LANGUAGES, "Choose English or Tamil."),
  eventDate: optionalDay("Enter the event's date, like 2026-02-14."),
  selectionLimit: optionalLimit,
});

export type GalleryForm = z.infer<typeof galleryFormSchema>;

/** Reads and checks the gallery's form; on failure a message per field and what was typed. */
export function parseGalleryForm(form: FormData): Parsed<GalleryForm, GalleryFormValues, GalleryFieldErrors> {
  return parseForm(form, GALLERY_FIELDS, galleryFormSchema);
}

export async function updateGallery(db: Database, id: number, input: GalleryForm): Promise<void> {
  await db
    .updateTable("client_galleries")
    .set({
      title: input.title,
      title_ta: input.titleTa,
      client_name: input.clientName,
      client_email: input.clientEmail,
      client_phone: input.clientPhone,
      language: input.language,
      event_date: input.eventDate,
      selection_limit: input.selectionLimit,
      updated_at: toStoredTime(),
    })
    .where("id", "=", id)
    .execute();
}

/** Moves a gallery to the trash: its link stops opening at once (galleryByToken reads live ones). */
export async function trashGallery(db: Database, id: number): Promise<void> {
  await db.updateTable("client_galleries").set({ deleted_at: toStoredTime() }).where("id", "=", id).execute();
}

/**
 * Deletes the trashed galleries for good: their sets and photo rows, the people who chose, their
 * lists and the gallery's queued mails go with them (foreign keys cascade). Assets stay, as when
 * shoots are emptied: the same bytes may be a portfolio photo too.
 */
export async function emptyGalleryTrash(db: Database): Promise<number> {
  const result = await db.deleteFrom("client_galleries").where("deleted_at", "is not", null).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Takes a gallery out of the trash; false when it was not there. */
export async function restoreGallery(db: Database, id: number): Promise<boolean> {
  const result = await db
    .updateTable("client_galleries")
    .set({ deleted_at: null })
    .where("id", "=", id)
    .where("deleted_at", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
