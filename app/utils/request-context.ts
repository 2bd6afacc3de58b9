// Values the Express server hands to React Router for one request, and the reads its loaders
// share (each made once per request however many loaders ask).
import { createContext, type RouterContextProvider } from "react-router";
import { readStudioRow, type StudioRow } from "#domain/catalog/read-model.server.ts";
import { countUnseenInquiries } from "#domain/inquiries/store.server.ts";
import type { Database } from "#platform/db/db.server.ts";
import type { PageCacheSlot } from "#platform/page-cache.server.ts";

/** The CSP nonce that this response's scripts and styles carry. */
export const cspNonceContext = createContext<string>("");

/** Where this request's rendered public page may be kept (server/page-cache.ts); null: not kept. */
export const pageCacheContext = createContext<PageCacheSlot | null>(null);

/** The client's address as Express sees it (honouring TRUST_PROXY), for per-client limits. */
export const clientAddressContext = createContext<string>("unknown");

/** The id the request log gives this request (also sent as X-Request-Id), for error pages. */
export const requestIdContext = createContext<string>("");

// --- reads shared by the loaders of one request

const studioRowContext = createContext<Promise<StudioRow | null> | null>(null);

/**
 * The studio row for this request: the first loader to ask reads it, the others (the root's
 * header and footer, the home page's showreel, a gallery's time zone, ...) share that read, even
 * when they run at once.
 */
export function studioRowOf(context: Readonly<RouterContextProvider>, db: Database): Promise<StudioRow | null> {
  let row = context.get(studioRowContext);
  if (!row) {
    row = readStudioRow(db);
    context.set(studioRowContext, row);
  }
  return row;
}

const unseenInquiriesContext = createContext<Promise<number> | null>(null);

/**
 * The unread count for this request, counted once: the admin's menu shows it, and the inbox waits
 * for it before marking what it shows as read, so on the inbox itself the menu's count and the
 * inquiries marked new agree, whichever loader runs first.
 */
export function unseenInquiriesOf(context: Readonly<RouterContextProvider>, db: Database): Promise<number> {
  let count = context.get(unseenInquiriesContext);
  if (!count) {
    count = countUnseenInquiries(db);
    context.set(unseenInquiriesContext, count);
  }
  return count;
}
