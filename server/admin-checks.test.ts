// Each admin check happens once per request, in its one place, for React Router's admin and the
// tus uploads alike: posts from other sites are refused in Express (server/cross-site.ts) before
// the session is even looked up; the session is read from the database exactly once per request
// (requireAdmin); a form or an upload without its token is refused after that one lookup. The
// real Express app and React Router run in this process, loaded from source through Vite as
// `npm run dev` does, so the test can count the app's own reads of the sessions table.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ROOT } from "#fixtures/server-process.ts";
import { makeTempDir } from "#fixtures/test-store.ts";

type AppModule = typeof import("#server/app.ts");
type CrossSiteModule = typeof import("#server/cross-site.ts");
type DbModule = typeof import("#platform/db/db.server.ts");
type SessionModule = typeof import("#domain/auth/session.server.ts");
type CookiesModule = typeof import("#app/http/cookies.server.ts");
type CsrfModule = typeof import("#domain/auth/csrf.server.ts");
type UsersModule = typeof import("#domain/auth/users.server.ts");
type ShootsModule = typeof import("#domain/catalog/shoots.server.ts");

const FORM_EXPIRED = "This form has expired. Go back, reload the page and try again.";
const UPLOAD_REFUSED = "This upload was refused: reload the page and try again.";
const SIGN_IN_TO_UPLOAD = "Sign in to upload.";

describe("admin checks, once per request", () => {
  let dataDir: string;
  let vite: ViteDevServer;
  let closeDb: DbModule["closeDb"] | undefined;
  let server: ReturnType<ReturnType<AppModule["createApp"]>["listen"]>;
  let base: string;
  let crossSiteRefusal: string;
  let cookie: string;
  let csrf: string;
  let shootId: number;
  let collectionId: number;
  /** Reads of the sessions table by the app since the last request began. */
  let sessionReads = 0;

  beforeAll(async () => {
    dataDir = makeTempDir("studio-admin-checks-");
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("LOG_LEVEL", "silent");
    vite = await createServer({
      root: ROOT,
      server: { middlewareMode: true, hmr: false, ws: false },
      appType: "custom",
      logLevel: "warn",
    });
    // Vite's copies of the modules, so the database and secret are the ones the app uses.
    const load = <T>(id: string) => vite.ssrLoadModule(id) as Promise<T>;
    const { getDb, migrate, ...dbModule } = await load<DbModule>("/platform/db/db.server.ts");
    closeDb = dbModule.closeDb;
    const { createSession, findSession } = await load<SessionModule>("/domain/auth/session.server.ts");
    const { sessionCookieHeader } = await load<CookiesModule>("/app/http/cookies.server.ts");
    const { csrfToken } = await load<CsrfModule>("/domain/auth/csrf.server.ts");
    const { upsertUser } = await load<UsersModule>("/domain/auth/users.server.ts");
    const { createShoot } = await load<ShootsModule>("/domain/catalog/shoots.server.ts");
    ({ CROSS_SITE_REFUSAL: crossSiteRefusal } = await load<CrossSiteModule>("/server/cross-site.ts"));

    const db = getDb();
    await migrate(db);
    ({ id: collectionId } = await db
      .insertInto("collections")
      .values({ slug: "wedding", name: "Wedding", position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow());
    shootId = await createShoot(db, { title: "A wedding", location: "", description: "", collectionId });
    const { id: userId } = await upsertUser(db, "owner@example.com", "a long enough password");
    const session = await createSession(db, userId, "vitest");
    cookie = await sessionCookieHeader(session.id);
    csrf = csrfToken((await findSession(db, session.id))?.idHash ?? "");

    // From here on, every read of the sessions table is counted.
    const selectFrom = db.selectFrom.bind(db);
    db.selectFrom = ((from: string) => {
      if (from === "admin_sessions") sessionReads++;
      return selectFrom(from as "admin_sessions");
    }) as typeof db.selectFrom;

    const { createApp } = await load<AppModule>("/server/app.ts");
    const app = createApp({
      readiness: () => ({ ready: true, detail: "ready" }),
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as never,
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await closeDb?.();
    await vite?.close();
    vi.unstubAllEnvs();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const sameOrigin = () => ({ Origin: base, "Sec-Fetch-Site": "same-origin" });
  const crossSite = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };

  /** One request; what came back and how many times it read the sessions table. */
  async function send(path: string, init: RequestInit = {}) {
    sessionReads = 0;
    const response = await fetch(`${base}${path}`, { redirect: "manual", ...init });
    const body = await response.text();
    return { status: response.status, body, location: response.headers.get("location"), sessionReads };
  }

  const shootForm = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...sameOrigin() },
    body: new URLSearchParams({
      title: "Checked once",
      location: "",
      description: "",
      collectionId: String(collectionId),
      ...fields,
    }),
  });

  const metadata = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
      .join(",");
  const createUpload = (headers: Record<string, string>) => ({
    method: "POST",
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": "1024",
      "Upload-Metadata": metadata({ filename: "a.jpg", shootId: String(shootId), index: "0", batch: "batch-0001" }),
      ...headers,
    },
  });

  it("React Router's admin reads the session once per page, data request and form post", async () => {
    const page = await send("/admin/shoots", { headers: { Cookie: cookie } });
    expect([page.status, page.sessionReads]).toEqual([200, 1]);
    const data = await send("/admin/shoots.data", { headers: { Cookie: cookie } });
    expect([data.status, data.sessionReads]).toEqual([200, 1]);
    const created = await send("/admin/shoots/new", shootForm({ csrf }));
    expect([created.status, created.sessionReads]).toEqual([302, 1]);
    expect(created.location).toMatch(/^\/admin\/shoots\/\d+\?created=1$/);
    // The sign-in page, outside the signed-in layout, looks the session up itself: once.
    const login = await send("/admin/login", { headers: { Cookie: cookie } });
    expect([login.status, login.location, login.sessionReads]).toEqual([302, "/admin/shoots", 1]);
  });

  it("sends a visitor without a session to sign in, coming back afterwards", async () => {
    const page = await send("/admin/shoots");
    expect([page.status, page.location, page.sessionReads]).toEqual([302, "/admin/login?next=%2Fadmin%2Fshoots", 0]);
    const stale = await send("/admin/trash", { headers: { Cookie: "nila_admin=abcdefghijklmnopqrstuvwxyz" } });
    expect([stale.status, stale.location, stale.sessionReads]).toEqual([302, "/admin/login?next=%2Fadmin%2Ftrash", 1]);
  });

  it("refuses a cross-site form post in Express, before the session is looked up", async () => {
    for (const path of ["/admin/shoots/new", "/admin/shoots/new.data", "/admin/login"]) {
      const forged = await send(path, { ...shootForm({ csrf }), headers: { ...shootForm({}).headers, ...crossSite } });
      expect([path, forged.status, forged.body, forged.sessionReads]).toEqual([path, 403, crossSiteRefusal, 0]);
    }
  });

  it("refuses a same-origin form post without its token after the one session lookup", async () => {
    // The admin's error page says why.
    const tokenless = await send("/admin/shoots/new", shootForm({}));
    expect([tokenless.status, tokenless.sessionReads]).toEqual([403, 1]);
    expect(tokenless.body).toContain(FORM_EXPIRED);
    const stolen = await send("/admin/shoots/new", shootForm({ csrf: "x".repeat(43) }));
    expect([stolen.status, stolen.sessionReads]).toEqual([403, 1]);
    expect(stolen.body).toContain(FORM_EXPIRED);
  });

  it("tus uploads: the same single session lookup, the token in a header, cross-site refused in front", async () => {
    const created = await send(
      "/admin/uploads",
      createUpload({ Cookie: cookie, ...sameOrigin(), "X-CSRF-Token": csrf }),
    );
    expect([created.status, created.sessionReads]).toEqual([201, 1]);
    expect(created.location).toMatch(/^\/admin\/uploads\/\w+$/);
    const offset = await send(created.location ?? "", {
      method: "HEAD",
      headers: { "Tus-Resumable": "1.0.0", Cookie: cookie },
    });
    expect([offset.status, offset.sessionReads]).toEqual([200, 1]);

    const tokenless = await send("/admin/uploads", createUpload({ Cookie: cookie, ...sameOrigin() }));
    expect([tokenless.status, tokenless.body, tokenless.sessionReads]).toEqual([403, UPLOAD_REFUSED, 1]);
    const forged = await send("/admin/uploads", createUpload({ Cookie: cookie, ...crossSite, "X-CSRF-Token": csrf }));
    expect([forged.status, forged.body, forged.sessionReads]).toEqual([403, crossSiteRefusal, 0]);
    const signedOut = await send("/admin/uploads", createUpload({ ...sameOrigin(), "X-CSRF-Token": csrf }));
    expect([signedOut.status, signedOut.body, signedOut.sessionReads]).toEqual([401, SIGN_IN_TO_UPLOAD, 0]);
    const stale = await send(
      "/admin/uploads",
      createUpload({ Cookie: "nila_admin=abcdefghijklmnopqrstuvwxyz", ...sameOrigin(), "X-CSRF-Token": csrf }),
    );
    expect([stale.status, stale.body, stale.sessionReads]).toEqual([401, SIGN_IN_TO_UPLOAD, 1]);
  });
});
