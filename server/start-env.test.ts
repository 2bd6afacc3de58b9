// The environment at start, against the real server process: a bad variable or an unusable
// DATA_DIR is refused at once with one line naming it (exit code 1, no stack trace); .env in
// the working directory is loaded, the real environment winning; and with TRUST_PROXY=1 behind
// one proxy hop each visitor is told apart and the admin's cookies are Secure.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertUser } from "#domain/auth/users.server.ts";
import { type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { makeTempDir, testDatabaseTarget } from "#fixtures/test-store.ts";
import { type Database, openDatabase } from "#platform/db/db.server.ts";

/** A refused start ends well within this. */
const REFUSAL_MS = 10_000;

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = makeTempDir(prefix);
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the server as given and waits for it to give up: its exit code and its output lines. */
async function refusedStart(
  dataDir: string,
  env: Record<string, string>,
  options?: { cwd?: string },
): Promise<{ code: number | null; lines: string[] }> {
  const server = await startServer(dataDir, env, options);
  const timer = setTimeout(() => server.child.kill("SIGKILL"), REFUSAL_MS);
  const code = await server.exited;
  clearTimeout(timer);
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.trim() !== "");
  return { code, lines };
}

describe("a bad environment", () => {
  it.each([
    ["APP_SECRET", { APP_SECRET: "short" }, /at least 32 characters/],
    ["LOG_LEVEL", { LOG_LEVEL: "verbose" }, /one of fatal, error, warn, info, debug, trace, silent \(got "verbose"\)/],
    ["TRUST_PROXY", { TRUST_PROXY: "yes" }, /a number of proxy hops .*\(got "yes"\)/],
    ["PORT", { PORT: "abc" }, /a whole number from 1 to 65535 \(got "abc"\)/],
  ])("%s: refused at start in one line naming it, exit code 1", async (name, env, allowed) => {
    const { code, lines } = await refusedStart(tempDir("studio-env-bad-"), env);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Cannot start: ${name} must be `));
    expect(lines[0]).toMatch(allowed);
  });

  it.runIf(process.platform === "linux")(
    "DATA_DIR=/proc/nonexistent: refused at once in one line, not a hang at 99% CPU",
    async () => {
      const started = Date.now();
      const { code, lines } = await refusedStart("/proc/nonexistent", {});
      expect(code).toBe(1);
      expect(lines).toEqual([
        "Cannot start: DATA_DIR must be a directory this process can create and write; /proc/nonexistent cannot be created (ENOENT)",
      ]);
      expect(Date.now() - started).toBeLessThan(REFUSAL_MS);
    },
  );

  it("DATA_DIR under a file: refused in one line", async () => {
    const file = path.join(tempDir("studio-env-file-"), "not-a-directory");
    fs.writeFileSync(file, "");
    const { code, lines } = await refusedStart(path.join(file, "data"), {});
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^Cannot start: DATA_DIR must be a directory .* is a file$/)]);
  });

  it("several bad variables: every one listed, one line each, no stack trace", async () => {
    const { code, lines } = await refusedStart(tempDir("studio-env-bad-"), {
      APP_SECRET: "short",
      LOG_LEVEL: "verbose",
      TRUST_PROXY: "yes",
      PORT: "abc",
    });
    expect(code).toBe(1);
    expect(lines.map((line) => /^Cannot start: (\w+) must be /.exec(line)?.[1])).toEqual([
      "PORT",
      "LOG_LEVEL",
      "TRUST_PROXY",
      "APP_SECRET",
    ]);
  });
});

describe(".env in the working directory", () => {
  let cwd: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    cwd = tempDir("studio-env-cwd-");
    fs.writeFileSync(
      path.join(cwd, ".env"),
      "# as copied from .env.example, then edited\nTRUST_PROXY=loopback\nINQUIRY_MIN_FILL_S=soon\nDEMO_CONTENT=off\n",
    );
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("is loaded at start: its bad value is refused by name", async () => {
    const { code, lines } = await refusedStart(tempDir("studio-env-data-"), {}, { cwd });
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^Cannot start: INQUIRY_MIN_FILL_S must be .*\(got "soon"\)$/)]);
  });

  it("gives way to the real environment, and the rest of it applies to the running server", async () => {
    server = await startServer(tempDir("studio-env-data-"), { INQUIRY_MIN_FILL_S: "2" }, { cwd });
    await server.waitUntilReady();
    // TRUST_PROXY=loopback from .env: this request reached the proxy over TLS.
    const res = await fetch(`${server.url}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(await server.stop("SIGTERM")).toBe(0);
  });
});

describe("MALLOC_ARENA_MAX (ADR 030)", () => {
  /** The variable as the server's process was (re)started with it: what glibc read. */
  const startedWith = (pid: number) =>
    fs
      .readFileSync(`/proc/${pid}/environ`, "latin1")
      .split("\0")
      .find((e) => e.startsWith("MALLOC_ARENA_MAX="));

  it.runIf(process.platform === "linux")(
    "reaches glibc: unset, the server starts itself again with 2, as the same process; set, it keeps the value",
    async () => {
      for (const [env, expected] of [
        // Empty counts as unset (whatever the test runner's own environment has).
        [{ MALLOC_ARENA_MAX: "" }, "MALLOC_ARENA_MAX=2"],
        [{ MALLOC_ARENA_MAX: "3" }, "MALLOC_ARENA_MAX=3"],
      ] as const) {
        const server = await startServer(tempDir("studio-env-arena-"), { ...env, DEMO_CONTENT: "off" });
        try {
          await server.waitUntilReady();
          expect(startedWith(server.child.pid as number)).toBe(expected);
        } finally {
          expect(await server.stop("SIGTERM")).toBe(0);
        }
      }
    },
  );
});

describe("TRUST_PROXY=1, behind one proxy hop", () => {
  let dataDir: string;
  let server: ServerProcess;
  let db: Database;
  const EMAIL = "owner@example.com";
  const PASSWORD = "a long enough password";

  beforeAll(async () => {
    dataDir = tempDir("studio-env-proxy-");
    server = await startServer(dataDir, {
      TRUST_PROXY: "1",
      DEMO_CONTENT: "off",
      INQUIRY_RATE_LIMIT: "1",
      INQUIRY_MIN_FILL_S: "0",
      SMTP_URL: "",
    });
    await server.waitUntilReady();
    db = openDatabase(await testDatabaseTarget(dataDir));
    await upsertUser(db, EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await db?.destroy();
  });

  /** A contact form post that the proxy forwards for the client at the end of `forwardedFor`. */
  async function contact(forwardedFor: string, message: string): Promise<number> {
    const html = await (await fetch(`${server.url}/contactUs`)).text();
    const token = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
    if (!token) throw new Error("no form token on the contact page");
    const res = await fetch(`${server.url}/contactUs`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": forwardedFor },
      body: new URLSearchParams({
        formToken: token,
        website: "",
        name: "Priya Raman",
        phoneNumber: "+91 98765 43210",
        email: "priya@example.com",
        message,
      }),
      redirect: "manual",
    });
    await res.arrayBuffer();
    return res.status;
  }

  it("tells visitors apart by the address the proxy saw, whatever a client puts before it", async () => {
    // Each visitor has its own limit of one an hour, not one shared by everyone behind the proxy.
    expect(await contact("203.0.113.7", "From the first visitor.")).toBe(200);
    expect(await contact("198.51.100.9", "From the second visitor.")).toBe(200);
    expect(await contact("203.0.113.7", "The first visitor again.")).toBe(429);
    // A client cannot pass as someone new by sending its own X-Forwarded-For: one hop is trusted.
    expect(await contact("192.0.2.1, 203.0.113.7", "The first visitor in disguise.")).toBe(429);
  });

  it("makes the admin's cookies Secure when the proxy received the request over TLS", async () => {
    const proxied = { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7" };
    const form = await fetch(`${server.url}/admin/login`, { headers: proxied });
    const formCookie = form.headers.getSetCookie().find((c) => c.startsWith("nila_admin_login="));
    expect(formCookie).toMatch(/; Secure/);
    const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? "";

    // The page's own origin, as the browser sees it through the proxy, is https.
    const origin = server.url.replace(/^http:/, "https:");
    const signIn = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      headers: {
        ...proxied,
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: formCookie?.split(";")[0] ?? "",
        Origin: origin,
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams({ email: EMAIL, password: PASSWORD, csrf }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(302);
    const session = signIn.headers.getSetCookie().find((c) => c.startsWith("nila_admin="));
    expect(session).toMatch(/; Secure/);

    // The same request over plain HTTP: no Secure, which a browser would refuse to send back.
    const plain = await fetch(`${server.url}/admin/login`, { headers: { "X-Forwarded-For": "203.0.113.7" } });
    expect(plain.headers.getSetCookie().find((c) => c.startsWith("nila_admin_login="))).not.toMatch(/Secure/);
  });
});
