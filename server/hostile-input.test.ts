// Issue #13 against the production server (`node server/main.ts`, production mode by default):
// a 256 MiB sign-in post refused before it is read, a slow body cut at its bound, requests that
// no route can be asked about answered with a 4xx in our shape, and the seeded fuzz run
// (scripts/drills/fuzz.ts): no 5xx, no stack trace or file path in any answer, memory back where it
// was, /healthz 200 throughout, no error in the log.
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE_NAME } from "#domain/auth/session.server.ts";
import { upsertUser } from "#domain/auth/users.server.ts";
import { createShoot } from "#domain/catalog/shoots.server.ts";
import { createApiToken } from "#domain/content-api/tokens.server.ts";
import { ROOT, type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { makeTempDir, testDatabaseTarget } from "#fixtures/test-store.ts";
import { migrate, openDatabase } from "#platform/db/db.server.ts";
import { BODY_TIME_BASE_MS } from "#server/limits.ts";
import { formatReport, runFuzz, send } from "../scripts/drills/fuzz.ts";

const MIB = 1024 * 1024;
/** The bound: memory after the fuzz run within this much of before. */
const RSS_GROWTH_LIMIT = 50 * MIB;
/** Enough for every class and its variants, and fast enough for a busy 2-core machine. */
const FUZZ_COUNT = 2000;
const FUZZ_SEED = 13;

const dataDir = makeTempDir("studio-hostile-");
let server: ServerProcess;
let apiToken: string;
let adminCookie: string;

/** The server process's resident memory (Linux), in bytes. */
function rss(): number {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

/**
 * The resident memory once the server has settled: a busy run grows V8's heap, which it gives
 * back some seconds after the work stops. Memory that is held stays over the bound to the end.
 */
async function settledRss(before: number, bound: number, waitMs = 60_000): Promise<number> {
  const deadline = Date.now() + waitMs;
  let now = rss();
  while (now - before >= bound && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    now = rss();
  }
  return now;
}

function raw(text: string): Buffer {
  return Buffer.from(text.replaceAll("\n", "\r\n"), "latin1");
}

function host(): string {
  return new URL(server.url).host;
}

const STACK_OR_PATH = /\n\s+at |&nbsp;at |node:internal|node_modules|file:\/\/|\.(?:[mc]?js|tsx?):\d+:\d+/;

beforeAll(async () => {
  const db = openDatabase(await testDatabaseTarget(dataDir));
  await migrate(db);
  const { id: collectionId } = await db
    .insertInto("collections")
    .values({ slug: "wedding", name: "Wedding", position: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await createShoot(db, { title: "A wedding", location: "Coimbatore", description: "", collectionId });
  apiToken = (await createApiToken(db, "fuzz")).token;
  const { id: userId } = await upsertUser(db, "owner@example.com", "a long enough password");
  adminCookie = `${SESSION_COOKIE_NAME}=${(await createSession(db, userId, "fuzz")).id}`;
  await db.destroy();
  server = await startServer(dataDir, { DEMO_CONTENT: "off", INQUIRY_RATE_LIMIT: "1000" });
  await server.waitUntilReady();
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Posts `total` bytes with their Content-Length as fast as the server takes them; resolves with
 * the answer's status line, how long it took and how much had gone out by then.
 */
function bigPost(target: string, total: number): Promise<{ status: string; ms: number; sentBytes: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1");
    const chunk = Buffer.alloc(MIB, "a");
    let sentBytes = 0;
    let answer = "";
    socket.on("connect", () => {
      socket.write(
        raw(
          `POST ${target} HTTP/1.1\nHost: ${host()}\nOrigin: ${server.url}\nContent-Type: application/x-www-form-urlencoded\nContent-Length: ${total}\n\n`,
        ),
      );
      const pump = () => {
        while (sentBytes < total && !socket.destroyed && answer === "") {
          sentBytes += chunk.length;
          if (!socket.write(chunk)) return void socket.once("drain", pump);
        }
      };
      pump();
    });
    socket.on("data", (data) => {
      answer ||= data.toString("latin1").split("\r\n")[0] ?? "";
      socket.destroy();
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => resolve({ status: answer, ms: Date.now() - started, sentBytes }));
  });
}

describe("bodies over their limit", () => {
  it("refuses four 256 MiB sign-in posts at once with 413 before reading them, and memory stays put", async () => {
    const before = rss();
    const answers = await Promise.all(Array.from({ length: 4 }, () => bigPost("/admin/login", 256 * MIB)));
    for (const answer of answers) {
      expect(answer.status).toBe("HTTP/1.1 413 Payload Too Large");
      // Answered at once: nowhere near the whole body went out.
      expect(answer.sentBytes).toBeLessThan(64 * MIB);
    }
    // Four unread 256 MiB bodies would be a gigabyte; a few chunks in flight are not.
    expect((await settledRss(before, 20 * MIB)) - before).toBeLessThan(20 * MIB);
    const page = await send(
      new URL(server.url),
      raw(`POST /contactUs HTTP/1.1\nHost: ${host()}\nContent-Length: ${65 * 1024}\nConnection: close\n\n`),
      10_000,
    );
    expect(page.status).toBe("413");
    expect(page.body.toString()).toContain("at most 64 KB");
  });
});

describe("slow bodies", () => {
  /** Sends the headers, then one body byte a second; resolves when the server answers and closes. */
  function trickle(target: string): Promise<{ status: string; ms: number; body: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1");
      let answer = "";
      let drip: NodeJS.Timeout | undefined;
      socket.on("connect", () => {
        socket.write(
          raw(
            `POST ${target} HTTP/1.1\nHost: ${host()}\nOrigin: ${server.url}\nContent-Type: application/x-www-form-urlencoded\nContent-Length: 100\n\n`,
          ),
        );
        drip = setInterval(() => socket.write("a"), 1000);
      });
      socket.on("data", (data) => {
        answer += data.toString("latin1");
      });
      socket.on("error", () => undefined);
      socket.on("close", () => {
        clearInterval(drip);
        resolve({ status: answer.split("\r\n")[0] ?? "", ms: Date.now() - started, body: answer });
      });
    });
  }

  it("cuts a body that trickles in at the bound with 408, for the contact form and sign-in", async () => {
    const [contact, login] = await Promise.all([trickle("/contactUs"), trickle("/admin/login")]);
    for (const answer of [contact, login]) {
      expect(answer.status).toBe("HTTP/1.1 408 Request Timeout");
      expect(answer.ms).toBeGreaterThanOrEqual(BODY_TIME_BASE_MS - 500);
      expect(answer.ms).toBeLessThan(BODY_TIME_BASE_MS + 5_000);
      expect(answer.body).toContain("took too long to arrive");
      expect(answer.body).not.toMatch(STACK_OR_PATH);
    }
  }, 30_000);
});

describe("requests no route can be asked about", () => {
  const cases: [string, () => string, string][] = [
    ["TRACE", () => `TRACE / HTTP/1.1\nHost: ${host()}\nConnection: close\n\n`, "405"],
    [
      "an absolute-form target",
      () => `PUT http://evil.example/ HTTP/1.1\nHost: ${host()}\nContent-Length: 0\nConnection: close\n\n`,
      "400",
    ],
    ["a * target", () => `HEAD * HTTP/1.1\nHost: ${host()}\nConnection: close\n\n`, "400"],
    ["HTTP/1.0 without Host", () => "GET / HTTP/1.0\n\n", "400"],
    ["an empty Host", () => "GET / HTTP/1.1\nHost: \nConnection: close\n\n", "400"],
    ["a malformed Host", () => "GET / HTTP/1.1\nHost: a b:c\nConnection: close\n\n", "400"],
    ["CONNECT", () => `CONNECT evil.example:443 HTTP/1.1\nHost: evil.example:443\n\n`, "405"],
    [
      "a JSON sign-in",
      () =>
        `POST /admin/login HTTP/1.1\nHost: ${host()}\nOrigin: ${server.url}\nContent-Type: application/json\nContent-Length: 2\nConnection: close\n\n{}`,
      "400",
    ],
    [
      "a sign-in without a Content-Type",
      () =>
        `POST /admin/login HTTP/1.1\nHost: ${host()}\nOrigin: ${server.url}\nContent-Length: 3\nConnection: close\n\na=1`,
      "400",
    ],
  ];
  for (const [what, request, status] of cases) {
    it(`answers ${what} with ${status} in our own page, no stack`, async () => {
      const answer = await send(new URL(server.url), raw(request()), 10_000);
      expect(answer.status).toBe(status);
      expect(answer.body.toString()).not.toMatch(STACK_OR_PATH);
    });
  }

  it("answers the API's prototype names with the API's 404, with a valid token", async () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const res = await fetch(`${server.url}/api/${name}`, { headers: { Authorization: `Bearer ${apiToken}` } });
      expect(res.status, name).toBe(404);
      expect(await res.json()).toMatchObject({ data: null, error: { status: 404, name: "NotFoundError" } });
    }
  });

  it("sends a request id with every answer, and a Permissions-Policy with every page but not the static files", async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{8}$/);
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("permissions-policy")).toContain('fullscreen=(self "https://www.youtube-nocookie.com")');
    const script = (await res.text()).match(/"(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${server.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("x-request-id")).toMatch(/^[\w-]{8}$/);
    expect(asset.headers.get("permissions-policy")).toBeNull();
  });
});

describe("the fuzz run", () => {
  it(`sends the corpus and ${FUZZ_COUNT} generated requests: no 5xx, no stack or path, memory back, healthy`, async () => {
    const before = rss();
    const report = await runFuzz({
      url: server.url,
      count: FUZZ_COUNT,
      seed: FUZZ_SEED,
      concurrency: 8,
      apiToken,
      adminCookie,
      secrets: [ROOT, dataDir],
    });
    const summary = formatReport(report);
    expect(report.sent, summary).toBeGreaterThan(FUZZ_COUNT);
    expect(
      Object.keys(report.statuses).filter((s) => s.startsWith("5")),
      summary,
    ).toEqual([]);
    expect(report.findings, summary).toEqual([]);
    expect(report.health.checks, summary).toBeGreaterThan(0);
    expect(report.health.failures, summary).toBe(0);
    // Each kind of answer turned up: refusals of every sort, and pages, API data and admin pages.
    for (const status of ["200", "302", "400", "401", "403", "404", "405", "413"]) {
      expect(report.statuses[status], `${status}\n${summary}`).toBeGreaterThan(0);
    }
    expect((await settledRss(before, RSS_GROWTH_LIMIT)) - before, summary).toBeLessThan(RSS_GROWTH_LIMIT);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // Refusals are warnings: not one error-level line in the whole run.
    const errors = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"level":50'));
    expect(errors, errors.join("\n").slice(0, 4000)).toEqual([]);
  }, 300_000);
});
