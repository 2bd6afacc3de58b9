// What one admin form may hold, and what reading it gives the actions: its fields and files,
// and the files skipped for being too large (named, so the form can say so next to the field).
// The body is read over HTTP by app/http/admin-form.server.ts, in the signed-in layout's
// middleware; the settings and banner forms take the AdminForm it gives.
import { MIB } from "../../platform/bytes.ts";
import { MAX_SOURCE_BYTES } from "../media/constants.ts";

/** Image fields one admin form may carry (settings: logo, about photo, showreel poster). */
export const MAX_FILES_PER_FORM = 3;
/** Everything but files: the settings form's text is a few KiB; this is generous. */
const TEXT_ALLOWANCE_BYTES = MIB;
/** Bytes kept in memory at most: the allowed files plus the text. */
export const MAX_FORM_BYTES = MAX_FILES_PER_FORM * MAX_SOURCE_BYTES + TEXT_ALLOWANCE_BYTES;
/** Bytes read at most, counting oversized files that are skipped; a bigger body is refused (413). */
export const MAX_BODY_BYTES = 2 * MAX_FORM_BYTES;

export interface OversizedFile {
  field: string;
  fileName: string;
}

export interface AdminForm {
  form: FormData;
  /** Files skipped for being over MAX_SOURCE_BYTES, in the order they came. */
  oversized: OversizedFile[];
}
