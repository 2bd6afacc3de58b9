// The gallery's cover: one of its own photos, or none. Its answer is shown beside its Save button.
import { data } from "react-router";
import { setGalleryCover } from "#domain/galleries/cover.server.ts";
import type { Answer } from "./answer.ts";
import type { IntentHandlers } from "./intents.server.ts";

export const coverIntents: IntentHandlers = {
  cover: async ({ db, gallery, form }) => {
    const value = form.get("coverPhotoId");
    const photoId = value === "" ? null : Number(value);
    const refused = (error: string) =>
      data<Answer>(
        { form: "cover", notice: "Not saved: please correct the cover above.", errors: { cover: error } },
        { status: 400 },
      );
    if (value === null || (photoId !== null && !Number.isSafeInteger(photoId)))
      return refused("Choose a photo for the cover, or No cover.");
    const result = await setGalleryCover(db, gallery.id, photoId);
    if (!result.ok) return refused(result.error);
    return {
      form: "cover",
      notice: photoId === null ? "Cover removed." : "Cover saved: the client sees it atop the gallery.",
    } satisfies Answer;
  },
};
