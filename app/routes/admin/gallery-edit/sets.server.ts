// The gallery's sets: add, rename, reorder (by one place, or dragged to any), trash.
import { typedTitles } from "#domain/catalog/localized.ts";
import { addGallerySet } from "#domain/galleries/galleries.server.ts";
import {
  checkSetTitle,
  moveGallerySet,
  placeGallerySet,
  renameGallerySet,
  trashGallerySet,
} from "#domain/galleries/gallery-sets.server.ts";
import { type Answer, invalid } from "./answer.ts";
import type { IntentArgs, IntentHandlers } from "./intents.server.ts";

async function moveSet({ db, gallery, form }: IntentArgs, step: -1 | 1) {
  await moveGallerySet(db, gallery.id, Number(form.get("id")), step);
  return { notice: "Sets reordered." } satisfies Answer;
}

export const setsIntents: IntentHandlers = {
  "set-add": async ({ db, gallery, form }) => {
    const checked = checkSetTitle(form.get("title"), form.get("titleTa"));
    if (!checked.ok) return invalid({ form: "set-add", errors: checked.errors, values: typedTitles(form) });
    await addGallerySet(db, gallery.id, checked.title, checked.titleTa);
    return { form: "set-add", notice: `Set “${checked.title}” added.` } satisfies Answer;
  },
  "set-rename": async ({ db, gallery, form }) => {
    const setId = Number(form.get("setId"));
    const checked = checkSetTitle(form.get("title"), form.get("titleTa"));
    if (!checked.ok) return invalid({ form: "set-rename", setId, errors: checked.errors, values: typedTitles(form) });
    if (!(await renameGallerySet(db, gallery.id, setId, checked))) return { notice: "That set is no longer here." };
    return { form: "set-rename", setId, notice: `Set renamed to “${checked.title}”.` } satisfies Answer;
  },
  // A set dragged to another place in the list (the Move buttons are the way without a pointer).
  "set-place": async ({ db, gallery, form }) => {
    if (!(await placeGallerySet(db, gallery.id, Number(form.get("setId")), Number(form.get("index")))))
      return { notice: "That set is no longer there, or already in that place." };
    return { notice: "Sets reordered." } satisfies Answer;
  },
  up: (args) => moveSet(args, -1),
  down: (args) => moveSet(args, 1),
  "set-trash": async ({ db, gallery, form }) => {
    if (!(await trashGallerySet(db, gallery.id, Number(form.get("setId")))))
      return { notice: "That set is no longer here." };
    return { notice: "Set moved to the trash; restore it from the trash if that was a mistake." } satisfies Answer;
  },
};
