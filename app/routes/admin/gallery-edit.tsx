// One client gallery in the admin, as a workspace (issue 30, item 15; ADR 043): its sets down the
// side (add, rename in place, reorder by dragging or by Move buttons, delete), the selected set's
// photos in the middle (?set=ID, the first by default) with the same uploader and photo manager as
// a shoot's page and files dropped anywhere on the set going up into it, and the gallery's
// settings one short panel at a time (?panel=details|cover|access|sending|selections|guests|albums|delete),
// each form answering beside itself. Only what the screen shows is read. Every form works
// without JavaScript, and at a phone's width the columns stack.
// Each concern's section and its intents' handlers live beside this module, in gallery-edit/.
import { useMemo, useState } from "react";
import { data, Link, useFetcher, useRouteLoaderData } from "react-router";
import { ActionNotice, PHOTO_ACTIONS_FETCHER, useLatestAnswer } from "#app/components/admin/action-notice.tsx";
import { AUTHED_ROUTE_ID } from "#app/components/admin/csrf-field.tsx";
import { GalleryCoverForm } from "#app/components/admin/gallery-form.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import { mailWordsFor } from "#app/i18n/mail-words.server.ts";
import { requireIdParam } from "#app/utils/id-param.ts";
import { studioRowOf } from "#app/utils/request-context.ts";
import { otherShoots } from "#domain/catalog/photos.server.ts";
import { studioNameIn, studioPhones } from "#domain/catalog/read-model.server.ts";
import { guestHiddenPhotoIds } from "#domain/catalog/sets.server.ts";
import { getShootForEdit } from "#domain/catalog/shoots.server.ts";
import { studioTodayOf } from "#domain/galleries/access-settings.server.ts";
import { findGalleryPhotoPage, galleryCover, studioCoverAlt } from "#domain/galleries/cover.server.ts";
import { type GalleryRecord, galleryAccess, readGallery } from "#domain/galleries/galleries.server.ts";
import { ACCESS_TEXT, NO_SCRIPT_COVER_CHOICES } from "#domain/galleries/gallery-form.ts";
import { listGallerySets } from "#domain/galleries/gallery-sets.server.ts";
import { lastGalleryReadyMail } from "#domain/galleries/mail.server.ts";
import { pendingRerenders } from "#domain/galleries/rerender-requests.server.ts";
import { readSelectionLists } from "#domain/galleries/selection-review.server.ts";
import { galleryLink, galleryReadyMessage, studioCountry, whatsappLink } from "#domain/galleries/sending.server.ts";
import { knownHashPrefix } from "#domain/media/upload-constants.ts";
import { knownPhotoHashes } from "#domain/processing/photo-jobs.server.ts";
import { type Database, getDb } from "#platform/db/db.server.ts";
import { publicOrigin } from "#platform/public-origin.server.ts";
import type { Route } from "./+types/gallery-edit";
import { fetchAllPhotos, useRestOfPhotos, withAllPhotos } from "./all-photos.ts";
import { accessIntents } from "./gallery-edit/access.server.ts";
import { AccessSection } from "./gallery-edit/access-section.tsx";
import { albumsIntents, albumsPanelData } from "./gallery-edit/albums.server.ts";
import { AlbumsSection } from "./gallery-edit/albums-section.tsx";
import { type Answer, mistakesIn, panelOf } from "./gallery-edit/answer.ts";
import { coverIntents } from "./gallery-edit/cover.server.ts";
import { DeleteSection } from "./gallery-edit/delete-section.tsx";
import { detailsIntents } from "./gallery-edit/details.server.ts";
import { DetailsSection } from "./gallery-edit/details-section.tsx";
import { guestsIntents, guestsPanelData } from "./gallery-edit/guests.server.ts";
import { GuestsSection } from "./gallery-edit/guests-section.tsx";
import { intentsOf } from "./gallery-edit/intents.server.ts";
import { PANELS, type Panel, panelFrom, workspaceHref } from "./gallery-edit/panels.ts";
import { selectionsIntents } from "./gallery-edit/selections.server.ts";
import { SelectionsSection } from "./gallery-edit/selections-section.tsx";
import { SendSection } from "./gallery-edit/send-section.tsx";
import { qrCodeDataUrl, sendingIntents } from "./gallery-edit/sending.server.ts";
import { SetPhotos, type SetPhotosData } from "./gallery-edit/set-photos.tsx";
import { setsIntents } from "./gallery-edit/sets.server.ts";
import { SET_ORDER_FETCHER, SetsSection } from "./gallery-edit/sets-section.tsx";
import { photoAction, photoPage } from "./photo-actions.server.ts";

function galleryId(param: string): number {
  return requireIdParam(param, "There is no such gallery.");
}

async function liveGallery(param: string) {
  const gallery = await readGallery(getDb(), galleryId(param));
  if (!gallery) throw data("There is no such gallery.", { status: 404 });
  return gallery;
}

/** The set the address names (?set=ID), if it is one of the gallery's live sets; else the first. */
function selectedSet<T extends { id: number }>(sets: T[], param: string | null): T | undefined {
  return sets.find((s) => String(s.id) === param) ?? sets[0];
}

/** The selected set's photos, as the middle of the workspace shows them (one page in the document). */
async function setPhotos(
  db: Database,
  gallery: GalleryRecord,
  setId: number,
  pageParam: string | null,
): Promise<SetPhotosData | null> {
  const shoot = await getShootForEdit(db, setId);
  if (!shoot || shoot.galleryId !== gallery.id) return null;
  const [others, known, hidden] = await Promise.all([
    otherShoots(db, shoot.id),
    knownPhotoHashes(db, shoot.id),
    gallery.guests.search
      ? guestHiddenPhotoIds(
          db,
          gallery.id,
          shoot.photos.map((p) => p.id),
        )
      : null,
  ]);
  return {
    set: { id: shoot.id, title: shoot.title, photoOrder: shoot.photoOrder, deleted: shoot.deletedAt !== null },
    ...photoPage(shoot.photos, pageParam),
    // A set has no cover of its own: the gallery's, badged when it is in this set.
    coverAssetId: shoot.photos.find((p) => p.id === gallery.coverPhotoId)?.assetId ?? null,
    otherShoots: others,
    knownHashes: [...known].map(knownHashPrefix),
    guestHidden: hidden ? [...hidden] : null,
  };
}

/** What only one panel shows, read only when it is open. */
async function panelData(
  db: Database,
  gallery: GalleryRecord,
  panel: Panel | null,
  url: URL,
  studioName: string,
  phones: Parameters<typeof studioCountry>[0],
) {
  const link = galleryLink(publicOrigin(), gallery.token);
  switch (panel) {
    case "cover": {
      const [cover, choices] = await Promise.all([
        galleryCover(db, gallery, studioCoverAlt),
        findGalleryPhotoPage(db, gallery.id, {
          q: url.searchParams.get("coverQ") ?? "",
          offset: Math.max(0, Number(url.searchParams.get("coverOffset")) || 0),
          limit: NO_SCRIPT_COVER_CHOICES,
        }),
      ]);
      return { coverPanel: { cover, choices } };
    }
    case "access":
      return { accessPanel: { link, rerendering: await pendingRerenders(db, gallery.id) } };
    case "sending": {
      const [qrCode, mail] = await Promise.all([qrCodeDataUrl(link), lastGalleryReadyMail(db, gallery.id)]);
      const whatsapp = whatsappLink(
        gallery.clientPhone,
        // In the client's language (the gallery's), though the admin around it is English.
        galleryReadyMessage(gallery, link, studioName, mailWordsFor(gallery.language)),
        studioCountry(phones),
      );
      return { sendingPanel: { qrCode, mail, whatsapp } };
    }
    case "selections":
      return { selectionsPanel: { lists: await readSelectionLists(db, gallery.id) } };
    case "guests":
      return { guestsPanel: await guestsPanelData(db, gallery) };
    case "albums":
      return { albumsPanel: await albumsPanelData(db, gallery) };
    default:
      return {};
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = getDb();
  const gallery = await liveGallery(params.id);
  const url = new URL(request.url);
  const panel = panelFrom(url.searchParams.get("panel"));
  const [studio, sets] = await Promise.all([studioRowOf(context, db), listGallerySets(db, gallery.id)]);
  const set = selectedSet(sets, url.searchParams.get("set"));
  const [photos, panels] = await Promise.all([
    panel === null && set ? setPhotos(db, gallery, set.id, url.searchParams.get("page")) : null,
    panelData(
      db,
      gallery,
      panel,
      url,
      // The client's messages are signed in their language (the Tamil name where the studio wrote one).
      studio ? studioNameIn(studio, gallery.language) : "",
      studioPhones(studio),
    ),
  ]);
  // The links' tokens reach the page only as the links their panels show.
  const {
    token: _token,
    guests: { token: _eventToken, ...guests },
    ...details
  } = gallery;
  return {
    gallery: { ...details, guests },
    access: galleryAccess(gallery, studioTodayOf(studio)),
    sets,
    selectedSetId: set?.id ?? null,
    panel,
    photos,
    ...panels,
    now: Date.now(),
    confirm: url.searchParams.get("confirm"),
    created: url.searchParams.has("created"),
    revoked: url.searchParams.has("revoked"),
  };
}

/**
 * In the browser, every photo of the selected set once the page runs (a set of 3,000 is one page
 * of them in the document), fetched after the route's data, so both arrive together.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const server = await serverLoader();
  if (!server.photos || server.photos.complete) return server;
  return { ...server, photos: withAllPhotos(server.photos, await fetchAllPhotos(server.photos.set.id)) };
}

const INTENTS = intentsOf(
  detailsIntents,
  coverIntents,
  setsIntents,
  accessIntents,
  sendingIntents,
  selectionsIntents,
  guestsIntents,
  albumsIntents,
);

export async function action({ params, request, context }: Route.ActionArgs) {
  const db = getDb();
  const gallery = await liveGallery(params.id);
  const form = (await readAdminForm(request, context)).form;
  const intent = String(form.get("intent") ?? "");
  // The cover form names its photo (coverPhotoId); the photo manager's "Set as cover" posts its
  // selection, which the set's photo action makes the gallery's cover by the same rules.
  const handle = intent === "cover" && !form.has("coverPhotoId") ? undefined : INTENTS.get(intent);
  if (handle) return handle({ db, gallery, form, today: studioTodayOf(await studioRowOf(context, db)) });
  // Otherwise a photo manager's action, on the set the address names (the form posts to it).
  const set = selectedSet(await listGallerySets(db, gallery.id), new URL(request.url).searchParams.get("set"));
  const shoot = set ? await getShootForEdit(db, set.id) : null;
  const answer = shoot ? await photoAction(db, shoot, intent, form) : null;
  if (!answer) throw data("Unknown action.", { status: 400 });
  return answer satisfies Answer as Answer;
}

export default function EditGallery({ loaderData, actionData }: Route.ComponentProps) {
  const { gallery, panel, selectedSetId } = loaderData;
  const answer = actionData as Answer | undefined;
  const csrf = useRouteLoaderData<{ csrf: string }>(AUTHED_ROUTE_ID)?.csrf ?? "";
  // Processing is reported from the page's first load on, across revalidations.
  const [since] = useState(loaderData.now);
  useRestOfPhotos(loaderData.photos?.complete ?? true);
  const photoActions = useFetcher<Answer>({ key: PHOTO_ACTIONS_FETCHER });
  const setOrder = useFetcher<Answer>({ key: SET_ORDER_FETCHER });
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
  // ?created or ?revoked still on, and its own answer is the news. A settings form's answer is
  // shown beside that form instead of at the foot of the screen.
  const [notice, dismiss] = useLatestAnswer(
    panelOf(answer) ? undefined : answer,
    createdAnswer,
    photoActions.state === "idle" ? photoActions.data : undefined,
    setOrder.state === "idle" ? setOrder.data : undefined,
  );
  const mistakes = mistakesIn(answer);
  const tabs: [Panel | null, string][] = [[null, "Photos"], ...(Object.entries(PANELS) as [Panel, string][])];
  return (
    <>
      <p>
        <Link to="/admin/galleries">← All galleries</Link>
      </p>
      <h1>{gallery.title}</h1>
      <p className="admin-sub gw-summary">
        {gallery.clientName ? `For ${gallery.clientName} · ` : ""}Link {ACCESS_TEXT[loaderData.access].toLowerCase()}
        {" · "}
        {gallery.sentAt ? "sent" : "not sent yet"}
      </p>
      <div className="gw">
        <SetsSection
          galleryId={gallery.id}
          sets={loaderData.sets}
          selected={selectedSetId}
          mistakes={mistakes}
          answer={answer}
        />
        <div className="gw-main">
          <nav aria-label="The gallery's photos and settings" className="gw-tabs">
            <ul>
              {tabs.map(([id, label]) => (
                <li key={id ?? "photos"}>
                  <Link
                    to={workspaceHref(gallery.id, { set: selectedSetId, panel: id })}
                    aria-current={id === panel ? "page" : undefined}
                    preventScrollReset
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {panel === null ? (
            loaderData.photos ? (
              <SetPhotos galleryId={gallery.id} data={loaderData.photos} csrf={csrf} since={since} />
            ) : (
              <p>No sets yet: add one beside, then drop its photos here.</p>
            )
          ) : null}
          {panel === "details" ? <DetailsSection gallery={gallery} mistakes={mistakes} /> : null}
          {"coverPanel" in loaderData && loaderData.coverPanel ? (
            <GalleryCoverForm
              galleryId={gallery.id}
              cover={loaderData.coverPanel.cover}
              choices={loaderData.coverPanel.choices}
              answer={answer?.form === "cover" ? answer : undefined}
            />
          ) : null}
          {"accessPanel" in loaderData && loaderData.accessPanel ? (
            <AccessSection
              gallery={gallery}
              access={loaderData.access}
              link={loaderData.accessPanel.link}
              confirm={loaderData.confirm}
              rerendering={loaderData.accessPanel.rerendering}
              mistakes={mistakes}
              set={selectedSetId}
            />
          ) : null}
          {"sendingPanel" in loaderData && loaderData.sendingPanel ? (
            <SendSection
              gallery={gallery}
              whatsapp={loaderData.sendingPanel.whatsapp}
              qrCode={loaderData.sendingPanel.qrCode}
              mail={loaderData.sendingPanel.mail}
              answer={mistakes("send")}
            />
          ) : null}
          {"selectionsPanel" in loaderData && loaderData.selectionsPanel ? (
            <SelectionsSection
              galleryId={gallery.id}
              lists={loaderData.selectionsPanel.lists}
              limit={gallery.selectionLimit}
              answer={mistakes("list")}
            />
          ) : null}
          {"guestsPanel" in loaderData && loaderData.guestsPanel ? (
            <GuestsSection
              gallery={gallery}
              panel={loaderData.guestsPanel}
              confirm={loaderData.confirm}
              mistakes={mistakes}
              set={selectedSetId}
            />
          ) : null}
          {"albumsPanel" in loaderData && loaderData.albumsPanel ? (
            <AlbumsSection galleryId={gallery.id} panel={loaderData.albumsPanel} answer={mistakes("album")} />
          ) : null}
          {panel === "delete" ? (
            <DeleteSection gallery={gallery} confirm={loaderData.confirm} set={selectedSetId} />
          ) : null}
        </div>
      </div>
      <ActionNotice answer={notice} onDismiss={dismiss} />
    </>
  );
}
