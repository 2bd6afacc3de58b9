// The name of a studio list the admin is about to make (from two clients' picks, or from one
// person's photos in the people view): one field, named "name", suggested and kept when refused.
import { Field } from "../field.tsx";

export function ListNameField({ id, error, value }: { id: string; error: string | undefined; value: string }) {
  return (
    <Field id={id} label="Name of the new list" error={error}>
      {(control) => <input {...control} name="name" type="text" required autoComplete="off" defaultValue={value} />}
    </Field>
  );
}
