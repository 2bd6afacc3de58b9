// Known devices: a browser that has signed in to an account carries a signed, long-lived
// cookie saying so (OWASP's "device cookie"). It proves nothing by itself and opens no session;
// it only lets that browser's sign-ins skip the account's throttle, which a stranger can fill
// with wrong guesses (login.server.ts). The cookie is bound to the account and to its current
// password, so a new password (`npm run admin -- create-user`) forgets every device.
//
// Value: base64url(nonce 16 bytes | issued at, seconds, 4 bytes | HMAC-SHA256 32 bytes), where
// the HMAC covers the account id, its password hash, the nonce and the time. The nonce names
// the device for its own throttle. Nothing is stored on the server.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { appSecret } from "../../platform/secret.server.ts";
import { isSecureRequest, readCookie, serializeAdminCookie } from "./session.server.ts";

export const KNOWN_DEVICE_COOKIE = "nila_device";
/** A device not signed in from for this long is a stranger again; each sign-in renews it. */
export const KNOWN_DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
const NONCE_BYTES = 16;
const TIME_BYTES = 4;
const MAC_BYTES = 32;
const TOKEN_BYTES = NONCE_BYTES + TIME_BYTES + MAC_BYTES;

export interface DeviceAccount {
  id: number;
  passwordHash: string;
}

function mac(account: DeviceAccount, nonce: Buffer, issuedAtS: number): Buffer {
  return createHmac("sha256", appSecret())
    .update(`admin-device:${account.id}:${account.passwordHash}:${nonce.toString("base64url")}:${issuedAtS}`)
    .digest();
}

/** A fresh device token for an account, to set after a successful sign-in. */
export function issueDeviceToken(account: DeviceAccount, now = Date.now()): string {
  const nonce = randomBytes(NONCE_BYTES);
  const issuedAtS = Math.floor(now / 1000);
  const time = Buffer.alloc(TIME_BYTES);
  time.writeUInt32BE(issuedAtS);
  return Buffer.concat([nonce, time, mac(account, nonce, issuedAtS)]).toString("base64url");
}

/**
 * The device's id (its nonce) when `token` was issued for this account, under its current
 * password, and has not expired; null for anything else (another account, an old password,
 * a forged or garbled value).
 */
export function knownDeviceId(token: string | null, account: DeviceAccount, now = Date.now()): string | null {
  if (!token) return null;
  const raw = Buffer.from(token, "base64url");
  if (raw.length !== TOKEN_BYTES) return null;
  const nonce = raw.subarray(0, NONCE_BYTES);
  const issuedAtS = raw.readUInt32BE(NONCE_BYTES);
  const given = raw.subarray(NONCE_BYTES + TIME_BYTES);
  if (!timingSafeEqual(given, mac(account, nonce, issuedAtS))) return null;
  const ageMs = now - issuedAtS * 1000;
  // A minute of clock slack forwards; never older than its lifetime.
  if (ageMs < -60_000 || ageMs >= KNOWN_DEVICE_LIFETIME_MS) return null;
  return nonce.toString("base64url");
}

export function readDeviceCookie(request: Request): string | null {
  return readCookie(request, KNOWN_DEVICE_COOKIE);
}

/** HttpOnly, SameSite=Lax, Path=/admin like the session's; it outlives sessions and sign-outs. */
export function deviceCookie(request: Request, token: string): string {
  return serializeAdminCookie(KNOWN_DEVICE_COOKIE, token, {
    maxAgeMs: KNOWN_DEVICE_LIFETIME_MS,
    secure: isSecureRequest(request),
  });
}
