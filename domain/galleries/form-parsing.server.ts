// Reading the studio's gallery forms (the details, the access settings): each field as typed,
// checked with zod, and on failure a message per field with what was typed, to show it again.
import { z } from "zod";
import { fieldErrors } from "#platform/field-errors.ts";
import type { Day } from "../../platform/db/schema.server.ts";

/** A form read: its checked value, or a message per field and what was typed. */
export type Parsed<Value, Values, Errors> = { ok: true; value: Value } | { ok: false; errors: Errors; values: Values };

function formText<Field extends string>(form: FormData, fields: readonly Field[]): Record<Field, string> {
  return Object.fromEntries(fields.map((f) => [f, String(form.get(f) ?? "")])) as Record<Field, string>;
}

/** Reads the form's `fields` as text and checks them with `schema`. */
export function parseForm<Field extends string, Value>(
  form: FormData,
  fields: readonly Field[],
  schema: z.ZodType<Value, Record<Field, string>>,
): Parsed<Value, Record<Field, string>, Partial<Record<Field, string>>> {
  const values = formText(form, fields);
  const parsed = schema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors<Field>(parsed.error), values };
  return { ok: true, value: parsed.data };
}

/** A real calendar day written as the date input sends it, "2026-02-14" (not 2026-02-30). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A day, or empty for none. */
export const optionalDay = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || isCalendarDay(v), message)
    .transform((v): Day | null => (v === "" ? null : v));
