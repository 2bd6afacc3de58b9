// The couple's side of album proofing (issue 32, ADR 045), for album.tsx and albums.tsx: what the
// page shows of an album's newest sent version, read through the gallery's audience (a draft is
// never the couple's), and its forms: a comment pinned on a spread (with a photo to swap in), one
// taken back, a spread marked OK, changes sent, the version approved with a typed name. Every
// field is checked here before the rules of domain/albums/proofing.server.ts check it again; a
// refusal is answered with its status and words beside its form, with what was typed kept.
import { data, type RouterContextProvider, redirect } from "react-router";
import "#app/i18n/catalogs.server.ts";
import {
  type AlbumAnswer,
  type AlbumComment,
  type AlbumPage,
  SPREADS_WITH_PLACEHOLDER,
} from "#app/components/album/album-data.ts";
import { i18nFor, type Translate, translator } from "#app/i18n/i18n.ts";
import { languageOfRequest } from "#app/i18n/language.server.ts";
import { mailWordsFor } from "#app/i18n/mail-words.server.ts";
import { clientAddressContext, studioRowOf } from "#app/utils/request-context.ts";
import { albumAdminLink } from "#domain/albums/mail.server.ts";
import { albumApprovedMessage, albumChangesMessage } from "#domain/albums/messages.ts";
import {
  type AlbumSummary,
  addComment,
  albumVersions,
  approveVersion,
  COMMENT_MAX_CHARS,
  type CommentView,
  galleryAlbums,
  markSpreadOk,
  markViewed,
  NAME_MAX_CHARS,
  ProofingRefusal,
  removeComment,
  sendChanges,
  type VersionView,
} from "#domain/albums/proofing.server.ts";
import { galleryAudience } from "#domain/catalog/audience.server.ts";
import { studioTimeIn } from "#domain/catalog/language-dates.ts";
import { type ContentLanguage, titleIn } from "#domain/catalog/localized.ts";
import { studioPhones } from "#domain/catalog/read-model.server.ts";
import { DEFAULT_TIME_ZONE, formatStudioTime } from "#domain/catalog/studio-time.ts";
import { type GalleryDecision, galleryPath } from "#domain/galleries/access.server.ts";
import { positiveInt } from "#domain/galleries/client-request.server.ts";
import { galleryThumbnails } from "#domain/galleries/client-view.server.ts";
import { watermarkOf } from "#domain/galleries/downloads.server.ts";
import { readGallerySets } from "#domain/galleries/galleries.server.ts";
import type { Visitor } from "#domain/galleries/selections.server.ts";
import { studioCountry, whatsappLink } from "#domain/galleries/sending.server.ts";
import { STUDIO_LANGUAGE } from "#domain/mail/words.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readFormBody } from "#platform/form-body.server.ts";
import { publicOrigin } from "#platform/public-origin.server.ts";
import { privateHeaders } from "./access.server.ts";
import { enterByName, formAnswer, givePin } from "./entry.server.ts";

type OpenGate = Extract<GalleryDecision, { state: "open" }>;

export function albumsPath(token: string): string {
  return `${galleryPath(token)}/album`;
}

export function albumPath(token: string, albumId: number): string {
  return `${albumsPath(token)}/${albumId}`;
}

/** The albums the couple may see: those with a version sent. */
export function coupleAlbums(gallery: { id: number }): Promise<AlbumSummary[]> {
  return galleryAlbums(getDb(), galleryAudience(gallery.id), gallery.id);
}

/** No such album in this gallery (or only a draft of one): the site's 404 page. */
function noAlbum(): never {
  throw data({ what: "album" }, { status: 404, headers: privateHeaders });
}

function toComment(
  c: CommentView,
  place: number,
  visitor: Visitor | null,
  swaps: Map<number, unknown>,
  locked: boolean,
) {
  return {
    id: c.id,
    spread: c.spread,
    place,
    x: c.x,
    y: c.y,
    author: c.author,
    text: c.text,
    swap: (c.swapPhotoId === null ? null : (swaps.get(c.swapPhotoId) ?? null)) as AlbumComment["swap"],
    removable: !locked && visitor !== null && c.visitorId === visitor.id && c.resolvedAt === null,
    resolved: c.resolvedAt !== null,
    answeredIn: c.answeredIn,
  };
}

/** The album and its current version for the couple (its spreads described in `language`), or the 404. */
async function currentOf(gallery: OpenGate["gallery"], rawAlbumId: string, language: ContentLanguage) {
  const albumId = positiveInt(rawAlbumId);
  if (albumId === null) noAlbum();
  const db = getDb();
  const albums = await coupleAlbums(gallery);
  const album = albums.find((a) => a.id === albumId);
  if (!album) noAlbum();
  const [current] = await albumVersions(db, galleryAudience(gallery.id), gallery.id, albumId, titleIn(language, album));
  if (!current) noAlbum();
  return { album, albums, current };
}

export async function albumPageData(
  request: Request,
  context: Readonly<RouterContextProvider>,
  gate: OpenGate,
  rawAlbumId: string,
): Promise<AlbumPage> {
  const { gallery, visitor } = gate;
  const db = getDb();
  const language = await languageOfRequest(request);
  const { album, albums, current } = await currentOf(gallery, rawAlbumId, language);
  // The first look is the studio's "viewed"; later ones change nothing.
  if (current.viewedAt === null) await markViewed(db, gallery.id, album.id);
  const swapIds = [...current.comments, ...current.answers].flatMap((c) =>
    c.swapPhotoId === null ? [] : [c.swapPhotoId],
  );
  const [swaps, sets, studio] = await Promise.all([
    galleryThumbnails(db, gallery.id, swapIds, watermarkOf(gallery), language),
    readGallerySets(db, gallery.id),
    studioRowOf(context, db),
  ]);
  const timeZone = studio?.time_zone ?? DEFAULT_TIME_ZONE;
  const locked = current.state === "approved";
  const path = albumPath(gallery.token, album.id);
  const asked = new URL(request.url).searchParams.get("done");
  const done =
    asked === "approved" && current.approval
      ? "approved"
      : asked === "changes" && current.state === "changes"
        ? "changes"
        : null;
  return {
    kind: "open",
    base: galleryPath(gallery.token),
    path,
    galleryTitle: titleIn(language, gallery),
    albumTitle: titleIn(language, album),
    severalAlbums: albums.length > 1,
    version: {
      id: current.id,
      number: current.number,
      state: current.state as AlbumPage["version"]["state"],
      sentAt: current.sentAt ? studioTimeIn(language, current.sentAt, timeZone) : null,
      comments: current.comments.length,
      spreads: current.spreads.map((s, index) => {
        const mine = current.comments.filter((c) => c.spread === s.number);
        const oks = Object.entries(current.oks).filter(([, numbers]) => numbers.includes(s.number));
        const [, largest] = /(\S+) \d+w$/.exec(s.image.sources[0]?.srcSet ?? "") ?? [];
        return {
          number: s.number,
          image: index < SPREADS_WITH_PLACEHOLDER ? s.image : { ...s.image, placeholder: "" },
          large: largest ?? s.image.fallback,
          changed: s.changed,
          comments: mine.map((c, i) => toComment(c, i + 1, visitor, swaps, locked)),
          okByMe: visitor !== null && oks.some(([id]) => Number(id) === visitor.id),
          okCount: oks.length,
        };
      }),
      answers: current.answers.map((c) => toComment(c, 0, visitor, swaps, true)),
      approval: current.approval
        ? {
            name: current.approval.name,
            at: studioTimeIn(language, current.approval.approvedAt, timeZone),
            addressRecorded: current.approval.address !== "",
          }
        : null,
    },
    visitor: visitor ? { name: visitor.name } : null,
    sets: sets.map((s) => ({ id: s.id, title: titleIn(language, s) })),
    done,
    whatsapp: done ? studioChat(studio, gallery, album, current) : null,
    limits: { comment: COMMENT_MAX_CHARS, name: NAME_MAX_CHARS },
  };
}

/** A WhatsApp chat with the studio's first phone, the message of what was just done typed in. */
function studioChat(
  studio: Awaited<ReturnType<typeof studioRowOf>>,
  gallery: OpenGate["gallery"],
  album: { id: number; title: string },
  version: VersionView,
): string | null {
  const phones = studioPhones(studio);
  const [phone] = phones;
  if (!phone) return null;
  const facts = {
    albumTitle: album.title,
    versionNumber: version.number,
    studioName: studio?.name ?? "",
    galleryTitle: gallery.title,
    // To the studio: in English, as its admin, whatever the couple's page is in.
    words: mailWordsFor(STUDIO_LANGUAGE),
  };
  const origin = publicOrigin();
  const message = version.approval
    ? albumApprovedMessage({
        ...facts,
        name: version.approval.name,
        approvedAt: formatStudioTime(version.approval.approvedAt, studio?.time_zone ?? DEFAULT_TIME_ZONE),
        link: albumAdminLink(origin, gallery.id, album.id),
      })
    : albumChangesMessage({
        ...facts,
        comments: version.comments.length,
        adminLink: albumAdminLink(origin, gallery.id, album.id),
      });
  return whatsappLink(phone, message, studioCountry(phones));
}

// --- The forms ------------------------------------------------------------------------------

const answer = (status: number, body: AlbumAnswer) => formAnswer(status, body);

/** A share of the spread's width or height (0..1); empty: none (the whole spread); else NaN, refused. */
function share(value: FormDataEntryValue | null): number | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return null;
  return /^\d*\.?\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** The typed values a refused form gets back. */
function valuesOf(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? "")]));
}

const COMMENT_FIELDS = ["text", "x", "y", "swap"] as const;

/**
 * The refusals of domain/albums/proofing.server.ts the couple can meet, by their English words
 * (the studio's admin reads those), to their message ids: the couple reads them in their page's
 * language. A refusal not listed keeps its English words (album.server.test.ts checks each one
 * listed is still the domain's).
 */
export const REFUSAL_MESSAGES: Readonly<Record<string, readonly [string, Record<string, number>?]>> = {
  "There is no such album.": ["album.refusal.noAlbum"],
  "That album no longer exists.": ["album.refusal.gone"],
  "This version is approved and cannot change. A change is a new version, approved again.": ["album.refusal.locked"],
  "A newer version of this album has been sent: look at that one.": ["album.refusal.notCurrent"],
  "There is no such comment on this album.": ["album.refusal.noComment"],
  "Choose a spread to comment on.": ["album.error.chooseSpread"],
  "Write what to change, or choose a photo to swap in.": ["album.refusal.emptyComment"],
  [`A comment is at most ${COMMENT_MAX_CHARS} characters.`]: ["album.error.commentLength", { max: COMMENT_MAX_CHARS }],
  "That spot is not on the spread.": ["album.refusal.spot"],
  "There is no such spread.": ["album.refusal.noSpread"],
  "That photo is not in this gallery.": ["album.error.notInGallery"],
  "That comment is not yours to remove, or the studio has already answered it.": ["album.refusal.notRemovable"],
  "There are no comments to send: tap a spread to pin one.": ["album.refusal.nothingToSend"],
  "Type your name to approve the album.": ["album.refusal.nameEmpty"],
  [`A name is at most ${NAME_MAX_CHARS} characters.`]: ["album.refusal.nameLength", { max: NAME_MAX_CHARS }],
};

/** A domain refusal in the couple's language. */
export function refusalText(t: Translate, refusal: ProofingRefusal): string {
  const known = REFUSAL_MESSAGES[refusal.message];
  return known ? t(known[0], known[1]) : refusal.message;
}

export async function albumAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  gate: GalleryDecision,
  token: string,
  rawAlbumId: string,
) {
  const address = context.get(clientAddressContext);
  const t = translator(i18nFor(await languageOfRequest(request)));
  const body = await readFormBody(request);
  if (!body.ok) return answer(400, { form: "comment", message: t("album.error.unreadable") });
  const form = body.form;
  const back = new URL(request.url).pathname;
  if (gate.state === "pin") return givePin(request, gate, token, form, address, back);
  if (gate.state !== "open") return answer(410, { form: "comment", message: t("album.error.closed") });
  const { gallery, visitor } = gate;
  const intent = String(form.get("intent") ?? "");
  if (intent === "enter") return enterByName(request, gallery, form, address, back);
  const spread = positiveInt(form.get("spread"));
  const kind: AlbumAnswer["form"] = ["comment", "remove", "ok", "send", "approve"].includes(intent)
    ? (intent as AlbumAnswer["form"])
    : "comment";
  const refuse = (status: number, message: string, values?: Record<string, string>) =>
    answer(status, { form: kind, message, ...(spread !== null ? { spread } : {}), ...(values ? { values } : {}) });
  if (!visitor) return refuse(403, t("album.error.noName"));
  const albumId = positiveInt(rawAlbumId);
  const versionId = positiveInt(form.get("version"));
  if (albumId === null) noAlbum();
  if (versionId === null) return refuse(400, t("album.error.reload"));
  const db = getDb();
  const person = { visitorId: visitor.id, name: visitor.name };
  try {
    switch (intent) {
      case "comment": {
        const values = valuesOf(form, COMMENT_FIELDS);
        if (spread === null) return refuse(422, t("album.error.chooseSpread"), values);
        const swapText = String(form.get("swap") ?? "").trim();
        const swapPhotoId = swapText === "" ? null : positiveInt(swapText);
        if (swapText !== "" && swapPhotoId === null) return refuse(422, t("album.error.notInGallery"), values);
        const text = String(form.get("text") ?? "");
        if (text.length > COMMENT_MAX_CHARS)
          return refuse(422, t("album.error.commentLength", { max: COMMENT_MAX_CHARS }), values);
        try {
          await addComment(db, gallery.id, albumId, versionId, person, {
            spread,
            x: share(form.get("x")),
            y: share(form.get("y")),
            text,
            swapPhotoId,
          });
        } catch (error) {
          if (error instanceof ProofingRefusal) return refuse(error.status, refusalText(t, error), values);
          throw error;
        }
        throw redirect(`${back}#spread-${spread}`, { headers: privateHeaders });
      }
      case "remove": {
        const commentId = positiveInt(form.get("comment"));
        if (commentId === null) return refuse(400, t("album.error.notYours"));
        await removeComment(db, gallery.id, albumId, versionId, person, commentId);
        throw redirect(spread === null ? back : `${back}#spread-${spread}`, { headers: privateHeaders });
      }
      case "ok": {
        if (spread === null) return refuse(422, t("album.error.spread"));
        await markSpreadOk(db, gallery.id, albumId, versionId, person, spread, form.get("ok") === "1");
        throw redirect(`${back}#spread-${spread}`, { headers: privateHeaders });
      }
      case "send":
        await sendChanges(db, gallery.id, albumId, versionId);
        throw redirect(`${back}?done=changes#album-end`, { headers: privateHeaders });
      case "approve": {
        const values = valuesOf(form, ["name"]);
        // Its emptiness and length are approvalName's to judge, once its spaces are trimmed.
        const name = String(form.get("name") ?? "");
        try {
          await approveVersion(db, gallery.id, albumId, versionId, person, { name, address });
        } catch (error) {
          if (error instanceof ProofingRefusal) return refuse(error.status, refusalText(t, error), values);
          throw error;
        }
        throw redirect(`${back}?done=approved#album-end`, { headers: privateHeaders });
      }
      default:
        return refuse(400, t("album.error.reload"));
    }
  } catch (error) {
    if (error instanceof ProofingRefusal) return refuse(error.status, refusalText(t, error));
    throw error;
  }
}
