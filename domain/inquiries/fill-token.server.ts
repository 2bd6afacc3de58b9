// The contact form's fill-time token: the time the form was rendered, signed with the app
// secret. The page is cached and shared between visitors, so the token names no visitor; it
// only proves "this form left our server at least MIN seconds ago and at most MAX hours ago".
// Signed as every token is (platform/secret.server.ts: cookie-signature, every secret of a
// rotation accepted); the token is `<period>.<signature of "contact-fill-time:<period>">`.
import { readEnv } from "../../platform/env.server.ts";
import { hasSignature, signatureOf } from "../../platform/secret.server.ts";
import { FILL_TOKEN_PERIOD_MS } from "./rules.ts";

/** A form older than this is refused (with a fresh token, so the visitor can simply resend). */
export const FILL_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Tolerated clock difference between processes for a token "from the future". */
const CLOCK_SKEW_MS = 60_000;
const PURPOSE = "contact-fill-time";

export type FillTokenVerdict = "ok" | "too-fast" | "expired" | "invalid";

/** A token for a form rendered now. */
export function issueFillToken(now = Date.now()): string {
  const issuedAtS = Math.floor(now / FILL_TOKEN_PERIOD_MS);
  return `${issuedAtS}.${signatureOf(`${PURPOSE}:${issuedAtS}`)}`;
}

export function checkFillToken(
  token: string,
  { now = Date.now(), minFillMs = readEnv().inquiries.minFillSeconds * 1000 } = {},
): FillTokenVerdict {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return "invalid";
  const issuedAtS = Number(match[1]);
  if (!hasSignature(`${PURPOSE}:${issuedAtS}`, match[2] ?? "")) return "invalid";
  const ageMs = now - issuedAtS * FILL_TOKEN_PERIOD_MS;
  if (ageMs < -CLOCK_SKEW_MS) return "invalid";
  if (ageMs < minFillMs) return "too-fast";
  if (ageMs > FILL_TOKEN_MAX_AGE_MS) return "expired";
  return "ok";
}
