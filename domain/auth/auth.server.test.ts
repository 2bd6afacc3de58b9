import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { csrfToken, isValidCsrfToken } from "./csrf.server.ts";
import { type DeviceClaim, issueDeviceClaim, KNOWN_DEVICE_LIFETIME_MS } from "./known-device.server.ts";
import {
  attemptLogin,
  createLoginThrottles,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_DEVICE,
  LOGIN_WINDOW_MS,
  type LoginOutcome,
  type LoginThrottles,
} from "./login.server.ts";
import { hashPassword, SCRYPT_COST_N, verifyPassword } from "./password.server.ts";
import {
  createSession,
  destroyAllSessions,
  findSession,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from "./session.server.ts";
import { ADMIN_HOME, safeNextPath } from "./shared.ts";
import { UserInputError, upsertUser } from "./users.server.ts";

const PASSWORD = "a long enough password";
const MINUTE_MS = 60_000;

describe("passwords", () => {
  it("hashes with scrypt, naming its parameters, and verifies only the right password", async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash.startsWith(`scrypt$${SCRYPT_COST_N}$8$1$`)).toBe(true);
    expect(hash).not.toContain(PASSWORD);
    expect(await hashPassword(PASSWORD)).not.toBe(hash);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}x`, hash)).toBe(false);
    expect(await verifyPassword(PASSWORD, "not-a-hash")).toBe(false);
  });
});

describe("accounts, sign-in and sessions", () => {
  let store: TestStore;
  let userId: number;
  beforeAll(async () => {
    store = await createTestStore();
    ({ id: userId } = await upsertUser(store.db, "Owner@Example.com", PASSWORD));
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("refuses short passwords and non-addresses when creating an account", async () => {
    await expect(upsertUser(store.db, "x@example.com", "short")).rejects.toThrow(UserInputError);
    await expect(upsertUser(store.db, "not an address", PASSWORD)).rejects.toThrow(UserInputError);
  });

  it("signs in with the e-mail in any case, and refuses a wrong password", async () => {
    const throttles = createLoginThrottles();
    const ok = await attemptLogin(store.db, throttles, {
      email: "owner@example.COM",
      password: PASSWORD,
      address: "a",
    });
    expect(ok).toEqual({
      ok: true,
      userId,
      device: {
        account: userId,
        nonce: expect.stringMatching(/^[\w-]{22}$/),
        issuedAtS: expect.any(Number),
        password: expect.stringMatching(/^[\w-]{22}$/),
      },
    });
    const wrong = await attemptLogin(store.db, throttles, {
      email: "owner@example.com",
      password: "nope",
      address: "a",
    });
    expect(wrong).toEqual({ ok: false, reason: "invalid" });
    const unknown = await attemptLogin(store.db, throttles, {
      email: "who@example.com",
      password: PASSWORD,
      address: "a",
    });
    expect(unknown).toEqual({ ok: false, reason: "invalid" });
  });

  it("throttles an account after repeated failures, even with the right password, until the window passes", async () => {
    let now = 1_000_000;
    const throttles = createLoginThrottles(() => now);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      const r = await attemptLogin(store.db, throttles, {
        email: "owner@example.com",
        password: "bad",
        address: `ip${i}`,
      });
      expect(r.ok).toBe(false);
    }
    const blocked = await attemptLogin(store.db, throttles, {
      email: "owner@example.com",
      password: PASSWORD,
      address: "elsewhere",
    });
    expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
    now += LOGIN_WINDOW_MS + MINUTE_MS;
    const later = await attemptLogin(store.db, throttles, {
      email: "owner@example.com",
      password: PASSWORD,
      address: "x",
    });
    expect(later.ok).toBe(true);
  });

  it("throttles one address that tries many accounts", async () => {
    const throttles = createLoginThrottles();
    let last: Awaited<ReturnType<typeof attemptLogin>> | undefined;
    for (let i = 0; i < 25; i++) {
      last = await attemptLogin(store.db, throttles, {
        email: `guess${i}@example.com`,
        password: "x",
        address: "1.2.3.4",
      });
    }
    expect(last).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("keeps sessions server-side: found while fresh, slid forward when used, gone when idle or too old", async () => {
    const start = 5_000_000;
    const { id } = await createSession(store.db, userId, "test", start);
    expect((await findSession(store.db, id, start + MINUTE_MS))?.user.email).toBe("owner@example.com");
    const row = await store.db.selectFrom("admin_sessions").selectAll().executeTakeFirstOrThrow();
    expect(row.id_hash).not.toBe(id);
    // Used just before its idle limit, it lives on for another idle period.
    const nearlyIdle = start + SESSION_IDLE_TIMEOUT_MS - MINUTE_MS;
    expect(await findSession(store.db, id, nearlyIdle)).not.toBeNull();
    expect(await findSession(store.db, id, nearlyIdle + SESSION_IDLE_TIMEOUT_MS - MINUTE_MS)).not.toBeNull();
    expect(await findSession(store.db, id, nearlyIdle + 3 * SESSION_IDLE_TIMEOUT_MS)).toBeNull();

    const old = await createSession(store.db, userId, "test", start);
    let t = start;
    while (t < start + SESSION_ABSOLUTE_LIFETIME_MS - SESSION_IDLE_TIMEOUT_MS) {
      t += SESSION_IDLE_TIMEOUT_MS / 2;
      expect(await findSession(store.db, old.id, t)).not.toBeNull();
    }
    expect(await findSession(store.db, old.id, start + SESSION_ABSOLUTE_LIFETIME_MS)).toBeNull();
  });

  it("sweeps the sessions that expired unseen when someone signs in", async () => {
    await destroyAllSessions(store.db, userId);
    const start = 9_000_000;
    await createSession(store.db, userId, "thrown-away browser", start);
    await createSession(store.db, userId, "still in use", start + SESSION_IDLE_TIMEOUT_MS - MINUTE_MS);
    const count = async () =>
      (await store.db.selectFrom("admin_sessions").select("user_agent").execute()).map((r) => r.user_agent);
    expect(await count()).toEqual(["thrown-away browser", "still in use"]);
    await createSession(store.db, userId, "new sign-in", start + SESSION_IDLE_TIMEOUT_MS);
    expect(await count()).toEqual(["still in use", "new sign-in"]);
  });

  it("signs out everywhere, and a new password ends every session", async () => {
    const now = Date.now();
    const a = await createSession(store.db, userId, "a", now);
    const b = await createSession(store.db, userId, "b", now);
    expect(await destroyAllSessions(store.db, userId)).toBeGreaterThanOrEqual(2);
    expect(await findSession(store.db, a.id, now)).toBeNull();
    expect(await findSession(store.db, b.id, now)).toBeNull();
    const c = await createSession(store.db, userId, "c", now);
    await upsertUser(store.db, "owner@example.com", `${PASSWORD}!`);
    expect(await findSession(store.db, c.id, now)).toBeNull();
  });
});

describe("the owner signing in from a known device while their account is under a guessing attack", () => {
  const OWNER = "owner@example.com";
  let store: TestStore;
  let now: number;
  let throttles: LoginThrottles;
  beforeAll(async () => {
    store = await createTestStore();
    await upsertUser(store.db, OWNER, PASSWORD);
    await upsertUser(store.db, "partner@example.com", PASSWORD);
  });
  afterAll(async () => {
    await store.cleanup();
  });
  beforeEach(() => {
    now = 50_000_000_000;
    throttles = createLoginThrottles(() => now);
  });

  const signIn = (input: { email?: string; password: string; address: string; device?: DeviceClaim | null }) =>
    attemptLogin(store.db, throttles, { email: OWNER, ...input, now });
  const deviceOf = (outcome: LoginOutcome): DeviceClaim => {
    if (!outcome.ok) throw new Error(`expected a sign-in, got ${outcome.reason}`);
    return outcome.device;
  };
  /** A stranger fills the account's throttle with wrong guesses from addresses of their own. */
  const attack = async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      expect(await signIn({ password: `guess ${i}`, address: `attacker-${i}` })).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    expect(await signIn({ password: "one more", address: "attacker-x" })).toMatchObject({ reason: "throttled" });
  };

  it("the right password from the owner's known device gets in; from anywhere else it is throttled", async () => {
    const laptop = deviceOf(await signIn({ password: PASSWORD, address: "home" }));
    await attack();
    // A browser the account does not know (the attacker's, or the owner's new phone) waits.
    expect(await signIn({ password: PASSWORD, address: "home" })).toMatchObject({ reason: "throttled" });
    // A claim made for the account under another password (its cookie's signature is checked before).
    const stranger = issueDeviceClaim({ id: laptop.account, passwordHash: "another hash" }, now);
    expect(await signIn({ password: PASSWORD, address: "home", device: stranger })).toMatchObject({
      reason: "throttled",
    });
    // The owner's laptop, even from a hotel's address, gets in, and is known again for a year.
    const renewed = deviceOf(await signIn({ password: PASSWORD, address: "hotel", device: laptop }));
    expect(renewed).not.toBe(laptop);
    // The owner mistyping on the laptop is not throttled by the attacker's guesses either.
    expect(await signIn({ password: "typo", address: "hotel", device: renewed })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect((await signIn({ password: PASSWORD, address: "hotel", device: renewed })).ok).toBe(true);
  });

  it("a stolen device cookie alone gives nothing, and its guesses have a limit of their own", async () => {
    const laptop = deviceOf(await signIn({ password: PASSWORD, address: "home" }));
    await attack();
    for (let i = 0; i < LOGIN_FAILURES_PER_DEVICE; i++) {
      expect(await signIn({ password: `thief ${i}`, address: `thief-${i}`, device: laptop })).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    // Five more guesses, not an unlimited number: then that device waits too, right or wrong.
    expect(await signIn({ password: PASSWORD, address: "thief-x", device: laptop })).toMatchObject({
      reason: "throttled",
    });
    // Another device of the owner's is counted on its own.
    now += LOGIN_WINDOW_MS + MINUTE_MS;
    const phone = deviceOf(await signIn({ password: PASSWORD, address: "mobile" }));
    await attack();
    for (let i = 0; i < LOGIN_FAILURES_PER_DEVICE; i++) {
      await signIn({ password: `thief ${i}`, address: `thief-${i}`, device: laptop });
    }
    expect((await signIn({ password: PASSWORD, address: "mobile", device: phone })).ok).toBe(true);
  });

  it("a device counts only for the account it signed in to, under its current password, for a year", async () => {
    const partnerDevice = deviceOf(await signIn({ email: "partner@example.com", password: PASSWORD, address: "a" }));
    const laptop = deviceOf(await signIn({ password: PASSWORD, address: "home" }));
    await attack();
    expect(await signIn({ password: PASSWORD, address: "home", device: partnerDevice })).toMatchObject({
      reason: "throttled",
    });
    expect((await signIn({ password: PASSWORD, address: "home", device: laptop })).ok).toBe(true);

    // Past its lifetime the laptop is a stranger again (the account's count has long expired).
    now += KNOWN_DEVICE_LIFETIME_MS;
    await attack();
    expect(await signIn({ password: PASSWORD, address: "home", device: laptop })).toMatchObject({
      reason: "throttled",
    });

    // A new password forgets every device: one that knew the old password is a stranger.
    now += LOGIN_WINDOW_MS + MINUTE_MS;
    const fresh = deviceOf(await signIn({ password: PASSWORD, address: "home" }));
    await upsertUser(store.db, OWNER, `${PASSWORD} renewed`);
    await attack();
    expect(await signIn({ password: `${PASSWORD} renewed`, address: "home", device: fresh })).toMatchObject({
      reason: "throttled",
    });
    await upsertUser(store.db, OWNER, PASSWORD);
  });

  it("a known device is still throttled by its address", async () => {
    const laptop = deviceOf(await signIn({ password: PASSWORD, address: "office" }));
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i++) {
      await signIn({ email: `spray${i}@example.com`, password: "x", address: "office" });
    }
    expect(await signIn({ password: PASSWORD, address: "office", device: laptop })).toMatchObject({
      reason: "throttled",
    });
  });
});

describe("CSRF", () => {
  it("binds form tokens to their session", () => {
    const token = csrfToken("session-a");
    expect(isValidCsrfToken(token, "session-a")).toBe(true);
    expect(isValidCsrfToken(token, "session-b")).toBe(false);
    expect(isValidCsrfToken("", "session-a")).toBe(false);
    expect(isValidCsrfToken(null, "session-a")).toBe(false);
  });

  it("sends the owner back only inside the admin after signing in", () => {
    expect(safeNextPath("/admin/shoots/3")).toBe("/admin/shoots/3");
    expect(safeNextPath("//evil.test/admin")).toBe(ADMIN_HOME);
    expect(safeNextPath("https://evil.test/admin")).toBe(ADMIN_HOME);
    expect(safeNextPath("/administrator")).toBe(ADMIN_HOME);
    expect(safeNextPath("/about")).toBe(ADMIN_HOME);
    expect(safeNextPath(null)).toBe(ADMIN_HOME);
  });
});
