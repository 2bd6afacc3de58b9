// What the admin's inbox and the server agree on (safe in the browser bundle): the filters and
// the delivery states a mail can be shown in.

export const INQUIRY_FILTERS = ["open", "handled", "all"] as const;
export type InquiryFilter = (typeof INQUIRY_FILTERS)[number];

/** A query-string value as a filter, or the given default. */
export function readInquiryFilter(value: string | null, fallback: InquiryFilter): InquiryFilter {
  return INQUIRY_FILTERS.find((f) => f === value) ?? fallback;
}

export type MailDelivery =
  | { state: "delivered"; at: string; attempts: number }
  | { state: "retrying"; attempts: number; lastError: string | null; nextAttemptAt: string }
  | { state: "queued" }
  | { state: "mail-off" };
