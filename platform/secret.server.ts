// The server's signing secret (contact form tokens, admin sessions and CSRF tokens).
// APP_SECRET wins (at least MIN_APP_SECRET_LENGTH characters, checked with the rest of the
// environment at start); without it a random secret is made once and kept under DATA_DIR, so a
// fresh `npm start` is safe and restarts do not invalidate tokens that are in flight.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { readEnv } from "./env.server.ts";

export const SECRET_FILE_NAME = "app-secret";

let cached: { dataDir: string; secret: string } | undefined;

export function appSecret(): string {
  const env = readEnv();
  if (env.appSecret) return env.appSecret;
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
