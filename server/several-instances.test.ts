// Two instances of the production server on one PostgreSQL database, as behind a balancer
// (issue 18): started together on an empty database, they migrate it once; a form token or a
// session one signs is good on the other (APP_SECRET, the sessions table); the contact form's
// limit and the sign-in throttle count one client once, whichever instance it reaches; and an
// edit is on the other's next page, though each keeps its own page cache. On PostgreSQL in both
// runs of the suite (SQLite is one process).
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieHeader } from "#app/http/cookies.server.ts";
import { LOGIN_FAILURES_PER_ACCOUNT } from "#domain/auth/login.server.ts";
import { createSession } from "#domain/auth/session.server.ts";
import { ADMIN_HOME } from "#domain/auth/shared.ts";
import { upsertUser } from "#domain/auth/users.server.ts";
import { type OwnPostgresDatabase, ownPostgresDatabase } from "#fixtures/postgres.ts";
import { type ServerProcess, startServer, TEST_APP_SECRET } from "#fixtures/server-process.ts";
import { makeTempDir } from "#fixtures/test-store.ts";
import { type Database, openDatabase } from "#platform/db/db.server.ts";
import { POSTGRES_MIGRATIONS } from "#platform/db/migrations/index.server.ts";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";

const CONTACT_LIMIT = 3;
const EMAIL = "owner@nila.example";
const PASSWORD = "a long enough password for the owner";

describe("two instances on one PostgreSQL database", () => {
  let own: OwnPostgresDatabase;
  let db: Database;
  const dirs: string[] = [];
  let a!: ServerProcess;
  let b!: ServerProcess;

  beforeAll(async () => {
    own = await ownPostgresDatabase();
    const env = {
      DATABASE_URL: own.url,
      APP_SECRET: TEST_APP_SECRET,
      DEMO_CONTENT: "off",
      INQUIRY_MIN_FILL_S: "0",
      INQUIRY_RATE_LIMIT: String(CONTACT_LIMIT),
      SMTP_URL: "",
      LOG_LEVEL: "warn",
    };
    dirs.push(makeTempDir("studio-instance-a-"), makeTempDir("studio-instance-b-"));
    // Both at once on the empty database: each migrates it, under Kysely's advisory lock.
    const [first, second] = await Promise.all(dirs.map((dir) => startServer(dir, env)));
    if (!first || !second) throw new Error("two servers were to start");
    [a, b] = [first, second];
    await Promise.all([a.waitUntilReady(), b.waitUntilReady()]);
    db = openDatabase(own.url);
    await upsertUser(db, EMAIL, PASSWORD);
    await db.insertInto("studio_settings").values({ id: 1, name: "Nila Studio", tagline: "First light" }).execute();
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.destroy();
    await own?.dispose();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("started together on an empty database, migrate it once", async () => {
    const applied = await db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute();
    const names = (applied as { name: string }[]).map((m) => m.name).sort();
    expect(names).toEqual(Object.keys(POSTGRES_MIGRATIONS).sort());
    for (const server of [a, b]) expect(server.output()).not.toMatch(/error|failed/i);
  });

  it("take a form token from each other, and count a client's inquiries once between them", async () => {
    const token = async (server: ServerProcess) =>
      /name="formToken" value="([^"]+)"/.exec(await (await fetch(`${server.url}/contactUs`)).text())?.[1] ?? "";
    const post = async (server: ServerProcess, formToken: string, message: string) =>
      (
        await fetch(`${server.url}/contactUs`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: `${server.url}/contactUs` },
          body: new URLSearchParams({
            formToken,
            website: "",
            name: "Priya",
            phoneNumber: "",
            email: "p@example.com",
            message,
          }),
          redirect: "manual",
        })
      ).status;
    const statuses: number[] = [];
    // Signed by A, sent to B, and the other way round; a client going back and forth.
    for (let i = 0; i <= CONTACT_LIMIT; i++) {
      const [signer, receiver] = i % 2 === 0 ? [a, b] : [b, a];
      statuses.push(await post(receiver, await token(signer), `Inquiry ${i} across two instances.`));
    }
    expect(statuses).toEqual([...Array(CONTACT_LIMIT).fill(200), 429]);
    const stored = await db
      .selectFrom("inquiries")
      .select("message")
      .where("message", "like", "%across two%")
      .execute();
    expect(stored).toHaveLength(CONTACT_LIMIT);
  });

  it("count failed sign-ins once between them, and both honour a session either made", async () => {
    const attempt = async (formFrom: ServerProcess, to: ServerProcess, password: string) => {
      const form = await fetch(`${formFrom.url}/admin/login`);
      const formCookie = form.headers.getSetCookie().find((c) => c.startsWith("nila_admin_login="));
      const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? "";
      return fetch(`${to.url}/admin/login`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: formCookie?.split(";")[0] ?? "",
          Origin: to.url,
          "Sec-Fetch-Site": "same-origin",
        },
        body: new URLSearchParams({ email: EMAIL, password, csrf }),
        redirect: "manual",
      });
    };
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_FAILURES_PER_ACCOUNT; i++) {
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      statuses.push((await attempt(from, to, `wrong password ${i}`)).status);
    }
    expect(statuses).toEqual([...Array(LOGIN_FAILURES_PER_ACCOUNT).fill(401), 429]);
    // Even the right password waits now, on either instance.
    expect((await attempt(b, a, PASSWORD)).status).toBe(429);

    const user = await db.selectFrom("admin_users").select("id").where("email", "=", EMAIL).executeTakeFirstOrThrow();
    const session = await createSession(db, user.id, "vitest");
    // Its cookie signed with the key both instances were given.
    setEnv({ APP_SECRET: TEST_APP_SECRET });
    const cookie = await sessionCookieHeader(session.id);
    restoreEnv();
    for (const server of [a, b]) {
      const page = await fetch(`${server.url}${ADMIN_HOME}`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      expect(page.status, server.url).toBe(200);
    }
    // Without it, the sign-in page: the 200s above were the session's doing.
    expect((await fetch(`${a.url}${ADMIN_HOME}`, { redirect: "manual" })).status).toBe(302);
  });

  it("show an edit on the other's next page, each from its own page cache", async () => {
    for (const server of [a, b]) {
      expect(await (await fetch(`${server.url}/about`)).text()).toContain("Nila Studio");
    }
    // Kept by both now; then one instance's admin (here, the database) changes the tagline.
    await db.updateTable("studio_settings").set({ tagline: "Light, kept honestly" }).execute();
    for (const server of [a, b]) {
      const page = await fetch(`${server.url}/`);
      expect(await page.text(), server.url).toContain("Light, kept honestly");
    }
  });
});
