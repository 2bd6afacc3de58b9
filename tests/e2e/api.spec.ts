// The content API through the production server (Express, compression, React Router), with a
// token made by the CLI against the server's own database; and the guarantee that our pages
// never call it and the browser bundle holds no token.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures.ts";

const DATA_DIR = path.resolve("tmp/e2e-data");
const CLIENT_BUILD = path.resolve("build/client");
const PUBLIC_PAGES = ["/", "/about", "/gallery/wedding", "/galleryList/101", "/contactUs", "/search?q=madurai"];

function apiToken(...args: string[]): string[] {
  const out = execFileSync(process.execPath, ["scripts/api-token.ts", ...args], {
    env: { ...process.env, DATA_DIR },
    encoding: "utf8",
  });
  return out.trim().split("\n");
}

function createToken(name: string): { id: string; token: string } {
  const lines = apiToken("create", name);
  return { id: lines[0]?.match(/token (\d+)/)?.[1] ?? "", token: lines.find((l) => l.startsWith("nst_")) ?? "" };
}

test.describe("the content API over HTTP", () => {
  test("serves the spec's calls with a token, ETag and 304, and refuses a revoked token", async ({ request }) => {
    const { id, token } = createToken("e2e client");
    const auth = { Authorization: `Bearer ${token}` };
    const calls = [
      "/api/banners?populate=bannerImage",
      "/api/galleries?populate=*",
      "/api/recent-storys?populate=*",
      "/api/blocks?populate=*&filters[key][$eq]=header",
      "/api/collections?populate=*&[filters][galleries][name]=wedding",
      "/api/collections/1?populate=*",
    ];
    for (const call of calls) {
      const res = await request.get(call, { headers: { ...auth, "Accept-Encoding": "gzip" } });
      expect(res.status(), call).toBe(200);
      expect(res.headers()["content-type"]).toMatch(/^application\/json/);
      const etag = res.headers().etag ?? "";
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await request.get(call, { headers: { ...auth, "If-None-Match": etag } });
      expect(again.status(), call).toBe(304);
    }
    const slider = await (await request.get(calls[0] ?? "", { headers: auth })).json();
    expect(slider.data[0].attributes.bannerImage[0].url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+\.jpg$/);
    const image = await request.get(slider.data[0].attributes.bannerImage[0].url);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/jpeg");

    apiToken("revoke", id);
    const revoked = await request.get(calls[1] ?? "", { headers: auth });
    expect(revoked.status()).toBe(401);
    expect(await revoked.json()).toMatchObject({ data: null, error: { status: 401, name: "UnauthorizedError" } });
  });

  test("answers JSON, never the HTML 404 page, for a missing token, an unknown path or a write", async ({
    request,
  }) => {
    for (const url of ["/api/galleries", "/api/nothing/here"]) {
      const res = await request.get(url);
      expect(res.status()).toBe(401);
      expect((await res.json()).error.name).toBe("UnauthorizedError");
    }
    const post = await request.post("/api/galleries", { data: {} });
    expect(post.status()).toBe(405);
    expect((await post.json()).error.name).toBe("MethodNotAllowedError");
    const preflight = await request.fetch("/api/galleries", { method: "OPTIONS" });
    expect(preflight.status()).toBe(204);
    expect(preflight.headers().allow).toBe("GET, HEAD, OPTIONS");
  });

  test("publishes its OpenAPI document", async ({ request }) => {
    const res = await request.get("/api/openapi.json");
    expect(res.status()).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/api/collections/{id}");
  });
});

test.describe("our own site and the API", () => {
  test("no public page requests /api, even when navigating in the browser", async ({ page, baseURL }) => {
    const apiRequests: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.origin === new URL(baseURL ?? "").origin && url.pathname.startsWith("/api")) apiRequests.push(r.url());
    });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    await page.goto("/");
    await page.getByRole("link", { name: "Wedding" }).first().click();
    await page.waitForURL(/\/gallery\/wedding/i);
    await page.waitForLoadState("networkidle");
    expect(apiRequests).toEqual([]);
  });

  test("the client build holds no token and no code that sends an Authorization header", () => {
    const files = fs.readdirSync(CLIENT_BUILD, { recursive: true, encoding: "utf8" });
    const texts = files.filter((f) => /\.(js|css|html|json|map|txt|svg)$/.test(f));
    expect(texts.some((f) => f.endsWith(".js"))).toBe(true);
    const offenders = texts.filter((f) => {
      const text = fs.readFileSync(path.join(CLIENT_BUILD, f), "utf8");
      // A token itself, or code that sends one: an Authorization header whose value is built
      // from a string starting with "Bearer" (prose that names the header, as the admin's help
      // text does, is not code).
      return (
        /nst_[\w-]{20,}/.test(text) ||
        /["'`]?authorization["'`]?\s*[:,]\s*["'`]bearer\b/i.test(text) ||
        /setRequestHeader\(\s*["'`]authorization/i.test(text)
      );
    });
    expect(offenders).toEqual([]);
  });
});
