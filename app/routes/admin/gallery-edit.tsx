// One client gallery in the admin: its details; its cover (one of its own photos, chosen with
// the image picker limited to this gallery, or radio buttons before JavaScript); its sets (add, rename, reorder, trash; each set's
// photos are managed on its shoot page); access (the private link, PIN, expiry, downloads,
// watermark); sending it (mail through the outbox, WhatsApp, QR code); and the clients'
// selection lists, which the studio can reopen and export. Every form works without JavaScript.
// Each concern's section and its intents' handlers live beside this module, in gallery-edit/.
import { useMemo } from "react";
import { data, Link } from "react-router";
import { ActionNotice, useLatestAnswer } from "#app/components/admin/action-notice.tsx";
import { GalleryCoverForm } from "#app/components/admin/gallery-form.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { requireIdParam } from "#app/utils/id-param.ts";
import { studioRowOf } from "#app/utils/request-context.ts";
import { studioPhones } from "#domain/catalog/read-model.server.ts";
import { studioTodayOf } from "#domain/galleries/access-settings.server.ts";
import { findGalleryPhotoPage, galleryCover } from "#domain/galleries/cover.server.ts";
import { galleryAccess, readGallery } from "#domain/galleries/galleries.server.ts";
import { NO_SCRIPT_COVER_CHOICES } from "#domain/galleries/gallery-form.ts";
import { listGallerySets } from "#domain/galleries/gallery-sets.server.ts";
import { lastGalleryReadyMail } from "#domain/galleries/mail.server.ts";
import { pendingRerenders } from "#domain/galleries/rerender-requests.server.ts";
import { readSelectionLists } from "#domain/galleries/selection-review.server.ts";
import { galleryLink, galleryReadyMessage, studioCountry, whatsappLink } from "#domain/galleries/sending.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { publicOrigin } from "#platform/public-origin.server.ts";
import type { Route } from "./+types/gallery-edit";
import { accessIntents } from "./gallery-edit/access.server.ts";
import { AccessSection } from "./gallery-edit/access-section.tsx";
import { type Answer, mistakesIn } from "./gallery-edit/answer.ts";
import { coverIntents } from "./gallery-edit/cover.server.ts";
import { DeleteSection } from "./gallery-edit/delete-section.tsx";
import { detailsIntents } from "./gallery-edit/details.server.ts";
import { DetailsSection } from "./gallery-edit/details-section.tsx";
import { intentsOf } from "./gallery-edit/intents.server.ts";
import { selectionsIntents } from "./gallery-edit/selections.server.ts";
import { SelectionsSection } from "./gallery-edit/selections-section.tsx";
import { SendSection } from "./gallery-edit/send-section.tsx";
import { qrCodeDataUrl, sendingIntents } from "./gallery-edit/sending.server.ts";
import { setsIntents } from "./gallery-edit/sets.server.ts";
import { SetsSection } from "./gallery-edit/sets-section.tsx";

function galleryId(param: string): number {
  return requireIdParam(param, "There is no such gallery.");
}

async function liveGallery(param: string) {
  const gallery = await readGallery(getDb(), galleryId(param));
  if (!gallery) throw data("There is no such gallery.", { status: 404 });
  return gallery;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = getDb();
  const gallery = await liveGallery(params.id);
  const url = new URL(request.url);
  const link = galleryLink(publicOrigin(), gallery.token);
  // Each read needs only the gallery: they go together.
  const [studio, cover, coverChoices, sets, rerendering, lists, qrCode, mail] = await Promise.all([
    studioRowOf(context, db),
    galleryCover(db, gallery),
    findGalleryPhotoPage(db, gallery.id, {
      q: url.searchParams.get("coverQ") ?? "",
      offset: Math.max(0, Number(url.searchParams.get("coverOffset")) || 0),
      limit: NO_SCRIPT_COVER_CHOICES,
    }),
    listGallerySets(db, gallery.id),
    pendingRerenders(db, gallery.id),
    readSelectionLists(db, gallery.id),
    qrCodeDataUrl(link),
    lastGalleryReadyMail(db, gallery.id),
  ]);
  const studioName = studio?.name ?? "";
  const { token: _token, ...details } = gallery;
  return {
    gallery: details,
    cover,
    coverChoices,
    access: galleryAccess(gallery, studioTodayOf(studio)),
    sets,
    rerendering,
    lists,
    link,
    whatsapp: whatsappLink(
      gallery.clientPhone,
      galleryReadyMessage(gallery, link, studioName),
      studioCountry(studioPhones(studio)),
    ),
    qrCode,
    mail,
    confirm: url.searchParams.get("confirm"),
    created: url.searchParams.has("created"),
    revoked: url.searchParams.has("revoked"),
  };
}

const INTENTS = intentsOf(detailsIntents, coverIntents, setsIntents, accessIntents, sendingIntents, selectionsIntents);

export async function action({ params, request, context }: Route.ActionArgs) {
  const db = getDb();
  const gallery = await liveGallery(params.id);
  const form = (await readAdminForm(request, context)).form;
  const handle = INTENTS.get(String(form.get("intent") ?? ""));
  if (!handle) throw data("Unknown action.", { status: 400 });
  return handle({ db, gallery, form, today: studioTodayOf(await studioRowOf(context, db)) });
}

export default function EditGallery({ loaderData, actionData }: Route.ComponentProps) {
  const { gallery } = loaderData;
  const answer = actionData as Answer | undefined;
  const createdAnswer = useMemo(
    () =>
      loaderData.created
        ? { notice: "Gallery created. Add its sets, then send it." }
        : loaderData.revoked
          ? { notice: "Link revoked: it no longer opens the gallery." }
          : undefined,
    [loaderData.created, loaderData.revoked],
  );
  // The action's answer first: a form posted without JavaScript goes to this address with its
  // ?created or ?revoked still on, and its own answer is the news.
  // The cover's answer is shown beside its Save button instead.
  const [notice, dismiss] = useLatestAnswer(answer?.form === "cover" ? undefined : answer, createdAnswer);
  const mistakes = mistakesIn(answer);
  return (
    <>
      <p>
        <Link to="/admin/galleries">← All galleries</Link>
      </p>
      <h1>{gallery.title}</h1>
      <DetailsSection gallery={gallery} mistakes={mistakes} />
      <GalleryCoverForm
        galleryId={gallery.id}
        cover={loaderData.cover}
        choices={loaderData.coverChoices}
        answer={answer?.form === "cover" ? answer : undefined}
      />
      <SetsSection sets={loaderData.sets} mistakes={mistakes} />
      <AccessSection
        gallery={gallery}
        access={loaderData.access}
        link={loaderData.link}
        confirm={loaderData.confirm}
        rerendering={loaderData.rerendering}
        mistakes={mistakes}
      />
      <SendSection gallery={gallery} whatsapp={loaderData.whatsapp} qrCode={loaderData.qrCode} mail={loaderData.mail} />
      <SelectionsSection galleryId={gallery.id} lists={loaderData.lists} limit={gallery.selectionLimit} />
      <DeleteSection gallery={gallery} confirm={loaderData.confirm} />
      <ActionNotice answer={notice} onDismiss={dismiss} />
    </>
  );
}
