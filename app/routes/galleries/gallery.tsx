// A client's private gallery: /g/{token} (ADR 026). The link's token names the gallery; an
// unknown or malformed one is our 404, an expired or revoked one the studio's page with its
// contact (410). With a PIN the door asks for it once per device (a signed cookie under this
// path). Inside: the sets as sections under a sticky tab bar, photos in their own shapes in
// justified rows, the first screenful in the document and the rest fetched while scrolling
// (links to the next page before JavaScript); people choosing photos by name and their own PIN,
// their lists, hearts and notes. Every form works before JavaScript; with it, hearts are
// optimistic and go to /g/{token}/photos. Never indexed, never previewed with a private photo.

import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { ClosedGallery } from "#app/components/client-gallery/closed-gallery.tsx";
import { GalleryDoor } from "#app/components/client-gallery/gallery-door.tsx";
import { OpenGallery } from "#app/components/client-gallery/open-gallery.tsx";
import type { FormAnswer } from "#app/components/client-gallery/page-data.ts";
import { onlyHashChanged } from "#app/components/viewer/deep-link.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { privatePageHeaders, privatePageMeta } from "#app/utils/private-meta.ts";
import { clientAddressContext } from "#app/utils/request-context.ts";
import { siteContext } from "#app/utils/route-data.ts";
import { galleryAlbums } from "#domain/albums/proofing.server.ts";
import { galleryAudience } from "#domain/catalog/audience.server.ts";
import { eventDayIn } from "#domain/catalog/language-dates.ts";
import { titleIn } from "#domain/catalog/localized.ts";
import { galleryPath } from "#domain/galleries/access.server.ts";
import { activeList, itemAction, positiveInt } from "#domain/galleries/client-request.server.ts";
import { asksOnlyList } from "#domain/galleries/client-types.ts";
import { galleryWindows } from "#domain/galleries/client-view.server.ts";
import { coverAltIn, galleryCover } from "#domain/galleries/cover.server.ts";
import {
  createList,
  LIST_NAME_MAX_CHARS,
  onListSubmitted,
  readLists,
  type Visitor,
} from "#domain/galleries/selections.server.ts";
import { getMediaStorage } from "#domain/media/storage.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import { readFormBody } from "#platform/form-body.server.ts";
import type { Route } from "./+types/gallery";
import { galleryAccessFor, leftCookie, notFound, privateHeaders } from "./access.server.ts";
import { enterByName, formAnswer, givePin } from "./entry.server.ts";
import { itemWordsIn, wordsFor } from "./words.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const gate = await galleryAccessFor(request, params.token, context);
  if (gate.state === "missing") notFound();
  if (gate.state === "closed") {
    return data({ kind: "closed" as const, reason: gate.reason }, { status: 410, headers: privateHeaders });
  }
  if (gate.state === "pin") return data({ kind: "pin" as const }, { headers: privateHeaders });
  const db = getDb();
  const url = new URL(request.url);
  const { language, t } = await wordsFor(request);
  const { gallery, visitor, downloads } = gate;
  const lists = visitor ? await readLists(db, visitor.id) : [];
  const list = activeList(lists, positiveInt(url.searchParams.get("list")));
  const only = list !== null && asksOnlyList(url.searchParams);
  const [sets, albums] = await Promise.all([
    galleryWindows({ db, storage: getMediaStorage(readEnv().dataDir) }, gallery.id, {
      setId: positiveInt(url.searchParams.get("set")),
      offset: Number(url.searchParams.get("offset") ?? 0),
      listId: list?.id ?? null,
      onlyList: only,
      language,
    }),
    // One read of the gallery's albums the couple may see (a sent version each), beside the photos'.
    galleryAlbums(db, galleryAudience(gallery.id), gallery.id),
  ]);
  const title = titleIn(language, gallery);
  return data(
    {
      kind: "open" as const,
      base: galleryPath(gallery.token),
      title,
      eventDate: eventDayIn(language, gallery.eventDate),
      // Only here, past the door: never on the PIN or closed pages, nor in meta (see below).
      cover:
        (await galleryCover(db, gallery, (_, label) => coverAltIn(language, label, t("gallery.cover.alt", { title }))))
          ?.image ?? null,
      paged: sets.some((s) => s.offset > 0) || url.searchParams.has("set"),
      // In "only my favourites", a set without any is left out.
      sets: only ? sets.filter((s) => s.count > 0) : sets,
      only,
      visitor: visitor ? { name: visitor.name } : null,
      lists,
      list,
      // Whether the viewer may offer "Download this photo" directly, or the downloads page
      // asks for the download PIN first.
      downloads,
      guests: gallery.guests.search,
      albums: albums.length,
    },
    { headers: privateHeaders },
  );
}

/** Where a form's answer sends the browser: back to the page it came from, at `hash`. */
function backTo(request: Request, changes: Record<string, string> = {}, hash = ""): string {
  const url = new URL(request.url);
  for (const [key, value] of Object.entries(changes)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${hash}`;
}

const answer = (status: number, body: FormAnswer) => formAnswer(status, body);

export async function action({ request, params, context }: Route.ActionArgs) {
  const gate = await galleryAccessFor(request, params.token, context);
  if (gate.state === "missing") notFound();
  const { t } = await wordsFor(request);
  if (gate.state === "closed") return answer(410, { form: "item", message: t("error.closed") });
  const body = await readFormBody(request);
  if (!body.ok) return answer(400, { form: "item", message: t("error.form") });
  const form = body.form;
  const intent = form.get("intent");
  const address = context.get(clientAddressContext);
  const db = getDb();

  if (gate.state === "pin") return givePin(request, gate, params.token, form, address, backTo(request));

  const { gallery, visitor } = gate;
  switch (intent) {
    case "enter":
      return enterByName(request, gallery, form, address, galleryPath(gallery.token));
    case "leave":
      throw redirect(galleryPath(gallery.token), {
        headers: { ...privateHeaders, "Set-Cookie": await leftCookie(request, gallery.token) },
      });
    case "new-list":
      return newList(request, visitor, form, t);
    case "submit":
      return submit(request, visitor, form, t);
    default: {
      const pageList = positiveInt(new URL(request.url).searchParams.get("list"));
      const result = await itemAction(db, visitor, form, itemWordsIn(t), pageList);
      if (!result.ok) return answer(409, { form: "item", message: result.message });
      throw redirect(backTo(request, {}, `#p-${result.photoId}`), { headers: privateHeaders });
    }
  }
}

async function newList(request: Request, visitor: Visitor | null, form: FormData, t: Translate) {
  if (!visitor) return answer(403, { form: "list", message: t("error.enterFirst") });
  const name = String(form.get("name") ?? "");
  const result = await createList(getDb(), visitor, name);
  if (result.ok) throw redirect(backTo(request, { list: String(result.listId) }), { headers: privateHeaders });
  const message =
    result.error === "taken"
      ? t("list.taken", { name: name.trim() })
      : result.error === "too-many"
        ? t("list.tooMany")
        : t("list.name", { max: LIST_NAME_MAX_CHARS });
  return answer(400, { form: "list", message, fields: { name: message }, values: { name } });
}

async function submit(request: Request, visitor: Visitor | null, form: FormData, t: Translate) {
  if (!visitor) return answer(403, { form: "submit", message: t("error.enterFirst") });
  const listId = positiveInt(form.get("list"));
  const result = listId === null ? null : await onListSubmitted(getDb(), visitor, listId);
  // The studio's mail was queued with the list, which woke the outbox's sender.
  if (result?.ok) throw redirect(backTo(request, { list: String(listId) }), { headers: privateHeaders });
  const message =
    result?.error === "empty"
      ? t("submit.empty")
      : result?.error === "locked"
        ? t("submit.locked")
        : t("list.notYours");
  return answer(400, { form: "submit", message });
}

/** A client's gallery is worked in (hearts, lists, loading more): its modules start after its first paint. */
export const handle = { hydrate: "paint" };

export const headers = privatePageHeaders;

/** A link preview shows the studio's name and logo only (app/utils/private-meta.ts). */
export const meta: Route.MetaFunction = ({ matches }) => {
  const t = siteContext(matches)?.t;
  return privatePageMeta(matches, {
    title: t ? t("gallery.private") : "Private gallery",
    description: (studio) => (t ? t("gallery.meta.description", { studio }) : `A private gallery from ${studio}.`),
  });
};

export default function ClientGallery({ loaderData, actionData, matches }: Route.ComponentProps) {
  const studio = matches[0].loaderData.studio;
  if (loaderData.kind === "closed") return <ClosedGallery reason={loaderData.reason} studio={studio} />;
  const problem = actionData as FormAnswer | undefined;
  if (loaderData.kind === "pin") return <GalleryDoor studioName={studio?.name ?? null} problem={problem} />;
  // A new list or page starts afresh (the photos fetched while scrolling belong to the old one).
  const key = `${loaderData.list?.id}:${loaderData.sets.map((s) => `${s.offset}/${s.photos.length}`).join()}`;
  return <OpenGallery key={key} page={loaderData} problem={problem} />;
}

/** The viewer's hash changes do not reload the page's data. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return onlyHashChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}
