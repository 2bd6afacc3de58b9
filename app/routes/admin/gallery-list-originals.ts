// /admin/galleries/:id/selections/:listId/originals.zip: a client's selection list as a ZIP of the
// original files, for the studio's album work (ADR 027). Inside the signed-in layout, so its
// middleware demands a session; whatever the gallery lets its client download, the studio gets
// the originals. Resumable like the client's ZIPs.
import { zipDownload } from "#app/http/downloads.server.ts";
import { deliveryFiles } from "#domain/galleries/downloads.server.ts";
import { readGallery } from "#domain/galleries/galleries.server.ts";
import { getMediaStorage } from "#domain/media/storage.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import { plainTextAnswer } from "#platform/http.server.ts";
import type { Route } from "./+types/gallery-list-originals";

function notFound(): Response {
  return plainTextAnswer(404, "No such gallery or list.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const galleryId = Number(params.id);
  const listId = Number(params.listId);
  if (!Number.isSafeInteger(galleryId) || !Number.isSafeInteger(listId)) return notFound();
  const db = getDb();
  const gallery = await readGallery(db, galleryId);
  if (!gallery) return notFound();
  const storage = getMediaStorage(readEnv().dataDir);
  const delivery = await deliveryFiles(db, storage, gallery, { kind: "list", listId, reader: "studio" }, "original");
  if (!delivery) return notFound();
  const name = `${gallery.title} – ${delivery.label} (originals).zip`;
  return zipDownload(request, db, storage, delivery.files, name);
}
