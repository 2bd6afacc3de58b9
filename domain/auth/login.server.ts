// Sign-in: checks an e-mail and password under throttles, so neither guessing one owner's
// password nor spraying many accounts from one address gets far, and so that guessing cannot
// lock the owner out (OWASP's device cookies, ADR 011):
// - a browser without a known-device cookie for the account (a stranger, or the owner on a new
//   device) is throttled per account and per client address;
// - a browser with one (it signed in to this account before, under its current password) skips
//   the account's throttle, which strangers fill, and has a throttle of its own instead, plus
//   the address's. A stolen device cookie is worth nothing without the password, and its
//   guesses are throttled as a stranger's are.
// Only failures count; a success clears the count it was made under and renews the device.
import type { Database } from "../../platform/db/db.server.ts";
import { createRateLimiter, type RateLimiter } from "../../platform/rate-limit.server.ts";
import { type DeviceClaim, issueDeviceClaim, knownDeviceId } from "./known-device.server.ts";
import { decoyHash, MAX_PASSWORD_LENGTH, verifyPassword } from "./password.server.ts";
import { normaliseEmail } from "./users.server.ts";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins allowed per account in the window, from browsers it does not know. */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
/** Failed sign-ins allowed per client address in the window (a studio's shared office). */
export const LOGIN_FAILURES_PER_ADDRESS = 20;
/** Failed sign-ins allowed per known device in the window (the owner mistyping, or a thief). */
export const LOGIN_FAILURES_PER_DEVICE = 5;

export interface LoginThrottles {
  account: RateLimiter;
  address: RateLimiter;
  device: RateLimiter;
}

export function createLoginThrottles(now?: () => number): LoginThrottles {
  return {
    account: createRateLimiter("login-account", { limit: LOGIN_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS, now }),
    address: createRateLimiter("login-address", { limit: LOGIN_FAILURES_PER_ADDRESS, windowMs: LOGIN_WINDOW_MS, now }),
    device: createRateLimiter("login-device", { limit: LOGIN_FAILURES_PER_DEVICE, windowMs: LOGIN_WINDOW_MS, now }),
  };
}

/**
 * The server's throttles: on SQLite in the process's memory (they restart from zero with it:
 * ADR 007), on PostgreSQL in the database, shared by every instance (ADR 033).
 */
export const loginThrottles = createLoginThrottles();

export type LoginOutcome =
  /** `device` is the browser's new known-device claim for this account. */
  | { ok: true; userId: number; device: DeviceClaim }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterS: number };

export async function attemptLogin(
  db: Database,
  throttles: LoginThrottles,
  input: {
    email: string;
    password: string;
    address: string;
    /** What the browser's known-device cookie claims, its signature checked, if it sent one. */
    device?: DeviceClaim | null;
    now?: number;
  },
): Promise<LoginOutcome> {
  const email = normaliseEmail(input.email);
  const now = input.now ?? Date.now();
  const user = await db
    .selectFrom("admin_users")
    .select(["id", "password_hash"])
    .where("email", "=", email)
    .executeTakeFirst();
  const deviceId = user
    ? knownDeviceId(input.device ?? null, { id: user.id, passwordHash: user.password_hash }, now)
    : null;
  // A known device is counted on its own; anyone else on the account's shared count.
  const [limiter, key] = deviceId ? [throttles.device, `device:${deviceId}`] : [throttles.account, `account:${email}`];
  const addressKey = `address:${input.address}`;
  const [own, byAddress] = await Promise.all([limiter.peek(key), throttles.address.peek(addressKey)]);
  if (!own.allowed || !byAddress.allowed) {
    // The password is not even checked: a throttled guess learns nothing.
    return { ok: false, reason: "throttled", retryAfterS: Math.max(own.retryAfterS, byAddress.retryAfterS) };
  }
  const password = input.password.slice(0, MAX_PASSWORD_LENGTH + 1);
  // An unknown e-mail costs one hash too, so timing does not tell which accounts exist.
  const matches = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
  if (user && matches) {
    await limiter.reset(key);
    return {
      ok: true,
      userId: user.id,
      device: issueDeviceClaim({ id: user.id, passwordHash: user.password_hash }, now),
    };
  }
  await Promise.all([limiter.hit(key), throttles.address.hit(addressKey)]);
  return { ok: false, reason: "invalid" };
}
