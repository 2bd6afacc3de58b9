// The signed fill-time token: too fast, in time, too old, forged, across a secret's rotation.
import { afterAll, describe, expect, it } from "vitest";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import { checkFillToken, FILL_TOKEN_MAX_AGE_MS, issueFillToken } from "./fill-token.server.ts";

const MIN_FILL_MS = 3000;
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

setEnv({ APP_SECRET: "test-secret-that-is-long-enough-0123456789" });
afterAll(restoreEnv);

describe("fill-time token", () => {
  const token = issueFillToken(T0);
  const check = (t: string, now: number) => checkFillToken(t, { now, minFillMs: MIN_FILL_MS });

  it("is refused as too fast before the minimum fill time, accepted after it", () => {
    expect(check(token, T0 + 500)).toBe("too-fast");
    expect(check(token, T0 + MIN_FILL_MS - 1)).toBe("too-fast");
    expect(check(token, T0 + MIN_FILL_MS)).toBe("ok");
  });

  it("is shared by every visitor of a cached page: any later submission within the age is fine", () => {
    expect(check(token, T0 + 60_000)).toBe("ok");
    expect(check(token, T0 + FILL_TOKEN_MAX_AGE_MS)).toBe("ok");
    expect(check(token, T0 + FILL_TOKEN_MAX_AGE_MS + 1000)).toBe("expired");
  });

  it("is invalid when forged, changed, missing or from the future", () => {
    const [time, mac] = token.split(".");
    expect(check(`${Number(time) - 60}.${mac}`, T0 + 10_000)).toBe("invalid");
    expect(check(`${time}.${"A".repeat(43)}`, T0 + 10_000)).toBe("invalid");
    expect(check("", T0 + 10_000)).toBe("invalid");
    expect(check("nonsense", T0 + 10_000)).toBe("invalid");
    expect(check(issueFillToken(T0 + 10 * 60_000), T0 + 10_000)).toBe("invalid");
  });

  it("outlives a rotation: a new secret in front still accepts what the old one signed", () => {
    setEnv({ APP_SECRET: "another-secret-that-is-long-enough-9876543210,test-secret-that-is-long-enough-0123456789" });
    expect(check(token, T0 + 10_000)).toBe("ok");
    expect(issueFillToken(T0)).not.toBe(token);
    expect(check(issueFillToken(T0), T0 + 10_000)).toBe("ok");
  });

  it("depends on the secret", () => {
    setEnv({ APP_SECRET: "another-secret-that-is-long-enough-9876543210" });
    expect(check(token, T0 + 10_000)).toBe("invalid");
  });
});
