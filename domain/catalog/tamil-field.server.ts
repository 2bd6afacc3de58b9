// A Tamil field of an admin form (issue 33), checked as its English field is: trimmed, held to
// the same limit, and empty meaning "not translated" (stored as null, so the Tamil page shows
// the English). Optional always: the studio may translate some texts and not others.
import { z } from "zod";

export function tamilText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .transform((text) => (text === "" ? null : text));
}
