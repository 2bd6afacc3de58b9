// A failed zod parse as a form shows it: the first message for each field, beside that field.
// The shoot form, the settings form and the contact form all read their errors this way.
/** What zod's classic and core errors both carry (z.safeParse returns the core one). */
interface ParseIssues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** The first issue's message per top-level field; issues about the whole value are left out. */
export function fieldErrors<Field extends string>(error: ParseIssues): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string") errors[field as Field] ??= issue.message;
  }
  return errors;
}
