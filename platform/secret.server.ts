// The server's signing secrets, and the one way anything outside a cookie is signed with them
// (form tokens: the contact form's fill time, the admin's CSRF tokens). Cookies are signed by
// React Router's createCookie with the same secrets (app/http/cookies.server.ts). See
// docs/decisions/036-http-at-the-edges.md.
//
// APP_SECRET wins: one secret, or several comma-separated while rotating, newest first (each at
// least MIN_APP_SECRET_LENGTH characters, checked with the rest of the environment at start).
// The first signs; every one verifies. Without it a random secret is made once and kept under
// DATA_DIR, so a fresh `npm start` is safe and restarts do not invalidate tokens in flight.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sign, unsign } from "cookie-signature";
import { readEnv } from "./env.server.ts";

export const SECRET_FILE_NAME = "app-secret";

let cached: { dataDir: string; secret: string } | undefined;

/** The secret kept in DATA_DIR, made on first use. */
function keptSecret(dataDir: string): string {
  if (cached?.dataDir === dataDir) return cached.secret;
  const file = path.join(dataDir, SECRET_FILE_NAME);
  let secret: string;
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    secret = randomBytes(32).toString("base64url");
    try {
      // "wx" fails if another process won the race; then its secret is the one to use.
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    } catch {
      secret = fs.readFileSync(file, "utf8").trim();
    }
  }
  cached = { dataDir, secret };
  return secret;
}

/** Every secret a signature may carry, newest first: the first is the one that signs. */
export function appSecrets(): [string, ...string[]] {
  const env = readEnv();
  const [newest, ...older] = env.appSecrets ?? [];
  return newest === undefined ? [keptSecret(env.dataDir)] : [newest, ...older];
}

/** The secret new signatures use. */
export function appSecret(): string {
  return appSecrets()[0];
}

/**
 * The signature of `value` under the newest secret, alone: for a token whose value the checker
 * knows already (a form's issue time, a session's binding). cookie-signature's HMAC-SHA256,
 * written in base64url, so a token fits a URL, a header or a form field as it is.
 */
export function signatureOf(value: string): string {
  const signed = sign(value, appSecret());
  return signed
    .slice(value.length + 1)
    .replaceAll("+", "-")
    .replaceAll("/", "_");
}

/** Whether `signature` is `value`'s under any of the secrets (so a token outlives a rotation). */
export function hasSignature(value: string, signature: string): boolean {
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
  const standard = `${value}.${signature.replaceAll("-", "+").replaceAll("_", "/")}`;
  return appSecrets().some((secret) => unsign(standard, secret) === value);
}
