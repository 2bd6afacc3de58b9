// A PIN's form: set or change it (only its hash is stored), or remove it. The gallery's PIN and
// the downloads' PIN each have one, and so does the event link (issue 31).
import { Form } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/field.tsx";
import { type Answer, type FormName, useClearedAfterSave } from "./answer.ts";
import { FormAnswer } from "./form-answer.tsx";

export function PinForm({
  heading,
  label,
  newLabel,
  idPrefix,
  set,
  setIntent,
  clearIntent,
  form,
  answer,
}: {
  heading: string;
  label: string;
  newLabel: string;
  idPrefix: string;
  set: boolean;
  setIntent: string;
  clearIntent: string;
  /** Which PIN: its answers say so. */
  form: Extract<FormName, "pin" | "download-pin" | "event-pin">;
  /** The answer to this form's last post, if the last post was this form's. */
  answer: Answer | undefined;
}) {
  const ref = useClearedAfterSave(answer, form);
  const error = answer?.errors?.pin;
  return (
    <Form ref={ref} method="post" className="admin-form" noValidate preventScrollReset>
      <CsrfField />
      <h3>{heading}</h3>
      <p>{set ? "Set. Only its hash is stored: type a new one to change it." : "None."}</p>
      <Field id={`${idPrefix}-input`} label={set ? newLabel : label} error={error}>
        {(control) => <input {...control} name="pin" type="text" autoComplete="off" />}
      </Field>
      <div className="admin-form-end">
        <button type="submit" name="intent" value={setIntent} className="button">
          {set ? "Change" : "Set"}
          <span className="visually-hidden"> {heading}</span>
        </button>
        {set ? (
          <button type="submit" name="intent" value={clearIntent} className="button">
            Remove<span className="visually-hidden"> {heading}</span>
          </button>
        ) : null}
        <FormAnswer answer={answer} />
      </div>
    </Form>
  );
}
