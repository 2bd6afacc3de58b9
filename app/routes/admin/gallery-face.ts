// /admin/galleries/:id/faces/:faceId.webp: one face of the gallery cut out of its photo, for the
// studio's people view (issue 31). Inside the signed-in layout, so its middleware demands a
// session: a face is the studio's to see, never a guest's or the public's. Made at each request
// from the photo's stored variant (domain/faces/people-view.server.ts); the browser keeps it a
// little while, privately, so going back and forth between people does not make them again.
import { faceCrop } from "#domain/faces/people-view.server.ts";
import { getMediaStorage } from "#domain/media/storage.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import { plainTextAnswer } from "#platform/http.server.ts";
import type { Route } from "./+types/gallery-face";

/** How long the studio's browser may keep a face's crop (its own cache, never a shared one). */
const FACE_CROP_MAX_AGE_S = 600;
const FACE_FILE = /^(\d{1,12})\.webp$/;

export async function loader({ params }: Route.LoaderArgs) {
  const galleryId = Number(params.id);
  const faceId = Number(FACE_FILE.exec(params.face)?.[1]);
  if (!Number.isSafeInteger(galleryId) || !Number.isSafeInteger(faceId)) return plainTextAnswer(404, "No such face.");
  const crop = await faceCrop({ db: getDb(), storage: getMediaStorage(readEnv().dataDir) }, galleryId, faceId);
  if (!crop) return plainTextAnswer(404, "No such face.");
  return new Response(new Uint8Array(crop), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(crop.length),
      "Cache-Control": `private, max-age=${FACE_CROP_MAX_AGE_S}`,
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
