// The server's signing secret (contact form tokens, admin sessions and CSRF tokens).
// APP_SECRET wins; without it a random secret is made once and kept under DATA_DIR, so a
// fresh `npm start` is safe and restarts do not invalidate tokens that are in flight.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { readEnv } from "./env.server.ts";

export const SECRET_FILE_NAME = "app-secret";
/** Shorter secrets are refused: 32 bytes of entropy is the floor for HMAC-SHA256 keys. */
const MIN_SECRET_LENGTH = 32;

let cached: { dataDir: string; secret: string } | undefined;

export function appSecret(): string {
  const env = readEnv();
  const fromEnv = process.env.APP_SECRET;
  if (fromEnv) {
    if (fromEnv.length < MIN_SECRET_LENGTH) {
      throw new Error(`APP_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    return fromEnv;
  }
  if (cached?.dataDir === env.dataDir) return cached.secret;
  const file = path.join(env.dataDir, SECRET_FILE_NAME);
  let secret: string;
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true });
    secret = randomBytes(32).toString("base64url");
    try {
      // "wx" fails if another process won the race; then its secret is the one to use.
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    } catch {
      secret = fs.readFileSync(file, "utf8").trim();
    }
  }
  cached = { dataDir: env.dataDir, secret };
  return secret;
}
