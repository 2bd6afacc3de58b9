// The contact form's settings in one place. Secrets and limits come from the environment;
// who receives inquiries and whether visitors are acknowledged are the studio's to choose in
// the admin: its value wins when set, and INQUIRY_TO / INQUIRY_ACK are the defaults. Both are
// read when they are used (recipients at each send, the acknowledgement when an inquiry is
// stored), so a change in the admin applies at once.

import type { Database } from "../../platform/db/db.server.ts";
import { readEnv } from "../../platform/env.server.ts";
import { getStudio } from "../catalog/public-pages.server.ts";
import { readStudioRow, studioNameIn } from "../catalog/read-model.server.ts";
import type { MailAddresses } from "../mail/smtp.server.ts";
import type { StudioNameIn } from "../mail/words.ts";

export interface InquirySettings {
  /** Mail is off without an SMTP server: inquiries are only stored. */
  smtpUrl: string | undefined;
  /** INQUIRY_ACK: the default for acknowledging visitors (see acknowledgeVisitors). */
  ack: boolean;
  ratePerHour: number;
  minFillMs: number;
  retryBaseMs: number;
}

export function inquirySettings(): InquirySettings {
  const { inquiries } = readEnv();
  return {
    smtpUrl: inquiries.smtpUrl,
    ack: inquiries.ack,
    ratePerHour: inquiries.ratePerHour,
    minFillMs: inquiries.minFillSeconds * 1000,
    retryBaseMs: inquiries.retryBaseSeconds * 1000,
  };
}

/** The recipients when the admin has chosen none: INQUIRY_TO, else the studio's first e-mail address. */
export async function inquiryRecipientDefault(db: Database): Promise<string | undefined> {
  return readEnv().inquiries.inquiryTo ?? (await getStudio(db))?.emails[0];
}

/** Who receives inquiries: the admin's addresses, else inquiryRecipientDefault. */
export async function inquiryRecipients(db: Database): Promise<string[]> {
  const row = await readStudioRow(db);
  const chosen: unknown = JSON.parse(row?.inquiry_to ?? "[]");
  if (Array.isArray(chosen) && chosen.length > 0) return chosen.map(String);
  const fallback = await inquiryRecipientDefault(db);
  return fallback ? [fallback] : [];
}

/** Whether a new inquiry's visitor gets an acknowledgement: the admin's choice, else INQUIRY_ACK. */
export async function acknowledgeVisitors(db: Database): Promise<boolean> {
  const row = await readStudioRow(db);
  const chosen = row?.inquiry_ack;
  return chosen === null || chosen === undefined ? readEnv().inquiries.ack : chosen === 1;
}

/** The inquiry recipients (see inquiryRecipients); MAIL_FROM, else the first recipient. */
export async function mailAddresses(db: Database): Promise<MailAddresses | undefined> {
  const to = await inquiryRecipients(db);
  const first = to[0];
  if (!first) return undefined;
  return { studio: to.join(", "), from: readEnv().inquiries.mailFrom ?? first };
}

/** The studio's name as each mail language signs it (the Tamil where the studio wrote one). */
export async function studioNames(db: Database): Promise<StudioNameIn> {
  const studio = await readStudioRow(db);
  return (language) => (studio ? studioNameIn(studio, language) : "the studio");
}
