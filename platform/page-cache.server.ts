// The public page cache's store (ADR 004): rendered pages kept per content version, each with
// its gzip and brotli copies, least recently used out first. server/page-cache.ts serves from
// it; the document renderer (app/entry.server.tsx) fills it.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

/** Rendered pages kept at most (their three encodings counted): the oldest used go first. */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Brotli's best quality: done once per page and version, off the event loop. */
const BROTLI_QUALITY = 11;
const GZIP_LEVEL = 9;

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface CachedPage {
  /** Headers as the render set them (never Set-Cookie: such a page is not kept). */
  headers: [string, string][];
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** When it stops being served (a page that names the time it was made); null: until the content changes. */
  expiresAt: number | null;
}

/**
 * What a render for one request may store, handed to the document renderer through the
 * router's context: it calls `keep` with the page it is making, or nothing (not a page to keep).
 */
export interface PageCacheSlot {
  keep(page: Promise<CachedPage | null>): void;
}

const size = (page: CachedPage) => page.identity.length + page.gzip.length + page.br.length;

export class PageCache {
  #pages = new Map<string, CachedPage>();
  #bytes = 0;
  #version = -1;
  /** Renders under way, by version and key: a burst of requests for one page waits for one render. */
  #rendering = new Map<string, Promise<CachedPage | null>>();

  readonly maxBytes: number;

  constructor(maxBytes = PAGE_CACHE_MAX_BYTES) {
    this.maxBytes = maxBytes;
  }

  /** The page for this key at this content version, if kept and not expired. */
  get(version: number, key: string, now = Date.now()): CachedPage | undefined {
    this.#sync(version);
    const page = this.#pages.get(key);
    if (!page) return undefined;
    this.#pages.delete(key);
    if (page.expiresAt !== null && now >= page.expiresAt) {
      this.#bytes -= size(page);
      return undefined;
    }
    // Most recently used last: eviction takes from the front.
    this.#pages.set(key, page);
    return page;
  }

  /** Keeps a page rendered at `version`; one rendered before the content moved on is dropped. */
  set(version: number, key: string, page: CachedPage): void {
    this.#sync(version);
    if (version !== this.#version) return;
    const old = this.#pages.get(key);
    if (old) this.#bytes -= size(old);
    this.#pages.delete(key);
    if (size(page) > this.maxBytes) return;
    this.#pages.set(key, page);
    this.#bytes += size(page);
    for (const [oldest, evicted] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break;
      this.#pages.delete(oldest);
      this.#bytes -= size(evicted);
    }
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The render of this page already under way, if any. */
  rendering(version: number, key: string): Promise<CachedPage | null> | undefined {
    return this.#rendering.get(`${version} ${key}`);
  }

  /**
   * Marks a render of this page as under way until `done` settles (with the page, or null when
   * it was not one to keep), and keeps its page.
   */
  render(version: number, key: string, done: Promise<CachedPage | null>): void {
    const id = `${version} ${key}`;
    const kept = done.then(
      (page) => {
        if (page) this.set(version, key, page);
        return page;
      },
      () => null,
    );
    this.#rendering.set(id, kept);
    void kept.finally(() => {
      if (this.#rendering.get(id) === kept) this.#rendering.delete(id);
    });
  }

  /** A newer version empties the cache: every page in it was rendered from older content. */
  #sync(version: number): void {
    if (version <= this.#version) return;
    this.#version = version;
    this.#pages.clear();
    this.#bytes = 0;
  }
}

/** The cache key: the URL (its query included) and the year the footer's copyright line shows. */
export function pageKey(url: string, now = new Date()): string {
  return `${now.getFullYear()} ${url}`;
}

/** A weak ETag (the same bytes under three encodings) over the page. */
export function pageEtag(html: string): string {
  return `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
}

/** Compresses a rendered page both ways (on libuv's pool, off the event loop). */
export async function cachedPage(html: string, headers: Headers, expiresAt: number | null): Promise<CachedPage | null> {
  if (headers.has("Set-Cookie")) return null;
  // Read before the first await: the caller goes on shaping its own response with these very
  // headers meanwhile (a 304 drops Content-Type and the policy), which must not reach the copy.
  const kept = [...headers].filter(([name]) => !["etag", "content-length", "content-encoding"].includes(name));
  const identity = Buffer.from(html, "utf8");
  const [gz, br] = await Promise.all([
    gzip(identity, { level: GZIP_LEVEL }),
    brotliCompress(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { headers: kept, etag: pageEtag(html), identity, gzip: gz, br, expiresAt };
}
