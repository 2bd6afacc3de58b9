// Album proofing's rules (issue 32, ADR 045): what the studio and the couple may do to which
// version, and what each sees. Plain values in, plain values out; every query is store.server.ts's.
//
// A version's life: the studio's draft (spreads uploaded, replaced, removed) → sent (its spreads
// fixed, the couple's to see) → the couple's answer: changes, or approval with a typed name. An
// approved version is locked for good; a later change is a new version, approved again. Only an
// album's newest sent version takes comments, OKs and answers: an older one is history.
import { type Database, inTransaction } from "../../platform/db/db.server.ts";
import { type GalleryAudience, galleryAudience, STUDIO } from "../catalog/audience.server.ts";
import { loadStoredImages, readAssetFiles } from "../catalog/images.server.ts";
import { variantKey } from "../catalog/ingest.server.ts";
import { type TitleField, type Titles, tamilToStore } from "../catalog/localized.ts";
import { visiblePhotoSet } from "../catalog/sets.server.ts";
import type { ResponsiveImage } from "../catalog/types.ts";
import { planSpreadVariants, type VariantSpec, type Watermark } from "../media/pipeline.server.ts";
import { publicMediaUrl } from "../media/storage.server.ts";
import { queueAlbumMails } from "./mail.server.ts";
import {
  type AlbumAudience,
  type AlbumRow,
  type AlbumVersionState,
  type ApprovalRow,
  answerResolvedComments,
  type CommentRow,
  deleteComment,
  insertAlbum,
  insertApproval,
  insertComment,
  insertVersion,
  moveVersion,
  readAlbums,
  readApprovals,
  readComments,
  readLatestVersions,
  readOks,
  readSpreads,
  readVersions,
  renameAlbum,
  type SpreadRow,
  setCommentResolved,
  setSpreadOk,
  touchVersion,
  type VersionRow,
} from "./store.server.ts";

export type { AlbumVersionState };

/** The longest comment a person may leave on a spread. */
export const COMMENT_MAX_CHARS = 2000;
/** An album's title, and a typed name of approval, at most this long. */
export const NAME_MAX_CHARS = 120;

/** Why an action on an album was refused, in words for whoever tried. */
export class ProofingRefusal extends Error {
  readonly status: 404 | 409 | 422;
  /** The studio's form field it is about, where it is one (an album's title, or its Tamil title). */
  readonly field: TitleField | undefined;
  constructor(status: 404 | 409 | 422, message: string, field?: TitleField) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

const NOT_FOUND = () => new ProofingRefusal(404, "There is no such album.");
const LOCKED = () =>
  new ProofingRefusal(409, "This version is approved and cannot change. A change is a new version, approved again.");
const NOT_CURRENT = () => new ProofingRefusal(409, "A newer version of this album has been sent: look at that one.");

export interface SpreadView {
  number: number;
  image: ResponsiveImage;
  /** The studio's: the exported file's name. */
  fileName: string;
  sha256: string;
  /** Not the same file as the previous version's spread of this number (or that version had none). */
  changed: boolean;
  /** The watermark its files carry (the gallery's when it was made, or since marked again). */
  watermark: Watermark | null;
}

export interface CommentView {
  id: number;
  spread: number;
  /** Shares of the spread's width and height; null: about the whole spread. */
  x: number | null;
  y: number | null;
  author: string;
  visitorId: number | null;
  text: string;
  swapPhotoId: number | null;
  createdAt: string;
  resolvedAt: string | null;
  /** The number of the version that answers it. */
  answeredIn: number | null;
}

export interface VersionView {
  id: number;
  number: number;
  state: AlbumVersionState;
  sentAt: string | null;
  viewedAt: string | null;
  answeredAt: string | null;
  lastActivityAt: string;
  spreads: SpreadView[];
  comments: CommentView[];
  /** Spread numbers each person marked fine: visitor id → numbers. */
  oks: Record<number, number[]>;
  approval: ApprovalRow | null;
  /** The comments of the versions before this one that this one answers. */
  answers: CommentView[];
}

export interface AlbumSummary extends AlbumRow {
  /** The newest version the audience may see. */
  latest: Pick<VersionRow, "id" | "number" | "state" | "sentAt" | "viewedAt" | "answeredAt" | "lastActivityAt"> | null;
}

// --- The studio's side ---------------------------------------------------------------------

/** Spaces as typed, one between words. */
const oneSpaced = (text: string) => text.trim().replace(/\s+/g, " ");

/**
 * An album's name and its Tamil version as typed, checked: each trimmed to single spaces, the
 * Tamil one null when left empty (not translated: the couple's Tamil pages show the English).
 * The Tamil one is held to the English one's limit, no less.
 */
export function albumTitles(raw: string, rawTa: string): Titles {
  const title = oneSpaced(raw);
  if (title === "")
    throw new ProofingRefusal(422, "Give the album a name, such as “Priya and Karthik” or “Amma's album”.", "title");
  if (title.length > NAME_MAX_CHARS)
    throw new ProofingRefusal(422, `An album's name is at most ${NAME_MAX_CHARS} characters.`, "title");
  const titleTa = tamilToStore(oneSpaced(rawTa));
  if (titleTa !== null && titleTa.length > NAME_MAX_CHARS)
    throw new ProofingRefusal(422, `The Tamil name is at most ${NAME_MAX_CHARS} characters.`, "titleTa");
  return { title, titleTa };
}

/**
 * A new album with its first draft, empty. Named as typed: its name alone, or its name and its
 * Tamil name (the studio's form).
 */
export async function createAlbum(
  db: Database,
  galleryId: number,
  typed: string | Record<TitleField, string>,
  now = new Date(),
) {
  const { title, titleTa } = typeof typed === "string" ? { title: typed, titleTa: "" } : typed;
  const albumId = await insertAlbum(db, galleryId, albumTitles(title, titleTa), now);
  const versionId = await insertVersion(db, albumId, now);
  if (versionId === null) throw new Error(`album ${albumId}: a new album already had a draft`);
  return { albumId, versionId };
}

/** Renames one of the gallery's albums, in English and Tamil (an emptied Tamil name clears it). */
export async function renameGalleryAlbum(
  db: Database,
  galleryId: number,
  albumId: number,
  rawTitle: string,
  rawTitleTa: string,
): Promise<Titles> {
  const titles = albumTitles(rawTitle, rawTitleTa);
  if (!(await readAlbums(db, STUDIO, galleryId)).some((a) => a.id === albumId)) throw NOT_FOUND();
  await renameAlbum(db, albumId, titles);
  return titles;
}

export async function galleryAlbums(db: Database, audience: AlbumAudience, galleryId: number): Promise<AlbumSummary[]> {
  const albums = await readAlbums(db, audience, galleryId);
  const latest = await readLatestVersions(
    db,
    audience,
    albums.map((a) => a.id),
  );
  return albums.map((album) => {
    const v = latest.get(album.id);
    return {
      ...album,
      latest: v
        ? {
            id: v.id,
            number: v.number,
            state: v.state,
            sentAt: v.sentAt,
            viewedAt: v.viewedAt,
            answeredAt: v.answeredAt,
            lastActivityAt: v.lastActivityAt,
          }
        : null,
    };
  });
}

/** The album's draft to upload into: the one there is, or a new one starting from the newest version's spreads. */
export async function draftOf(db: Database, galleryId: number, albumId: number, now = new Date()): Promise<number> {
  const [newest] = await readVersions(db, STUDIO, galleryId, albumId);
  if (newest?.state === "draft") return newest.id;
  if (!newest && !(await readAlbums(db, STUDIO, galleryId)).some((a) => a.id === albumId)) throw NOT_FOUND();
  const draft = await insertVersion(db, albumId, now, newest?.id ?? null);
  if (draft !== null) return draft;
  // The uploader sends a few spreads at once, and the first of a new version each start a draft:
  // one does, in the database, and the others put their spreads in it.
  const [started] = await readVersions(db, STUDIO, galleryId, albumId);
  if (started?.state === "draft") return started.id;
  throw new ProofingRefusal(409, "This album changed while the spread was uploaded: upload it again.");
}

/** The studio's draft of an album, if it has one: where uploads go. */
export async function studioDraft(db: Database, galleryId: number, albumId: number): Promise<VersionRow | null> {
  const [newest] = await readVersions(db, STUDIO, galleryId, albumId);
  return newest?.state === "draft" ? newest : null;
}

/** Sends the album's draft to the couple: its spreads are fixed from now on. */
export async function sendDraft(
  db: Database,
  galleryId: number,
  albumId: number,
  now = new Date(),
): Promise<VersionRow> {
  const draft = await studioDraft(db, galleryId, albumId);
  if (!draft) throw new ProofingRefusal(409, "There is no draft to send: upload the spreads of a new version first.");
  const spreads = await readSpreads(db, STUDIO, [draft.id]);
  if (spreads.length === 0) throw new ProofingRefusal(422, "This version has no spreads yet: upload them first.");
  // The move, the comments it answers and the couple's mail: all of it, or none.
  await inTransaction(db, async (trx) => {
    if (!(await moveVersion(trx, draft.id, ["draft"], "sent", now)))
      throw new ProofingRefusal(409, "This version was sent already.");
    await answerResolvedComments(trx, albumId, draft.id);
    await queueAlbumMails(trx, ["album-sent"], { galleryId, albumVersionId: draft.id }, now);
  });
  return { ...draft, state: "sent", sentAt: now.toISOString() };
}

/** The studio marks a comment of the album done, or not done again. */
export async function resolveComment(
  db: Database,
  galleryId: number,
  albumId: number,
  commentId: number,
  resolved: boolean,
  now = new Date(),
): Promise<void> {
  const versions = await readVersions(db, STUDIO, galleryId, albumId);
  const done = await setCommentResolved(
    db,
    commentId,
    versions.map((v) => v.id),
    resolved,
    now,
  );
  if (!done) throw new ProofingRefusal(404, "There is no such comment on this album.");
}

// --- What either side sees -----------------------------------------------------------------

/**
 * Each spread's files as they were made: its plan, and the watermark they carry (its gallery's
 * when it was made, or since marked again), named by the pipeline's deterministic keys. A change
 * of the gallery's watermark never leaves a page naming files that were not made.
 */
async function spreadImages(
  db: Database,
  audience: AlbumAudience,
  spreads: readonly SpreadRow[],
  alt: (spread: SpreadRow) => string,
): Promise<Map<number, ResponsiveImage>> {
  const ids = spreads.map((s) => s.assetId);
  const [files, stored] = await Promise.all([readAssetFiles(db, audience, ids), loadStoredImages(db, audience, ids)]);
  const byAsset = new Map(files.map((f) => [f.id, f]));
  const images = new Map<number, ResponsiveImage>();
  for (const spread of spreads) {
    const file = byAsset.get(spread.assetId);
    if (!file) continue;
    // The files the spread was made with (its row says which plan), found by their names.
    const plan = planSpreadVariants(file, spread.watermark, spread.plan);
    if (plan.length === 0) continue;
    const urlOf = (spec: VariantSpec) => publicMediaUrl(variantKey(file.sha256, spec));
    const srcSet = (specs: readonly VariantSpec[]) => specs.map((spec) => `${urlOf(spec)} ${spec.width}w`).join(", ");
    // The screen files and, widest, the viewing JPEG in one srcset, as a gallery photo's viewer
    // has it (client-view.server.ts clientImage): a browser that takes AVIF takes WebP and JPEG
    // too, and one that takes WebP takes JPEG. Plan 2's AVIF is the first source; the WebP one
    // holds the rest, for a browser without AVIF. The fallback (a browser that ignores srcset) is
    // a phone's screen size, not the zoom's.
    const webp = plan.filter((spec) => spec.format !== "avif");
    const sources = [
      ...(plan.some((spec) => spec.format === "avif") ? [{ type: "image/avif", srcSet: srcSet(plan) }] : []),
      { type: "image/webp", srcSet: srcSet(webp) },
    ];
    const fallback = webp.at(-2) ?? webp.at(-1);
    images.set(spread.id, {
      width: file.width,
      height: file.height,
      alt: alt(spread),
      placeholder: stored.get(spread.assetId)?.placeholder ?? "",
      sources,
      fallback: fallback ? urlOf(fallback) : "",
    });
  }
  return images;
}

function commentView(row: CommentRow, numbers: ReadonlyMap<number, number>): CommentView {
  return {
    id: row.id,
    spread: row.spread,
    x: row.x,
    y: row.y,
    author: row.author,
    visitorId: row.visitorId,
    text: row.text,
    swapPhotoId: row.swapPhotoId,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
    answeredIn: row.answeredIn === null ? null : (numbers.get(row.answeredIn) ?? null),
  };
}

/**
 * An album's versions as the audience sees them, newest first, each with its spreads (marked
 * changed against the version before it), comments, OKs and approval. The couple sees only sent
 * versions; `albumTitleText` names the spreads for screen readers.
 */
export async function albumVersions(
  db: Database,
  audience: AlbumAudience,
  galleryId: number,
  albumId: number,
  albumTitleText: string,
): Promise<VersionView[]> {
  const versions = await readVersions(db, audience, galleryId, albumId);
  if (versions.length === 0) return [];
  const ids = versions.map((v) => v.id);
  const [spreads, comments, oks, approvals] = await Promise.all([
    readSpreads(db, audience, ids),
    readComments(db, audience, ids),
    readOks(db, audience, ids),
    readApprovals(db, audience, ids),
  ]);
  const images = await spreadImages(db, audience, spreads, (s) => `${albumTitleText}, spread ${s.number}`);
  const numbers = new Map(versions.map((v) => [v.id, v.number]));
  const views = versions.map((version, i): VersionView => {
    const previous = versions[i + 1];
    const before = new Map(
      spreads.filter((s) => previous && s.versionId === previous.id).map((s) => [s.number, s.sha256]),
    );
    const own = spreads.filter((s) => s.versionId === version.id);
    const okBy: Record<number, number[]> = {};
    for (const ok of oks) {
      if (ok.versionId !== version.id) continue;
      okBy[ok.visitorId] = [...(okBy[ok.visitorId] ?? []), ok.spread];
    }
    return {
      id: version.id,
      number: version.number,
      state: version.state,
      sentAt: version.sentAt,
      viewedAt: version.viewedAt,
      answeredAt: version.answeredAt,
      lastActivityAt: version.lastActivityAt,
      spreads: own.flatMap((s) => {
        const image = images.get(s.id);
        if (!image) return [];
        return [
          {
            number: s.number,
            image,
            fileName: s.fileName,
            sha256: s.sha256,
            changed: previous !== undefined && before.get(s.number) !== s.sha256,
            watermark: s.watermark,
          },
        ];
      }),
      comments: comments.filter((c) => c.versionId === version.id).map((c) => commentView(c, numbers)),
      oks: okBy,
      approval: approvals.get(version.id) ?? null,
      answers: comments.filter((c) => c.answeredIn === version.id).map((c) => commentView(c, numbers)),
    };
  });
  return views;
}

// --- The couple's side ---------------------------------------------------------------------

/** Who in the gallery is acting: their id among its people, and their name as they gave it. */
export interface Person {
  visitorId: number;
  name: string;
}

/** The album's newest sent version, the one the couple answers; refused when it is not `versionId`. */
async function currentVersion(db: Database, audience: GalleryAudience, albumId: number, versionId: number) {
  const [current] = await readVersions(db, audience, audience.galleryId, albumId);
  if (!current) throw NOT_FOUND();
  if (current.id !== versionId) throw NOT_CURRENT();
  if (current.state === "approved") throw LOCKED();
  return current;
}

/** The couple opened the album: the studio sees "viewed" and the last activity. */
export async function markViewed(db: Database, galleryId: number, albumId: number, now = new Date()): Promise<void> {
  const [current] = await readVersions(db, galleryAudience(galleryId), galleryId, albumId);
  if (!current || current.viewedAt !== null) return;
  await touchVersion(db, current.id, now, { viewed: true });
}

export interface NewComment {
  spread: number;
  x: number | null;
  y: number | null;
  text: string;
  swapPhotoId: number | null;
}

/** Checks a comment's fields; the refusals name what is wrong. */
export function checkComment(input: NewComment, spreadCount: number): NewComment {
  const text = input.text.trim();
  if (!Number.isSafeInteger(input.spread) || input.spread < 1)
    throw new ProofingRefusal(422, "Choose a spread to comment on.");
  if (text === "" && input.swapPhotoId === null)
    throw new ProofingRefusal(422, "Write what to change, or choose a photo to swap in.");
  if (text.length > COMMENT_MAX_CHARS)
    throw new ProofingRefusal(422, `A comment is at most ${COMMENT_MAX_CHARS} characters.`);
  const inside = (v: number | null) => v === null || (Number.isFinite(v) && v >= 0 && v <= 1);
  if (!inside(input.x) || !inside(input.y) || (input.x === null) !== (input.y === null))
    throw new ProofingRefusal(422, "That spot is not on the spread.");
  if (spreadCount > 0 && input.spread > spreadCount) throw new ProofingRefusal(422, "There is no such spread.");
  return { ...input, text };
}

export async function addComment(
  db: Database,
  galleryId: number,
  albumId: number,
  versionId: number,
  person: Person,
  input: NewComment,
  now = new Date(),
): Promise<number> {
  const audience = galleryAudience(galleryId);
  await currentVersion(db, audience, albumId, versionId);
  const spreads = await readSpreads(db, audience, [versionId]);
  const comment = checkComment(input, 0);
  if (!spreads.some((s) => s.number === comment.spread)) throw new ProofingRefusal(422, "There is no such spread.");
  if (comment.swapPhotoId !== null && (await visiblePhotoSet(db, audience, comment.swapPhotoId)) === null)
    throw new ProofingRefusal(422, "That photo is not in this gallery.");
  return insertComment(
    db,
    {
      versionId,
      spread: comment.spread,
      x: comment.x,
      y: comment.y,
      visitorId: person.visitorId,
      author: person.name,
      text: comment.text,
      swapPhotoId: comment.swapPhotoId,
    },
    now,
  );
}

/** A person takes back a comment of theirs the studio has not resolved yet. */
export async function removeComment(
  db: Database,
  galleryId: number,
  albumId: number,
  versionId: number,
  person: Person,
  commentId: number,
): Promise<void> {
  await currentVersion(db, galleryAudience(galleryId), albumId, versionId);
  if (!(await deleteComment(db, commentId, person.visitorId)))
    throw new ProofingRefusal(404, "That comment is not yours to remove, or the studio has already answered it.");
}

export async function markSpreadOk(
  db: Database,
  galleryId: number,
  albumId: number,
  versionId: number,
  person: Person,
  spread: number,
  ok: boolean,
  now = new Date(),
): Promise<void> {
  const audience = galleryAudience(galleryId);
  await currentVersion(db, audience, albumId, versionId);
  const spreads = await readSpreads(db, audience, [versionId]);
  if (!spreads.some((s) => s.number === spread)) throw new ProofingRefusal(422, "There is no such spread.");
  await setSpreadOk(db, { versionId, spread, visitorId: person.visitorId }, ok, now);
}

/** The couple sends their comments to the studio. */
export async function sendChanges(
  db: Database,
  galleryId: number,
  albumId: number,
  versionId: number,
  now = new Date(),
): Promise<void> {
  const audience = galleryAudience(galleryId);
  const current = await currentVersion(db, audience, albumId, versionId);
  const comments = await readComments(db, audience, [versionId]);
  if (comments.length === 0) throw new ProofingRefusal(422, "There are no comments to send: tap a spread to pin one.");
  if (current.state === "changes") return;
  await inTransaction(db, async (trx) => {
    if (!(await moveVersion(trx, versionId, ["sent"], "changes", now))) throw NOT_CURRENT();
    await queueAlbumMails(trx, ["album-changes"], { galleryId, albumVersionId: versionId }, now);
  });
}

/** Approval needs a name typed as its signature. */
export function approvalName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, " ");
  if (name === "") throw new ProofingRefusal(422, "Type your name to approve the album.");
  if (name.length > NAME_MAX_CHARS) throw new ProofingRefusal(422, `A name is at most ${NAME_MAX_CHARS} characters.`);
  return name;
}

/** Approves the version: its spreads' hashes, the typed name, the time and the address are kept. */
export async function approveVersion(
  db: Database,
  galleryId: number,
  albumId: number,
  versionId: number,
  person: Person,
  approval: { name: string; address: string },
  now = new Date(),
): Promise<ApprovalRow> {
  const audience = galleryAudience(galleryId);
  await currentVersion(db, audience, albumId, versionId);
  const name = approvalName(approval.name);
  const spreads = await readSpreads(db, audience, [versionId]);
  const row: ApprovalRow = {
    versionId,
    visitorId: person.visitorId,
    name,
    address: approval.address,
    spreads: spreads.map((s) => ({ number: s.number, sha256: s.sha256 })),
    approvedAt: now.toISOString(),
  };
  await inTransaction(db, async (trx) => {
    if (!(await insertApproval(trx, row, now))) throw LOCKED();
    await queueAlbumMails(
      trx,
      ["album-approved", "album-approved-client"],
      { galleryId, albumVersionId: versionId },
      now,
    );
  });
  return row;
}
