// A client gallery's details (title, client, event date, selection limit), for creating and
// editing; creating may also start from a portfolio shoot's photos.
import { Form, useNavigation } from "react-router";
import type { GalleryFieldErrors, GalleryFormValues } from "#domain/galleries/gallery-form.ts";
import { Field } from "../field.tsx";
import { CsrfField } from "./csrf-field.tsx";

interface GalleryFormProps {
  values: GalleryFormValues & { fromShootId?: string };
  errors?: GalleryFieldErrors & { fromShootId?: string };
  submitLabel: string;
  /** Creating only: portfolio shoots whose photos may become the gallery's first set. */
  shoots?: { id: number; title: string }[];
}

export function GalleryForm({ values, errors = {}, submitLabel, shoots }: GalleryFormProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="admin-form" noValidate>
      <CsrfField />
      <input type="hidden" name="intent" value="save" />
      <Field id="gallery-title" label="Title" error={errors.title} hint="For example: Priya & Karthik's wedding">
        {(control) => <input {...control} name="title" type="text" required defaultValue={values.title} />}
      </Field>
      <Field id="gallery-client-name" label="Client's name" error={errors.clientName}>
        {(control) => (
          <input {...control} name="clientName" type="text" autoComplete="off" defaultValue={values.clientName} />
        )}
      </Field>
      <Field id="gallery-client-email" label="Client's e-mail" error={errors.clientEmail}>
        {(control) => (
          <input {...control} name="clientEmail" type="email" autoComplete="off" defaultValue={values.clientEmail} />
        )}
      </Field>
      <Field
        id="gallery-client-phone"
        label="Client's phone"
        error={errors.clientPhone}
        hint="With the country code, for WhatsApp: +91 98765 43210"
      >
        {(control) => (
          <input {...control} name="clientPhone" type="tel" autoComplete="off" defaultValue={values.clientPhone} />
        )}
      </Field>
      <Field id="gallery-event-date" label="Event date" error={errors.eventDate}>
        {(control) => <input {...control} name="eventDate" type="date" defaultValue={values.eventDate} />}
      </Field>
      <Field
        id="gallery-selection-limit"
        label="Selection limit (photos per list)"
        error={errors.selectionLimit}
        hint="Empty: no limit"
      >
        {(control) => (
          <input
            {...control}
            name="selectionLimit"
            type="text"
            inputMode="numeric"
            defaultValue={values.selectionLimit}
          />
        )}
      </Field>
      {shoots ? (
        <Field
          id="gallery-from-shoot"
          label="Start from a shoot's photos (optional)"
          error={errors.fromShootId}
          hint="Its photos become the gallery's first set; the shoot itself is unchanged."
        >
          {(control) => (
            <select {...control} name="fromShootId" defaultValue={values.fromShootId ?? ""}>
              <option value="">No, start empty</option>
              {shoots.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
