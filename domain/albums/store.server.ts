// Every query on the album tables (issue 32, ADR 045). The rules (who may do what to which
// version) are proofing.server.ts's; this module only reads and writes, and every read that is not
// the studio's goes through the audience rule, so the couple's reads cannot reach a draft.
import { sql } from "kysely";
import { type Database, inTransaction } from "../../platform/db/db.server.ts";
import type { AlbumVersionState } from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import {
  type Audience,
  albumVersionVisibleTo,
  type GalleryAudience,
  type StudioAudience,
} from "../catalog/audience.server.ts";
import type { Titles } from "../catalog/localized.ts";
import type { SpreadPlan } from "../media/constants.ts";
import type { Watermark } from "../media/pipeline.server.ts";

export type { AlbumVersionState };

/** An album's title and its optional Tamil version (migration 0029). */
export interface AlbumRow extends Titles {
  id: number;
  galleryId: number;
  position: number;
}

export interface VersionRow {
  id: number;
  albumId: number;
  galleryId: number;
  number: number;
  state: AlbumVersionState;
  createdAt: string;
  sentAt: string | null;
  viewedAt: string | null;
  answeredAt: string | null;
  remindedAt: string | null;
  lastActivityAt: string;
}

export interface SpreadRow {
  id: number;
  versionId: number;
  number: number;
  assetId: number;
  fileName: string;
  sha256: string;
  /** Which files it was made with (planSpreadVariants). */
  plan: SpreadPlan;
  /** The watermark its files carry: its gallery's when it was made (null: none). */
  watermark: Watermark | null;
}

export interface CommentRow {
  id: number;
  versionId: number;
  spread: number;
  x: number | null;
  y: number | null;
  visitorId: number | null;
  author: string;
  text: string;
  swapPhotoId: number | null;
  createdAt: string;
  resolvedAt: string | null;
  answeredIn: number | null;
}

export interface OkRow {
  versionId: number;
  spread: number;
  visitorId: number;
}

export interface ApprovalRow {
  versionId: number;
  visitorId: number | null;
  name: string;
  address: string;
  /** Each spread's number and the SHA-256 of its uploaded file, as approved. */
  spreads: { number: number; sha256: string }[];
  approvedAt: string;
}

/** The couple's (one gallery's link) or the studio's. */
export type AlbumAudience = GalleryAudience | StudioAudience;

export async function insertAlbum(
  db: Database,
  galleryId: number,
  { title, titleTa }: Titles,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("albums")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("gallery_id", "=", galleryId)
      .executeTakeFirst();
    const row = await trx
      .insertInto("albums")
      .values({
        gallery_id: galleryId,
        title,
        title_ta: titleTa,
        position: Number(last?.position ?? -1) + 1,
        created_at: toStoredTime(now),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

export async function renameAlbum(db: Database, albumId: number, { title, titleTa }: Titles): Promise<void> {
  await db.updateTable("albums").set({ title, title_ta: titleTa }).where("id", "=", albumId).execute();
}

export async function deleteAlbum(db: Database, albumId: number): Promise<void> {
  await db.deleteFrom("albums").where("id", "=", albumId).execute();
}

/** A gallery's albums in order; the couple's only those with a version sent. */
export async function readAlbums(db: Database, audience: AlbumAudience, galleryId: number): Promise<AlbumRow[]> {
  let query = db
    .selectFrom("albums")
    .select(["albums.id", "albums.gallery_id", "albums.title", "albums.title_ta", "albums.position"])
    .where("albums.gallery_id", "=", galleryId)
    .orderBy("albums.position");
  if (audience.kind !== "studio")
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("album_versions")
          .select("album_versions.id")
          .whereRef("album_versions.album_id", "=", "albums.id")
          .where(albumVersionVisibleTo(audience)),
      ),
    );
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    galleryId: r.gallery_id,
    title: r.title,
    titleTa: r.title_ta,
    position: r.position,
  }));
}

function versionQuery(db: Database, audience: Audience) {
  return db
    .selectFrom("album_versions")
    .innerJoin("albums", "albums.id", "album_versions.album_id")
    .select([
      "album_versions.id",
      "album_versions.album_id",
      "albums.gallery_id",
      "album_versions.number",
      "album_versions.state",
      "album_versions.created_at",
      "album_versions.sent_at",
      "album_versions.viewed_at",
      "album_versions.answered_at",
      "album_versions.reminded_at",
      "album_versions.last_activity_at",
    ])
    .where(albumVersionVisibleTo(audience));
}

type VersionSelect = Awaited<ReturnType<ReturnType<typeof versionQuery>["execute"]>>[number];

function toVersion(r: VersionSelect): VersionRow {
  return {
    id: r.id,
    albumId: r.album_id,
    galleryId: r.gallery_id,
    number: r.number,
    state: r.state,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    viewedAt: r.viewed_at,
    answeredAt: r.answered_at,
    remindedAt: r.reminded_at,
    lastActivityAt: r.last_activity_at,
  };
}

/** An album's versions the audience may see, newest first; `galleryId` keeps an album id to its gallery. */
export async function readVersions(
  db: Database,
  audience: AlbumAudience,
  galleryId: number,
  albumId: number,
): Promise<VersionRow[]> {
  const rows = await versionQuery(db, audience)
    .where("albums.gallery_id", "=", galleryId)
    .where("album_versions.album_id", "=", albumId)
    .orderBy("album_versions.number", "desc")
    .execute();
  return rows.map(toVersion);
}

/** The newest version of each of these albums the audience may see. */
export async function readLatestVersions(
  db: Database,
  audience: AlbumAudience,
  albumIds: readonly number[],
): Promise<Map<number, VersionRow>> {
  const found = new Map<number, VersionRow>();
  if (albumIds.length === 0) return found;
  const rows = await versionQuery(db, audience)
    .where("album_versions.album_id", "in", [...albumIds])
    .orderBy("album_versions.number", "desc")
    .execute();
  for (const r of rows) if (!found.has(r.album_id)) found.set(r.album_id, toVersion(r));
  return found;
}

export async function readVersion(db: Database, audience: Audience, versionId: number): Promise<VersionRow | null> {
  const row = await versionQuery(db, audience).where("album_versions.id", "=", versionId).executeTakeFirst();
  return row ? toVersion(row) : null;
}

/**
 * A new version of the album, a draft: empty, or a copy of `copyOf`'s spreads, in one transaction.
 * Null when the album has a draft already, or another started one at the same moment (the one-draft
 * index and the unique number refuse the second; on PostgreSQL it waits for the first to commit).
 */
export async function insertVersion(
  db: Database,
  albumId: number,
  now: Date,
  copyOf: number | null = null,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("album_versions")
      .select((eb) => eb.fn.max("number").as("number"))
      .where("album_id", "=", albumId)
      .executeTakeFirst();
    const at = toStoredTime(now);
    const row = await trx
      .insertInto("album_versions")
      .values({ album_id: albumId, number: Number(last?.number ?? 0) + 1, created_at: at, last_activity_at: at })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) return null;
    const id = Number(row.id);
    if (copyOf !== null) await copySpreads(trx, copyOf, id);
    return id;
  });
}

/** Moves a version from one state to another; false when it was no longer in `from` (a race lost). */
export async function moveVersion(
  db: Database,
  versionId: number,
  from: readonly AlbumVersionState[],
  to: AlbumVersionState,
  now: Date,
): Promise<boolean> {
  const at = toStoredTime(now);
  const result = await db
    .updateTable("album_versions")
    .set({
      state: to,
      last_activity_at: at,
      ...(to === "sent" ? { sent_at: at } : {}),
      ...(to === "changes" || to === "approved" ? { answered_at: at } : {}),
    })
    .where("id", "=", versionId)
    .where("state", "in", [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function touchVersion(db: Database, versionId: number, now: Date, mark: { viewed?: boolean } = {}) {
  const at = toStoredTime(now);
  let query = db.updateTable("album_versions").set({ last_activity_at: at }).where("id", "=", versionId);
  if (mark.viewed) query = query.set({ viewed_at: sql<string>`coalesce(viewed_at, ${at})` });
  await query.execute();
}

/**
 * Versions sent and unanswered with no activity since before `quietSince`, not reminded yet: the
 * reminders' candidates (whether their couple can be reached is the gallery's to say).
 */
export async function versionsAwaitingAnswer(db: Database, quietSince: Date): Promise<VersionRow[]> {
  const rows = await versionQuery(db, { kind: "studio" })
    .where("album_versions.state", "=", "sent")
    .where("album_versions.reminded_at", "is", null)
    .where("album_versions.last_activity_at", "<", toStoredTime(quietSince))
    .orderBy("album_versions.id")
    .execute();
  return rows.map(toVersion);
}

/**
 * Marks a version reminded, once: false when it was answered or reminded meanwhile (another
 * sender's round). A reminder is not the couple's activity: last_activity_at stays.
 */
export async function markReminded(db: Database, versionId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("album_versions")
    .set({ reminded_at: toStoredTime(now) })
    .where("id", "=", versionId)
    .where("state", "=", "sent")
    .where("reminded_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What an album mail says of its version: its album and its answer (the gallery's facts are the galleries module's). */
export interface VersionForMail {
  id: number;
  number: number;
  albumId: number;
  albumTitle: string;
  /** The album's title in Tamil (migration 0029): a Tamil couple's mails use it when the studio wrote one. */
  albumTitleTa: string | null;
  galleryId: number;
  lastActivityAt: string;
  remindedAt: string | null;
  comments: number;
  approval: { name: string; approvedAt: string } | null;
}

/** The versions album mails are about, by id; a version gone (its album or gallery deleted) is absent. */
export async function versionsForMail(
  db: Database,
  versionIds: readonly number[],
): Promise<Map<number, VersionForMail>> {
  const found = new Map<number, VersionForMail>();
  if (versionIds.length === 0) return found;
  const rows = await db
    .selectFrom("album_versions")
    .innerJoin("albums", "albums.id", "album_versions.album_id")
    .leftJoin("album_approvals", "album_approvals.version_id", "album_versions.id")
    .select((eb) => [
      "album_versions.id",
      "album_versions.number",
      "album_versions.album_id",
      "album_versions.last_activity_at",
      "album_versions.reminded_at",
      "albums.title as album_title",
      "albums.title_ta as album_title_ta",
      "albums.gallery_id",
      "album_approvals.name as approved_by",
      "album_approvals.approved_at",
      eb
        .selectFrom("album_comments")
        .select((c) => c.fn.countAll<number>().as("n"))
        .whereRef("album_comments.version_id", "=", "album_versions.id")
        .as("comments"),
    ])
    .where("album_versions.id", "in", [...versionIds])
    .execute();
  for (const r of rows)
    found.set(r.id, {
      id: r.id,
      number: r.number,
      albumId: r.album_id,
      albumTitle: r.album_title,
      albumTitleTa: r.album_title_ta,
      galleryId: r.gallery_id,
      lastActivityAt: r.last_activity_at,
      remindedAt: r.reminded_at,
      comments: Number(r.comments ?? 0),
      approval:
        r.approved_by !== null && r.approved_at !== null ? { name: r.approved_by, approvedAt: r.approved_at } : null,
    });
  return found;
}

export async function readSpreads(
  db: Database,
  audience: AlbumAudience,
  versionIds: readonly number[],
): Promise<SpreadRow[]> {
  if (versionIds.length === 0) return [];
  const rows = await db
    .selectFrom("album_spreads")
    .innerJoin("album_versions", "album_versions.id", "album_spreads.version_id")
    .innerJoin("albums", "albums.id", "album_versions.album_id")
    .select([
      "album_spreads.id",
      "album_spreads.version_id",
      "album_spreads.number",
      "album_spreads.asset_id",
      "album_spreads.file_name",
      "album_spreads.sha256",
      "album_spreads.plan",
      "album_spreads.watermark_text",
      "album_spreads.watermark_position",
      "album_spreads.watermark_opacity",
    ])
    .where("album_spreads.version_id", "in", [...versionIds])
    .where(albumVersionVisibleTo(audience))
    .orderBy("album_spreads.version_id")
    .orderBy("album_spreads.number")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    versionId: r.version_id,
    number: r.number,
    assetId: r.asset_id,
    fileName: r.file_name,
    sha256: r.sha256,
    plan: r.plan === 1 ? 1 : 2,
    watermark:
      r.watermark_text === ""
        ? null
        : { text: r.watermark_text, position: r.watermark_position, opacityPercent: r.watermark_opacity },
  }));
}

/** A spread's mark as its row keeps it ('' for none). */
function markColumns(watermark: Watermark | null) {
  return {
    watermark_text: watermark?.text ?? "",
    watermark_position: watermark?.position ?? "bottom-right",
    watermark_opacity: watermark?.opacityPercent ?? 40,
  } as const;
}

/** The spreads say their files now carry `watermark`, made with `plan` (marked again). */
export async function setSpreadsMark(
  db: Database,
  spreadIds: readonly number[],
  plan: SpreadPlan,
  watermark: Watermark | null,
): Promise<void> {
  if (spreadIds.length === 0) return;
  await db
    .updateTable("album_spreads")
    .set({ plan, ...markColumns(watermark) })
    .where("id", "in", [...spreadIds])
    .execute();
}

/** The spread an upload already made, so a retried upload is one spread. */
export async function spreadOfUpload(db: Database, uploadId: string): Promise<number | undefined> {
  const row = await db.selectFrom("album_spreads").select("id").where("upload_id", "=", uploadId).executeTakeFirst();
  return row?.id;
}

/** Puts a spread at its number in a draft, replacing what was there (a corrected export). */
export async function putSpread(
  db: Database,
  spread: {
    versionId: number;
    number: number;
    assetId: number;
    fileName: string;
    sha256: string;
    uploadId: string | null;
    plan: SpreadPlan;
    watermark: Watermark | null;
  },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("album_spreads")
      .values({
        version_id: spread.versionId,
        number: spread.number,
        asset_id: spread.assetId,
        file_name: spread.fileName,
        sha256: spread.sha256,
        upload_id: spread.uploadId,
        plan: spread.plan,
        ...markColumns(spread.watermark),
      })
      // A spread uploaded again under its number takes its place, even two at once.
      .onConflict((oc) =>
        oc.columns(["version_id", "number"]).doUpdateSet((eb) => ({
          asset_id: eb.ref("excluded.asset_id"),
          file_name: eb.ref("excluded.file_name"),
          sha256: eb.ref("excluded.sha256"),
          upload_id: eb.ref("excluded.upload_id"),
          plan: eb.ref("excluded.plan"),
          watermark_text: eb.ref("excluded.watermark_text"),
          watermark_position: eb.ref("excluded.watermark_position"),
          watermark_opacity: eb.ref("excluded.watermark_opacity"),
        })),
      )
      .execute();
    await trx
      .updateTable("album_versions")
      .set({ last_activity_at: toStoredTime(now) })
      .where("id", "=", spread.versionId)
      .execute();
  });
}

export async function deleteSpread(db: Database, versionId: number, number: number): Promise<void> {
  await db.deleteFrom("album_spreads").where("version_id", "=", versionId).where("number", "=", number).execute();
}

/** What a new draft copies of each spread before it: all but its id, its version and its upload. */
const COPIED_SPREAD_COLUMNS = [
  "number",
  "asset_id",
  "file_name",
  "sha256",
  "plan",
  "watermark_text",
  "watermark_position",
  "watermark_opacity",
] as const;

/** A new draft starts as the version before it: the same spreads (and files), which the studio then replaces. */
async function copySpreads(db: Database, fromVersionId: number, toVersionId: number): Promise<void> {
  await db
    .insertInto("album_spreads")
    .columns(["version_id", ...COPIED_SPREAD_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom("album_spreads")
        .select([sql.lit(toVersionId).as("version_id"), ...COPIED_SPREAD_COLUMNS])
        .where("version_id", "=", fromVersionId),
    )
    .execute();
}

export async function insertComment(
  db: Database,
  comment: Omit<CommentRow, "id" | "createdAt" | "resolvedAt" | "answeredIn">,
  now: Date,
): Promise<number> {
  const at = toStoredTime(now);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("album_comments")
      .values({
        version_id: comment.versionId,
        spread: comment.spread,
        x: comment.x,
        y: comment.y,
        visitor_id: comment.visitorId,
        author: comment.author,
        text: comment.text,
        swap_photo_id: comment.swapPhotoId,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.updateTable("album_versions").set({ last_activity_at: at }).where("id", "=", comment.versionId).execute();
    return Number(row.id);
  });
}

export async function deleteComment(db: Database, commentId: number, visitorId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("album_comments")
    .where("id", "=", commentId)
    .where("visitor_id", "=", visitorId)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Comments on these versions, in the order they were made. */
export async function readComments(
  db: Database,
  audience: AlbumAudience,
  versionIds: readonly number[],
): Promise<CommentRow[]> {
  if (versionIds.length === 0) return [];
  const rows = await db
    .selectFrom("album_comments")
    .innerJoin("album_versions", "album_versions.id", "album_comments.version_id")
    .innerJoin("albums", "albums.id", "album_versions.album_id")
    .selectAll("album_comments")
    .where("album_comments.version_id", "in", [...versionIds])
    .where(albumVersionVisibleTo(audience))
    .orderBy("album_comments.spread")
    .orderBy("album_comments.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    versionId: r.version_id,
    spread: r.spread,
    x: r.x,
    y: r.y,
    visitorId: r.visitor_id,
    author: r.author,
    text: r.text,
    swapPhotoId: r.swap_photo_id,
    createdAt: r.created_at,
    resolvedAt: r.resolved_at,
    answeredIn: r.answered_in,
  }));
}

/** The studio marks a comment done (or not); `versionIds` keeps the id to the album it looks at. */
export async function setCommentResolved(
  db: Database,
  commentId: number,
  versionIds: readonly number[],
  resolved: boolean,
  now: Date,
): Promise<boolean> {
  if (versionIds.length === 0) return false;
  const result = await db
    .updateTable("album_comments")
    .set({ resolved_at: resolved ? toStoredTime(now) : null })
    .where("id", "=", commentId)
    .where("version_id", "in", [...versionIds])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sending a version answers the comments resolved before it that no version answered yet. */
export async function answerResolvedComments(db: Database, albumId: number, versionId: number): Promise<number> {
  const result = await db
    .updateTable("album_comments")
    .set({ answered_in: versionId })
    .where("resolved_at", "is not", null)
    .where("answered_in", "is", null)
    .where("version_id", "in", (eb) =>
      eb.selectFrom("album_versions").select("id").where("album_id", "=", albumId).where("id", "<>", versionId),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setSpreadOk(db: Database, ok: OkRow, on: boolean, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("album_spread_oks")
      .where("version_id", "=", ok.versionId)
      .where("spread", "=", ok.spread)
      .where("visitor_id", "=", ok.visitorId)
      .execute();
    const at = toStoredTime(now);
    if (on)
      await trx
        .insertInto("album_spread_oks")
        .values({ version_id: ok.versionId, spread: ok.spread, visitor_id: ok.visitorId, marked_at: at })
        .execute();
    await trx.updateTable("album_versions").set({ last_activity_at: at }).where("id", "=", ok.versionId).execute();
  });
}

export async function readOks(db: Database, audience: AlbumAudience, versionIds: readonly number[]): Promise<OkRow[]> {
  if (versionIds.length === 0) return [];
  const rows = await db
    .selectFrom("album_spread_oks")
    .innerJoin("album_versions", "album_versions.id", "album_spread_oks.version_id")
    .innerJoin("albums", "albums.id", "album_versions.album_id")
    .select(["album_spread_oks.version_id", "album_spread_oks.spread", "album_spread_oks.visitor_id"])
    .where("album_spread_oks.version_id", "in", [...versionIds])
    .where(albumVersionVisibleTo(audience))
    .execute();
  return rows.map((r) => ({ versionId: r.version_id, spread: r.spread, visitorId: r.visitor_id }));
}

/** Approves a sent version in one step: its state and its record, or neither (a race lost: false). */
export async function insertApproval(db: Database, approval: ApprovalRow, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const at = toStoredTime(now);
    const moved = await trx
      .updateTable("album_versions")
      .set({ state: "approved", answered_at: at, last_activity_at: at })
      .where("id", "=", approval.versionId)
      .where("state", "in", ["sent", "changes"])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto("album_approvals")
      .values({
        version_id: approval.versionId,
        visitor_id: approval.visitorId,
        name: approval.name,
        address: approval.address,
        spreads: JSON.stringify(approval.spreads),
        approved_at: approval.approvedAt,
      })
      .execute();
    return true;
  });
}

export async function readApprovals(
  db: Database,
  audience: AlbumAudience,
  versionIds: readonly number[],
): Promise<Map<number, ApprovalRow>> {
  const found = new Map<number, ApprovalRow>();
  if (versionIds.length === 0) return found;
  const rows = await db
    .selectFrom("album_approvals")
    .innerJoin("album_versions", "album_versions.id", "album_approvals.version_id")
    .innerJoin("albums", "albums.id", "album_versions.album_id")
    .selectAll("album_approvals")
    .where("album_approvals.version_id", "in", [...versionIds])
    .where(albumVersionVisibleTo(audience))
    .execute();
  for (const r of rows)
    found.set(r.version_id, {
      versionId: r.version_id,
      visitorId: r.visitor_id,
      name: r.name,
      address: r.address,
      spreads: JSON.parse(r.spreads) as ApprovalRow["spreads"],
      approvedAt: r.approved_at,
    });
  return found;
}
