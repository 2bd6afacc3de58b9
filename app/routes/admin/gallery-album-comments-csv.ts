// /admin/galleries/:id/albums/:album/comments.csv (?version=N): the printable comments list as a
// spreadsheet's file, with the inbox's CSV rules (quoting, a byte order mark for Excel, no cell
// read as a formula: the couple writes these). A resource route inside the signed-in layout.
import { create as contentDisposition } from "content-disposition";
import { studioRowOf } from "#app/utils/request-context.ts";
import { DEFAULT_TIME_ZONE, formatStudioTime } from "#domain/catalog/studio-time.ts";
import { csvRow, UTF8_BOM } from "#domain/inquiries/csv.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { NO_STORE } from "#platform/http.server.ts";
import type { Route } from "./+types/gallery-album-comments-csv";
import { commentLines, galleryAndAlbum, versionParam } from "./gallery-album/album.server.ts";

const HEADER = ["version", "spread", "where", "comment", "by", "written", "swap photo", "resolved"];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = getDb();
  const { gallery, album } = await galleryAndAlbum(db, params);
  const version = versionParam(new URL(request.url).searchParams.get("version"));
  const [{ lines }, studio] = await Promise.all([commentLines(db, gallery, album, version), studioRowOf(context, db)]);
  const zone = studio?.time_zone ?? DEFAULT_TIME_ZONE;
  const rows = lines.map((l) =>
    csvRow([
      l.version,
      l.spread,
      l.position,
      l.text,
      l.author,
      formatStudioTime(l.createdAt, zone),
      l.swapFileName,
      l.resolvedAt ? formatStudioTime(l.resolvedAt, zone) : "",
    ]),
  );
  const name = `album-${album.id}-comments${version === null ? "" : `-v${version}`}.csv`;
  return new Response(UTF8_BOM + csvRow(HEADER) + rows.join(""), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition(name),
      "Cache-Control": NO_STORE,
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
