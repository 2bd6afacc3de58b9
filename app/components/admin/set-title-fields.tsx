// A client gallery's set title and its optional Tamil version (issue 33), as the set forms ask for
// them: adding a set, renaming it in the gallery's workspace, and its own page. The admin stays
// English; the Tamil field's lang says what is typed in it.
import type { SetTitleField } from "#domain/galleries/gallery-sets.server.ts";
import { Field } from "../field.tsx";

/** Under the Tamil field: what it is for, and what an empty one means. */
const TAMIL_HINT = "The client's Tamil pages show it; left empty, they show the English.";

export function SetTitleFields({
  id,
  labels,
  values,
  errors = {},
  placeholder,
}: {
  /** The English field's id; the Tamil field's is the same with "-ta". */
  id: string;
  labels: Record<SetTitleField, string>;
  values: Record<SetTitleField, string>;
  errors?: Partial<Record<SetTitleField, string | undefined>>;
  /** An example English title, in an empty field. */
  placeholder?: string;
}) {
  return (
    <>
      <Field id={id} label={labels.title} error={errors.title}>
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
