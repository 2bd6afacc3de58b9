import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import { appSecret, SECRET_FILE_NAME } from "./secret.server.ts";

afterEach(restoreEnv);

describe("appSecret", () => {
  it("makes a secret once under DATA_DIR, private to the owner, and reuses it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    setEnv({ DATA_DIR: dir, APP_SECRET: "" });
    const first = appSecret();
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, SECRET_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(appSecret()).toBe(first);
    expect(fs.readFileSync(file, "utf8")).toBe(first);
  });

  it("prefers APP_SECRET and refuses a short one", () => {
    setEnv({ APP_SECRET: "x".repeat(40) });
    expect(appSecret()).toBe("x".repeat(40));
    setEnv({ APP_SECRET: "short" });
    expect(() => appSecret()).toThrow(/at least 32/);
  });
});
