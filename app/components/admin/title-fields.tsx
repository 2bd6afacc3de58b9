// A title the studio gives a client's gallery's set or album, and its optional Tamil version
// (issue 33), as their forms ask for them: a set added, renamed in the gallery's workspace or on
// its own page; an album made or renamed. The admin stays English; the Tamil field's lang says
// what is typed in it.
import type { TitleField } from "#domain/catalog/localized.ts";
import { Field } from "../field.tsx";

/** Under the Tamil field: what it is for, and what an empty one means. */
const TAMIL_HINT = "The client's Tamil pages show it; left empty, they show the English.";

export function TitleFields({
  id,
  labels,
  values,
  errors = {},
  placeholder,
  hint,
}: {
  /** The English field's id; the Tamil field's is the same with "-ta". */
  id: string;
  labels: Record<TitleField, string>;
  values: Record<TitleField, string>;
  errors?: Partial<Record<TitleField, string | undefined>>;
  /** An example English title, in an empty field. */
  placeholder?: string;
  /** Under the English field. */
  hint?: string;
}) {
  return (
    <>
      <Field id={id} label={labels.title} hint={hint} error={errors.title}>
        {(control) => (
          <input {...control} name="title" type="text" required placeholder={placeholder} defaultValue={values.title} />
        )}
      </Field>
      <Field id={`${id}-ta`} label={labels.titleTa} hint={TAMIL_HINT} error={errors.titleTa}>
        {(control) => <input {...control} name="titleTa" type="text" lang="ta" defaultValue={values.titleTa} />}
      </Field>
    </>
  );
}
