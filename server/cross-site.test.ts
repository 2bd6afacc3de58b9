// Forged cross-site posts, to the admin (its pages and its tus uploads) and to a public form, against the real
// server: refused with 403, logged as one warning line naming the path and the origin, never as an "unhandled
// error" with a stack.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { makeTempDir } from "#fixtures/test-store.ts";
import { CROSS_SITE_REFUSAL, isSameOriginRequest } from "#server/cross-site.ts";

const FOREIGN_ORIGIN = "https://evil.example";

describe("cross-site posts", () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = makeTempDir("studio-cross-site-");
    server = await startServer(dataDir, { DEMO_CONTENT: "off" });
    await server.waitUntilReady();
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, headers: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: "email=owner%40example.com&password=guess",
    });
  const logLines = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string; path?: string; origin?: string });

  it("answers 403 with one warning line (path, origin) and no error, for pages, data requests and uploads", async () => {
    const forged = { Origin: FOREIGN_ORIGIN, "Sec-Fetch-Site": "cross-site" };
    const page = await post("/admin/login", forged);
    expect(page.status).toBe(403);
    expect(await page.text()).toBe(CROSS_SITE_REFUSAL);
    expect((await post("/admin/shoots/new.data", forged)).status).toBe(403);
    // An older browser that sends only Origin is refused the same way.
    expect((await post("/admin/shoots/new?index", { Origin: FOREIGN_ORIGIN })).status).toBe(403);
    // The tus uploads sit behind the same check (the upload handler does not judge origins).
    const upload = await post("/admin/uploads", forged);
    expect(upload.status).toBe(403);
    expect(await upload.text()).toBe(CROSS_SITE_REFUSAL);

    await server.waitForOutput(/refused a cross-site POST to \/admin\/uploads from/);
    const refusals = logLines().filter((l) => l.msg.startsWith("refused a cross-site"));
    expect(refusals.map((l) => [l.level, l.path, l.origin])).toEqual([
      [40, "/admin/login", FOREIGN_ORIGIN],
      [40, "/admin/shoots/new.data", FOREIGN_ORIGIN],
      [40, "/admin/shoots/new", FOREIGN_ORIGIN],
      [40, "/admin/uploads", FOREIGN_ORIGIN],
    ]);
    expect(refusals[0]?.msg).toBe(
      `refused a cross-site POST to /admin/login from ${FOREIGN_ORIGIN} (Sec-Fetch-Site: cross-site)`,
    );
    expect(server.output()).not.toContain("unhandled error");
    expect(server.output()).not.toContain('"stack"');
  });

  it("refuses a public form's post that says it came from elsewhere, and lets one that says nothing through", async () => {
    const forged = await post("/contactUs", { Origin: FOREIGN_ORIGIN, "Sec-Fetch-Site": "cross-site" });
    expect(forged.status).toBe(403);
    await server.waitForOutput(/refused a cross-site POST to \/contactUs from/);
    // A script posting the contact form sends neither header: the form's own rules judge it.
    const script = await post("/contactUs", {});
    expect(script.status).not.toBe(403);
    expect(await script.text()).not.toContain(CROSS_SITE_REFUSAL);
    expect(server.output()).not.toContain("unhandled error");
  });

  it("lets the studio's own posts through to the admin's checks", async () => {
    // Same origin but no form token: past this check, refused by the sign-in form's own.
    const own = await post("/admin/login", { Origin: server.url, "Sec-Fetch-Site": "same-origin" });
    expect(own.status).toBe(403);
    expect(await own.text()).not.toContain(CROSS_SITE_REFUSAL);
    expect(logLines().filter((l) => l.msg.startsWith("refused a cross-site"))).toHaveLength(5);
  });
});

describe("the origin check", () => {
  const post = (headers: Record<string, string>) =>
    new Request("http://studio.test/admin/shoots/new", { method: "POST", headers });

  it("accepts same-origin posts and refuses cross-site ones or ones that say nothing", () => {
    expect(isSameOriginRequest(post({ Origin: "http://studio.test", "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(post({ Origin: "http://studio.test" }))).toBe(true);
    expect(isSameOriginRequest(post({ Origin: "https://evil.test", "Sec-Fetch-Site": "cross-site" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "http://studio.test", "Sec-Fetch-Site": "same-site" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "https://evil.test" }))).toBe(false);
    expect(isSameOriginRequest(post({ Origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(post({}))).toBe(false);
  });
});
