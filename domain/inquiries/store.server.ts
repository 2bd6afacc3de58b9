// Storage first: an accepted inquiry and its mails (queued in the outbox, domain/mail) are
// written in one transaction before anything is sent, so a crash or a mail outage after this
// point loses nothing; the outbox's sender is woken once it commits.
import { randomUUID } from "node:crypto";
import type { Database } from "../../platform/db/db.server.ts";
import type { InquiryMailKind, RecipientLanguage } from "../../platform/db/schema.server.ts";
import { storedTimeAfter, toStoredTime } from "../../platform/time.ts";
import { enqueueMail, mailsOfInquiries } from "../mail/outbox.server.ts";
import type { InquiryFilter, MailDelivery } from "./inbox.ts";
import type { Inquiry } from "./rules.ts";

export interface StoreOptions {
  /** The same-origin page the form was sent from. */
  page: string;
  /** Queue the visitor's acknowledgement too (only when they gave an e-mail address). */
  ack: boolean;
  /** The contact page's language, which the acknowledgement is written in; English if not said. */
  language?: RecipientLanguage;
  now?: Date;
}

/**
 * The same inquiry (every field alike) twice within this window is stored once: a submit button
 * pressed twice before the page answered, or a resend after a slow answer.
 */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export async function storeInquiry(db: Database, inquiry: Inquiry, options: StoreOptions): Promise<number> {
  return db.transaction().execute((trx) => insertInquiry(trx, inquiry, options));
}

/** Stores the inquiry unless the same one arrived within DUPLICATE_WINDOW_MS (then null). */
export async function storeNewInquiry(db: Database, inquiry: Inquiry, options: StoreOptions): Promise<number | null> {
  const since = storedTimeAfter(-DUPLICATE_WINDOW_MS, options.now);
  // One transaction: two copies arriving at once cannot both find the other missing.
  return db.transaction().execute(async (trx) => {
    const copy = await trx
      .selectFrom("inquiries")
      .select("id")
      .where("name", "=", inquiry.name)
      .where("phone", "=", inquiry.phoneNumber)
      .where("email", "=", inquiry.email)
      .where("message", "=", inquiry.message)
      .where("created_at", ">=", since)
      .executeTakeFirst();
    return copy ? null : insertInquiry(trx, inquiry, options);
  });
}

/** Writes the inquiry and its outbox rows; the caller holds the transaction. */
async function insertInquiry(trx: Database, inquiry: Inquiry, options: StoreOptions): Promise<number> {
  const createdAt = toStoredTime(options.now);
  const kinds: InquiryMailKind[] = options.ack && inquiry.email ? ["studio", "ack"] : ["studio"];
  const { id } = await trx
    .insertInto("inquiries")
    .values({
      uid: randomUUID(),
      name: inquiry.name,
      phone: inquiry.phoneNumber,
      email: inquiry.email,
      message: inquiry.message,
      page: options.page,
      language: options.language ?? "en",
      created_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Due as the inquiry arrives.
  await enqueueMail(
    trx,
    kinds.map((kind) => ({ kind, inquiryId: id })),
    new Date(createdAt),
  );
  return id;
}

/** The inquiries with these ids, as stored (what their mails are written from). */
export function inquiriesByIds(db: Database, ids: readonly number[]) {
  return db.selectFrom("inquiries").selectAll().where("id", "in", ids).execute();
}

/**
 * The inquiries whose message starts with `start`, oldest first, as stored: how a drill finds the
 * ones it posted among a studio's own.
 */
export async function inquiriesByMessageStart(db: Database, start: string) {
  const rows = await db
    .selectFrom("inquiries")
    .selectAll()
    .where("message", "like", `${start}%`)
    .orderBy("id")
    .execute();
  // LIKE narrows the rows (SQLite's ignores case, and _ matches any character): the start decides.
  return rows.filter((r) => r.message.startsWith(start));
}

export interface StoredMail {
  kind: InquiryMailKind;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  deliveredAt: string | null;
}

export interface StoredInquiry {
  id: number;
  uid: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  page: string;
  createdAt: string;
  /** When the studio marked it handled; null while it is open. */
  handledAt: string | null;
  /** When the inbox first showed it; null: unread. */
  seenAt: string | null;
  mails: StoredMail[];
}

export interface ListInquiriesOptions {
  limit?: number;
  /** Open (not yet handled), handled, or all of them. */
  filter?: InquiryFilter;
  /** Only inquiries older than this id: the next page after a page ending with it. */
  beforeId?: number;
}

/** The newest inquiries first, each with the delivery state of its mails. */
export async function listInquiries(
  db: Database,
  { limit = 50, filter = "all", beforeId }: ListInquiriesOptions = {},
): Promise<StoredInquiry[]> {
  let query = db.selectFrom("inquiries").selectAll().orderBy("id", "desc").limit(limit);
  if (filter === "open") query = query.where("handled_at", "is", null);
  if (filter === "handled") query = query.where("handled_at", "is not", null);
  if (beforeId !== undefined) query = query.where("id", "<", beforeId);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const mails = await mailsOfInquiries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    uid: r.uid,
    name: r.name,
    phone: r.phone,
    email: r.email,
    message: r.message,
    page: r.page,
    createdAt: r.created_at,
    handledAt: r.handled_at,
    seenAt: r.seen_at,
    mails: mails.filter((m) => m.inquiryId === r.id).map(({ inquiryId: _, id: _outboxId, ...mail }) => mail),
  }));
}

/**
 * Inquiries the inbox has not shown yet: the unread count beside "Inquiries" in the admin's menu
 * (counted once per request: app/utils/request-context.ts unseenInquiriesOf).
 */
export async function countUnseenInquiries(db: Database): Promise<number> {
  const row = await db
    .selectFrom("inquiries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("seen_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The inbox showed these to the studio: they are read (the first time is kept). */
export async function markInquiriesSeen(db: Database, ids: number[], now = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("inquiries")
    .set({ seen_at: toStoredTime(now) })
    .where("id", "in", ids)
    .where("seen_at", "is", null)
    .execute();
}

/**
 * Marks an inquiry handled (stamping the time) or open again; true when it changed. Marking a
 * handled inquiry handled again keeps its first time.
 */
export async function setInquiryHandled(
  db: Database,
  id: number,
  handled: boolean,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("inquiries")
    .set({ handled_at: handled ? toStoredTime(now) : null })
    .where("id", "=", id)
    .where("handled_at", handled ? "is" : "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Where one mail stands. With mail off (no SMTP server) nothing is sent, so a mail that was
 * never tried is "mail off" rather than waiting; one tried before mail was turned off still
 * shows its attempts.
 */
export function mailDelivery(mail: StoredMail, { mailOn }: { mailOn: boolean }): MailDelivery {
  if (mail.deliveredAt) return { state: "delivered", at: mail.deliveredAt, attempts: mail.attempts };
  if (mail.attempts > 0) {
    return { state: "retrying", attempts: mail.attempts, lastError: mail.lastError, nextAttemptAt: mail.nextAttemptAt };
  }
  return mailOn ? { state: "queued" } : { state: "mail-off" };
}
