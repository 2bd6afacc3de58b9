// The clients' selection lists: the studio reopens a submitted one for the client to change.
// (Their exports are resource routes of their own: gallery-export.ts, gallery-list-originals.ts.)
import { reopenSelectionList } from "#domain/galleries/selection-review.server.ts";
import type { Answer } from "./answer.ts";
import type { IntentHandlers } from "./intents.server.ts";

export const selectionsIntents: IntentHandlers = {
  "list-reopen": async ({ db, gallery, form }) => {
    const reopened = await reopenSelectionList(db, gallery.id, Number(form.get("listId")));
    return {
      form: "list",
      notice: reopened ? "List reopened: the client can change it and submit again." : "That list is not submitted.",
    } satisfies Answer;
  },
};
