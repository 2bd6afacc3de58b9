// GET /admin/images?q=&offset=&collection=: one page of the studio's images for the picker
// (components/admin/image-picker.tsx), as JSON. With gallery={id}, the page is that client
// gallery's own photos instead (its cover's choices): the studio's images never include them. A resource route inside the signed-in layout,
// so its middleware demands a session like every screen; a GET changes nothing, so no CSRF token.

import { findImagePage } from "#domain/catalog/image-picker.server.ts";
import { findGalleryPhotoPage } from "#domain/galleries/cover.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { NO_STORE } from "#platform/http.server.ts";
import type { Route } from "./+types/images";

/** A whole, non-negative number from the query string, else undefined. */
function count(value: string | null): number | undefined {
  const n = Number(value);
  return value !== null && value !== "" && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  const offset = count(params.get("offset")) ?? 0;
  const galleryId = count(params.get("gallery"));
  const page =
    galleryId === undefined
      ? await findImagePage(getDb(), { q, offset, collectionId: count(params.get("collection")) })
      : await findGalleryPhotoPage(getDb(), galleryId, { q, offset });
  return Response.json(page, { headers: { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex, nofollow" } });
}
