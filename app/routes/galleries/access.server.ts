// What a request to /g/{token} or one of its pages may see: the gallery's gate (ADR 026), read
// with the studio's time zone (the day a link expires is the studio's day), and the answers
// every gallery page shares. Pages under one link never go to a shared cache.
import { data, type RouterContextProvider } from "react-router";
import { studioRowOf } from "#domain/catalog/read-model.server.ts";
import { DEFAULT_TIME_ZONE } from "#domain/catalog/studio-time.ts";
import { type GalleryGate, gateGallery } from "#domain/galleries/client-request.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { NO_STORE } from "#platform/http.server.ts";

export const privateHeaders = { "Cache-Control": NO_STORE };

export async function gateFor(
  request: Request,
  token: string,
  context: Readonly<RouterContextProvider>,
): Promise<GalleryGate> {
  const db = getDb();
  const studio = await studioRowOf(context, db);
  return gateGallery(db, request, token, studio?.time_zone ?? DEFAULT_TIME_ZONE);
}

/** No gallery at this link: the site's 404 page. */
export function notFound(): never {
  throw data({ what: "gallery" }, { status: 404, headers: privateHeaders });
}
