// The gallery's admin page answers each form by its intent (the button's name="intent" value);
// each concern (details, cover, sets, access, sending, selections) handles its own intents.
import type { data } from "react-router";
import type { GalleryRecord } from "#domain/galleries/galleries.server.ts";
import type { Database } from "#platform/db/db.server.ts";
import type { Day } from "#platform/db/schema.server.ts";
import type { Answer } from "./answer.ts";

/** What a handler is given: the live gallery (404s already decided) and the checked form. */
export interface IntentArgs {
  db: Database;
  gallery: GalleryRecord;
  form: FormData;
  /** The studio's calendar day (its time zone), for the days a form names. */
  today: Day;
}

/** An answer, one with its status (a form to correct), or a redirect. */
export type IntentHandler = (args: IntentArgs) => Promise<Answer | ReturnType<typeof data<Answer>> | Response>;

export type IntentHandlers = Record<string, IntentHandler>;

/** The page's intents, from each concern's handlers; an intent two concerns claim fails at start. */
export function intentsOf(...groups: IntentHandlers[]): ReadonlyMap<string, IntentHandler> {
  const intents = new Map<string, IntentHandler>();
  for (const group of groups) {
    for (const [intent, handler] of Object.entries(group)) {
      if (intents.has(intent)) throw new Error(`The intent "${intent}" is handled twice.`);
      intents.set(intent, handler);
    }
  }
  return intents;
}
