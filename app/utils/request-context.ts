// Values the Express server hands to React Router for one request.
import { createContext } from "react-router";
import type { PageCacheSlot } from "#platform/page-cache.server.ts";

/** The CSP nonce that this response's scripts and styles carry. */
export const cspNonceContext = createContext<string>("");

/** Where this request's rendered public page may be kept (server/page-cache.ts); null: not kept. */
export const pageCacheContext = createContext<PageCacheSlot | null>(null);

/** The client's address as Express sees it (honouring TRUST_PROXY), for per-client limits. */
export const clientAddressContext = createContext<string>("unknown");

/** The id the request log gives this request (also sent as X-Request-Id), for error pages. */
export const requestIdContext = createContext<string>("");
