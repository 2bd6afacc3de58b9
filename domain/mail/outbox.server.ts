// The mail outbox (ADR 009, 018, 038): every mail the studio sends is a row of mail_outbox until
// the mail server accepts it, whatever it is about: an inquiry (to the studio, and the visitor's
// acknowledgement) or a client gallery (ready, a list submitted, the link about to expire). This
// module owns the table: no other module's code names it in a query. A mail is queued in the
// transaction that causes it, so it is never lost nor sent for something that did not happen,
// and queuing wakes the sender (sender.server.ts) once that transaction commits.
//
// A claim is one UPDATE … RETURNING (atomic in SQLite; FOR UPDATE SKIP LOCKED on PostgreSQL, so
// no row is handed to two senders, even across instances) that leases rows until claimed_until;
// that time also names the claim, so a hand-back from a claim that ran out touches nothing.
import { wakeWorkers } from "../../platform/background.server.ts";
import { afterCommit } from "../../platform/db/after-commit.server.ts";
import { type Database, skippingLocked } from "../../platform/db/db.server.ts";
import type { AlbumMailKind, InquiryMailKind, MailKind } from "../../platform/db/schema.server.ts";
import { MINUTE_MS, toStoredTime } from "../../platform/time.ts";

export type { AlbumMailKind, InquiryMailKind, MailKind };

/** A mail about an inquiry: to the studio, or the visitor's acknowledgement. */
export interface InquiryMail {
  kind: InquiryMailKind;
  inquiryId: number;
}

/** A mail about a client gallery; a submitted selection's names its list. */
export type GalleryMail =
  | { kind: "gallery-ready" | "expiry-reminder"; galleryId: number }
  | { kind: "selection-submitted"; galleryId: number; listId: number };

/** A mail about a version of a gallery's album (issue 32): sent, answered, approved, waiting. */
export interface AlbumMail {
  kind: AlbumMailKind;
  galleryId: number;
  albumVersionId: number;
}

export type OutboxMail = InquiryMail | GalleryMail | AlbumMail;

/** Each kind once: a new one is added here, in the schema's MailKind and in the table's check (a migration). */
const KINDS: Record<MailKind, true> = {
  studio: true,
  ack: true,
  "gallery-ready": true,
  "selection-submitted": true,
  "expiry-reminder": true,
  "album-sent": true,
  "album-changes": true,
  "album-approved": true,
  "album-approved-client": true,
  "album-reminder": true,
};
export const MAIL_KINDS = Object.keys(KINDS) as MailKind[];
const ALBUM_KINDS: ReadonlySet<MailKind> = new Set(MAIL_KINDS.filter((kind) => kind.startsWith("album-")));

/** What the sender is woken by (platform/background.server.ts: wakeWorkers). */
export const MAIL_QUEUE = "mail";
/** Rows claimed at once; a burst is worked through claim after claim. */
export const OUTBOX_BATCH_SIZE = 20;
/** A claim outlives the slowest send (SMTP timeouts are 10 s + 30 s, smtp.server.ts) with room to spare. */
export const OUTBOX_CLAIM_MS = 2 * MINUTE_MS;
/** The longest last_error kept: a mail server's answer can run long. */
const ERROR_MAX_CHARS = 500;

function isAlbumKind(kind: MailKind): kind is AlbumMailKind {
  return ALBUM_KINDS.has(kind);
}

function rowOf(mail: OutboxMail, at: string) {
  // The types say so; this says so to a caller the types do not reach.
  if ((mail.kind === "selection-submitted") !== ("listId" in mail && mail.listId !== undefined))
    throw new Error("a selection-submitted mail, and only it, names its list");
  if (ALBUM_KINDS.has(mail.kind) !== ("albumVersionId" in mail && mail.albumVersionId !== undefined))
    throw new Error("an album mail, and only it, names its album version");
  const about =
    "inquiryId" in mail
      ? { inquiry_id: mail.inquiryId }
      : {
          gallery_id: mail.galleryId,
          list_id: "listId" in mail ? mail.listId : null,
          album_version_id: "albumVersionId" in mail ? mail.albumVersionId : null,
        };
  return { ...about, kind: mail.kind, next_attempt_at: at };
}

/** Queues mails, due at `now`, and wakes the sender once they are committed; returns their ids in order. */
export async function enqueueMail(
  db: Database,
  mails: OutboxMail | readonly OutboxMail[],
  now = new Date(),
): Promise<number[]> {
  const all: readonly OutboxMail[] = Array.isArray(mails) ? mails : [mails as OutboxMail];
  if (all.length === 0) return [];
  const at = toStoredTime(now);
  const ids: number[] = [];
  // One row at a time: RETURNING is in the rows' order then on both engines, and a cause queues one or two.
  for (const mail of all)
    ids.push((await db.insertInto("mail_outbox").values(rowOf(mail, at)).returning("id").executeTakeFirstOrThrow()).id);
  await afterCommit(db, () => wakeWorkers(MAIL_QUEUE));
  return ids;
}

/** A claim's identity and lease. */
export interface MailClaim {
  id: number;
  attempts: number;
  /** The claim's end, which also tells this claim from a later one on the same row. */
  claimedUntil: string;
}

export type ClaimedMail = OutboxMail & MailClaim;

interface MailRow {
  kind: MailKind;
  inquiry_id: number | null;
  gallery_id: number | null;
  list_id: number | null;
  album_version_id: number | null;
}

/** A row as its typed mail; undefined for one the table's checks would not have let in. */
function mailOf({ kind, inquiry_id, gallery_id, list_id, album_version_id }: MailRow): OutboxMail | undefined {
  if (kind === "studio" || kind === "ack") return inquiry_id === null ? undefined : { kind, inquiryId: inquiry_id };
  if (gallery_id === null) return undefined;
  if (isAlbumKind(kind))
    return album_version_id === null ? undefined : { kind, galleryId: gallery_id, albumVersionId: album_version_id };
  if (kind === "selection-submitted")
    return list_id === null ? undefined : { kind, galleryId: gallery_id, listId: list_id };
  return { kind, galleryId: gallery_id };
}

/** Claims up to `limit` mails due at `now` and not claimed by another, until `until`, counting an attempt on each. */
export async function claimDueMails(
  db: Database,
  { now = new Date(), limit = OUTBOX_BATCH_SIZE, until = new Date(now.getTime() + OUTBOX_CLAIM_MS) } = {},
): Promise<ClaimedMail[]> {
  const at = toStoredTime(now);
  const claimedUntil = toStoredTime(until);
  const claimed = await db
    .updateTable("mail_outbox")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), claimed_until: claimedUntil }))
    .where(
      "id",
      "in",
      skippingLocked(
        db,
        db
          .selectFrom("mail_outbox")
          .select("id")
          .where("delivered_at", "is", null)
          .where("next_attempt_at", "<=", at)
          .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(limit),
      ),
    )
    .returning(["id", "kind", "attempts", "inquiry_id", "gallery_id", "list_id", "album_version_id"])
    .execute();
  return claimed
    .sort((a, b) => a.id - b.id)
    .flatMap((row) => {
      const mail = mailOf(row);
      return mail ? [{ ...mail, id: row.id, attempts: row.attempts, claimedUntil }] : [];
    });
}

export async function markDelivered(db: Database, id: number, now = new Date()): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ delivered_at: toStoredTime(now), claimed_until: null, last_error: null })
    .where("id", "=", id)
    .execute();
}

export async function markFailed(db: Database, id: number, error: string, nextAttemptAt: Date): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({
      last_error: error.slice(0, ERROR_MAX_CHARS),
      next_attempt_at: toStoredTime(nextAttemptAt),
      claimed_until: null,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * Hands claimed rows back untried: due again at once, their attempt not counted. Only rows
 * still under this claim (one that ran out may be another sender's by now).
 */
export async function releaseClaims(
  db: Database,
  mails: readonly Pick<MailClaim, "id" | "claimedUntil">[],
): Promise<void> {
  for (const mail of mails)
    await db
      .updateTable("mail_outbox")
      .set((eb) => ({ attempts: eb("attempts", "-", 1), claimed_until: null }))
      .where("id", "=", mail.id)
      .where("claimed_until", "=", mail.claimedUntil)
      .where("delivered_at", "is", null)
      .execute();
}

/** The undelivered mails waiting after an error containing `text`: due at `now` instead; returns how many. */
export async function dueNowAfterError(db: Database, text: string, now: Date): Promise<number> {
  const { numUpdatedRows } = await db
    .updateTable("mail_outbox")
    .set({ next_attempt_at: toStoredTime(now) })
    .where("delivered_at", "is", null)
    .where("next_attempt_at", ">", toStoredTime(now))
    .where("last_error", "like", `%${text}%`)
    .executeTakeFirst();
  return Number(numUpdatedRows);
}

/** Where one queued mail stands. */
export interface MailState {
  kind: MailKind;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  deliveredAt: string | null;
}

/**
 * The mails of these inquiries, oldest first, each with the inquiry it is about and its own id in
 * the outbox (what a drill's record of claims names it by).
 */
export async function mailsOfInquiries(
  db: Database,
  inquiryIds: readonly number[],
): Promise<(MailState & { id: number; kind: InquiryMailKind; inquiryId: number })[]> {
  if (inquiryIds.length === 0) return [];
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["id", "inquiry_id", "kind", "attempts", "next_attempt_at", "last_error", "delivered_at"])
    .where("inquiry_id", "in", inquiryIds)
    .orderBy("id")
    .execute();
  return rows.flatMap((m) =>
    // An inquiry's rows are always its kinds (a check of migration 0014 says so).
    m.inquiry_id !== null && (m.kind === "studio" || m.kind === "ack")
      ? [
          {
            id: m.id,
            inquiryId: m.inquiry_id,
            kind: m.kind,
            attempts: m.attempts,
            nextAttemptAt: m.next_attempt_at,
            lastError: m.last_error,
            deliveredAt: m.delivered_at,
          },
        ]
      : [],
  );
}

/** The gallery's latest mail of a kind, as queued or sent; undefined when it never had one. */
export async function lastMailOfGallery(db: Database, galleryId: number, kind: GalleryMail["kind"]) {
  return db
    .selectFrom("mail_outbox")
    .select(["id", "attempts", "last_error", "delivered_at", "next_attempt_at"])
    .where("gallery_id", "=", galleryId)
    .where("kind", "=", kind)
    .orderBy("id", "desc")
    .executeTakeFirst();
}
