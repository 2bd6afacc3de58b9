import { createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import { appSecret, appSecrets, hasSignature, SECRET_FILE_NAME, signatureOf } from "./secret.server.ts";

afterEach(restoreEnv);

const OLD = "o".repeat(40);
const NEW = "n".repeat(40);

describe("appSecrets", () => {
  it("makes a secret once under DATA_DIR, private to the owner, and reuses it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    setEnv({ DATA_DIR: dir, APP_SECRET: "" });
    const first = appSecret();
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, SECRET_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(appSecrets()).toEqual([first]);
    expect(fs.readFileSync(file, "utf8")).toBe(first);
  });

  it("prefers APP_SECRET and refuses a short one", () => {
    setEnv({ APP_SECRET: "x".repeat(40) });
    expect(appSecret()).toBe("x".repeat(40));
    setEnv({ APP_SECRET: "short" });
    expect(() => appSecret()).toThrow(/at least 32/);
  });

  it("takes several comma-separated secrets, newest first: the first signs", () => {
    setEnv({ APP_SECRET: ` ${NEW}, ${OLD} ` });
    expect(appSecrets()).toEqual([NEW, OLD]);
    expect(appSecret()).toBe(NEW);
  });
});

describe("signatures", () => {
  it("sign with the newest secret and verify under every listed one, so a rotation signs nobody out", () => {
    setEnv({ APP_SECRET: OLD });
    const before = signatureOf("purpose:42");
    expect(before).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hasSignature("purpose:42", before)).toBe(true);
    expect(hasSignature("purpose:43", before)).toBe(false);

    setEnv({ APP_SECRET: `${NEW},${OLD}` });
    const after = signatureOf("purpose:42");
    expect(after).not.toBe(before);
    expect(hasSignature("purpose:42", before)).toBe(true);
    expect(hasSignature("purpose:42", after)).toBe(true);

    // The old secret dropped: what it signed is refused.
    setEnv({ APP_SECRET: NEW });
    expect(hasSignature("purpose:42", before)).toBe(false);
    expect(hasSignature("purpose:42", after)).toBe(true);
  });

  it("are the HMAC-SHA256 the tokens issued before cookie-signature carried (base64url), so those stay good", () => {
    setEnv({ APP_SECRET: OLD });
    const handWritten = createHmac("sha256", OLD).update("admin-csrf:abc").digest("base64url");
    expect(signatureOf("admin-csrf:abc")).toBe(handWritten);
    expect(hasSignature("admin-csrf:abc", handWritten)).toBe(true);
  });

  it("refuse anything that is not a signature", () => {
    setEnv({ APP_SECRET: OLD });
    const good = signatureOf("v");
    for (const bad of ["", "x", `${good}=`, `${good.slice(0, -1)}.`, `a.${good}`, good.toUpperCase()]) {
      expect(hasSignature("v", bad)).toBe(false);
    }
  });
});
