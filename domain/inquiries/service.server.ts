// What the contact form's action does with a submission: check the rules, drop bots quietly,
// apply the per-address limit, store the inquiry (once, however often it is sent) with its mails
// queued in the outbox, which wakes its sender (domain/mail).
import { isIPv6 } from "node:net";
import { type Database, getDb } from "../../platform/db/db.server.ts";
import type { RecipientLanguage } from "../../platform/db/schema.server.ts";
import { logger } from "../../platform/logger.server.ts";
import { createRateLimiter, type RateLimiter } from "../../platform/rate-limit.server.ts";
import { checkFillToken, issueFillToken } from "./fill-token.server.ts";
import {
  checkInquiry,
  FILL_TOKEN_FIELD,
  HONEYPOT_FIELD,
  type InquiryErrors,
  type InquiryValues,
  inquiryValues,
} from "./rules.ts";
import { acknowledgeVisitors, inquirySettings } from "./settings.server.ts";
import { storeNewInquiry } from "./store.server.ts";

export const RATE_WINDOW_MS = 60 * 60 * 1000;

export type SubmitOutcome =
  | { status: "sent" }
  | { status: "invalid"; errors: InquiryErrors; values: InquiryValues }
  /** The form was open so long that its token ran out: resend with the fresh one. */
  | { status: "expired"; values: InquiryValues; fillToken: string }
  | { status: "rate-limited"; retryAfterS: number; values: InquiryValues };

let limiter: RateLimiter | undefined;
let limiterFor: number | undefined;

function rateLimiter(perHour: number): RateLimiter {
  if (!limiter || limiterFor !== perHour) {
    limiter = createRateLimiter("contact-form", { limit: perHour, windowMs: RATE_WINDOW_MS });
    limiterFor = perHour;
  }
  return limiter;
}

/** An IPv6 address's first four groups: the /64 that one home or phone connection is given. */
const IPV6_SITE_GROUPS = 4;

/**
 * Whom the per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64,
 * since a visitor's provider hands out a whole /64 and any address in it is theirs to use.
 */
export function rateLimitKey(address: string): string {
  const plain = address.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(plain)) return address;
  const [head = "", tail] = plain.split("::");
  const groups = (part: string | undefined) =>
    part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : [];
  const front = groups(head);
  const back = groups(tail);
  const full = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill("0"), ...back];
  return `${full
    .slice(0, IPV6_SITE_GROUPS)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

export interface Submission {
  form: FormData;
  clientAddress: string;
  /** The same-origin page the form was sent from. */
  page: string;
  /** The contact page's language (issue 33): the visitor's acknowledgement is written in it. */
  language?: RecipientLanguage;
  db?: Database;
  now?: Date;
}

export async function submitInquiry({
  form,
  clientAddress,
  page,
  language,
  db = getDb(),
  now = new Date(),
}: Submission): Promise<SubmitOutcome> {
  const settings = inquirySettings();
  const values = inquiryValues(form);
  // Bots get the same answer as people, so they learn nothing; nothing is stored for them.
  if (String(form.get(HONEYPOT_FIELD) ?? "") !== "") {
    logger.info({ reason: "honeypot" }, "contact submission dropped as spam");
    return { status: "sent" };
  }
  // The rules come first: a person who writes fast still sees what to fix.
  const checked = checkInquiry(values);
  if (!checked.ok) return { status: "invalid", errors: checked.errors, values };
  const token = checkFillToken(String(form.get(FILL_TOKEN_FIELD) ?? ""), {
    now: now.getTime(),
    minFillMs: settings.minFillMs,
  });
  if (token === "invalid" || token === "too-fast") {
    const reason = token === "invalid" ? "missing or forged form token" : "sent too fast";
    logger.info({ reason }, "contact submission dropped as spam");
    return { status: "sent" };
  }
  if (token === "expired") return { status: "expired", values, fillToken: issueFillToken(now.getTime()) };
  const limit = await rateLimiter(settings.ratePerHour).hit(rateLimitKey(clientAddress));
  if (!limit.allowed) {
    logger.warn({ retryAfterS: limit.retryAfterS }, "contact form rate limit reached");
    return { status: "rate-limited", retryAfterS: limit.retryAfterS, values };
  }
  const id = await storeNewInquiry(db, checked.inquiry, { page, language, ack: await acknowledgeVisitors(db), now });
  if (id === null) {
    // The visitor sees the same success; the studio gets one copy.
    logger.info("the same inquiry again within minutes: stored once");
    return { status: "sent" };
  }
  logger.info({ inquiry: id }, "inquiry stored");
  return { status: "sent" };
}
