// A guest's own photos: /e/{token}/g/{guest} (issue 31, ADR 044), the personal link a guest
// lands on after their selfie and comes back to (bookmarked, or sent to themselves on WhatsApp).
// Their face's descriptor, kept from the selfie, is matched again on every visit, so photos
// uploaded since are found too; "more like these" (?more=1) searches again with the photos the
// first search was surest of. What is shown goes through the guest audience: never a photo the
// couple has not opened to guests. "Forget me" deletes the guest: their name, link and descriptor.

import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { ClosedGallery } from "#app/components/client-gallery/closed-gallery.tsx";
import { GuestGallery } from "#app/components/event/guest-gallery.tsx";
import { onlyHashChanged } from "#app/components/viewer/deep-link.ts";
import { i18nFor, translator } from "#app/i18n/i18n.ts";
import { languageOfRequest } from "#app/i18n/language.server.ts";
import { privatePageHeaders, privatePageMeta } from "#app/utils/private-meta.ts";
import { siteContext } from "#app/utils/route-data.ts";
import { eventDayIn } from "#domain/catalog/language-dates.ts";
import { titleIn } from "#domain/catalog/localized.ts";
import { deleteGuest, findPhotosOf, touchGuest } from "#domain/faces/guests.server.ts";
import { eventPath } from "#domain/galleries/guest-access.server.ts";
import { guestPhotoPage } from "#domain/galleries/guest-view.server.ts";
import { getMediaStorage } from "#domain/media/storage.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import { readFormBody } from "#platform/form-body.server.ts";
import type { Route } from "./+types/guest";
import { openGuest, privateHeaders } from "./access.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const gate = await openGuest(request, params, context);
  if (gate.state === "closed") {
    return data({ kind: "closed" as const, reason: gate.reason }, { status: 410, headers: privateHeaders });
  }
  const { gallery, guest } = gate;
  const db = getDb();
  const url = new URL(request.url);
  const more = url.searchParams.get("more") === "1";
  const matches = await findPhotosOf(db, gallery.id, guest.descriptor, { more });
  const language = await languageOfRequest(request);
  const page = await guestPhotoPage(
    { db, storage: getMediaStorage(readEnv().dataDir) },
    gallery.id,
    matches.map((m) => m.photoId),
    Number(url.searchParams.get("page") ?? 1),
    language,
  );
  if (!more) await touchGuest(db, guest.id, page.count);
  const base = `${eventPath(params.token)}/g/${params.guest}`;
  return data(
    {
      kind: "open" as const,
      base,
      eventBase: eventPath(params.token),
      title: titleIn(language, gallery),
      eventDate: eventDayIn(language, gallery.eventDate),
      name: guest.name,
      more,
      page,
      downloads: gallery.guests.downloads === "off" ? ("off" as const) : ("web" as const),
    },
    { headers: privateHeaders },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const gate = await openGuest(request, params, context);
  const t = translator(i18nFor(await languageOfRequest(request)));
  if (gate.state === "closed") return data({ message: t("event.closed") }, { status: 410 });
  const body = await readFormBody(request);
  if (!body.ok || body.form.get("intent") !== "forget") {
    return data({ message: t("event.error.unreadable") }, { status: 400, headers: privateHeaders });
  }
  await deleteGuest(getDb(), gate.gallery.id, gate.guest.id);
  throw redirect(`${eventPath(params.token)}?forgotten=1`, { headers: privateHeaders });
}

/** A guest's page is looked through at once: its viewer's code starts after the first paint. */
export const handle = { hydrate: "paint" };

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = siteContext(matches)?.t;
  return privatePageMeta(matches, {
    title: t ? t("guest.meta.title") : "Your photos",
    description: t ? t("event.meta.description") : "Photos from",
  });
};

export default function GuestPage({ loaderData, matches }: Route.ComponentProps) {
  const studio = matches[0].loaderData.studio;
  if (loaderData.kind === "closed") return <ClosedGallery reason={loaderData.reason} studio={studio} />;
  const { origin } = matches[0].loaderData;
  const link = new URL(loaderData.base, `${origin}/`).toString();
  return <GuestGallery key={`${loaderData.more}:${loaderData.page.page}`} page={loaderData} link={link} />;
}

/** The viewer's hash changes do not reload the page's data. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return onlyHashChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}
