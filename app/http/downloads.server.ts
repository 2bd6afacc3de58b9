// The HTTP side of a gallery's downloads, shared by the client's routes under /g/:token/download
// and the studio's export of a list: the answers (a file with Range support, a ZIP, the download
// PIN's form). Which download a path names is the domain's (domain/galleries/download-request).

import { createHash } from "node:crypto";
import { type DeliveryFile, deliveryZip } from "#domain/galleries/downloads.server.ts";
import { fileChecksums, refId } from "#domain/media/checksums.server.ts";
import { contentTypeOf, type MediaStorage } from "#domain/media/storage.server.ts";
import type { Database } from "#platform/db/db.server.ts";
import { escapeHtml } from "#platform/html.ts";
import { rangeResponse, zipResponse } from "#platform/zip.server.ts";
import type { Translate } from "../i18n/i18n.ts";
import type { Language } from "../i18n/languages.ts";

/** One photo's file, with Range support (a phone on a patchy line resumes big originals too). */
export async function fileDownload(
  request: Request,
  db: Database,
  storage: MediaStorage,
  file: DeliveryFile,
): Promise<Response> {
  const sum = (await fileChecksums(db, storage, [file])).get(refId(file));
  if (!sum) throw new Error(`no checksum for ${refId(file)}`);
  // A key names its content: its hash is a strong validator.
  const etag = `"f${createHash("sha256").update(refId(file)).digest("base64url").slice(0, 22)}"`;
  const fileName = file.name.slice(file.name.lastIndexOf("/") + 1);
  return rangeResponse(
    request,
    { size: sum.bytes, etag },
    (start, end) => storage[file.store].stream(file.key, start, end)[Symbol.asyncIterator](),
    { fileName, contentType: contentTypeOf(fileName) },
  );
}

/** A ZIP of the files, resumable (see platform/zip.server.ts). */
export async function zipDownload(
  request: Request,
  db: Database,
  storage: MediaStorage,
  files: readonly DeliveryFile[],
  fileName: string,
): Promise<Response> {
  return zipResponse(request, await deliveryZip(db, storage, files), fileName);
}

/**
 * The download PIN's form, as a small page that works without JavaScript, in the visitor's
 * language: the client's gallery page may show its own, posting the same field to the same address.
 */
export function downloadPinPage(
  status: number,
  { title, message, action }: { title: string; message: string; action: string },
  { language, t }: { language: Language; t: Translate },
): Response {
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(t("downloads.pin"))} · ${escapeHtml(title)}</title></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
<p role="${status === 403 || status === 429 ? "alert" : "status"}">${escapeHtml(message)}</p>
<form method="post" action="${escapeHtml(action)}">
<label for="pin">${escapeHtml(t("downloads.pin"))}</label>
<input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" required maxlength="64">
<button type="submit">${escapeHtml(t("download.pinPage.submit"))}</button>
</form>
</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
