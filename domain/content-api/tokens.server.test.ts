// Tokens: their form, hash-only storage, verification, revocation and the throttled last-used time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import {
  API_TOKEN_PREFIX,
  bearerToken,
  createApiToken,
  LAST_USED_WRITE_INTERVAL_MS,
  listApiTokens,
  revokeApiToken,
  verifyApiToken,
} from "./tokens.server.ts";

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(async () => {
  await store.cleanup();
});

describe("API tokens", () => {
  it("are 32 random bytes in base64url behind a recognisable prefix, stored only as a hash", async () => {
    const a = await createApiToken(store.db, "  Mobile app  ");
    const b = await createApiToken(store.db, "Partner site");
    expect(a.token).toMatch(/^nst_[\w-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.name).toBe("Mobile app");
    const rows = await store.db.selectFrom("api_tokens").selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(a.token.slice(API_TOKEN_PREFIX.length, -4));
    expect(rows.find((r) => r.id === a.id)?.hint).toBe(a.token.slice(-4));
  });

  it("refuse an empty or overlong name", async () => {
    await expect(createApiToken(store.db, "  ")).rejects.toThrow(/name/);
    await expect(createApiToken(store.db, "x".repeat(101))).rejects.toThrow(/name/);
  });

  it("verify only the exact live token", async () => {
    const { id, token } = await createApiToken(store.db, "verify");
    expect(await verifyApiToken(store.db, token)).toEqual({ id, name: "verify" });
    expect(await verifyApiToken(store.db, `${token}x`)).toBeNull();
    expect(await verifyApiToken(store.db, token.replace(API_TOKEN_PREFIX, "xxx_"))).toBeNull();
    expect(await verifyApiToken(store.db, null)).toBeNull();
    expect(await revokeApiToken(store.db, id)).toBe(true);
    expect(await verifyApiToken(store.db, token)).toBeNull();
    expect(await revokeApiToken(store.db, id)).toBe(false);
    expect(await revokeApiToken(store.db, 9999)).toBe(false);
  });

  it("record when they were last used, writing at most once per interval", async () => {
    const { id, token } = await createApiToken(store.db, "usage");
    const lastUsed = async () => (await listApiTokens(store.db)).find((t) => t.id === id)?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const start = Date.parse("2030-01-01T00:00:00Z");
    await verifyApiToken(store.db, token, start);
    expect(await lastUsed()).toBe("2030-01-01T00:00:00.000Z");
    await verifyApiToken(store.db, token, start + LAST_USED_WRITE_INTERVAL_MS - 1);
    expect(await lastUsed()).toBe("2030-01-01T00:00:00.000Z");
    await verifyApiToken(store.db, token, start + LAST_USED_WRITE_INTERVAL_MS);
    expect(await lastUsed()).toBe(new Date(start + LAST_USED_WRITE_INTERVAL_MS).toISOString());
  });

  it("are read from a Bearer Authorization header only", () => {
    expect(bearerToken("Bearer nst_abc")).toBe("nst_abc");
    expect(bearerToken("bearer  nst_abc ")).toBe("nst_abc");
    expect(bearerToken("Basic nst_abc")).toBeNull();
    expect(bearerToken("Bearer a b")).toBeNull();
    expect(bearerToken(null)).toBeNull();
  });
});
