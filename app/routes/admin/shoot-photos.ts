// GET /admin/shoots/:id/photos: every photo of a shoot for the photo manager, as JSON. The shoot
// page's document carries one page of them (a wedding's 3,000 would make it megabytes); its
// clientLoader fetches this beside the route's own data. Inside the signed-in layout like every
// admin screen; a GET changes nothing, so no CSRF token.
import { data } from "react-router";
import { idParam } from "#app/utils/id-param.ts";
import { getShootForEdit } from "#domain/catalog/shoots.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { NO_STORE } from "#platform/http.server.ts";
import type { Route } from "./+types/shoot-photos";

export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.id);
  const shoot = id === null ? null : await getShootForEdit(getDb(), id);
  if (!shoot) throw data("There is no such shoot.", { status: 404 });
  return Response.json(
    { photos: shoot.photos },
    { headers: { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex, nofollow" } },
  );
}
