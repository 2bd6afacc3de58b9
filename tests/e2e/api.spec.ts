// The content API through the production server (Express, compression, React Router), with a
// token made by the CLI against the server's own database; and the guarantee that our pages
// never call it and the browser bundle holds no token.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { standaloneSchema } from "#domain/content-api/openapi.ts";
import { expect, test } from "./fixtures.ts";

const DATA_DIR = path.resolve("tmp/e2e-data");
const CLIENT_BUILD = path.resolve("build/client");
const PUBLIC_PAGES = ["/", "/about", "/gallery/wedding", "/galleryList/101", "/contactUs", "/search?q=madurai"];

function apiToken(...args: string[]): string[] {
  const out = execFileSync(process.execPath, ["scripts/ops/api-token.ts", ...args], {
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
      // A shared cache may keep it briefly, keyed on the token.
      expect(res.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60");
      expect(res.headers().vary).toMatch(/\bAuthorization\b/);
    }
    const slider = await (await request.get(calls[0] ?? "", { headers: auth })).json();
    // A path, as Strapi's local provider answers: the client puts its STRAPI_URL before it.
    const first = slider.data[0].attributes.bannerImage.data[0].attributes.url;
    expect(first).toMatch(/^\/media\/.+\.jpg$/);
    const image = await request.get(first);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    expect(image.headers()["cache-control"]).toMatch(/\bimmutable\b/);

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
    expect(post.status()).toBe(403);
    expect((await post.json()).error.name).toBe("ForbiddenError");
    const preflight = await request.fetch("/api/galleries", { method: "OPTIONS" });
    expect(preflight.status()).toBe(204);
    expect(preflight.headers().allow).toBe("GET, HEAD, OPTIONS");
  });

  test("publishes an OpenAPI document that the served responses hold to", async ({ request }) => {
    const res = await request.get("/api/openapi.json");
    expect(res.status()).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    const auth = { Authorization: `Bearer ${createToken("openapi check").token}` };
    // A client's own validator (strict JSON Schema 2020-12), over HTTP, errors included.
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    const exchanges: [string, string, number, Record<string, string>][] = [
      ["/api/banners", "/api/banners?populate=bannerImage", 200, auth],
      ["/api/galleries", "/api/galleries?populate=*", 200, auth],
      ["/api/collections", "/api/collections?populate=*&[filters][galleries][name]=wedding", 200, auth],
      ["/api/collections/{id}", "/api/collections/101?populate=*", 200, auth],
      ["/api/recent-storys", "/api/recent-storys?populate=*", 200, auth],
      ["/api/blocks", "/api/blocks?populate=*&filters[key][$eq]=header", 200, auth],
      ["/api/banners/{id}", "/api/banners/1?populate=*", 200, auth],
      ["/api/galleries/{id}", "/api/galleries/1?populate=*", 200, auth],
      ["/api/recent-storys/{id}", "/api/recent-storys/103?populate=*", 200, auth],
      ["/api/blocks/{id}", "/api/blocks/1", 200, auth],
      ["/api/collections", "/api/collections?sort=colour", 400, auth],
      ["/api/collections/{id}", "/api/collections/999", 404, auth],
      ["/api/galleries", "/api/galleries", 401, {}],
    ];
    expect(Object.keys(doc.paths).toSorted()).toEqual([...new Set(exchanges.map(([p]) => p))].toSorted());
    for (const [path, call, status, headers] of exchanges) {
      const answer = await request.get(call, { headers });
      expect(answer.status(), call).toBe(status);
      const validate = ajv.compile(
        standaloneSchema(doc, doc.paths[path].get.responses[String(status)].content["application/json"].schema),
      );
      expect(validate(await answer.json()), `${call}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});

/** Escapes text for the partner page's HTML. */
const html = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/** Serves one page from another origin (another port), as a partner site would. */
async function servePartnerPage(body: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Partner</title><body>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test.describe("a client written from spec sections 3 and 7 alone", () => {
  test("renders the slider, collections, stories and header on another site, every image loading", async ({
    request,
    page,
    baseURL,
  }) => {
    const auth = { Authorization: `Bearer ${createToken("spec client").token}` };
    // The spec's calls, query strings as the spec writes them.
    const get = async (call: string) => {
      const res = await request.get(call, { headers: auth });
      expect(res.status(), call).toBe(200);
      return (await res.json()).data;
    };
    const banners = await get("/api/banners?populate=bannerImage");
    const collections = await get("/api/galleries?populate=*");
    const stories = await get("/api/recent-storys?populate=*");
    const blocks = await get("/api/blocks?populate=*&filters[key][$eq]=header");
    const wedding = await get("/api/collections?populate=*&[filters][galleries][name]=wedding");

    // Only the field paths of spec section 3.
    const slider: { id: number; url: string }[] = banners[0].attributes.bannerImage.data;
    const cards: { id: number; name: string; image: string }[] = collections.map(
      (c: { id: number; attributes: { name: string; image: { data: { url: string } } } }) => ({
        id: c.id,
        name: c.attributes.name,
        image: c.attributes.image.data.url,
      }),
    );
    const storyCards = stories.map(
      (s: {
        id: number;
        description: string;
        attributes: { title: string; location: string; base_image: { data: { url: string } } };
      }) => ({
        id: s.id,
        title: s.attributes.title,
        location: s.attributes.location,
        image: s.attributes.base_image.data.url,
        description: s.description,
      }),
    );
    const shoots = wedding.map(
      (g: {
        id: number;
        attributes: {
          title: string;
          description: string;
          location: string;
          base_image: { data: { attributes: { url: string } } };
        };
      }) => ({
        id: g.id,
        title: g.attributes.title,
        description: g.attributes.description,
        location: g.attributes.location,
        image: g.attributes.base_image.data.attributes.url,
      }),
    );
    const header = blocks[0].attributes;
    const navLinks: { id: number; url: string; name: string; Logo?: { data: { attributes: { url: string } } } }[] =
      header.Nav_Links;

    expect(slider).toHaveLength(12);
    expect(cards.map((c) => c.name)).toEqual(["Wedding", "Baby Shoot", "Motherhood", "Outdoor"]);
    expect(storyCards.map((s: { id: number }) => s.id)).toEqual([101, 102, 103]);
    expect(shoots.map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 101]);
    expect([header.Title, header.Key, header.Url]).toEqual(["Nila Studio", "header", "/"]);
    expect(header.Heading).not.toBe("");
    for (const item of [...slider, ...cards, ...storyCards, ...shoots]) expect(item.id).toBeGreaterThan(0);
    for (const text of [...storyCards, ...shoots].flatMap((s) => [s.title, s.location, s.description])) {
      expect(text).not.toBe("");
    }
    expect(navLinks.map((l) => l.name)).toEqual([
      "About",
      "Wedding",
      "Baby shoot",
      "Nila Studio",
      "Motherhood",
      "Outdoor",
      "Contact",
    ]);

    // The links a spec client builds lead to our pages.
    const site = new URL(baseURL ?? "").origin;
    const links = [
      ...cards.map((c) => `/gallery/${c.name.replace(/ /g, "")}`),
      ...storyCards.map((s: { id: number }) => `/galleryList/${s.id}`),
      ...shoots.map((s: { id: number }) => `/galleryList/${s.id}`),
      ...navLinks.map((l) => l.url),
    ];
    for (const link of links) expect((await request.get(link)).status(), link).toBe(200);

    // As a Strapi client does with the local provider's paths: `${STRAPI_URL}${url}`.
    const image = (url: string, alt: string) => `<img src="${html(site + url)}" alt="${html(alt)}">`;
    const partner = await servePartnerPage(
      [
        `<nav>${navLinks.map((l) => `<a href="${html(site + l.url)}">${l.Logo ? image(l.Logo.data.attributes.url, l.name) : html(l.name)}</a>`).join("")}</nav>`,
        `<section>${slider.map((b) => image(b.url, `slide ${b.id}`)).join("")}</section>`,
        `<section>${cards.map((c) => image(c.image, c.name)).join("")}</section>`,
        `<section>${[...storyCards, ...shoots].map((s: { image: string; title: string }) => image(s.image, s.title)).join("")}</section>`,
      ].join(""),
    );
    try {
      await page.goto(partner.url);
      const broken = await page.evaluate(async () => {
        const images = [...document.images];
        await Promise.all(images.map((i) => i.decode().catch(() => undefined)));
        return images.filter((i) => i.naturalWidth === 0).map((i) => i.src);
      });
      expect(await page.locator("img").count()).toBe(
        1 + slider.length + cards.length + storyCards.length + shoots.length,
      );
      expect(broken).toEqual([]);
      // The partner's own script may not call the API: CORS is off until its origin is listed.
      const fromPartnerScript = await page.evaluate(
        ({ url, authorization }) =>
          fetch(url, { headers: { Authorization: authorization } }).then(
            (res) => `answered ${res.status}`,
            (error: unknown) => `refused: ${error}`,
          ),
        { url: `${site}/api/galleries?populate=*`, authorization: auth.Authorization },
      );
      expect(fromPartnerScript).toMatch(/^refused: TypeError/);
    } finally {
      await partner.close();
    }
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
