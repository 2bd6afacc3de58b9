// Every cookie the site sets, in one place, through React Router's createCookie: each value is
// signed with the app's secrets (platform/secret.server.ts: the newest signs, every one listed
// in APP_SECRET verifies, so rotating the secret signs nobody out), HttpOnly, SameSite=Lax,
// Secure when the request came over TLS, and sent only under its own path. A value that no
// secret signed, or whose shape is not the one written, reads as no cookie. The domain never
// sees a cookie: routes read these and hand it the values (docs/decisions/036-http-at-the-edges.md).
import { createCookie } from "react-router";
import { z } from "zod";
import { type DeviceClaim, deviceClaimSchema, KNOWN_DEVICE_LIFETIME_MS } from "#domain/auth/known-device.server.ts";
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_COOKIE_NAME } from "#domain/auth/session.server.ts";
import { ADMIN_PATH } from "#domain/auth/shared.ts";
import {
  type DownloadClaim,
  downloadClaimSchema,
  GALLERY_COOKIE_LIFETIME_MS,
  type GalleryPinClaim,
  galleryPath,
  galleryPinClaimSchema,
  type VisitorClaim,
  visitorClaimSchema,
} from "#domain/galleries/access.server.ts";
import { type EventPinClaim, eventPath, eventPinClaimSchema } from "#domain/galleries/guest-access.server.ts";
import { appSecrets } from "#platform/secret.server.ts";
import { LANGUAGES, type Language } from "../i18n/languages.ts";

/** Secure when the request came over TLS (directly, or through a proxy Express trusts). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export interface SiteCookie<T> {
  readonly name: string;
  /** What this request's cookie carries, when one of the secrets signed it and it has its shape; else null. */
  read(request: Request): Promise<T | null>;
  /** The Set-Cookie header that gives this browser `value`. */
  write(request: Request, value: T): Promise<string>;
  /** The Set-Cookie header that removes it. */
  clear(request: Request): Promise<string>;
}

/**
 * A signed cookie. Made anew on each use (it is a small object) so that it always signs with the
 * secrets as the environment has them now.
 */
function siteCookie<T>(name: string, schema: z.ZodType<T>, path: string, maxAgeMs: number): SiteCookie<T> {
  const cookie = () =>
    createCookie(name, {
      path,
      httpOnly: true,
      sameSite: "lax",
      maxAge: Math.floor(maxAgeMs / 1000),
      secrets: appSecrets(),
    });
  return {
    name,
    async read(request) {
      const parsed = schema.safeParse(await cookie().parse(request.headers.get("Cookie")));
      return parsed.success ? parsed.data : null;
    },
    write(request, value) {
      return cookie().serialize(value, { secure: isSecureRequest(request) });
    },
    clear(request) {
      return cookie().serialize("", { secure: isSecureRequest(request), maxAge: 0 });
    },
  };
}

// --- the admin's: sent only under /admin, so public pages never see them.

/** The admin's session: its random id (the database holds its hash, the owner and the expiry). */
export const SESSION_ID = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);
export const sessionCookie = siteCookie(SESSION_COOKIE_NAME, SESSION_ID, ADMIN_PATH, SESSION_ABSOLUTE_LIFETIME_MS);

/** A sign-in form left open longer than this must be reloaded. */
const LOGIN_FORM_LIFETIME_MS = 2 * 60 * 60 * 1000;
/** The sign-in form's own random binding for its CSRF token, before there is a session. */
export const loginFormCookie = siteCookie("nila_admin_login", SESSION_ID, ADMIN_PATH, LOGIN_FORM_LIFETIME_MS);

/** A browser that has signed in to an account (known-device.server.ts); it outlives sessions and sign-outs. */
export const deviceCookie = siteCookie<DeviceClaim>(
  "nila_device",
  deviceClaimSchema,
  ADMIN_PATH,
  KNOWN_DEVICE_LIFETIME_MS,
);

/**
 * The session id this request names: its signed cookie, or, until the last session issued before
 * the cookies were signed has ended (SESSION_ABSOLUTE_LIFETIME_MS after the change: delete this
 * then), a bare id as those sessions' cookies carried it. The database is what proves either.
 */
export async function sessionIdOf(request: Request): Promise<string | null> {
  return (await sessionCookie.read(request)) ?? bareSessionId(request.headers.get("Cookie"));
}

function bareSessionId(header: string | null): string | null {
  for (const pair of header?.split(";") ?? []) {
    const eq = pair.indexOf("=");
    if (eq > 0 && pair.slice(0, eq).trim() === SESSION_COOKIE_NAME) {
      const value = SESSION_ID.safeParse(pair.slice(eq + 1).trim());
      return value.success ? value.data : null;
    }
  }
  return null;
}

/** `name=value` of a session's cookie, for a Cookie header (tests and drills signing in without a browser). */
export async function sessionCookieHeader(id: string): Promise<string> {
  const setCookie = await sessionCookie.write(new Request("http://localhost/"), id);
  return setCookie.slice(0, setCookie.indexOf(";"));
}

// --- a client gallery's: sent only under its link, /g/<token>.

function galleryCookie<T>(name: string, schema: z.ZodType<T>, token: string): SiteCookie<T> {
  return siteCookie(name, schema, galleryPath(token), GALLERY_COOKIE_LIFETIME_MS);
}

export const GALLERY_ACCESS_COOKIE = "nila_gallery";
export const GALLERY_VISITOR_COOKIE = "nila_visitor";

/** This browser typed the gallery's PIN. */
export function galleryPinCookie(token: string): SiteCookie<GalleryPinClaim> {
  return galleryCookie(GALLERY_ACCESS_COOKIE, galleryPinClaimSchema, token);
}

/** The person (name and own PIN) choosing photos on this browser. */
export function visitorCookie(token: string): SiteCookie<VisitorClaim> {
  return galleryCookie(GALLERY_VISITOR_COOKIE, visitorClaimSchema, token);
}

/** This browser typed the gallery's download PIN. */
export function downloadCookie(token: string): SiteCookie<DownloadClaim> {
  return galleryCookie("nila_download", downloadClaimSchema, token);
}

// --- a gallery's event link's (issue 31): sent only under /e/<token>.

/** This browser typed the event PIN (when the studio set one). */
export function eventPinCookie(token: string): SiteCookie<EventPinClaim> {
  return siteCookie("nila_event", eventPinClaimSchema, eventPath(token), GALLERY_COOKIE_LIFETIME_MS);
}

// --- the language a client or guest chose (issue 33): sent only under their gallery's or event's link.

/** The language this browser chose for a gallery or event link (`path`: /g/<token> or /e/<token>). */
export function languageCookie(path: string): SiteCookie<Language> {
  return siteCookie("nila_lang", z.enum(LANGUAGES), path, GALLERY_COOKIE_LIFETIME_MS);
}
