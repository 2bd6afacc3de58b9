// The inbox as a CSV file for a spreadsheet: RFC 4180 quoting, CRLF line ends, a UTF-8 byte
// order mark (without it Excel reads UTF-8 as the local code page and mangles names), and no
// cell a spreadsheet would run as a formula.
import type { Database } from "../../platform/db/db.server.ts";
import type { InquiryFilter } from "./inbox.ts";
import { listInquiries, mailDelivery, type StoredInquiry, type StoredMail } from "./store.server.ts";

/** Inquiries read per query while writing the file, so a long history is not one huge query. */
const CSV_BATCH_SIZE = 500;
/** Excel's cue that the file is UTF-8. */
export const UTF8_BOM = "\uFEFF";
/**
 * A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets (tab
 * and carriage return too, which they strip before looking): visitors write these cells, so
 * such a cell gets a leading apostrophe and is read as text (OWASP's CSV-injection advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  // Every cell quoted: commas, quotes and line breaks inside a message then need no special case.
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvRow(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export const INQUIRY_CSV_HEADER = [
  "id",
  "received (UTC)",
  "name",
  "phone",
  "e-mail",
  "message",
  "page",
  "handled (UTC)",
  "mail to the studio",
  "acknowledgement",
];

function deliveryText(mail: StoredMail | undefined, mailOn: boolean): string {
  if (!mail) return "";
  const d = mailDelivery(mail, { mailOn });
  switch (d.state) {
    case "delivered":
      return `delivered ${d.at}`;
    case "retrying":
      return `retrying (${d.attempts} attempts)${d.lastError ? `: ${d.lastError}` : ""}`;
    case "queued":
      return "queued";
    case "mail-off":
      return "mail off";
  }
}

/** One inquiry as a CSV line, in the order of INQUIRY_CSV_HEADER. */
export function inquiryCsvRow(inquiry: StoredInquiry, { mailOn }: { mailOn: boolean }): string {
  return csvRow([
    inquiry.id,
    inquiry.createdAt,
    inquiry.name,
    inquiry.phone,
    inquiry.email,
    inquiry.message,
    inquiry.page,
    inquiry.handledAt,
    deliveryText(
      inquiry.mails.find((m) => m.kind === "studio"),
      mailOn,
    ),
    deliveryText(
      inquiry.mails.find((m) => m.kind === "ack"),
      mailOn,
    ),
  ]);
}

/** Every inquiry the filter selects, newest first, as a whole CSV file (BOM and header included). */
export async function inquiriesCsv(db: Database, { filter, mailOn }: { filter: InquiryFilter; mailOn: boolean }) {
  let csv = UTF8_BOM + csvRow(INQUIRY_CSV_HEADER);
  let beforeId: number | undefined;
  for (;;) {
    const batch = await listInquiries(db, { limit: CSV_BATCH_SIZE, filter, beforeId });
    for (const inquiry of batch) csv += inquiryCsvRow(inquiry, { mailOn });
    const last = batch.at(-1);
    if (!last || batch.length < CSV_BATCH_SIZE) return csv;
    beforeId = last.id;
  }
}
