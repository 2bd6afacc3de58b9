// Host header trust, against the production server with no configuration: a request that
// names another host (`Host: evil.example`, or the X-Forwarded-Host a proxy would add) must
// never see that host in any page, sitemap, robots.txt, API answer, 404 or header, since a
// shared cache may keep the response for everyone. Absolute URLs name the configured origin.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "#domain/content-api/tokens.server.ts";
import type { ServerProcess } from "#fixtures/server-process.ts";
import { type DemoServer, startDemoServer } from "#tests/helpers/demo-server.ts";

const EVIL = "evil.example";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET with a forged Host (fetch may not set Host, so plain node:http). */
function getAs(base: string, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}${pathname}`,
      { headers: { Host: EVIL, "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

describe("absolute URLs never come from the request's Host", () => {
  let demo: DemoServer;
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    // Otherwise defaults only (HOST, PORT, no PUBLIC_URL, no TRUST_PROXY): what `npm start` runs.
    demo = await startDemoServer("studio-host-", async (db) => {
      ({ token } = await createApiToken(db, "Host probe"));
    });
    ({ server } = demo);
  });
  afterAll(async () => {
    await demo?.stop();
  });

  it("in every public page, the sitemap, robots.txt, the API, 404s and every header", async () => {
    const sitemap = await getAs(server.url, "/sitemap.xml");
    const pages = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
    // Every public page is in the sitemap: the home page, collections, shoots, about, contact.
    expect(pages).toContain("/");
    expect(pages.filter((p) => p.startsWith("/galleryList/")).length).toBeGreaterThan(10);
    const api = { Authorization: `Bearer ${token}` };
    const probes: [string, Record<string, string>?][] = [
      ...pages.map((p): [string] => [p]),
      // React Router's data requests carry the root loader's data too.
      ...pages.slice(0, 5).map((p): [string] => [p === "/" ? "/_root.data" : `${p}.data`]),
      ["/sitemap.xml"],
      ["/robots.txt"],
      ["/credits"],
      ["/search?q=wedding"],
      ["/no-such-page"],
      ["/gallery/no-such-collection"],
      ["/galleryList/999999"],
      ["/media/no-such-file.jpg"],
      ["/assets"],
      ["/favicon.svg"],
      ["/healthz"],
      ["/admin"],
      ["/admin/login"],
      ["/admin/shoots"],
      ["/admin/uploads"],
      ["/api/banners?populate=*", api],
      ["/api/galleries?populate=*", api],
      ["/api/collections?populate=*", api],
      ["/api/collections/101?populate=*", api],
      ["/api/recent-storys?populate=*", api],
      ["/api/blocks?populate=*", api],
      ["/api/openapi.json", api],
      ["/api/no-such-resource", api],
      ["/api/banners"],
    ];
    const statuses = new Set<number>();
    for (const [pathname, headers] of probes) {
      const answer = await getAs(server.url, pathname, headers);
      statuses.add(answer.status);
      const where = `${pathname} (${answer.status})`;
      expect(answer.body.includes(EVIL), `body of ${where}`).toBe(false);
      for (const [name, value] of Object.entries(answer.headers)) {
        expect(String(value).includes(EVIL), `${name} header of ${where}`).toBe(false);
      }
    }
    // The probes met pages, redirects, refusals and misses, not one error page everywhere.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 302, 401, 404]));
  });

  it("absolute URLs name the configured address instead", async () => {
    const home = await getAs(server.url, "/");
    expect(home.body).toContain(`<link rel="canonical" href="${server.url}/"/>`);
    expect(home.body).toMatch(new RegExp(`<meta property="og:image" content="${server.url}/media/`));
    expect((await getAs(server.url, "/robots.txt")).body).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    // The content API's media URLs are paths, as Strapi's local provider answers: no address to name.
    const banners = await getAs(server.url, "/api/banners?populate=*", { Authorization: `Bearer ${token}` });
    expect(banners.body).toContain(`"url":"/media/`);
    expect(banners.body).not.toContain("http");
  });
});
