// Renders a document: the whole page at once (pages are small and fully server-rendered),
// so it can carry an ETag; plus its Content Security Policy. A public page is the same for
// every visitor: its policy lists its inline scripts' and styles' hashes, and it is kept in the
// page cache (server/page-cache.ts) until the content changes. A personal page (the admin, a
// client's gallery) has a nonce per response and is never kept (ADR 004).
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { isAdminPath } from "../domain/auth/shared.ts";
import { isAlbumPath, isClientGalleryPath, isEventPath } from "../domain/galleries/client-types.ts";
import {
  contentSecurityPolicy,
  documentEtag,
  etagMatches,
  HTML_CACHE_CONTROL,
  inlineHashes,
  NO_STORE,
} from "../platform/http.server.ts";
import { logger } from "../platform/logger.server.ts";
import { cachedPage, pageEtag } from "../platform/page-cache.server.ts";
import { RequestIdContext } from "./components/error-reference.tsx";
import { deferHydration, type HydrationStart } from "./document/deferred-hydration.server.ts";
import {
  ALBUM_CSS,
  CLIENT_GALLERY_CSS,
  documentLanguage,
  EVENT_CSS,
  inlineDocumentCss,
  TAMIL_CSS,
} from "./document/document-css.server.ts";
import { holdListsForMainImage } from "./document/main-image-first.server.ts";
// Every message catalogue, registered before the first page renders (ADR 047).
import "./i18n/catalogs.server.ts";
import { cspNonceContext, pageCacheContext, requestIdContext } from "./utils/request-context.ts";

/** A render that takes longer than this is abandoned with a 500. */
export const RENDER_TIMEOUT_MS = 5_000;

function renderDocument(
  context: EntryContext,
  url: string,
  nonce: string,
  requestId: string,
): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const document = (
      <RequestIdContext value={requestId}>
        <ServerRouter context={context} url={url} nonce={nonce} />
      </RequestIdContext>
    );
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      onAllReady() {
        clearTimeout(timer);
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        const path = new URL(url).pathname;
        // A gallery's pages add its sheet, and an album's or an event's page its own after it.
        const areaCss = isAlbumPath(path) ? `\n${ALBUM_CSS}` : isEventPath(path) ? `\n${EVENT_CSS}` : "";
        const extraCss = isClientGalleryPath(path) ? `${CLIENT_GALLERY_CSS}${areaCss}` : "";
        sink.on("end", () => {
          const html = Buffer.concat(chunks).toString("utf8");
          const tamil = documentLanguage(html) === "ta" ? `\n${TAMIL_CSS}` : "";
          resolve({ html: inlineDocumentCss(html, nonce, `${extraCss}${tamil}`), failed });
        });
        sink.on("error", reject);
        pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed = true;
        logger.error({ err: error, url, reqId: requestId }, "error while rendering");
      },
    });
    const timer = setTimeout(
      () => abort(new Error(`render timed out after ${RENDER_TIMEOUT_MS} ms`)),
      RENDER_TIMEOUT_MS,
    );
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const { pathname } = new URL(request.url);
  const isAdmin = isAdminPath(pathname);
  // A public page carries no nonce: the same bytes go to every visitor (its policy is by hash).
  const personal = isAdmin || isClientGalleryPath(pathname) || import.meta.env.DEV;
  const nonce = personal ? loadContext.get(cspNonceContext) : "";
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (personal)
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { dev: import.meta.env.DEV }));
  if (isAdmin) setPrivateHeaders(responseHeaders);
  else if (!responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", responseStatusCode === 200 ? HTML_CACHE_CONTROL : NO_STORE);
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const rendered = await renderDocument(routerContext, request.url, nonce, loadContext.get(requestIdContext));
  const failed = rendered.failed;
  // The admin is an application: its scripts start at once. Public pages paint first, and most
  // start theirs only when the visitor reaches for something that needs them.
  const deferred =
    isAdmin || import.meta.env.DEV
      ? rendered.html
      : deferHydration(rendered.html, nonce, hydrationStart(routerContext));
  // Its photo lists below the first screen wait for its main image (main-image-first.ts): a
  // public page's, and a personal page's that says so (`handle.mainImageFirst`: the album).
  const html =
    !personal || handlesOf(routerContext).some((handle) => handle.mainImageFirst === true)
      ? holdListsForMainImage(deferred, nonce)
      : deferred;
  const status = failed ? 500 : responseStatusCode;
  if (!personal) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(inlineHashes(html)));
  // Admin pages are personal: no ETag, so no shared or conditional copy of them exists.
  if (status !== 200 || isAdmin) {
    return new Response(html, { status, headers: responseHeaders });
  }
  const etag = personal ? documentEtag(html, nonce) : pageEtag(html);
  responseHeaders.set("ETag", etag);
  const slot = loadContext.get(pageCacheContext);
  if (slot && !personal && request.method.toUpperCase() === "GET") {
    // Kept once compressed, off this response's path: the next request for it is served from the cache.
    slot.keep(
      cachedPage(html, responseHeaders, expiresAt(routerContext)).catch((error: unknown) => {
        logger.error({ err: error, url: request.url }, "could not keep a rendered page");
        return null;
      }),
    );
  }
  if (etagMatches(request.headers.get("If-None-Match"), etag)) {
    // The cached copy keeps the policy it came with: its nonce is the one in its scripts.
    responseHeaders.delete("Content-Security-Policy");
    responseHeaders.delete("Content-Type");
    return new Response(null, { status: 304, headers: responseHeaders });
  }
  return new Response(html, { status, headers: responseHeaders });
}

/** What the rendered page's routes say of themselves to this module (`export const handle`). */
interface DocumentHandle {
  /** How long a kept copy of the page stays true (expiresAt). */
  pageCacheMs?: unknown;
  /** When the page's modules start (hydrationStart). */
  hydrate?: unknown;
  /** A personal page whose marked lists wait for its main image (holdListsForMainImage). */
  mainImageFirst?: unknown;
}

function handlesOf(context: EntryContext): DocumentHandle[] {
  return context.staticHandlerContext.matches.map(
    (match) => (context.routeModules[match.route.id]?.handle ?? {}) as DocumentHandle,
  );
}

/** When a page starts its modules, if one of its routes says (`handle.hydrate`): the earliest said. */
function hydrationStart(context: EntryContext): HydrationStart {
  const said = handlesOf(context).map((handle) => handle.hydrate);
  return said.includes("paint") ? "paint" : said.includes("load") ? "load" : "intent";
}

/**
 * When a kept page stops being served: the end of the shortest `handle.pageCacheMs` period of
 * its routes (the contact page's form names the second it was made); null: until the content changes.
 */
function expiresAt(context: EntryContext, now = Date.now()): number | null {
  let periodMs: number | null = null;
  for (const { pageCacheMs: ms } of handlesOf(context)) {
    if (typeof ms === "number" && ms > 0) periodMs = Math.min(periodMs ?? ms, ms);
  }
  return periodMs === null ? null : (Math.floor(now / periodMs) + 1) * periodMs;
}

/** The admin's pages and data: never stored by any cache, never indexed. */
function setPrivateHeaders(headers: Headers): void {
  headers.set("Cache-Control", NO_STORE);
  headers.set("X-Robots-Tag", "noindex, nofollow");
}

/** Client-side navigations fetch loader data as `.data` requests; the admin's are private too. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (isAdminPath(new URL(request.url).pathname)) setPrivateHeaders(response.headers);
  return response;
};

/** A client that went away, or a body the server cut off (server/limits.ts): nothing to log. */
function isClientGone(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    if (e.name === "BodyRefusedError" || e.name === "AbortError" || (e as { code?: string }).code === "ECONNRESET") {
      return true;
    }
  }
  return false;
}

/**
 * Errors thrown by loaders, actions and renders: logged with the request and its id, never
 * shown. An expected refusal (a 404 or 405 that React Router answers itself) is not an error:
 * the request log has it, at warning level.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isClientGone(error)) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error({ err: error, url: request.url, reqId: context.get(requestIdContext) }, "unhandled error");
};
