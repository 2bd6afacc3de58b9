// The hidden CSRF token every admin form sends; the signed-in layout's loader provides it.
import { useRouteLoaderData } from "react-router";
import { CSRF_FIELD_NAME } from "#domain/auth/shared.ts";

export const AUTHED_ROUTE_ID = "routes/admin/authed";

export function CsrfField() {
  const data = useRouteLoaderData<{ csrf: string }>(AUTHED_ROUTE_ID);
  return <input type="hidden" name={CSRF_FIELD_NAME} value={data?.csrf ?? ""} />;
}
