// The studio's settings as the admin edits them: name, tagline, logo, about text and photo,
// phones, e-mails, address, opening hours, social links, the showreel and its poster, and who
// receives inquiries, the time zone the admin shows times in, and the days before an album
// reminder goes to a couple who have not answered. The visitor-facing texts (name, tagline, the
// about page's title and text) each have an optional Tamil version (issue 33). SMTP credentials stay in the environment; see inquiries/settings.server.ts
// for how INQUIRY_TO / INQUIRY_ACK and the values here combine.
import { z } from "zod";
import { fieldErrors } from "#platform/field-errors.ts";
import type { Database } from "../../platform/db/db.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import type { AdminForm } from "../auth/admin-form.server.ts";
import { resolveImageField } from "./image-choice.server.ts";
import type { IngestDeps } from "./ingest.server.ts";
import { jsonList, readStudioRow } from "./read-model.server.ts";
import { ALBUM_REMINDER_DAYS, INQUIRY_RECIPIENTS_MAX, isNetworkUrl, SOCIAL_NETWORKS } from "./settings-fields.ts";
import { DEFAULT_TIME_ZONE, isTimeZone } from "./studio-time.ts";
import { tamilText } from "./tamil-field.server.ts";

export const SETTINGS_FIELDS = [
  "name",
  "nameTa",
  "tagline",
  "taglineTa",
  "aboutTitle",
  "aboutTitleTa",
  "aboutText",
  "aboutTextTa",
  "phones",
  "emails",
  "street",
  "locality",
  "region",
  "postalCode",
  "country",
  "openingHours",
  "instagram",
  "youtube",
  "facebook",
  "showreelVideoId",
  "inquiryTo",
  "inquiryAck",
  "timeZone",
  "albumReminderDays",
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

/** The image fields, each stored as an asset id in its column. */
export const SETTINGS_IMAGES = {
  logo: "logo_asset_id",
  aboutPhoto: "about_asset_id",
  showreelPoster: "showreel_poster_asset_id",
} as const;
export type SettingsImage = keyof typeof SETTINGS_IMAGES;
const IMAGE_NAMES = Object.keys(SETTINGS_IMAGES) as SettingsImage[];

export type SettingsValues = Record<SettingsField | SettingsImage, string>;
export type SettingsErrors = Partial<Record<SettingsField | SettingsImage, string>>;

type SocialLink = { network: string; label: string; url: string };

const SHORT_MAX = 120;
const LONG_MAX = 8000;
const URL_MAX = 300;
const short = z.string().trim().max(SHORT_MAX, `At most ${SHORT_MAX} characters.`);
/** One entry per line; blank lines are dropped. */
const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");

const socialUrl = (network: (typeof SOCIAL_NETWORKS)[number]) =>
  z
    .string()
    .trim()
    .max(URL_MAX, `At most ${URL_MAX} characters.`)
    .refine(
      (v) => v === "" || isNetworkUrl(v, network.hosts),
      `Enter the full https:// address of the studio's ${network.label} page, e.g. ${network.example} (or leave it empty to hide the link).`,
    );

const ALBUM_REMINDER_DAYS_ERROR = `Enter a whole number of days from 0 to ${ALBUM_REMINDER_DAYS.max} (0: never remind).`;

const settingsSchema = z.object({
  name: short.min(1, "The studio needs a name."),
  tagline: short,
  aboutTitle: short,
  aboutText: z.string().trim().max(LONG_MAX, `At most ${LONG_MAX} characters.`),
  nameTa: tamilText(SHORT_MAX),
  taglineTa: tamilText(SHORT_MAX),
  aboutTitleTa: tamilText(SHORT_MAX),
  aboutTextTa: tamilText(LONG_MAX),
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
  instagram: socialUrl(SOCIAL_NETWORKS[0]),
  youtube: socialUrl(SOCIAL_NETWORKS[1]),
  facebook: socialUrl(SOCIAL_NETWORKS[2]),
  showreelVideoId: z
    .string()
    .trim()
    .regex(/^([\w-]{6,20})?$/, "A YouTube video id is 6 to 20 letters, digits, - or _ (or leave it empty)."),
  inquiryTo: z
    .string()
    .transform(lines)
    .pipe(
      z
        .array(z.email("Each line must be an e-mail address."))
        .max(INQUIRY_RECIPIENTS_MAX, `At most ${INQUIRY_RECIPIENTS_MAX} addresses.`),
    ),
  inquiryAck: z.enum(["", "on", "off"], "Choose one of the options."),
  timeZone: z.string().refine(isTimeZone, "Choose a time zone from the list."),
  albumReminderDays: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, ALBUM_REMINDER_DAYS_ERROR)
    .transform(Number)
    .refine((days) => days <= ALBUM_REMINDER_DAYS.max, ALBUM_REMINDER_DAYS_ERROR),
});

function parseSocialLinks(json: string | undefined): SocialLink[] {
  return jsonList<SocialLink>(json ?? "[]");
}

export interface StoredSettings {
  values: SettingsValues;
  /** The image fields' current asset ids. */
  images: Record<SettingsImage, number | null>;
}

export async function readSettings(db: Database): Promise<StoredSettings> {
  const s = await readStudioRow(db);
  const list = (json: string | undefined) => jsonList<string>(json ?? "[]").join("\n");
  const social = parseSocialLinks(s?.social_links);
  const socialUrlOf = (network: string) => social.find((l) => l.network === network)?.url ?? "";
  const images = {
    logo: s?.logo_asset_id ?? null,
    aboutPhoto: s?.about_asset_id ?? null,
    showreelPoster: s?.showreel_poster_asset_id ?? null,
  };
  const ack = s?.inquiry_ack;
  return {
    images,
    values: {
      name: s?.name ?? "",
      tagline: s?.tagline ?? "",
      aboutTitle: s?.about_title ?? "",
      aboutText: s?.about_text ?? "",
      nameTa: s?.name_ta ?? "",
      taglineTa: s?.tagline_ta ?? "",
      aboutTitleTa: s?.about_title_ta ?? "",
      aboutTextTa: s?.about_text_ta ?? "",
      phones: list(s?.phones),
      emails: list(s?.emails),
      street: s?.street_address ?? "",
      locality: s?.locality ?? "",
      region: s?.region ?? "",
      postalCode: s?.postal_code ?? "",
      country: s?.country ?? "",
      openingHours: s?.opening_hours ?? "",
      instagram: socialUrlOf("instagram"),
      youtube: socialUrlOf("youtube"),
      facebook: socialUrlOf("facebook"),
      showreelVideoId: s?.showreel_video_id ?? "",
      inquiryTo: list(s?.inquiry_to),
      inquiryAck: ack === 1 ? "on" : ack === 0 ? "off" : "",
      timeZone: s?.time_zone ?? DEFAULT_TIME_ZONE,
      albumReminderDays: String(s?.album_reminder_days ?? ALBUM_REMINDER_DAYS.default),
      logo: String(images.logo ?? ""),
      aboutPhoto: String(images.aboutPhoto ?? ""),
      showreelPoster: String(images.showreelPoster ?? ""),
    },
  };
}

export type SaveSettingsResult =
  | { ok: true }
  | { ok: false; errors: SettingsErrors; values: SettingsValues; images: Record<SettingsImage, number | null> };

/**
 * Validates and saves the whole form. The image fields are resolved even when a text field is
 * wrong, so an accepted upload is kept (and chosen) when the form comes back with an error.
 */
export async function saveSettings(deps: IngestDeps, parsed: AdminForm): Promise<SaveSettingsResult> {
  const { db } = deps;
  const form = parsed.form;
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const errors: SettingsErrors = {};
  const images = {} as Record<SettingsImage, number | null>;
  for (const name of IMAGE_NAMES) {
    const result = await resolveImageField(deps, parsed, name);
    images[name] = result.assetId;
    if (!result.ok) errors[name] = result.error;
  }
  const values = {
    ...(Object.fromEntries(SETTINGS_FIELDS.map((f) => [f, text(f)])) as Record<SettingsField, string>),
    ...(Object.fromEntries(IMAGE_NAMES.map((n) => [n, String(images[n] ?? "")])) as Record<SettingsImage, string>),
  };
  const parsedValues = settingsSchema.safeParse(values);
  if (!parsedValues.success) Object.assign(errors, { ...fieldErrors<SettingsField>(parsedValues.error), ...errors });
  if (!parsedValues.success || Object.keys(errors).length > 0) return { ok: false, errors, values, images };

  const v = parsedValues.data;
  const stored = await readStudioRow(db);
  const editable = new Set<string>(SOCIAL_NETWORKS.map((n) => n.field));
  const socialLinks: SocialLink[] = [
    ...SOCIAL_NETWORKS.flatMap((n) =>
      v[n.field] === "" ? [] : [{ network: n.field, label: n.label, url: v[n.field] }],
    ),
    // Links to other networks (imported, or added through the API's data) are kept as they are.
    ...parseSocialLinks(stored?.social_links).filter((l) => !editable.has(l.network)),
  ];
  const row = {
    name: v.name,
    tagline: v.tagline,
    about_title: v.aboutTitle,
    about_text: v.aboutText,
    name_ta: v.nameTa,
    tagline_ta: v.taglineTa,
    about_title_ta: v.aboutTitleTa,
    about_text_ta: v.aboutTextTa,
    phones: JSON.stringify(v.phones),
    emails: JSON.stringify(v.emails),
    street_address: v.street,
    locality: v.locality,
    region: v.region,
    postal_code: v.postalCode,
    country: v.country,
    opening_hours: v.openingHours,
    social_links: JSON.stringify(socialLinks),
    showreel_video_id: v.showreelVideoId,
    inquiry_to: JSON.stringify(v.inquiryTo),
    inquiry_ack: v.inquiryAck === "on" ? 1 : v.inquiryAck === "off" ? 0 : null,
    time_zone: v.timeZone,
    album_reminder_days: v.albumReminderDays,
    logo_asset_id: images.logo,
    about_asset_id: images.aboutPhoto,
    showreel_poster_asset_id: images.showreelPoster,
    updated_at: toStoredTime(),
  };
  await db
    .insertInto("studio_settings")
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
  return { ok: true };
}
