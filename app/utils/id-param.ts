// A numeric id from a URL segment (/galleryList/21, /admin/shoots/21): digits only, as SQLite and
// PostgreSQL integers hold them; anything else is no id, and the route answers 404.

/** The id in `param`, or null when it is not one. */
export function idParam(param: string | undefined): number | null {
  return param !== undefined && /^\d{1,9}$/.test(param) ? Number(param) : null;
}
