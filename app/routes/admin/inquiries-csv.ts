// /admin/inquiries.csv: the inbox (as filtered on screen) as a file to download. A resource
// route inside the signed-in layout, so its middleware demands a session like every screen.

import { create as contentDisposition } from "content-disposition";
import { inquiriesCsv } from "#domain/inquiries/csv.server.ts";
import { readInquiryFilter } from "#domain/inquiries/inbox.ts";
import { inquirySettings } from "#domain/inquiries/settings.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { NO_STORE } from "#platform/http.server.ts";
import type { Route } from "./+types/inquiries-csv";

export async function loader({ request }: Route.LoaderArgs) {
  const filter = readInquiryFilter(new URL(request.url).searchParams.get("show"), "all");
  const csv = await inquiriesCsv(getDb(), { filter, mailOn: Boolean(inquirySettings().smtpUrl) });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition(`inquiries-${filter}-${day}.csv`),
      "Cache-Control": NO_STORE,
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
