// The contact form's settings in one place. Today they come from the environment; when the
// admin has studio settings, this is the one function to change.

import { getStudio } from "../content/queries.server.ts";
import type { Database } from "../db/db.server.ts";
import { readEnv } from "../env.server.ts";
import type { MailAddresses } from "./mail.server.ts";

export interface InquirySettings {
  /** Mail is off without an SMTP server: inquiries are only stored. */
  smtpUrl: string | undefined;
  /** Send the visitor a short acknowledgement. */
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

/** INQUIRY_TO, else the studio's first e-mail address; MAIL_FROM, else the same address. */
export async function mailAddresses(db: Database): Promise<MailAddresses | undefined> {
  const { inquiries } = readEnv();
  const studio = inquiries.inquiryTo ?? (await getStudio(db))?.emails[0];
  if (!studio) return undefined;
  return { studio, from: inquiries.mailFrom ?? studio };
}

export async function studioName(db: Database): Promise<string> {
  return (await getStudio(db))?.name ?? "the studio";
}
