// What JavaScript a server-rendered page loads, read from its document: for the bench's and the
// browser tests' byte budgets (issue 15: a client gallery may load "no more than about 40 KB gzip
// of JavaScript beyond the public pages'"). A public document names its modules three ways: the
// module preloads (the admin's), the boot script's imports, and the list the deferred loader
// preloads after the first paint (ADR 015); every one is a hashed file under /assets/.
import zlib from "node:zlib";

const SCRIPT_URL = /\/assets\/[\w.-]+\.js\b/g;
/** What the build's precompressed copies use (scripts/vite-precompress.ts), so what a browser gets. */
const ASSET_GZIP_LEVEL = 9;

/** The /assets/*.js paths a document names, each once, in order of first mention. */
export function documentScripts(html: string): string[] {
  return [...new Set(html.match(SCRIPT_URL) ?? [])];
}

export function gzipBytes(data: Uint8Array, level = zlib.constants.Z_DEFAULT_COMPRESSION): number {
  return zlib.gzipSync(data, { level }).byteLength;
}

export interface ScriptBytes {
  path: string;
  raw: number;
  gzip: number;
}

/** Each script's size as served and gzipped as the build's copies are; `get` fetches a path's bytes. */
export async function scriptBytes(
  paths: readonly string[],
  get: (path: string) => Promise<Uint8Array>,
): Promise<ScriptBytes[]> {
  return Promise.all(
    paths.map(async (path) => {
      const data = await get(path);
      return { path, raw: data.byteLength, gzip: gzipBytes(data, ASSET_GZIP_LEVEL) };
    }),
  );
}

/** The scripts `page` names that `baseline` does not: what the page costs beyond it. */
export function scriptsBeyond(page: readonly string[], baseline: readonly string[]): string[] {
  const known = new Set(baseline);
  return page.filter((path) => !known.has(path));
}
