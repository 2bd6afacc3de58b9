// TRUST_PROXY as Express takes it: every form the environment module accepts compiles, and
// behind a proxy the client's address and TLS are what the operator meant (TRUST_PROXY=1 is one
// hop, not the address 0.0.0.1). The parsing itself is tested in platform/env.server.test.ts.
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "#platform/env.server.ts";
import { TRUST_PROXY_FORMS } from "#tests/helpers/trust-proxy-forms.ts";

describe("TRUST_PROXY in Express", () => {
  it.each(TRUST_PROXY_FORMS)("compiles %s", (raw, value) => {
    expect(parseTrustProxy(raw)).toEqual(value);
    // Express throws on an address or range it cannot read.
    expect(() => express().set("trust proxy", value)).not.toThrow();
  });

  /**
   * Express with the parsed value, as server/app.ts sets it: the client address and whether the
   * request counts as TLS for a request from this machine (127.0.0.1) forwarded for `chain`.
   */
  async function seenBehind(raw: string, chain: string): Promise<{ ip: string; secure: boolean }> {
    const value = parseTrustProxy(raw);
    if (value === undefined) throw new Error(`bad TRUST_PROXY ${raw}`);
    const app = express().set("trust proxy", value);
    app.get("/", (req, res) => void res.json({ ip: req.ip, secure: req.secure }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "X-Forwarded-For": chain, "X-Forwarded-Proto": "https" },
      });
      return (await res.json()) as { ip: string; secure: boolean };
    } finally {
      server.close();
    }
  }

  it.each([
    // Unset, false or 0: the forwarded headers are ignored; the client is the proxy.
    ["false", "203.0.113.7", "127.0.0.1", false],
    ["0", "203.0.113.7", "127.0.0.1", false],
    // One hop: the address the proxy added (the last), whatever the client claimed before it.
    ["1", "198.51.100.1, 203.0.113.7", "203.0.113.7", true],
    ["2", "198.51.100.1, 203.0.113.7", "198.51.100.1", true],
    ["true", "198.51.100.1, 203.0.113.7", "198.51.100.1", true],
    ["loopback", "203.0.113.7", "203.0.113.7", true],
    ["127.0.0.1", "203.0.113.7", "203.0.113.7", true],
    ["127.0.0.0/8", "203.0.113.7", "203.0.113.7", true],
    ["127.0.0.0/255.0.0.0", "203.0.113.7", "203.0.113.7", true],
    ["10.0.0.0/8, 127.0.0.1", "203.0.113.7", "203.0.113.7", true],
    // A trusted list that does not hold this proxy: not believed.
    ["10.0.0.0/8", "203.0.113.7", "127.0.0.1", false],
    ["linklocal", "203.0.113.7", "127.0.0.1", false],
    ["uniquelocal", "203.0.113.7", "127.0.0.1", false],
  ])("TRUST_PROXY=%s, X-Forwarded-For %s: the client is %s, TLS %s", async (raw, chain, ip, secure) => {
    const seen = await seenBehind(raw, chain);
    expect(seen.ip.replace(/^::ffff:/, "")).toBe(ip);
    expect(seen.secure).toBe(secure);
  });
});
