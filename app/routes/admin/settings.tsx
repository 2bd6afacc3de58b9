// Studio settings: the details every public page shows (header, footer, about, contact, home),
// the visitor-facing texts each with an optional Tamil version beside it (issue 33),
// in fieldsets: the studio and its logo, the about page, contact details, social links, the
// showreel, where inquiries are mailed, the time zone the admin speaks in, and when a couple who
// has not answered an album is reminded. One multipart
// form, so images upload without scripts. The form is three screens long: the answer to a save
// appears beside the Save button and the page stays where the owner was (the first field to
// correct takes focus instead when there is one).
import { useCallback, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { Field } from "#app/components/field.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { listImageChoices, thumbnailsFor } from "#domain/catalog/image-picker.server.ts";
import { readSettings, type SettingsField, type SettingsImage, saveSettings } from "#domain/catalog/settings.server.ts";
import { ALBUM_REMINDER_DAYS, INQUIRY_RECIPIENTS_MAX, SOCIAL_NETWORKS } from "#domain/catalog/settings-fields.ts";
import { timeZoneChoices } from "#domain/catalog/studio-time.ts";
import { inquiryRecipientDefault } from "#domain/inquiries/settings.server.ts";
import { getMediaStorage } from "#domain/media/storage.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import type { Route } from "./+types/settings";

export async function loader() {
  const db = getDb();
  const { values, images } = await readSettings(db);
  // What the form shows beside the settings needs only their image ids: read together.
  const [thumbnails, choices, inquiryTo] = await Promise.all([
    thumbnailsFor(db, Object.values(images)),
    listImageChoices(db, Object.values(images)),
    inquiryRecipientDefault(db),
  ]);
  return {
    values,
    images,
    thumbnails,
    choices,
    defaults: { inquiryTo: inquiryTo ?? "", ack: readEnv().inquiries.ack },
    // From the server, so the options the browser hydrates are the ones it was sent.
    timeZones: timeZoneChoices(values.timeZone),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const result = await saveSettings(
    { db, storage: getMediaStorage(readEnv().dataDir) },
    await readAdminForm(request, context),
  );
  if (!result.ok) {
    const thumbnails = await thumbnailsFor(db, Object.values(result.images));
    // The choices again: React Router does not reload them after a 4xx, and an accepted
    // upload must be in the select that now shows it chosen.
    const choices = await listImageChoices(db, Object.values(result.images));
    return data(
      { ...result, thumbnails, choices, notice: "Not saved: please correct the fields marked above." },
      { status: 400 },
    );
  }
  return {
    ok: true as const,
    errors: undefined,
    values: undefined,
    images: undefined,
    thumbnails: undefined,
    choices: undefined,
    notice: "Saved: the site shows it now.",
  };
}

interface TextFieldSpec {
  name: SettingsField;
  label: string;
  multiline?: boolean;
  rows?: number;
  hint?: string;
  type?: "text" | "url";
  /** The language typed in it, when not the admin's English (a Tamil version). */
  lang?: "ta";
}

interface Group {
  legend: string;
  fields: TextFieldSpec[];
  images?: { name: SettingsImage; label: string; hint?: string; noneLabel: string }[];
}

const TAMIL_HINT = "The Tamil pages show it; left empty, they show the English.";

const GROUPS: Group[] = [
  {
    legend: "Studio",
    fields: [
      { name: "name", label: "Studio name" },
      { name: "nameTa", label: "Studio name in Tamil (optional)", lang: "ta", hint: TAMIL_HINT },
      { name: "tagline", label: "Tagline" },
      { name: "taglineTa", label: "Tagline in Tamil (optional)", lang: "ta" },
    ],
    images: [
      {
        name: "logo",
        label: "Logo",
        hint: "A wide PNG with a transparent background works best; it is shown 36 to 56 pixels high.",
        noneLabel: "None: the studio's name as the logo",
      },
    ],
  },
  {
    legend: "About page",
    fields: [
      { name: "aboutTitle", label: "About page title" },
      { name: "aboutTitleTa", label: "About page title in Tamil (optional)", lang: "ta" },
      {
        name: "aboutText",
        label: "About text",
        multiline: true,
        rows: 8,
        hint: "A blank line starts a new paragraph.",
      },
      {
        name: "aboutTextTa",
        label: "About text in Tamil (optional)",
        multiline: true,
        rows: 8,
        lang: "ta",
        hint: TAMIL_HINT,
      },
    ],
    images: [{ name: "aboutPhoto", label: "About photo", noneLabel: "None: no photo on the about page" }],
  },
  {
    legend: "Contact details",
    fields: [
      { name: "phones", label: "Phone numbers", multiline: true, hint: "One per line." },
      { name: "emails", label: "E-mail addresses", multiline: true, hint: "One per line; shown on the site." },
      { name: "street", label: "Street address" },
      { name: "locality", label: "City" },
      { name: "region", label: "State or region" },
      { name: "postalCode", label: "Postal code" },
      { name: "country", label: "Country" },
      { name: "openingHours", label: "Opening hours" },
    ],
  },
  {
    legend: "Social links",
    fields: SOCIAL_NETWORKS.map((n) => ({
      name: n.field,
      label: n.label,
      type: "url" as const,
      hint: `e.g. ${n.example}; leave empty to hide the link.`,
    })),
  },
  {
    legend: "Showreel",
    fields: [
      { name: "showreelVideoId", label: "Showreel YouTube video id", hint: "Leave empty to hide the showreel." },
    ],
    images: [
      {
        name: "showreelPoster",
        label: "Showreel poster",
        hint: "Shown until the visitor presses play.",
        noneLabel: "None: a plain dark frame",
      },
    ],
  },
];

/** How many answers to a save this page has had: a new one is a new answer object. */
function useAnswerCount(answer: unknown): number {
  const seen = useRef<{ answer: unknown; count: number }>({ answer, count: 0 });
  if (seen.current.answer !== answer) seen.current = { answer, count: seen.current.count + 1 };
  return seen.current.count;
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const answerCount = useAnswerCount(actionData);
  const images = actionData?.images ?? loaderData.images;
  const thumbnails = actionData?.thumbnails ?? loaderData.thumbnails;
  const errors = actionData?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const { defaults } = loaderData;
  // After each answer, focus goes to the first field to correct, else to the answer itself (React
  // applies autoFocus to form controls only; the server-rendered page has it for the notice). A
  // ref callback, new for each answer, so it also runs when the form is remounted with the
  // values the loaders brought back after the answer was shown.
  const focusAnswer = useCallback(
    (notice: HTMLParagraphElement | null) => {
      if (!notice || !actionData) return;
      const invalid = notice.closest("form")?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (invalid ?? notice).focus();
    },
    [actionData],
  );

  const textField = (f: TextFieldSpec) => (
    <Field key={f.name} id={`settings-${f.name}`} label={f.label} hint={f.hint} error={errors[f.name]}>
      {(control) =>
        f.multiline ? (
          <textarea {...control} name={f.name} rows={f.rows ?? 3} lang={f.lang} defaultValue={values[f.name]} />
        ) : (
          <input {...control} name={f.name} type={f.type ?? "text"} lang={f.lang} defaultValue={values[f.name]} />
        )
      }
    </Field>
  );

  return (
    <>
      <h1>Studio settings</h1>
      {/* Made anew with each answer to a save, so the fields show what was stored (or sent back);
          not by the values themselves, which change again when the page's data is reloaded after
          the answer, and would wipe what the studio typed meanwhile. */}
      <Form
        key={answerCount}
        method="post"
        preventScrollReset
        encType="multipart/form-data"
        className="admin-form admin-settings"
        noValidate
      >
        <CsrfField />
        {GROUPS.map((g) => (
          <fieldset key={g.legend} className="admin-fieldset">
            <legend>{g.legend}</legend>
            {g.fields.map(textField)}
            {g.images?.map((image) => {
              const id = images[image.name];
              return (
                <ImageField
                  key={image.name}
                  name={image.name}
                  label={image.label}
                  hint={image.hint}
                  noneLabel={image.noneLabel}
                  value={values[image.name]}
                  current={id === null ? null : (thumbnails[id] ?? null)}
                  choices={actionData?.choices ?? loaderData.choices}
                  error={errors[image.name]}
                />
              );
            })}
          </fieldset>
        ))}
        <fieldset className="admin-fieldset">
          <legend>Inquiry e-mails</legend>
          <p className="field-hint">The mail server and its password are set on the server (SMTP_URL), never here.</p>
          {textField({
            name: "inquiryTo",
            label: "Send inquiries to",
            multiline: true,
            hint: `One address per line, at most ${INQUIRY_RECIPIENTS_MAX}. Empty: ${defaults.inquiryTo || "nobody (set an e-mail address above)"}, the server's default.`,
          })}
          <Field
            id="settings-inquiryAck"
            label="Acknowledge each inquiry to the visitor"
            hint="A short thank-you mail, when the visitor gave an e-mail address."
            error={errors.inquiryAck}
          >
            {(control) => (
              <select {...control} name="inquiryAck" defaultValue={values.inquiryAck}>
                <option value="">Server default ({defaults.ack ? "yes" : "no"})</option>
                <option value="on">Yes</option>
                <option value="off">No</option>
              </select>
            )}
          </Field>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Time</legend>
          <Field
            id="settings-timeZone"
            label="Time zone"
            hint="The admin shows every time (inquiries, tokens) in it."
            error={errors.timeZone}
          >
            {(control) => (
              <select {...control} name="timeZone" defaultValue={values.timeZone}>
                {loaderData.timeZones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Album proofing</legend>
          <Field
            id="settings-albumReminderDays"
            label="Remind the couple after (days)"
            hint={`When a version sent to the couple has waited this many days with no answer and nothing new from them, they get one reminder by e-mail. 0: never. At most ${ALBUM_REMINDER_DAYS.max}.`}
            error={errors.albumReminderDays}
          >
            {(control) => (
              <input
                {...control}
                name="albumReminderDays"
                type="text"
                inputMode="numeric"
                size={4}
                defaultValue={values.albumReminderDays}
              />
            )}
          </Field>
        </fieldset>
        <div className="admin-form-end">
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Saving…" : "Save settings"}
          </button>
          {actionData?.notice ? (
            // Without JavaScript the answer is a new page: autofocus brings the owner back here.
            // biome-ignore lint/a11y/noAutofocus: the owner just pressed Save; this is the answer to it.
            <p ref={focusAnswer} className="admin-notice" role="status" tabIndex={-1} autoFocus>
              {actionData.notice}
            </p>
          ) : null}
        </div>
      </Form>
    </>
  );
}
