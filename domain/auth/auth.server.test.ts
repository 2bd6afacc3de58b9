import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#tests/helpers/test-store.ts";
import { csrfToken, isSameOriginRequest, isValidCsrfToken } from "./csrf.server.ts";
import { attemptLogin, createLoginThrottles, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS } from "./login.server.ts";
import { hashPassword, SCRYPT_COST_N, verifyPassword } from "./password.server.ts";
import {
  createSession,
  destroyAllSessions,
  findSession,
  readCookie,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  sessionCookie,
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
    expect(ok).toEqual({ ok: true, userId });
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

describe("cookies", () => {
  it("is HttpOnly, SameSite=Lax, scoped to /admin, expiring, and Secure over TLS only", () => {
    const plain = sessionCookie(new Request("http://studio.test/admin/login"), "abcdefghijklmnopqrstuvwxyz");
    expect(plain).toMatch(/HttpOnly/);
    expect(plain).toMatch(/SameSite=Lax/);
    expect(plain).toMatch(/Path=\/admin(;|$)/);
    expect(plain).toMatch(/Max-Age=\d+/);
    expect(plain).not.toMatch(/Secure/);
    expect(sessionCookie(new Request("https://studio.test/admin/login"), "abcdefghijklmnopqrstuvwxyz")).toMatch(
      /; Secure/,
    );
  });

  it("reads only well-formed ids", () => {
    const request = (cookie: string) => new Request("http://x/admin", { headers: { Cookie: cookie } });
    expect(readCookie(request("a=1; nila_admin=abcdefghijklmnopqrst"), "nila_admin")).toBe("abcdefghijklmnopqrst");
    expect(readCookie(request("nila_admin=<script>"), "nila_admin")).toBeNull();
  });
});

describe("CSRF", () => {
  const post = (headers: Record<string, string>) =>
    new Request("http://studio.test/admin/shoots/new", { method: "POST", headers });

  it("accepts same-origin posts and refuses cross-site ones or ones that say nothing", () => {
    expect(isSameOriginRequest(post({ Origin: "http://studio.test", "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(post({ Origin: "http://studio.test" }))).toBe(true);
    expect(isSameOriginRequest(post({ Origin: "https://evil.test", "Sec-Fetch-Site": "cross-site" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "http://studio.test", "Sec-Fetch-Site": "same-site" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "https://evil.test" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(post({}))).toBe(false);
  });

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
