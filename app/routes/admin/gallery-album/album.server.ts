// One album of a client gallery as the studio works on it (issue 32): its versions newest first
// with their spreads, the couple's comments (each swap photo named by its original file), who
// marked which spread fine, the approval record; sending the draft and resolving comments. The
// rules are domain/albums' (ADR 045); this module reads what the page shows and answers its forms.
import { data } from "react-router";
import type { ActionAnswer } from "#app/components/admin/action-notice.tsx";
import { requireIdParam } from "#app/utils/id-param.ts";
import {
  albumVersions,
  ProofingRefusal,
  renameGalleryAlbum,
  resolveComment,
  sendDraft,
  type VersionView,
} from "#domain/albums/proofing.server.ts";
import { markSpreadsAgain, spreadsMarkedOtherwise } from "#domain/albums/spreads.server.ts";
import { readAlbums } from "#domain/albums/store.server.ts";
import { STUDIO } from "#domain/catalog/audience.server.ts";
import type { Thumbnail } from "#domain/catalog/images.server.ts";
import { type TitleField, typedTitles } from "#domain/catalog/localized.ts";
import { readPhotoLabels } from "#domain/catalog/sets.server.ts";
import { watermarkOf } from "#domain/galleries/downloads.server.ts";
import { type GalleryRecord, readGallery } from "#domain/galleries/galleries.server.ts";
import { pickThumbnails } from "#domain/galleries/selection-review.server.ts";
import { readVisitor } from "#domain/galleries/selections.server.ts";
import { getMediaStorage } from "#domain/media/storage.server.ts";
import type { Database } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import { pinPosition } from "./words.ts";

const NO_ALBUM = "There is no such album.";

/** The live gallery and its album the address names; 404 for anything else (an album of another gallery too). */
export async function galleryAndAlbum(db: Database, params: { id?: string; album?: string }) {
  const gallery = await readGallery(db, requireIdParam(params.id, "There is no such gallery."));
  if (!gallery) throw data("There is no such gallery.", { status: 404 });
  const albumId = requireIdParam(params.album, NO_ALBUM);
  const album = (await readAlbums(db, STUDIO, gallery.id)).find((a) => a.id === albumId);
  if (!album) throw data(NO_ALBUM, { status: 404 });
  return { gallery, album };
}

/** A swap photo the couple chose, as the studio finds it: its original file's name and thumbnail. */
export interface SwapPhoto {
  fileName: string;
  setTitle: string;
  thumbnail: Thumbnail | null;
}

/** The album's versions as the studio sees them, with the names the comments and OKs point at. */
export async function readAlbum(db: Database, gallery: GalleryRecord, album: { id: number; title: string }) {
  const versions = await albumVersions(db, STUDIO, gallery.id, album.id, album.title);
  const swapIds = [...new Set(everyComment(versions).flatMap((c) => (c.swapPhotoId === null ? [] : [c.swapPhotoId])))];
  // The studio's read: a photo it has since trashed is still the one the couple chose.
  const labels = await readPhotoLabels(db, STUDIO, swapIds);
  const thumbnails = await pickThumbnails(
    db,
    labels.map((l) => l.assetId),
  );
  const swaps: Record<number, SwapPhoto> = {};
  for (const label of labels)
    swaps[label.photoId] = {
      fileName: label.fileName,
      setTitle: label.setTitle,
      thumbnail: thumbnails.get(label.assetId) ?? null,
    };
  const visitorIds = [...new Set(versions.flatMap((v) => Object.keys(v.oks).map(Number)))];
  const people: Record<number, string> = {};
  for (const id of visitorIds) people[id] = (await readVisitor(db, gallery.id, id))?.name ?? "Someone since removed";
  // Spreads made before the gallery's watermark last changed, which the studio may mark again.
  const watermark = watermarkOf(gallery);
  const markedOtherwise = spreadsMarkedOtherwise(
    versions.flatMap((v) => v.spreads),
    watermark,
  ).length;
  return { versions, swaps, people, mark: { markedOtherwise, text: watermark?.text.trim() ?? null } };
}

function everyComment(versions: readonly VersionView[]) {
  return versions.flatMap((v) => v.comments);
}

/** An exported comment: one line of the printed list and of the CSV file. */
export interface CommentLine {
  id: number;
  version: number;
  spread: number;
  position: string;
  text: string;
  author: string;
  swapFileName: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

/** The comments of one version (`versionNumber`), or of every version newest first, by spread. */
export async function commentLines(
  db: Database,
  gallery: GalleryRecord,
  album: { id: number; title: string },
  versionNumber: number | null,
): Promise<{ versions: number[]; lines: CommentLine[] }> {
  const { versions, swaps } = await readAlbum(db, gallery, album);
  const chosen = versions.filter((v) => versionNumber === null || v.number === versionNumber);
  const lines = chosen.flatMap((v) =>
    [...v.comments]
      .sort((a, b) => a.spread - b.spread || a.id - b.id)
      .map((c) => ({
        id: c.id,
        version: v.number,
        spread: c.spread,
        position: pinPosition(c.x, c.y),
        text: c.text,
        author: c.author,
        swapFileName: c.swapPhotoId === null ? null : (swaps[c.swapPhotoId]?.fileName ?? "a photo since deleted"),
        createdAt: c.createdAt,
        resolvedAt: c.resolvedAt,
      })),
  );
  return { versions: chosen.map((v) => v.number), lines };
}

/** The version a ?version= names, or null for all of them; 404 for a number that is none. */
export function versionParam(value: string | null): number | null {
  if (value === null || value === "") return null;
  if (!/^\d{1,4}$/.test(value)) throw data("There is no such version.", { status: 404 });
  return Number(value);
}

/** Every answer of the album page: a notice, and for the rename form what to correct. */
export type AlbumPageAnswer = ActionAnswer & {
  form?: "send" | "resolve" | "rename" | "mark";
  /** The rename form's: the message beside each refused field, and what was typed to show again. */
  errors?: Partial<Record<TitleField, string>>;
  values?: Record<TitleField, string>;
};

function refused(error: unknown) {
  if (error instanceof ProofingRefusal)
    return data<AlbumPageAnswer>({ notice: error.message }, { status: error.status });
  throw error;
}

/**
 * The album page's forms: rename the album (in English and Tamil), send the draft to the couple,
 * resolve a comment (or open it again), mark the spreads with the gallery's watermark as it is now.
 */
export async function albumAction(
  db: Database,
  gallery: GalleryRecord,
  album: { id: number; title: string },
  form: FormData,
) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "album-rename") {
    const typed = typedTitles(form);
    try {
      const { title } = await renameGalleryAlbum(db, gallery.id, album.id, typed.title, typed.titleTa);
      return { form: "rename", notice: `Album renamed to “${title}”.` } satisfies AlbumPageAnswer;
    } catch (error) {
      // A name refused is answered beside its field, with what was typed kept.
      if (!(error instanceof ProofingRefusal) || error.field === undefined) return refused(error);
      return data<AlbumPageAnswer>(
        { form: "rename", notice: "Please correct the name.", errors: { [error.field]: error.message }, values: typed },
        { status: error.status },
      );
    }
  }
  try {
    if (intent === "album-send") {
      const sent = await sendDraft(db, gallery.id, album.id);
      return {
        form: "send",
        notice: `Version ${sent.number} is sent: the couple sees it in their gallery. Tell them on WhatsApp below.`,
      } satisfies AlbumPageAnswer;
    }
    if (intent === "album-mark") {
      const storage = getMediaStorage(readEnv().dataDir);
      const { marked, watermark } = await markSpreadsAgain({ db, storage }, gallery.id, album.id);
      const what = marked === 1 ? "1 spread" : `${marked} spreads`;
      return {
        form: "mark",
        notice: watermark
          ? `${what} marked with “${watermark.text.trim()}”.`
          : `${what} made again without a watermark.`,
      } satisfies AlbumPageAnswer;
    }
    if (intent === "comment-resolve") {
      const resolved = form.get("resolved") === "1";
      await resolveComment(db, gallery.id, album.id, Number(form.get("commentId")), resolved);
      return {
        form: "resolve",
        notice: resolved
          ? "Comment resolved: the next version you send answers it."
          : "Comment open again: the next version does not answer it.",
      } satisfies AlbumPageAnswer;
    }
  } catch (error) {
    return refused(error);
  }
  throw data("Unknown action.", { status: 400 });
}
