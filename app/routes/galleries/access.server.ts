// The HTTP side of a client gallery's door (ADR 026, 027, 036), for every route under /g/{token}:
// it reads the browser's signed cookies (app/http/cookies.server.ts) into the claims the domain
// decides on (domain/galleries/access.server.ts decideGalleryAccess), writes the cookies a PIN
// or a person's name earns, and turns a refusal into its status. Pages under one link never go
// to a shared cache.
import { data, type RouterContextProvider } from "react-router";
import { downloadCookie, galleryPinCookie, visitorCookie } from "#app/http/cookies.server.ts";
import { studioRowOf } from "#app/utils/request-context.ts";
import { DEFAULT_TIME_ZONE } from "#domain/catalog/studio-time.ts";
import {
  type AccessClaims,
  type DownloadClaim,
  decideGalleryAccess,
  type GalleryDecision,
  type GalleryPinClaim,
  type PinRefusal,
  type VisitorClaim,
  visitorClaim,
} from "#domain/galleries/access.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { NO_STORE, plainTextAnswer } from "#platform/http.server.ts";
import { wordsFor } from "./words.server.ts";

/** A plain-text answer in the person's language says what it depends on. */
export const LANGUAGE_VARIES = { Vary: "Accept-Language, Cookie" };

/**
 * Never stored; and said to depend on the browser's languages and the cookies under the link
 * (the language a page is in: a choice remembered there, else Accept-Language), for any cache
 * that keeps a copy regardless.
 */
export const privateHeaders = { "Cache-Control": NO_STORE, Vary: "Accept-Language, Cookie" };

/** What this browser's cookies under the gallery's link claim (each null unless a secret signed it). */
export async function claimsOf(request: Request, token: string): Promise<AccessClaims> {
  const [pin, visitor, download] = await Promise.all([
    galleryPinCookie(token).read(request),
    visitorCookie(token).read(request),
    downloadCookie(token).read(request),
  ]);
  return { pin, visitor, download };
}

/** What `token` opens for this request, on the studio's calendar day. */
export async function galleryAccessFor(
  request: Request,
  token: string,
  context: Readonly<RouterContextProvider>,
): Promise<GalleryDecision> {
  const db = getDb();
  const [studio, claims] = await Promise.all([studioRowOf(context, db), claimsOf(request, token)]);
  return decideGalleryAccess(db, { token, claims, timeZone: studio?.time_zone ?? DEFAULT_TIME_ZONE });
}

/**
 * For routes other than the page itself (its downloads): the open gallery's decision, or a
 * thrown plain-text answer: 404 for no such link, 410 for an expired or revoked one, 403 when
 * its PIN was not given in this browser.
 */
export async function requireOpenGallery(
  request: Request,
  token: string,
  context: Readonly<RouterContextProvider>,
): Promise<Extract<GalleryDecision, { state: "open" }>> {
  const decision = await galleryAccessFor(request, token, context);
  if (decision.state === "open") return decision;
  const { t } = await wordsFor(request);
  switch (decision.state) {
    case "missing":
      throw plainTextAnswer(404, t("gate.missing"), LANGUAGE_VARIES);
    case "closed":
      throw plainTextAnswer(410, t(decision.reason === "expired" ? "gate.expired" : "gate.revoked"), LANGUAGE_VARIES);
    case "pin":
      throw plainTextAnswer(403, t("gate.pin"), LANGUAGE_VARIES);
  }
}

/**
 * A refused PIN's status: 429 while throttled; a wrong download PIN is 403 (the download it
 * guards stays refused), every other refusal the sender's mistake, 400.
 */
export function pinRefusalStatus(refusal: PinRefusal, kind: "gallery" | "visitor" | "download"): 400 | 403 | 429 {
  if (refusal.reason === "throttled") return 429;
  return kind === "download" && refusal.reason === "wrong" ? 403 : 400;
}

/** The Set-Cookie header that remembers the gallery's PIN on this browser. */
export function pinGivenCookie(request: Request, token: string, claim: GalleryPinClaim): Promise<string> {
  return galleryPinCookie(token).write(request, claim);
}

/** The Set-Cookie header that remembers the download PIN on this browser. */
export function downloadPinGivenCookie(request: Request, token: string, claim: DownloadClaim): Promise<string> {
  return downloadCookie(token).write(request, claim);
}

/** The Set-Cookie header that names the person choosing on this browser. */
export function enteredCookie(request: Request, gallery: { id: number; token: string }, visitorId: number) {
  const claim: VisitorClaim = visitorClaim(gallery.id, visitorId);
  return visitorCookie(gallery.token).write(request, claim);
}

/** The Set-Cookie header that forgets the person. */
export function leftCookie(request: Request, token: string): Promise<string> {
  return visitorCookie(token).clear(request);
}

/** No gallery at this link: the site's 404 page. */
export function notFound(): never {
  throw data({ what: "gallery" }, { status: 404, headers: privateHeaders });
}
