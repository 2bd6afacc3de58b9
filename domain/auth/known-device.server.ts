// Known devices: a browser that has signed in to an account carries a signed, long-lived
// cookie saying so (OWASP's "device cookie"). It proves nothing by itself and opens no session;
// it only lets that browser's sign-ins skip the account's throttle, which a stranger can fill
// with wrong guesses (login.server.ts). Its claim is bound to the account and to a tag of its
// current password hash, so a new password (`npm run admin -- create-user`) forgets every device.
//
// The claim: the account, a random nonce (which names the device for its own throttle), the
// time it was issued, and the password's tag. The cookie that carries it is signed by the HTTP
// layer (app/http/cookies.server.ts); what arrives here has had its signature checked. Nothing
// is stored on the server.
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";

/** A device not signed in from for this long is a stranger again; each sign-in renews it. */
export const KNOWN_DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
const NONCE_BYTES = 16;
/** A minute of clock slack forwards. */
const CLOCK_SKEW_MS = 60_000;

export interface DeviceAccount {
  id: number;
  passwordHash: string;
}

export const deviceClaimSchema = z.object({
  account: z.number().int().positive(),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  issuedAtS: z.number().int().nonnegative(),
  password: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
});

export type DeviceClaim = z.infer<typeof deviceClaimSchema>;

/** A one-way tag of the password hash (which itself never leaves the database). */
function passwordTag(passwordHash: string): string {
  return createHash("sha256").update(`admin-device:${passwordHash}`).digest("base64url").slice(0, 22);
}

/** A fresh device claim for an account, to set after a successful sign-in. */
export function issueDeviceClaim(account: DeviceAccount, now = Date.now()): DeviceClaim {
  return {
    account: account.id,
    nonce: randomBytes(NONCE_BYTES).toString("base64url"),
    issuedAtS: Math.floor(now / 1000),
    password: passwordTag(account.passwordHash),
  };
}

/**
 * The device's id (its nonce) when `claim` was issued for this account, under its current
 * password, and has not expired; null for anything else (another account, an old password,
 * no claim).
 */
export function knownDeviceId(claim: DeviceClaim | null, account: DeviceAccount, now = Date.now()): string | null {
  if (!claim || claim.account !== account.id || claim.password !== passwordTag(account.passwordHash)) return null;
  const ageMs = now - claim.issuedAtS * 1000;
  if (ageMs < -CLOCK_SKEW_MS || ageMs >= KNOWN_DEVICE_LIFETIME_MS) return null;
  return claim.nonce;
}
