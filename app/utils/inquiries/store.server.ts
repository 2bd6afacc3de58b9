// Storage first: an accepted inquiry and its outbox rows are written in one transaction before
// anything is sent, so a crash or a mail outage after this point loses nothing.
import { randomUUID } from "node:crypto";
import type { Database } from "../db/db.server.ts";
import type { InquiryMailKind } from "../db/schema.server.ts";
import type { Inquiry } from "./rules.ts";

export interface StoreOptions {
  /** The same-origin page the form was sent from. */
  page: string;
  /** Queue the visitor's acknowledgement too (only when they gave an e-mail address). */
  ack: boolean;
  now?: Date;
}

export async function storeInquiry(db: Database, inquiry: Inquiry, options: StoreOptions): Promise<number> {
  const createdAt = (options.now ?? new Date()).toISOString();
  const kinds: InquiryMailKind[] = options.ack && inquiry.email ? ["studio", "ack"] : ["studio"];
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("inquiries")
      .values({
        uid: randomUUID(),
        name: inquiry.name,
        phone: inquiry.phoneNumber,
        email: inquiry.email,
        message: inquiry.message,
        page: options.page,
        created_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("inquiry_mails")
      .values(kinds.map((kind) => ({ inquiry_id: id, kind, next_attempt_at: createdAt })))
      .execute();
    return id;
  });
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
  mails: {
    kind: InquiryMailKind;
    attempts: number;
    nextAttemptAt: string;
    lastError: string | null;
    deliveredAt: string | null;
  }[];
}

/** The newest inquiries first, each with the delivery state of its mails. */
export async function listInquiries(db: Database, { limit = 50 } = {}): Promise<StoredInquiry[]> {
  const rows = await db.selectFrom("inquiries").selectAll().orderBy("id", "desc").limit(limit).execute();
  if (rows.length === 0) return [];
  const mails = await db
    .selectFrom("inquiry_mails")
    .selectAll()
    .where(
      "inquiry_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    uid: r.uid,
    name: r.name,
    phone: r.phone,
    email: r.email,
    message: r.message,
    page: r.page,
    createdAt: r.created_at,
    mails: mails
      .filter((m) => m.inquiry_id === r.id)
      .map((m) => ({
        kind: m.kind,
        attempts: m.attempts,
        nextAttemptAt: m.next_attempt_at,
        lastError: m.last_error,
        deliveredAt: m.delivered_at,
      })),
  }));
}
