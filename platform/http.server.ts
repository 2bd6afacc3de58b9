// HTTP policy for HTML documents: the Content Security Policy, the Permissions-Policy and caching
// rules, in one place.
import { createHash } from "node:crypto";
import { readEnv } from "./env.server.ts";

/**
 * Documents may be stored by any cache, but every cache (browser or CDN) asks again before each
 * use: an admin change is on the site at the next request, and an unchanged page costs a 304.
 */
export const HTML_CACHE_CONTROL = "public, no-cache";
export const NO_STORE = "no-store";

/** Third-party frames a public page may embed (the showreel player, after a click). */
export const FRAME_SOURCES = ["https://www.youtube-nocookie.com"];

/**
 * Browser features: none that the site does not use. The showreel's player (a frame from
 * FRAME_SOURCES) may autoplay after the click, go full screen or picture-in-picture.
 */
function permissionsPolicy({ camera }: { camera: boolean }): string {
  return [
    ...["autoplay", "encrypted-media", "fullscreen", "picture-in-picture"].map(
      (feature) => `${feature}=(self ${FRAME_SOURCES.map((s) => `"${s}"`).join(" ")})`,
    ),
    ...(camera ? ["camera=(self)"] : []),
    ...[
      "accelerometer",
      "browsing-topics",
      ...(camera ? [] : ["camera"]),
      "display-capture",
      "geolocation",
      "gyroscope",
      "magnetometer",
      "microphone",
      "midi",
      "payment",
      "usb",
    ].map((feature) => `${feature}=()`),
  ].join(", ");
}

export const PERMISSIONS_POLICY = permissionsPolicy({ camera: false });
/**
 * A wedding's event pages (/e/…, issue 31): the guest's selfie may come from a live preview of
 * the front camera, on this site's own page only. Every other page keeps the camera off.
 */
export const EVENT_PERMISSIONS_POLICY = permissionsPolicy({ camera: true });

/** The hashes of a document's inline scripts and styles, as CSP sources ('sha256-...'). */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

/** An inline script; not a data block (JSON-LD): a policy does not apply to what never runs. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;
const hashSource = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * Every inline script's and style's hash in a rendered document. An inert script
 * (type="text/plain") counts too: the deferred-hydration loader runs its text as a module.
 */
export function inlineHashes(html: string): InlineHashes {
  const all = (pattern: RegExp) => [...new Set(Array.from(html.matchAll(pattern), (m) => hashSource(m[1] ?? "")))];
  return { scripts: all(INLINE_SCRIPT), styles: all(INLINE_STYLE) };
}

/**
 * Where images come from besides this site: MEDIA_PUBLIC_URL's origin (a CDN or the bucket's
 * public address) when the pages link their images there.
 */
function mediaImageSources(): string[] {
  const base = readEnv().media.publicUrl;
  return base ? [new URL(base).origin] : [];
}

/**
 * The document policy: scripts and styles by this response's nonce (a personal page, the
 * admin's), or by the hashes of the page's own inline ones (a public page, the same bytes for
 * every visitor: ADR 004).
 */
export function contentSecurityPolicy(source: string | InlineHashes, { dev = false } = {}): string {
  const scripts = typeof source === "string" ? [`'nonce-${source}'`] : source.scripts;
  const styles = typeof source === "string" ? [`'nonce-${source}'`] : source.styles;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'strict-dynamic' lets the trusted entry load React Router's route chunks, nothing else.
    "script-src": [...scripts, "'strict-dynamic'", "'self'"],
    "style-src": ["'self'", ...styles],
    // Inline style attributes carry only layout values and image placeholders.
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", ...mediaImageSources()],
    // Fonts, fetches and media come from default-src ('self'); only development's live reload
    // needs more.
    ...(dev ? { "connect-src": ["'self'", "ws:"] } : {}),
    "frame-src": FRAME_SOURCES,
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  if (dev) directives["script-src"]?.push("'unsafe-inline'");
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * A weak ETag over the document with its nonce removed: two renders of the same content
 * match although each carries a fresh nonce.
 */
export function documentEtag(html: string, nonce: string): string {
  const stable = nonce ? html.replaceAll(nonce, "") : html;
  return `W/"${createHash("sha256").update(stable).digest("base64url").slice(0, 27)}"`;
}

export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim() === "*" || bare(candidate) === bare(etag));
}

/** A short sentence as the whole answer (a refused download, say): never cached, never indexed. */
export function plainTextAnswer(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": NO_STORE,
      "X-Robots-Tag": "noindex, nofollow",
      ...headers,
    },
  });
}
