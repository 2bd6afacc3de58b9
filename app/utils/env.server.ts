// Reads the server's configuration from the environment once, with defaults that make
// `npm start` work on a fresh machine. Every variable here is listed in .env.example.
import path from "node:path";

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative whole number, got "${raw}"`);
  }
  return value;
}

export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  /** Public origin used in absolute URLs (canonical links, social cards). */
  publicUrl: string | undefined;
  logLevel: string;
  /** Skip the demo import on an empty database (for a studio starting from scratch). */
  skipDemo: boolean;
}

export function readEnv(): ServerEnv {
  return {
    port: int("PORT", 3000),
    host: process.env.HOST || "127.0.0.1",
    dataDir: path.resolve(process.env.DATA_DIR || "./data"),
    publicUrl: process.env.PUBLIC_URL?.replace(/\/+$/, "") || undefined,
    logLevel: process.env.LOG_LEVEL || "info",
    skipDemo: process.env.DEMO_CONTENT === "off",
  };
}

/** The site's public origin: PUBLIC_URL when set (behind a proxy or CDN), else the request's. */
export function siteOrigin(request: Request): string {
  return readEnv().publicUrl ?? new URL(request.url).origin;
}
