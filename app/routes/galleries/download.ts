// /g/:token/download/{all.zip | set/:id.zip | list/:id.zip | photo/:id}?size=web|original: a
// client gallery's downloads, as the gallery allows (ADR 027). Access is the gallery page's own
// decision (requireOpenGallery: the link open, and its PIN given in this browser); a download PIN,
// when the gallery has one, is asked by a form that posts here. ZIPs and files answer Range, so a
// cut download resumes.

import { downloadPinPage, fileDownload, zipDownload } from "#app/http/downloads.server.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { inLanguage, titleIn } from "#domain/catalog/localized.ts";
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
import { downloadPinGivenCookie, LANGUAGE_VARIES, pinRefusalStatus, requireOpenGallery } from "./access.server.ts";
import { pinRefusalText, wordsFor } from "./words.server.ts";

/** What a download being prepared asks a client to wait before trying again, in seconds. */
const PREPARING_RETRY_AFTER_S = 120;

function sizeOf(request: Request): DownloadSize {
  return new URL(request.url).searchParams.get("size") === "original" ? "original" : "web";
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = getDb();
  const { gallery, downloads, visitor } = await requireOpenGallery(request, params.token, context);
  const words = await wordsFor(request);
  const { t } = words;
  const say = (status: number, text: string, headers: Record<string, string> = {}) =>
    plainTextAnswer(status, text, { ...LANGUAGE_VARIES, ...headers });
  const path = parseDownloadPath(params["*"] ?? "");
  if (!path) return say(404, t("download.none"));
  let scope: DownloadScope;
  if (path.kind === "list") {
    // A list is one person's: only they download it here (the studio, in its admin).
    if (!visitor) {
      return say(403, t("download.listOnly"));
    }
    scope = { ...path, reader: { visitorId: visitor.id } };
  } else {
    scope = path;
  }
  const size = sizeOf(request);
  if (!allowsDownload(gallery, size)) {
    return say(403, t(gallery.downloads === "off" ? "downloads.off" : "download.webOnly"));
  }
  if (downloads === "pin") {
    return downloadPinPage(
      403,
      {
        title: titleIn(words.language, gallery),
        message: t("download.pinNeeded"),
        action: new URL(request.url).pathname + new URL(request.url).search,
      },
      words,
    );
  }
  const storage = getMediaStorage(readEnv().dataDir);
  const delivery = await deliveryFiles(db, storage, gallery, scope, size);
  if (!delivery) return say(404, t("download.nothing"));
  const { files, preparing } = delivery;
  if (preparing.length > 0) {
    // Answered, not sent short: the studio has just changed the watermark and these photos'
    // marked web-size files are being made (minutes). A browser or download manager may retry.
    const text =
      scope.kind === "photo"
        ? t("download.preparing.photo")
        : t("download.preparing.many", { count: preparing.length });
    return say(503, text, { "Retry-After": String(PREPARING_RETRY_AFTER_S) });
  }
  if (files.length === 0) return say(404, t("download.nothing"));
  if (scope.kind === "photo") {
    const [file] = files;
    if (!file) return say(404, t("download.nothing"));
    return fileDownload(request, db, storage, file);
  }
  // Named in the person's language, a set by its Tamil title where the studio wrote one:
  // "Priya & Karthik – All photos (web size).zip".
  const name = t("download.zipName", {
    title: titleIn(words.language, gallery),
    what: scope.kind === "all" ? t("downloads.all") : inLanguage(words.language, delivery.label, delivery.labelTa),
    size: size === "original" ? "original" : "web",
  });
  return zipDownload(request, db, storage, files, `${name}.zip`);
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
    const words = await wordsFor(request);
    const title = titleIn(words.language, gallery);
    return downloadPinPage(status, { title, message: pinRefusalText(words.t, given), action: back }, words);
  }
  const setCookie = await downloadPinGivenCookie(request, params.token, given.claim);
  return new Response(null, { status: 303, headers: { Location: back, "Set-Cookie": setCookie } });
}
