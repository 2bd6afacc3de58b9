// The gallery's albums (issue 32), as the Albums panel lists them: each with its newest version's
// state and last activity; a new album is made here and opened at its own page to upload into.
import { redirect } from "react-router";
import { createAlbum, galleryAlbums, ProofingRefusal } from "#domain/albums/proofing.server.ts";
import { STUDIO } from "#domain/catalog/audience.server.ts";
import { typedTitles } from "#domain/catalog/localized.ts";
import type { GalleryRecord } from "#domain/galleries/galleries.server.ts";
import type { Database } from "#platform/db/db.server.ts";
import { invalid } from "./answer.ts";
import type { IntentHandlers } from "./intents.server.ts";

export async function albumsPanelData(db: Database, gallery: GalleryRecord) {
  return { albums: await galleryAlbums(db, STUDIO, gallery.id) };
}

export type AlbumsPanelData = Awaited<ReturnType<typeof albumsPanelData>>;

/** An album's page in the admin. */
export const albumHref = (galleryId: number, albumId: number) => `/admin/galleries/${galleryId}/albums/${albumId}`;

export const albumsIntents: IntentHandlers = {
  "album-create": async ({ db, gallery, form }) => {
    const typed = typedTitles(form);
    try {
      const { albumId } = await createAlbum(db, gallery.id, typed);
      return redirect(albumHref(gallery.id, albumId));
    } catch (error) {
      if (!(error instanceof ProofingRefusal)) throw error;
      return invalid({ form: "album", errors: { [error.field ?? "title"]: error.message }, values: typed });
    }
  },
};
