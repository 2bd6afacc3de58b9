// The gallery's details form, and its move to the trash.
import { redirect } from "react-router";
import { parseGalleryForm, trashGallery, updateGallery } from "#domain/galleries/gallery-details.server.ts";
import { type Answer, invalid } from "./answer.ts";
import type { IntentHandlers } from "./intents.server.ts";

export const detailsIntents: IntentHandlers = {
  save: async ({ db, gallery, form }) => {
    const parsed = parseGalleryForm(form);
    if (!parsed.ok) return invalid({ form: "details", errors: parsed.errors, values: parsed.values });
    await updateGallery(db, gallery.id, parsed.value);
    return { form: "details", notice: "Details saved." } satisfies Answer;
  },
  trash: async ({ db, gallery }) => {
    await trashGallery(db, gallery.id);
    return redirect("/admin/galleries?trashed=1");
  },
};
