// /g/{token}/downloads: what a client may download from the gallery (ADR 027), each with its
// photo count and its exact size before anything starts: everything, each set, and the person's
// own lists, at web size and (when the studio allows) as originals. Each is a plain link to its
// resumable ZIP under /g/{token}/download/. A download PIN, when the gallery has one, is asked
// here first. The gallery's own gate stands in front (its PIN, its expiry), as on the page.

import { data, redirect } from "react-router";
import { PinForm } from "#app/components/client-gallery/pin-form.tsx";
import { useT } from "#app/i18n/i18n.ts";
import { languageOfRequest } from "#app/i18n/language.server.ts";
import { privatePageHeaders } from "#app/utils/private-meta.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { siteContext } from "#app/utils/route-data.ts";
import { titleIn } from "#domain/catalog/localized.ts";
import { galleryPath, giveDownloadPin } from "#domain/galleries/access.server.ts";
import { type DownloadSize, downloadOffers, offeredSizes } from "#domain/galleries/downloads.server.ts";
import { getMediaStorage } from "#domain/media/storage.server.ts";
import { formatFileSize } from "#platform/bytes.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import { readFormBody } from "#platform/form-body.server.ts";
import type { Route } from "./+types/downloads";
import {
  downloadPinGivenCookie,
  galleryAccessFor,
  notFound,
  pinRefusalStatus,
  privateHeaders,
} from "./access.server.ts";
import { pinRefusalText, wordsFor } from "./words.server.ts";

/** Each size's name and what it is for: message ids (gallery.po). */
const SIZE_WORDS: Record<DownloadSize, { name: string; note: string }> = {
  web: { name: "downloads.web", note: "downloads.web.note" },
  original: { name: "downloads.original", note: "downloads.original.note" },
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const gate = await galleryAccessFor(request, params.token, context);
  if (gate.state === "missing") notFound();
  // The door, or the closed link's page, is the gallery page's to show.
  if (gate.state !== "open") throw redirect(galleryPath(params.token), { headers: privateHeaders });
  const db = getDb();
  const { gallery, visitor } = gate;
  const base = galleryPath(gallery.token);
  const language = await languageOfRequest(request);
  const page = { title: titleIn(language, gallery), base, sizes: offeredSizes(gallery) };
  if (page.sizes.length === 0) {
    return data({ ...page, state: "off" as const, offers: [] }, { status: 403, headers: privateHeaders });
  }
  if (gate.downloads === "pin") {
    return data({ ...page, state: "pin" as const, offers: [] }, { headers: privateHeaders });
  }
  const offers = await downloadOffers(db, getMediaStorage(readEnv().dataDir), gallery, visitor, language);
  return data({ ...page, state: "open" as const, offers }, { headers: privateHeaders });
}

/** The download PIN: the right one lets this browser download, by its own cookie under the link. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const gate = await galleryAccessFor(request, params.token, context);
  if (gate.state === "missing") notFound();
  if (gate.state !== "open") throw redirect(galleryPath(params.token), { headers: privateHeaders });
  const db = getDb();
  const body = await readFormBody(request);
  const pin = body.ok ? String(body.form.get("pin") ?? "").trim() : "";
  const given = await giveDownloadPin(db, gate.gallery, pin, context.get(clientAddressContext));
  if (!given.ok) {
    const { t } = await wordsFor(request);
    return data(
      { message: pinRefusalText(t, given) },
      { status: pinRefusalStatus(given, "download"), headers: privateHeaders },
    );
  }
  throw redirect(`${galleryPath(gate.gallery.token)}/downloads`, {
    headers: { ...privateHeaders, "Set-Cookie": await downloadPinGivenCookie(request, params.token, given.claim) },
  });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteContext(matches)?.t("gallery.downloads") ?? "Download photos" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export default function GalleryDownloads({ loaderData, actionData }: Route.ComponentProps) {
  const { title, base, sizes, state, offers } = loaderData;
  const t = useT();
  const sizeName = (size: DownloadSize) => t(SIZE_WORDS[size].name);
  return (
    <section className="page page--narrow cg-downloads" aria-labelledby="cg-downloads-heading">
      <p className="eyebrow">{title}</p>
      <h1 id="cg-downloads-heading" className="page-title">
        {t("gallery.downloads")}
      </h1>
      <p>
        <a href={base}>{t("downloads.back")}</a>
      </p>
      {state === "off" ? (
        <p className="page-lede">{t("downloads.off")}</p>
      ) : state === "pin" ? (
        <PinForm
          id="download-pin"
          label={t("downloads.pin")}
          error={actionData?.message}
          submit={t("downloads.pin.submit")}
          className="cg-form cg-form--left"
        >
          <p>{t("downloads.pin.lede")}</p>
        </PinForm>
      ) : (
        <>
          <ul className="cg-size-notes">
            {sizes.map((size) => (
              <li key={size}>
                <strong>{sizeName(size)}</strong>: {t(SIZE_WORDS[size].note)}.
              </li>
            ))}
          </ul>
          <p>{t("downloads.resume")}</p>
          <ul className="cg-offers">
            {offers.map((offer) => {
              const what =
                offer.kind === "list"
                  ? t("downloads.list", { list: offer.label })
                  : offer.kind === "all"
                    ? t("downloads.all")
                    : offer.label;
              return (
                <li key={offer.path} className="cg-offer">
                  <h2 className="cg-offer-title">
                    {what} <span className="cg-offer-count">{t("downloads.count", { count: offer.photos })}</span>
                  </h2>
                  <p className="cg-offer-links">
                    {sizes.map((size) => {
                      const bytes = offer.bytes[size];
                      if (size === "web" && offer.preparing > 0) {
                        return (
                          <span key={size} className="cg-offer-preparing">
                            {t("downloads.preparing", { size: sizeName(size), count: offer.preparing })}
                          </span>
                        );
                      }
                      if (bytes === undefined) return null;
                      return (
                        <a
                          key={size}
                          className="button"
                          href={`${base}/download/${offer.path}?size=${size}`}
                          download
                          aria-label={t("downloads.aria", {
                            what,
                            size: sizeName(size).toLowerCase(),
                            bytes: formatFileSize(bytes),
                          })}
                        >
                          {sizeName(size)} · {formatFileSize(bytes)}
                        </a>
                      );
                    })}
                  </p>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
