// The redirect to HTTPS: only with an https:// PUBLIC_URL, only for requests that did not come
// over TLS (directly or through a proxy TRUST_PROXY names), never for /healthz, always to
// PUBLIC_URL's origin rather than the request's Host.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { redirectToHttps } from "./headers.ts";

let server: ReturnType<express.Express["listen"]> | undefined;

async function serve(publicUrl: string | undefined, trustProxy?: string): Promise<string> {
  const app = express();
  if (trustProxy) app.set("trust proxy", trustProxy);
  app.use(redirectToHttps(publicUrl));
  app.use((_req, res) => {
    res.send("served");
  });
  const listening = app.listen(0, "127.0.0.1");
  server = listening;
  await new Promise((resolve) => listening.once("listening", resolve));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

async function stop(): Promise<void> {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
}

afterEach(stop);

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: "manual" });

describe("redirectToHttps", () => {
  it("sends plain-HTTP requests to the same path on PUBLIC_URL with 308, whatever their Host", async () => {
    const url = await serve("https://studio.example");
    const res = await get(`${url}/gallery/wedding?x=1`, { Host: "evil.example" });
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("https://studio.example/gallery/wedding?x=1");
    const post = await fetch(`${url}/contactUs`, { method: "POST", body: "a=1", redirect: "manual" });
    expect(post.status).toBe(308);
  });

  it("lets /healthz through, so a load balancer's plain-HTTP check works", async () => {
    const url = await serve("https://studio.example");
    expect((await get(`${url}/healthz`)).status).toBe(200);
  });

  it("lets through what a trusted proxy received over TLS", async () => {
    const url = await serve("https://studio.example", "loopback");
    expect((await get(`${url}/`, { "X-Forwarded-Proto": "https" })).status).toBe(200);
    expect((await get(`${url}/`, { "X-Forwarded-Proto": "http" })).status).toBe(308);
  });

  it("does not loop behind a TLS proxy that TRUST_PROXY does not name", async () => {
    const url = await serve("https://studio.example");
    expect((await get(`${url}/`, { "X-Forwarded-Proto": "https" })).status).toBe(200);
  });

  it("changes nothing without PUBLIC_URL or with an http:// one", async () => {
    for (const publicUrl of [undefined, "http://studio.example"]) {
      const url = await serve(publicUrl);
      expect((await get(`${url}/`)).status).toBe(200);
      await stop();
    }
  });
});
