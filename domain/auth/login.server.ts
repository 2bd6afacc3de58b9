// Sign-in: checks an e-mail and password under two throttles (per account and per client
// address), so neither guessing one owner's password nor spraying many accounts from one
// address gets far. Only failures count; a success clears the account's count.
import type { Database } from "../../platform/db/db.server.ts";
import { createRateLimiter, type RateLimiter } from "../../platform/rate-limit.server.ts";
import { decoyHash, MAX_PASSWORD_LENGTH, verifyPassword } from "./password.server.ts";
import { normaliseEmail } from "./users.server.ts";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins allowed per account in the window. */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
/** Failed sign-ins allowed per client address in the window (a studio's shared office). */
export const LOGIN_FAILURES_PER_ADDRESS = 20;

export interface LoginThrottles {
  account: RateLimiter;
  address: RateLimiter;
}

export function createLoginThrottles(now?: () => number): LoginThrottles {
  return {
    account: createRateLimiter({ limit: LOGIN_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS, now }),
    address: createRateLimiter({ limit: LOGIN_FAILURES_PER_ADDRESS, windowMs: LOGIN_WINDOW_MS, now }),
  };
}

/** The process's throttles: they restart from zero with the process (ADR 007). */
export const loginThrottles = createLoginThrottles();

export type LoginOutcome =
  | { ok: true; userId: number }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterS: number };

export async function attemptLogin(
  db: Database,
  throttles: LoginThrottles,
  input: { email: string; password: string; address: string },
): Promise<LoginOutcome> {
  const email = normaliseEmail(input.email);
  const accountKey = `account:${email}`;
  const addressKey = `address:${input.address}`;
  const byAccount = throttles.account.peek(accountKey);
  const byAddress = throttles.address.peek(addressKey);
  if (!byAccount.allowed || !byAddress.allowed) {
    // The password is not even checked: a throttled guess learns nothing.
    return { ok: false, reason: "throttled", retryAfterS: Math.max(byAccount.retryAfterS, byAddress.retryAfterS) };
  }
  const user = await db
    .selectFrom("admin_users")
    .select(["id", "password_hash"])
    .where("email", "=", email)
    .executeTakeFirst();
  const password = input.password.slice(0, MAX_PASSWORD_LENGTH + 1);
  // An unknown e-mail costs one hash too, so timing does not tell which accounts exist.
  const matches = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
  if (user && matches) {
    throttles.account.reset(accountKey);
    return { ok: true, userId: user.id };
  }
  throttles.account.hit(accountKey);
  throttles.address.hit(addressKey);
  return { ok: false, reason: "invalid" };
}
