// Behind a TLS proxy (TRUST_PROXY): HSTS is sent for requests that came over TLS, never over
// plain HTTP, where browsers ignore it and a studio testing on its network would be misled.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { makeTempDir } from "#fixtures/test-store.ts";

describe("Strict-Transport-Security", () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = makeTempDir("studio-tls-");
    server = await startServer(dataDir, { DEMO_CONTENT: "off", TRUST_PROXY: "loopback" });
    await server.waitUntilReady();
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is sent for a request the proxy received over TLS, without includeSubDomains", async () => {
    const res = await fetch(`${server.url}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("is not sent over plain HTTP", async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
});
