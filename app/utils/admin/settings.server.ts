// The studio's settings as the admin edits them: name, tagline, about text, phones, e-mails,
// address, opening hours and the showreel's video id. (Logo, about photo, poster, social links
// and inquiry e-mail settings are not editable here yet.)
import { z } from "zod";
import type { Database } from "../db/db.server.ts";

export const SETTINGS_FIELDS = [
  "name",
  "tagline",
  "aboutTitle",
  "aboutText",
  "phones",
  "emails",
  "street",
  "locality",
  "region",
  "postalCode",
  "country",
  "openingHours",
  "showreelVideoId",
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];
export type SettingsValues = Record<SettingsField, string>;

const SHORT_MAX = 120;
const LONG_MAX = 8000;
const short = z.string().trim().max(SHORT_MAX, `At most ${SHORT_MAX} characters.`);
/** One entry per line; blank lines are dropped. */
const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");

const settingsSchema = z.object({
  name: short.min(1, "The studio needs a name."),
  tagline: short,
  aboutTitle: short,
  aboutText: z.string().trim().max(LONG_MAX, `At most ${LONG_MAX} characters.`),
  phones: z
    .string()
    .transform(lines)
    .pipe(z.array(z.string().regex(/^\+?[\d\s()-]{6,24}$/, "Each line must be a phone number, e.g. +91 98765 00001."))),
  emails: z
    .string()
    .transform(lines)
    .pipe(z.array(z.email("Each line must be an e-mail address."))),
  street: short,
  locality: short,
  region: short,
  postalCode: short,
  country: short,
  openingHours: short,
  showreelVideoId: z
    .string()
    .trim()
    .regex(/^([\w-]{6,20})?$/, "A YouTube video id is 6 to 20 letters, digits, - or _ (or leave it empty)."),
});

export async function readSettings(db: Database): Promise<SettingsValues> {
  const s = await db.selectFrom("studio_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  const list = (json: string | undefined) => (JSON.parse(json ?? "[]") as string[]).join("\n");
  return {
    name: s?.name ?? "",
    tagline: s?.tagline ?? "",
    aboutTitle: s?.about_title ?? "",
    aboutText: s?.about_text ?? "",
    phones: list(s?.phones),
    emails: list(s?.emails),
    street: s?.street_address ?? "",
    locality: s?.locality ?? "",
    region: s?.region ?? "",
    postalCode: s?.postal_code ?? "",
    country: s?.country ?? "",
    openingHours: s?.opening_hours ?? "",
    showreelVideoId: s?.showreel_video_id ?? "",
  };
}

export type SaveSettingsResult =
  | { ok: true }
  | { ok: false; errors: Partial<Record<SettingsField, string>>; values: SettingsValues };

export async function saveSettings(db: Database, form: FormData): Promise<SaveSettingsResult> {
  const values = Object.fromEntries(SETTINGS_FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as SettingsValues;
  const parsed = settingsSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<SettingsField, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as SettingsField] ??= issue.message;
    return { ok: false, errors, values };
  }
  const v = parsed.data;
  const row = {
    name: v.name,
    tagline: v.tagline,
    about_title: v.aboutTitle,
    about_text: v.aboutText,
    phones: JSON.stringify(v.phones),
    emails: JSON.stringify(v.emails),
    street_address: v.street,
    locality: v.locality,
    region: v.region,
    postal_code: v.postalCode,
    country: v.country,
    opening_hours: v.openingHours,
    showreel_video_id: v.showreelVideoId,
    updated_at: new Date().toISOString(),
  };
  await db
    .insertInto("studio_settings")
    .values({ id: 1, social_links: "[]", ...row })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
  return { ok: true };
}
