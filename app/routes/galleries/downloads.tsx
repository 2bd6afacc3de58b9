// /g/{token}/downloads: what a client may download from the gallery (ADR 027), each with its
// photo count and its exact size before anything starts: everything, each set, and the person's
// own lists, at web size and (when the studio allows) as originals. Each is a plain link to its
// resumable ZIP under /g/{token}/download/. A download PIN, when the gallery has one, is asked
// here first. The gallery's own gate stands in front (its PIN, its expiry), as on the page.
import { data, redirect } from "react-router";
import { PinForm } from "#app/components/client-gallery/pin-form.tsx";
import { privatePageHeaders } from "#app/utils/private-meta.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
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

const SIZE_NAMES: Record<DownloadSize, { name: string; note: string }> = {
  web: { name: "Web size", note: "the long edge 2,048 px: for phones, sharing and small prints" },
  original: { name: "Originals", note: "the full files as the studio delivered them: for prints and albums" },
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const gate = await galleryAccessFor(request, params.token, context);
  if (gate.state === "missing") notFound();
  // The door, or the closed link's page, is the gallery page's to show.
  if (gate.state !== "open") throw redirect(galleryPath(params.token), { headers: privateHeaders });
  const db = getDb();
  const { gallery, visitor } = gate;
  const base = galleryPath(gallery.token);
  const page = { title: gallery.title, base, sizes: offeredSizes(gallery) };
  if (page.sizes.length === 0) {
    return data({ ...page, state: "off" as const, offers: [] }, { status: 403, headers: privateHeaders });
  }
  if (gate.downloads === "pin") {
    return data({ ...page, state: "pin" as const, offers: [] }, { headers: privateHeaders });
  }
  const offers = await downloadOffers(db, getMediaStorage(readEnv().dataDir), gallery, visitor);
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
    return data({ message: given.message }, { status: pinRefusalStatus(given, "download"), headers: privateHeaders });
  }
  throw redirect(`${galleryPath(gate.gallery.token)}/downloads`, {
    headers: { ...privateHeaders, "Set-Cookie": await downloadPinGivenCookie(request, params.token, given.claim) },
  });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Download photos" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export default function GalleryDownloads({ loaderData, actionData }: Route.ComponentProps) {
  const { title, base, sizes, state, offers } = loaderData;
  return (
    <section className="page page--narrow cg-downloads" aria-labelledby="cg-downloads-heading">
      <p className="eyebrow">{title}</p>
      <h1 id="cg-downloads-heading" className="page-title">
        Download photos
      </h1>
      <p>
        <a href={base}>Back to the gallery</a>
      </p>
      {state === "off" ? (
        <p className="page-lede">Downloads are not offered in this gallery. Ask the studio if you need the photos.</p>
      ) : state === "pin" ? (
        <PinForm
          id="download-pin"
          label="Download PIN"
          error={actionData?.message}
          submit="Show the downloads"
          className="cg-form cg-form--left"
        >
          <p>The studio gave you a separate PIN for downloads.</p>
        </PinForm>
      ) : (
        <>
          <ul className="cg-size-notes">
            {sizes.map((size) => (
              <li key={size}>
                <strong>{SIZE_NAMES[size].name}</strong>: {SIZE_NAMES[size].note}.
              </li>
            ))}
          </ul>
          <p>
            Each download is one ZIP file. If it stops on a weak connection, resume it from your browser's downloads: it
            carries on from where it stopped.
          </p>
          <ul className="cg-offers">
            {offers.map((offer) => {
              const what = offer.kind === "list" ? `Your list ${offer.label}` : offer.label;
              return (
                <li key={offer.path} className="cg-offer">
                  <h2 className="cg-offer-title">
                    {what}{" "}
                    <span className="cg-offer-count">
                      {offer.photos.toLocaleString("en-IN")} {offer.photos === 1 ? "photo" : "photos"}
                    </span>
                  </h2>
                  <p className="cg-offer-links">
                    {sizes.map((size) => {
                      const bytes = offer.bytes[size];
                      if (size === "web" && offer.preparing > 0) {
                        return (
                          <span key={size} className="cg-offer-preparing">
                            {`${SIZE_NAMES[size].name}: ${offer.preparing.toLocaleString("en-IN")} ${offer.preparing === 1 ? "photo is" : "photos are"} still being prepared by the studio. Reload this page in a few minutes.`}
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
                          aria-label={`Download ${what}, ${SIZE_NAMES[size].name.toLowerCase()}, ${formatFileSize(bytes)}`}
                        >
                          {SIZE_NAMES[size].name} · {formatFileSize(bytes)}
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
