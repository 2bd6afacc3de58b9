// /g/:token/download/{all.zip | set/:id.zip | list/:id.zip | photo/:id}?size=web|original: a
// client gallery's downloads, as the gallery allows (ADR 027). Access is the gallery page's own
// decision (requireOpenGallery: the link open, and its PIN given in this browser); a download PIN,
// when the gallery has one, is asked by a form that posts here. ZIPs and files answer Range, so a
// cut download resumes.

import { downloadPinPage, fileDownload, zipDownload } from "#app/http/downloads.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { giveDownloadPin } from "#domain/galleries/access.server.ts";
import { parseDownloadPath } from "#domain/galleries/download-request.server.ts";
import {
  allowsDownload,
  type DownloadScope,
  type DownloadSize,
  deliveryFiles,
} from "#domain/galleries/downloads.server.ts";
import { getMediaStorage } from "#domain/media/storage.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import { readFormBody } from "#platform/form-body.server.ts";
import { plainTextAnswer } from "#platform/http.server.ts";
import type { Route } from "./+types/download";
import { downloadPinGivenCookie, pinRefusalStatus, requireOpenGallery } from "./access.server.ts";

/** What a download being prepared asks a client to wait before trying again, in seconds. */
const PREPARING_RETRY_AFTER_S = 120;

function sizeOf(request: Request): DownloadSize {
  return new URL(request.url).searchParams.get("size") === "original" ? "original" : "web";
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = getDb();
  const { gallery, downloads, visitor } = await requireOpenGallery(request, params.token, context);
  const path = parseDownloadPath(params["*"] ?? "");
  if (!path) return plainTextAnswer(404, "There is no such download in this gallery.");
  let scope: DownloadScope;
  if (path.kind === "list") {
    // A list is one person's: only they download it here (the studio, in its admin).
    if (!visitor) {
      return plainTextAnswer(
        403,
        "This download is one person's list. Open the gallery and give your name and PIN to download your own lists.",
      );
    }
    scope = { ...path, reader: { visitorId: visitor.id } };
  } else {
    scope = path;
  }
  const size = sizeOf(request);
  if (!allowsDownload(gallery, size)) {
    return plainTextAnswer(
      403,
      gallery.downloads === "off"
        ? "Downloads are not offered in this gallery. Ask the studio if you need the photos."
        : "This gallery offers web-size downloads only (add nothing to the link, or ?size=web).",
    );
  }
  if (downloads === "pin") {
    return downloadPinPage(403, {
      title: gallery.title,
      message: "Downloads in this gallery need the download PIN the studio gave you.",
      action: new URL(request.url).pathname + new URL(request.url).search,
    });
  }
  const storage = getMediaStorage(readEnv().dataDir);
  const delivery = await deliveryFiles(db, storage, gallery, scope, size);
  if (!delivery) return plainTextAnswer(404, "There is nothing to download here.");
  const { files, preparing } = delivery;
  if (preparing.length > 0) {
    // Answered, not sent short: the studio has just changed the watermark and these photos'
    // marked web-size files are being made (minutes). A browser or download manager may retry.
    const what =
      scope.kind === "photo"
        ? "This photo is"
        : `${preparing.length} ${preparing.length === 1 ? "photo" : "photos"} of this download are`;
    return plainTextAnswer(
      503,
      `${what} still being prepared with the studio's watermark. Please try again in a few minutes.`,
      { "Retry-After": String(PREPARING_RETRY_AFTER_S) },
    );
  }
  if (files.length === 0) return plainTextAnswer(404, "There is nothing to download here.");
  if (scope.kind === "photo") {
    const [file] = files;
    if (!file) return plainTextAnswer(404, "There is nothing to download here.");
    return fileDownload(request, db, storage, file);
  }
  const suffix = size === "original" ? "originals" : "web size";
  return zipDownload(request, db, storage, files, `${gallery.title} – ${delivery.label} (${suffix}).zip`);
}

/** The download PIN's form posts here: the right PIN sets its cookie and goes back to the download. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { gallery } = await requireOpenGallery(request, params.token, context);
  const body = await readFormBody(request);
  const pin = body.ok ? String(body.form.get("pin") ?? "").trim() : "";
  const back = new URL(request.url).pathname + new URL(request.url).search;
  const given = await giveDownloadPin(getDb(), gallery, pin, context.get(clientAddressContext));
  if (!given.ok) {
    const status = pinRefusalStatus(given, "download");
    return downloadPinPage(status, { title: gallery.title, message: given.message, action: back });
  }
  const setCookie = await downloadPinGivenCookie(request, params.token, given.claim);
  return new Response(null, { status: 303, headers: { Location: back, "Set-Cookie": setCookie } });
}
