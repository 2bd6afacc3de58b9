// The site's public origin, the start of every absolute URL we write (canonical links, Open
// Graph images, JSON-LD, sitemap.xml, robots.txt, the content API's image URLs). It comes from
// configuration only, never from the request's Host header: those responses may be kept by a
// shared cache, and one request with `Host: evil.example` would otherwise poison it for every
// visitor (ADR 022). PUBLIC_URL when set; else the address the server listens on, which is
// what `npm start` on one machine serves (http://127.0.0.1:3000).
import { readEnv, type ServerEnv } from "./env.server.ts";

type OriginEnv = Pick<ServerEnv, "publicUrl" | "host" | "port">;

/** Hosts that mean "every interface": they name no address a visitor could use. */
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]", ""]);
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

function listenOrigin(host: string, port: number): string {
  const named = WILDCARD_HOSTS.has(host) ? "127.0.0.1" : host;
  // An IPv6 address goes in brackets in a URL.
  const hostPart = named.includes(":") && !named.startsWith("[") ? `[${named}]` : named;
  return new URL(`http://${hostPart}:${port}`).origin;
}

/** PUBLIC_URL's origin when set, else the listening address's (e.g. http://127.0.0.1:3000). */
export function publicOrigin(env: OriginEnv = readEnv()): string {
  return env.publicUrl ? new URL(env.publicUrl).origin : listenOrigin(env.host, env.port);
}

/**
 * A sentence for the start-up log when absolute URLs will name an address visitors may not
 * reach: PUBLIC_URL unset while the server listens on an address other than this machine's loopback.
 */
export function publicOriginWarning(env: OriginEnv = readEnv()): string | undefined {
  if (env.publicUrl || LOOPBACK_HOSTS.has(env.host)) return undefined;
  return `PUBLIC_URL is not set: canonical links, the sitemap and the API's image URLs name ${publicOrigin(env)}; set PUBLIC_URL to the address visitors use (the request's Host is never used)`;
}
