// PINs in the client gallery: the studio's (the gallery's door, the downloads page) and the one a
// person chooses for their lists share the same field.
import type { InputHTMLAttributes, ReactNode } from "react";
import { Field } from "../field.tsx";

/** A PIN the studio gave (the gallery's, or its download PIN), posted to the page it is on. */
export function PinForm({
  id,
  label,
  error,
  submit,
  className = "cg-form",
  children,
}: {
  id: string;
  label: string;
  error?: string;
  submit: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <form method="post" className={className}>
      {children}
      <Field id={id} label={label} error={error}>
        {(control) => <PinInput {...control} maxLength={64} />}
      </Field>
      <button type="submit" className="button">
        {submit}
      </button>
    </form>
  );
}

/** A PIN's field: the phone's number pad, never shown, never filled in by the browser. */
export function PinInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input name="pin" type="password" inputMode="numeric" autoComplete="off" required {...props} />;
}
