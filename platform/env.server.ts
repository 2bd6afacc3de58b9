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
  /** Origins allowed to call the content API from a browser ("*" for any); empty: CORS off. */
  apiCorsOrigins: string[];
  /** Content API requests allowed per token per window. */
  apiRateLimit: number;
  apiRateWindowS: number;
  /** How long a shared cache (a CDN) may keep an API response; 0 keeps it private. */
  apiSharedCacheS: number;
  /** Contact inquiries: mail delivery and spam limits (see domain/inquiries/). */
  inquiries: {
    /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587; unset: mail is off. */
    smtpUrl: string | undefined;
    /** Who receives inquiries; unset: the studio's first e-mail address. */
    inquiryTo: string | undefined;
    /** The From of every mail; unset: the recipient address. */
    mailFrom: string | undefined;
    /** Send the visitor a short acknowledgement (INQUIRY_ACK=on). */
    ack: boolean;
    /** Inquiries one client address may send per hour. */
    ratePerHour: number;
    /** Seconds a visitor must have had the form before a submission counts. */
    minFillSeconds: number;
    /** First retry delay of a failed delivery; it doubles per attempt. */
    retryBaseSeconds: number;
  };
}

export function readEnv(): ServerEnv {
  return {
    port: int("PORT", 3000),
    host: process.env.HOST || "127.0.0.1",
    dataDir: path.resolve(process.env.DATA_DIR || "./data"),
    publicUrl: process.env.PUBLIC_URL?.replace(/\/+$/, "") || undefined,
    logLevel: process.env.LOG_LEVEL || "info",
    skipDemo: process.env.DEMO_CONTENT === "off",
    apiCorsOrigins: (process.env.API_CORS_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim().replace(/\/+$/, ""))
      .filter((o) => o !== ""),
    apiRateLimit: int("API_RATE_LIMIT", 300),
    apiRateWindowS: int("API_RATE_WINDOW_S", 60),
    apiSharedCacheS: int("API_SHARED_CACHE_S", 60),
    inquiries: {
      smtpUrl: process.env.SMTP_URL || undefined,
      inquiryTo: process.env.INQUIRY_TO || undefined,
      mailFrom: process.env.MAIL_FROM || undefined,
      ack: process.env.INQUIRY_ACK === "on",
      ratePerHour: int("INQUIRY_RATE_LIMIT", 5),
      minFillSeconds: int("INQUIRY_MIN_FILL_S", 3),
      retryBaseSeconds: int("MAIL_RETRY_BASE_S", 30),
    },
  };
}
