// /g/{token}/photos: the client gallery's data for its own scripts (ADR 026). GET is the next
// page of one set's photos as the client scrolls (?set=&offset=&list=); POST is a heart, unheart
// or note, or (intent=guests) a photo hidden from the wedding's guests or shown to them again
// (issue 31), answered in JSON so the page can show it at once. Same gate as the page: an unknown,
// closed or still-locked gallery gets nothing.
import type { Translate } from "#app/i18n/i18n.ts";
import { languageOfRequest } from "#app/i18n/language.server.ts";
import { galleryAudience } from "#domain/catalog/audience.server.ts";
import { visiblePhotoSet } from "#domain/catalog/sets.server.ts";
import { hideFromGuests } from "#domain/faces/guest-search.server.ts";
import type { GalleryDecision } from "#domain/galleries/access.server.ts";
import { activeList, itemAction, positiveInt } from "#domain/galleries/client-request.server.ts";
import { asksOnlyList } from "#domain/galleries/client-types.ts";
import { setPhotoPage } from "#domain/galleries/client-view.server.ts";
import { readLists } from "#domain/galleries/selections.server.ts";
import { getMediaStorage } from "#domain/media/storage.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import { readFormBody } from "#platform/form-body.server.ts";
import { NO_STORE } from "#platform/http.server.ts";
import type { Route } from "./+types/photos";
import { galleryAccessFor, LANGUAGE_VARIES } from "./access.server.ts";
import { itemWordsIn, wordsFor } from "./words.server.ts";

/** Its answers' words are in the person's language (words.server.ts). */
const headers = { "Cache-Control": NO_STORE, ...LANGUAGE_VARIES };

function refusal(gate: GalleryDecision): Response | null {
  if (gate.state === "open") return null;
  const status = gate.state === "missing" ? 404 : gate.state === "closed" ? 410 : 403;
  return Response.json({ error: gate.state }, { status, headers });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const gate = await galleryAccessFor(request, params.token, context);
  const refused = refusal(gate);
  if (refused || gate.state !== "open") return refused;
  const url = new URL(request.url);
  const setId = positiveInt(url.searchParams.get("set"));
  const db = getDb();
  const lists = gate.visitor ? await readLists(db, gate.visitor.id) : [];
  const list = activeList(lists, positiveInt(url.searchParams.get("list")));
  const page =
    setId === null
      ? null
      : await setPhotoPage(
          { db, storage: getMediaStorage(readEnv().dataDir) },
          gate.gallery.id,
          setId,
          Number(url.searchParams.get("offset") ?? 0),
          {
            listId: list?.id ?? null,
            onlyList: asksOnlyList(url.searchParams),
            language: await languageOfRequest(request),
          },
        );
  if (!page) return Response.json({ error: "no such set" }, { status: 404, headers });
  return Response.json(page, { headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const gate = await galleryAccessFor(request, params.token, context);
  const refused = refusal(gate);
  if (refused || gate.state !== "open") return refused;
  const body = await readFormBody(request);
  if (!body.ok) return Response.json({ error: body.problem }, { status: 400, headers });
  const { t } = await wordsFor(request);
  if (body.form.get("intent") === "guests") return guestsAction(gate.gallery, body.form, t);
  const answer = await itemAction(getDb(), gate.visitor, body.form, itemWordsIn(t));
  return Response.json(answer, { status: answer.ok ? 200 : 409, headers });
}

/**
 * The couple keeps a photo from their guests' face search, or gives it back to them: anyone
 * holding the couple's link (and PIN) may, as they may see every photo. Only while guest search is
 * on, and only a photo of this gallery.
 */
async function guestsAction(gallery: { id: number; guests: { search: boolean } }, form: FormData, t: Translate) {
  if (!gallery.guests.search) return Response.json({ ok: false, error: t("guests.off") }, { status: 409, headers });
  const photoId = positiveInt(form.get("photo"));
  const db = getDb();
  if (photoId === null || (await visiblePhotoSet(db, galleryAudience(gallery.id), photoId)) === null)
    return Response.json({ ok: false, error: t("item.noPhoto") }, { status: 404, headers });
  const hidden = form.get("hidden") === "1";
  await hideFromGuests(db, gallery.id, [photoId], hidden);
  return Response.json({ ok: true, photo: photoId, hidden }, { headers });
}
