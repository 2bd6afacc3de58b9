// A stored time as the admin shows it: to the minute, in the studio's time zone (a setting) with
// its offset, and the exact UTC instant for machines. The signed-in layout's loader gives the zone.
import { useRouteLoaderData } from "react-router";
import { DEFAULT_TIME_ZONE, formatStudioTime } from "#domain/catalog/studio-time.ts";
import { AUTHED_ROUTE_ID } from "./csrf-field.tsx";

export function StudioTime({ iso }: { iso: string }) {
  const layout = useRouteLoaderData<{ timeZone: string }>(AUTHED_ROUTE_ID);
  return <time dateTime={iso}>{formatStudioTime(iso, layout?.timeZone ?? DEFAULT_TIME_ZONE)}</time>;
}
