// The contact form against the production server, with a real SMTP server in this process:
// a post without JavaScript, a mail outage across a restart, the rate limit, bad input, and
// mail turned off.
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { decodedHeader, type SmtpSink, startSmtpSink } from "#fixtures/smtp-sink.ts";
import { makeTempDir, testDatabaseTarget } from "#fixtures/test-store.ts";
import { type Database, openDatabase } from "#platform/db/db.server.ts";

const dataDir = makeTempDir("studio-contact-");
const MIN_FILL_S = 1;
const RATE_LIMIT = 3;
let sink: SmtpSink;
let server: ServerProcess | undefined;
let db: Database | undefined;

function env(): Record<string, string> {
  return {
    DEMO_CONTENT: "off",
    SMTP_URL: sink.url,
    INQUIRY_TO: "studio@nila.example",
    MAIL_FROM: "Nila Studio <hello@nila.example>",
    INQUIRY_MIN_FILL_S: String(MIN_FILL_S),
    INQUIRY_RATE_LIMIT: String(RATE_LIMIT),
    MAIL_RETRY_BASE_S: "1",
  };
}

async function freshToken(url: string): Promise<string> {
  const html = await (await fetch(`${url}/contactUs`)).text();
  const token = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("no form token on the contact page");
  await new Promise((r) => setTimeout(r, MIN_FILL_S * 1000 + 100));
  return token;
}

/** A plain HTML form post, as a browser without JavaScript sends it. */
function post(url: string, fields: Record<string, string>, path = "/contactUs") {
  return fetch(`${url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: `${url}/galleryList/1` },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** Posts `count` chunks of `size` bytes without a Content-Length; resolves with the answer and how much was sent by then. */
function postChunked(url: string, size: number, count: number): Promise<{ status: number; chunksSent: number }> {
  return new Promise((resolve, reject) => {
    let chunksSent = 0;
    const req = http.request(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
    });
    req.on("response", (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, chunksSent });
      req.destroy();
    });
    req.on("error", reject);
    const chunk = `message=${"x".repeat(size)}`;
    const more = () => {
      while (chunksSent < count && !req.destroyed) {
        chunksSent++;
        if (!req.write(chunk)) return void req.once("drain", more);
      }
      if (!req.destroyed) req.end();
    };
    more();
  });
}

const inquiry = (token: string, message: string) => ({
  formToken: token,
  website: "",
  name: "Priya Raman",
  phoneNumber: "+91 98765 43210",
  email: "priya@example.com",
  message,
});

async function database(): Promise<Database> {
  db ??= openDatabase(await testDatabaseTarget(dataDir));
  return db;
}

/**
 * A new window for the contact form's limit. On PostgreSQL the limit is counted in the database
 * (ADR 033), so a restarted server still counts this file's earlier posts, as it should; the
 * tests of the limit start from none. On SQLite it is counted in the server's memory.
 */
async function forgetContactLimit() {
  await (await database()).deleteFrom("rate_limit_hits").execute();
}

async function stored() {
  return (await database())
    .selectFrom("inquiries")
    .innerJoin("mail_outbox", "mail_outbox.inquiry_id", "inquiries.id")
    .select([
      "inquiries.message",
      "inquiries.page",
      "mail_outbox.attempts",
      "mail_outbox.delivered_at",
      "mail_outbox.last_error",
    ])
    .orderBy("inquiries.id")
    .execute();
}

beforeAll(async () => {
  sink = await startSmtpSink({ listening: false });
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  await db?.destroy();
  await sink.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("with the mail server down", () => {
  it("stores the inquiry, shows success to a visitor without JavaScript, and keeps retrying", async () => {
    server = await startServer(dataDir, env());
    await server.waitUntilReady();
    const token = await freshToken(server.url);
    const res = await post(server.url, inquiry(token, "First inquiry, sent during an outage."));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("Thank you, we&#x27;ll contact you soon");
    expect(html).toMatch(/<p tabindex="-1" class="form-notice form-notice--success" autofocus="">/);

    const deadline = Date.now() + 10_000;
    while (!(await stored())[0]?.last_error && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const [row] = await stored();
    expect(row).toMatchObject({
      message: "First inquiry, sent during an outage.",
      page: "/galleryList/1",
      delivered_at: null,
    });
    expect(row?.attempts).toBeGreaterThanOrEqual(1);
    expect(row?.last_error).toBeTruthy();
    expect(await server.stop("SIGTERM")).toBe(0);
  });

  it("delivers it exactly once after a restart, when the mail server is back", async () => {
    await sink.start();
    server = await startServer(dataDir, env());
    await server.waitUntilReady();
    const [mail] = await sink.waitForMails(1);
    expect(mail?.headers["reply-to"]).toBe("priya@example.com");
    expect(mail?.text).toContain("First inquiry, sent during an outage.");
    const deadline = Date.now() + 5_000;
    while (!(await stored())[0]?.delivered_at && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await stored())[0]?.delivered_at).toBeTruthy();
    expect(sink.mails).toHaveLength(1);
  });
});

describe("with the mail server up", () => {
  it("answers bad input with 400, the errors next to their fields and the values kept", async () => {
    if (!server) throw new Error("no server");
    const token = await freshToken(server.url);
    const res = await post(server.url, { ...inquiry(token, ""), email: "priya@", phoneNumber: "" });
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    const email = /<input id="contact-email"[^>]*>/.exec(html)?.[0] ?? "";
    for (const attribute of [
      'value="priya@"',
      'aria-invalid="true"',
      'aria-describedby="contact-email-error"',
      "autofocus",
    ])
      expect(email).toContain(attribute);
    expect(html).toContain('<p id="contact-email-error" class="field-error">Please enter an e-mail address');
    const message = /<textarea id="contact-message"[^>]*>/.exec(html)?.[0] ?? "";
    expect(message).toContain('aria-describedby="contact-message-error"');
    expect(message).not.toContain("autofocus");
    expect(html).toContain('value="Priya Raman"');
  });

  it("answers what is not a form, or too much of one, with 400 or 413 and the page, not a 500", async () => {
    if (!server) throw new Error("no server");
    const token = await freshToken(server.url);
    const huge = await post(server.url, inquiry(token, "x".repeat(100 * 1024)));
    expect(huge.status).toBe(413);
    // The same without a Content-Length: the server answers once it has read the cap, while
    // the client is still sending.
    expect(await postChunked(`${server.url}/contactUs`, 64 * 1024, 100)).toMatchObject({ status: 413 });
    for (const [type, body] of [
      ["application/json", JSON.stringify(inquiry(token, "JSON is not a form"))],
      ["text/plain", "message=hello"],
      ["multipart/form-data; boundary=x", "not multipart"],
    ] as const) {
      const res = await fetch(`${server.url}/contactUs`, { method: "POST", headers: { "Content-Type": type }, body });
      expect(res.status, type).toBe(400);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toContain("Sorry, we could not read that form.");
    }
    expect(server.output()).not.toMatch(/"level":50/);
  });

  it("limits each client address, with a friendly 429, and every accepted inquiry arrives once", async () => {
    if (!server) throw new Error("no server");
    await forgetContactLimit();
    const token = await freshToken(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 1; i++) {
      const res = await post(server.url, inquiry(token, `Burst inquiry ${i}`));
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(await res.text()).toContain("You have sent us several messages in a short time");
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    await sink.waitForMails(1 + RATE_LIMIT);
    const ids = sink.mails.map((m) => m.headers["message-id"]);
    expect(new Set(ids).size).toBe(1 + RATE_LIMIT);
    expect((await stored()).map((r) => r.message)).toEqual([
      "First inquiry, sent during an outage.",
      "Burst inquiry 0",
      "Burst inquiry 1",
      "Burst inquiry 2",
    ]);
  });

  it("keeps the contact page cacheable for everyone and stops cleanly", async () => {
    if (!server) throw new Error("no server");
    const res = await fetch(`${server.url}/contactUs`);
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.output()).toMatch(/mail is on/);
  });
});

describe("without SMTP_URL", () => {
  it("says once at start that mail is off, and still stores inquiries", async () => {
    server = await startServer(dataDir, { ...env(), SMTP_URL: "" });
    await server.waitUntilReady();
    await forgetContactLimit();
    const token = await freshToken(server.url);
    expect((await post(server.url, { ...inquiry(token, "Stored while mail is off."), website: "" })).status).toBe(200);
    expect((await stored()).at(-1)).toMatchObject({ message: "Stored while mail is off.", delivered_at: null });
    expect(server.output().match(/mail is off/g)).toHaveLength(1);
    expect(await server.stop("SIGTERM")).toBe(0);
  });
});

describe("from the Tamil contact page (issue 33)", () => {
  it("stores the page's language, and acknowledges the visitor in Tamil; the studio's mail stays English", async () => {
    // Listening, whichever tests ran before (stop does nothing to a stopped sink).
    await sink.stop();
    await sink.start();
    server = await startServer(dataDir, { ...env(), INQUIRY_ACK: "on" });
    await server.waitUntilReady();
    await forgetContactLimit();
    const before = sink.mails.length;
    const token = await freshToken(server.url);
    const res = await post(server.url, inquiry(token, "வணக்கம், திருமணத்துக்குப் புகைப்படம் வேண்டும்."), "/ta/contactUs");
    expect(res.status).toBe(200);
    const row = await (await database())
      .selectFrom("inquiries")
      .select(["language"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ language: "ta" });
    // Its two, and the studio's mail of the inquiry stored while mail was off, sent by this server.
    const mails = (await sink.waitForMails(before + 3)).slice(before);
    const ack = mails.find((m) => m.envelopeTo[0] === "priya@example.com");
    expect(decodedHeader(ack?.headers.subject)).toMatch(/-ஐத் தொடர்புகொண்டதற்கு நன்றி$/);
    expect(ack?.headers["content-language"]).toBe("ta");
    expect(ack?.text).toContain("விரைவில் உங்களைத் தொடர்புகொள்கிறோம்.");
    const studio = mails.find((m) => m.text.includes("திருமணத்துக்குப்"));
    expect(studio?.envelopeTo).toEqual(["studio@nila.example"]);
    expect(decodedHeader(studio?.headers.subject)).toMatch(/^Website inquiry from Priya Raman/);
    expect(studio?.text).toContain("Language: Tamil");
    expect(await server.stop("SIGTERM")).toBe(0);
  });
});
