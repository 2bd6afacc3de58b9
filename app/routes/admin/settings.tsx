// Studio settings: the details every public page shows (header, footer, about, contact).
import { data, Form, useNavigation } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/field.tsx";
import { readSettings, type SettingsField, saveSettings } from "#app/utils/admin/settings.server.ts";
import { getDb } from "#app/utils/db/db.server.ts";
import type { Route } from "./+types/settings";

export async function loader() {
  return { values: await readSettings(getDb()) };
}

export async function action({ request }: Route.ActionArgs) {
  const result = await saveSettings(getDb(), await request.formData());
  if (!result.ok) return data({ ...result, notice: "" }, { status: 400 });
  return { ok: true as const, errors: undefined, values: undefined, notice: "Saved: the site shows it now." };
}

const FIELDS: { name: SettingsField; label: string; multiline?: boolean; hint?: string }[] = [
  { name: "name", label: "Studio name" },
  { name: "tagline", label: "Tagline" },
  { name: "aboutTitle", label: "About page title" },
  { name: "aboutText", label: "About text", multiline: true, hint: "A blank line starts a new paragraph." },
  { name: "phones", label: "Phone numbers", multiline: true, hint: "One per line." },
  { name: "emails", label: "E-mail addresses", multiline: true, hint: "One per line." },
  { name: "street", label: "Street address" },
  { name: "locality", label: "City" },
  { name: "region", label: "State or region" },
  { name: "postalCode", label: "Postal code" },
  { name: "country", label: "Country" },
  { name: "openingHours", label: "Opening hours" },
  { name: "showreelVideoId", label: "Showreel YouTube video id", hint: "Leave empty to hide the showreel." },
];

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>Studio settings</h1>
      <p className="admin-notice" role="status">
        {actionData?.notice}
      </p>
      <Form method="post" className="admin-form" noValidate>
        <CsrfField />
        {FIELDS.map((f) => (
          <Field key={f.name} id={`settings-${f.name}`} label={f.label} hint={f.hint} error={errors[f.name]}>
            {(describedBy, invalid) =>
              f.multiline ? (
                <textarea
                  id={`settings-${f.name}`}
                  name={f.name}
                  rows={f.name === "aboutText" ? 8 : 3}
                  defaultValue={values[f.name]}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                />
              ) : (
                <input
                  id={`settings-${f.name}`}
                  name={f.name}
                  type="text"
                  defaultValue={values[f.name]}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                />
              )
            }
          </Field>
        ))}
        <button type="submit" className="button" disabled={busy}>
          Save settings
        </button>
      </Form>
    </>
  );
}
