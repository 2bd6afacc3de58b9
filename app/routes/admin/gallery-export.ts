// /admin/galleries/:id/selections/:listId/export/(csv|txt): a client's selection list as a file,
// a spreadsheet (file name, set, comment) or the file names Lightroom's filter and Capture One
// take. A resource route inside the signed-in layout, so its middleware demands a session.
import { create as contentDisposition } from "content-disposition";
import { data } from "react-router";
import { idParam } from "#app/utils/id-param.ts";
import { readGallery } from "#domain/galleries/galleries.server.ts";
import { exportFileName, selectionCsv, selectionFileNames } from "#domain/galleries/selection-export.server.ts";
import { readSelectionLists } from "#domain/galleries/selection-review.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { NO_STORE } from "#platform/http.server.ts";
import type { Route } from "./+types/gallery-export";

const FORMATS = {
  csv: { type: "text/csv; charset=utf-8", write: selectionCsv },
  txt: { type: "text/plain; charset=utf-8", write: selectionFileNames },
} as const;

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const galleryId = idParam(params.id);
  const listId = idParam(params.listId);
  const format = params.format === "csv" || params.format === "txt" ? params.format : null;
  const gallery = galleryId === null ? null : await readGallery(db, galleryId);
  const [list] = gallery && listId !== null ? await readSelectionLists(db, gallery.id, listId) : [];
  if (!gallery || !list || !format) throw data("There is no such selection list.", { status: 404 });
  return new Response(FORMATS[format].write(list), {
    headers: {
      "Content-Type": FORMATS[format].type,
      "Content-Disposition": contentDisposition(exportFileName(gallery.title, list, format)),
      "Cache-Control": NO_STORE,
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
