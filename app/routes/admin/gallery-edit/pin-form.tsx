// A PIN's form: set or change it (only its hash is stored), or remove it. The gallery's PIN and
// the downloads' PIN each have one.
import { Form } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/field.tsx";

export function PinForm({
  heading,
  label,
  newLabel,
  idPrefix,
  set,
  setIntent,
  clearIntent,
  error,
}: {
  heading: string;
  label: string;
  newLabel: string;
  idPrefix: string;
  set: boolean;
  setIntent: string;
  clearIntent: string;
  error: string | undefined;
}) {
  return (
    <Form method="post" className="admin-form" noValidate preventScrollReset>
      <CsrfField />
      <h3>{heading}</h3>
      <p>{set ? "Set. Only its hash is stored: type a new one to change it." : "None."}</p>
      <Field id={`${idPrefix}-input`} label={set ? newLabel : label} error={error}>
        {(control) => <input {...control} name="pin" type="text" autoComplete="off" />}
      </Field>
      <div className="admin-actions">
        <button type="submit" name="intent" value={setIntent} className="button">
          {set ? "Change" : "Set"}
          <span className="visually-hidden"> {heading}</span>
        </button>
        {set ? (
          <button type="submit" name="intent" value={clearIntent} className="button">
            Remove<span className="visually-hidden"> {heading}</span>
          </button>
        ) : null}
      </div>
    </Form>
  );
}
