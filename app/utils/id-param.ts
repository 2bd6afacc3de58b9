// A numeric id from a URL segment (/galleryList/21, /admin/shoots/21): digits only, as SQLite and
// PostgreSQL integers hold them; anything else is no id, and the route answers 404.
import { data } from "react-router";

/** The id in `param`, or null when it is not one. */
export function idParam(param: string | undefined): number | null {
  return param !== undefined && /^\d{1,9}$/.test(param) ? Number(param) : null;
}

/** The id in `param`, or a thrown 404 that says `missing` ("There is no such shoot."). */
export function requireIdParam(param: string | undefined, missing: string): number {
  const id = idParam(param);
  if (id === null) throw data(missing, { status: 404 });
  return id;
}
