// The shoot's fields (title, location, description, collection), for creating and editing; each
// text with an optional Tamil version beside it (issue 33: the admin stays English, the field's
// lang says what is typed in it).
import { Form, useNavigation } from "react-router";
import type { FieldErrors, ShootFormValues } from "#domain/catalog/shoot-form.ts";
import { Field } from "../field.tsx";
import { CsrfField } from "./csrf-field.tsx";

/** Said once, at the first Tamil field. */
const TAMIL_HINT = "The Tamil pages show it; left empty, they show the English.";

interface ShootFormProps {
  collections: { id: number; name: string }[];
  values: ShootFormValues;
  errors?: FieldErrors;
  submitLabel: string;
}

export function ShootForm({ collections, values, errors = {}, submitLabel }: ShootFormProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="admin-form" noValidate>
      <CsrfField />
      <input type="hidden" name="intent" value="save" />
      <Field id="shoot-title" label="Title" error={errors.title}>
        {(control) => <input {...control} name="title" type="text" required defaultValue={values.title} />}
      </Field>
      <Field id="shoot-titleTa" label="Title in Tamil (optional)" hint={TAMIL_HINT} error={errors.titleTa}>
        {(control) => <input {...control} name="titleTa" type="text" lang="ta" defaultValue={values.titleTa} />}
      </Field>
      <Field id="shoot-location" label="Location" error={errors.location}>
        {(control) => <input {...control} name="location" type="text" defaultValue={values.location} />}
      </Field>
      <Field id="shoot-locationTa" label="Location in Tamil (optional)" error={errors.locationTa}>
        {(control) => <input {...control} name="locationTa" type="text" lang="ta" defaultValue={values.locationTa} />}
      </Field>
      <Field id="shoot-collection" label="Collection" error={errors.collectionId}>
        {(control) => (
          <select {...control} name="collectionId" defaultValue={values.collectionId}>
            <option value="">Choose…</option>
            {collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="shoot-description" label="Description" error={errors.description}>
        {(control) => <textarea {...control} name="description" rows={5} defaultValue={values.description} />}
      </Field>
      <Field id="shoot-descriptionTa" label="Description in Tamil (optional)" error={errors.descriptionTa}>
        {(control) => (
          <textarea {...control} name="descriptionTa" rows={5} lang="ta" defaultValue={values.descriptionTa} />
        )}
      </Field>
      <button type="submit" className="button" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
