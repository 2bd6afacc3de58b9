// /e/{token}/g/{guest}/download/{photo}: one of a guest's photos, at web size, when the studio
// lets guests download (issue 31). Only a photo the guest's own search finds ("more like these"
// included) and that is open to guests: photo ids count up, and a guest must not fetch another
// guest's photos by trying them. The web-size file is the gallery's viewing JPEG, watermarked as
// the gallery is and made by the pipeline without the camera's metadata; originals are never
// offered to guests (they carry it, GPS included).
import { fileDownload } from "#app/http/downloads.server.ts";
import { i18nFor, translator } from "#app/i18n/i18n.ts";
import { languageOfRequest } from "#app/i18n/language.server.ts";
import { guestAudience } from "#domain/catalog/audience.server.ts";
import { findPhotosOf } from "#domain/faces/guests.server.ts";
import { deliveryFiles } from "#domain/galleries/downloads.server.ts";
import { getMediaStorage } from "#domain/media/storage.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import { plainTextAnswer } from "#platform/http.server.ts";
import type { Route } from "./+types/download";
import { openGuest } from "./access.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const gate = await openGuest(request, params, context);
  const t = translator(i18nFor(await languageOfRequest(request)));
  if (gate.state === "closed") return plainTextAnswer(410, t("event.closed"));
  const { gallery, guest } = gate;
  if (gallery.guests.downloads === "off") {
    return plainTextAnswer(403, t("guest.download.off"));
  }
  const photoId = Number(params.photo);
  const db = getDb();
  const found = Number.isSafeInteger(photoId)
    ? await findPhotosOf(db, gallery.id, guest.descriptor, { more: true })
    : [];
  if (!found.some((m) => m.photoId === photoId)) return plainTextAnswer(404, t("guest.download.none"));
  const storage = getMediaStorage(readEnv().dataDir);
  const delivery = await deliveryFiles(
    db,
    storage,
    gallery,
    { kind: "photo", photoId },
    "web",
    guestAudience(gallery.id),
  );
  const file = delivery?.files[0];
  if (!file) {
    return delivery && delivery.preparing.length > 0
      ? plainTextAnswer(503, t("guest.download.preparing"), {
          "Retry-After": "120",
        })
      : plainTextAnswer(404, t("guest.download.none"));
  }
  return fileDownload(request, db, storage, file);
}
