// The outbox and its sender against a real SMTP server in this process: delivery with the right
// fields, a mail server outage and the retry after it, claims that never hand one row out twice,
// a burst, queuing that wakes the sender, and a start refused while a kind of mail has no writer.
import { describe, expect, it } from "vitest";
import { mailTestBed } from "#fixtures/mail-test-bed.ts";
import { decodedHeader, startSmtpSink } from "#fixtures/smtp-sink.ts";
import { UnhandledKindError } from "#platform/background.server.ts";
import { type Database, openDatabase } from "#platform/db/db.server.ts";
import { HOUR_MS } from "#platform/time.ts";
import { mailWordsFor, mailWriters } from "#tests/helpers/mail-writers.ts";
import { inquiryMailWriters } from "../inquiries/mail.server.ts";
import type { Inquiry } from "../inquiries/rules.ts";
import { storeInquiry } from "../inquiries/store.server.ts";
import { claimDueMails, OUTBOX_CLAIM_MS } from "./outbox.server.ts";
import {
  OUTBOX_SEND_BUDGET_MS,
  type OutboxOptions,
  RETRY_MAX_DELAY_MS,
  retryDelayMs,
  runOutboxRound,
  startOutboxWorker,
} from "./sender.server.ts";
import { isServerLevelError, type MailAddresses, type Mailer } from "./smtp.server.ts";

const ADDRESSES: MailAddresses = { studio: "studio@nila.example", from: "Nila Studio <hello@nila.example>" };
const RETRY_BASE_MS = 30_000;
const T0 = new Date("2026-03-01T10:00:00.000Z");

const inquiry: Inquiry = {
  name: "Priya Raman",
  phoneNumber: "+91 98765 43210",
  email: "priya@example.com",
  message: "We are getting married in March.\nCould you send a quote?",
};

const bed = mailTestBed();

function outbox(db: Database, now: () => Date, url = bed.sink.url): OutboxOptions {
  return {
    db,
    mailer: bed.mailer(url),
    writers: mailWriters(bed.store.storage),
    addresses: async () => ADDRESSES,
    studioName: async () => () => "Nila Studio",
    retryBaseMs: RETRY_BASE_MS,
    now,
  };
}

async function mailRows(db: Database) {
  return db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
}

describe("delivery", () => {
  it("mails the studio every field, with the visitor as Reply-To and a Message-ID from the inquiry", async () => {
    const id = await storeInquiry(bed.store.db, inquiry, { page: "/galleryList/1", ack: false, now: T0 });
    const result = await runOutboxRound(outbox(bed.store.db, () => T0));
    expect(result).toEqual({ claimed: 1, delivered: 1, failed: 0, released: 0 });

    const [mail] = await bed.sink.waitForMails(1);
    const { uid } = await bed.store.db
      .selectFrom("inquiries")
      .select("uid")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(mail?.envelopeTo).toEqual(["studio@nila.example"]);
    expect(mail?.headers).toMatchObject({
      from: "Nila Studio <hello@nila.example>",
      to: "studio@nila.example",
      "reply-to": "priya@example.com",
      "message-id": `<inquiry-${id}.${uid}@nila.example>`,
      subject: `Website inquiry from Priya Raman (#${id})`,
    });
    for (const line of [
      "Name: Priya Raman",
      "Phone Number: +91 98765 43210",
      "Email: priya@example.com",
      "Page: /galleryList/1",
      `Received: ${T0.toISOString()}`,
      "We are getting married in March.\nCould you send a quote?",
    ])
      expect(mail?.text).toContain(line);

    const [row] = await mailRows(bed.store.db);
    expect(row).toMatchObject({ kind: "studio", attempts: 1, delivered_at: T0.toISOString(), last_error: null });
    expect(await runOutboxRound(outbox(bed.store.db, () => T0))).toEqual({
      claimed: 0,
      delivered: 0,
      failed: 0,
      released: 0,
    });
  });

  it("sends the optional acknowledgement to the visitor without echoing what they typed", async () => {
    await storeInquiry(bed.store.db, inquiry, { page: "/contactUs", ack: true, now: T0 });
    expect(await runOutboxRound(outbox(bed.store.db, () => T0))).toMatchObject({ delivered: 2 });
    const mails = await bed.sink.waitForMails(2);
    const ack = mails.find((m) => m.envelopeTo[0] === "priya@example.com");
    expect(ack?.headers).toMatchObject({
      to: "priya@example.com",
      "reply-to": "studio@nila.example",
      subject: "Thank you for contacting Nila Studio",
      "auto-submitted": "auto-replied",
    });
    expect(ack?.headers["message-id"]).toMatch(/^<inquiry-1\.[\w-]+\.ack@nila\.example>$/);
    expect(ack?.text).toContain("we'll contact you soon");
    expect(ack?.text).not.toContain("married");
    expect(ack?.text).not.toContain("Priya");
  });

  it("writes the acknowledgement in the contact page's language; the studio's mail stays English and names it (issue 33)", async () => {
    await storeInquiry(bed.store.db, inquiry, { page: "/ta/contact", ack: true, language: "ta", now: T0 });
    expect(await runOutboxRound(outbox(bed.store.db, () => T0))).toMatchObject({ delivered: 2 });
    const mails = await bed.sink.waitForMails(2);
    const ack = mails.find((m) => m.envelopeTo[0] === "priya@example.com");
    expect(decodedHeader(ack?.headers.subject)).toBe("Nila Studio-ஐத் தொடர்புகொண்டதற்கு நன்றி");
    expect(ack?.headers).toMatchObject({ "auto-submitted": "auto-replied", "content-language": "ta" });
    expect(ack?.text).toBe(
      "உங்கள் செய்திக்கு நன்றி. அது எங்களுக்கு வந்துவிட்டது; விரைவில் உங்களைத் தொடர்புகொள்கிறோம்.\n\nNila Studio\n",
    );
    const studio = mails.find((m) => m.envelopeTo[0] === "studio@nila.example");
    expect(decodedHeader(studio?.headers.subject)).toMatch(/^Website inquiry from Priya Raman \(#\d+\)$/);
    expect(studio?.text).toContain("Page: /ta/contact\nLanguage: Tamil\n");
    expect(studio?.headers["content-language"]).toBeUndefined();
  });

  it("queues no acknowledgement without an e-mail address to send it to", async () => {
    await storeInquiry(bed.store.db, { ...inquiry, email: "" }, { page: "/contactUs", ack: true, now: T0 });
    expect((await mailRows(bed.store.db)).map((r) => r.kind)).toEqual(["studio"]);
  });
});

describe("a mail server outage", () => {
  it("keeps the mail, backs off, and delivers it once the server is back", async () => {
    await bed.sink.stop();
    await storeInquiry(bed.store.db, inquiry, { page: "/contactUs", ack: false, now: T0 });
    let now = T0;
    const options = outbox(bed.store.db, () => now);

    expect(await runOutboxRound(options)).toEqual({ claimed: 1, delivered: 0, failed: 1, released: 0 });
    let [row] = await mailRows(bed.store.db);
    expect(row).toMatchObject({ attempts: 1, delivered_at: null, claimed_until: null });
    expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.next_attempt_at).toBe(new Date(T0.getTime() + RETRY_BASE_MS).toISOString());

    // Not due yet: nothing is tried.
    now = new Date(T0.getTime() + RETRY_BASE_MS - 1);
    expect((await runOutboxRound(options)).claimed).toBe(0);
    // Due, still down: the next delay doubles.
    now = new Date(T0.getTime() + RETRY_BASE_MS);
    expect(await runOutboxRound(options)).toMatchObject({ failed: 1 });
    [row] = await mailRows(bed.store.db);
    expect(row?.next_attempt_at).toBe(new Date(now.getTime() + 2 * RETRY_BASE_MS).toISOString());

    await bed.sink.start();
    now = new Date(now.getTime() + 2 * RETRY_BASE_MS);
    expect(await runOutboxRound(options)).toMatchObject({ delivered: 1 });
    expect(bed.sink.mails).toHaveLength(1);
    [row] = await mailRows(bed.store.db);
    expect(row).toMatchObject({ attempts: 3, last_error: null, delivered_at: now.toISOString() });
  });

  it("does not try the rest of a round once the server is unreachable", async () => {
    await bed.sink.stop();
    for (let i = 0; i < 3; i++) await storeInquiry(bed.store.db, inquiry, { page: "/contactUs", ack: false, now: T0 });
    expect(await runOutboxRound(outbox(bed.store.db, () => T0))).toEqual({
      claimed: 3,
      delivered: 0,
      failed: 3,
      released: 0,
    });
    const rows = await mailRows(bed.store.db);
    expect(rows.slice(1).every((r) => r.last_error?.startsWith("not tried, the mail server was unreachable"))).toBe(
      true,
    );
  });

  it("sends every mail the outage held back as soon as one gets through, not each at the end of its backoff", async () => {
    await bed.sink.stop();
    for (let i = 0; i < 3; i++)
      await storeInquiry(
        bed.store.db,
        { ...inquiry, message: `Held back ${i}` },
        { page: "/contactUs", ack: false, now: T0 },
      );
    let now = T0;
    const options = outbox(bed.store.db, () => now);
    expect(await runOutboxRound(options)).toMatchObject({ failed: 3 });
    const rows = await mailRows(bed.store.db);
    expect(rows.every((r) => r.last_error?.includes("the mail server was unreachable:"))).toBe(true);
    // Two of them have failed more often over a long outage: their next try is far off.
    const later = new Date(T0.getTime() + RETRY_MAX_DELAY_MS).toISOString();
    await bed.store.db
      .updateTable("mail_outbox")
      .set({ next_attempt_at: later })
      .where("id", "in", [rows[1]?.id ?? 0, rows[2]?.id ?? 0])
      .execute();

    await bed.sink.start();
    now = new Date(T0.getTime() + RETRY_BASE_MS);
    expect(await runOutboxRound(options)).toMatchObject({ claimed: 1, delivered: 1 });
    // The server is back: the others need not wait for their own time.
    expect(await runOutboxRound(options)).toMatchObject({ claimed: 2, delivered: 2 });
    expect(bed.sink.mails).toHaveLength(3);
  });

  it("takes a 421 (the server is shutting down) as the server being away, not as this mail refused", () => {
    expect(isServerLevelError({ code: "EENVELOPE", responseCode: 421 })).toBe(true);
    expect(isServerLevelError({ code: "ESOCKET" })).toBe(true);
    expect(isServerLevelError({ code: "EENVELOPE", responseCode: 550 })).toBe(false);
    expect(isServerLevelError(null)).toBe(false);
  });

  it("keeps retrying, every ten minutes at most", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, RETRY_BASE_MS))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(40, RETRY_BASE_MS)).toBe(RETRY_MAX_DELAY_MS);
  });
});

describe("claims", () => {
  it("hands each due row to one claimer only, even from two connections at once", async () => {
    for (let i = 0; i < 200; i++)
      await storeInquiry(bed.store.db, inquiry, { page: "/contactUs", ack: false, now: T0 });
    const other = openDatabase(bed.store.dbFile);
    try {
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => claimDueMails(i % 2 ? bed.store.db : other, { now: T0, limit: 15 })),
      );
      const ids = claims.flat().map((c) => c.id);
      expect(ids).toHaveLength(200);
      expect(new Set(ids).size).toBe(200);
    } finally {
      await other.destroy();
    }
  });

  it("lets a crashed worker's claim run out, then hands the row out again", async () => {
    await storeInquiry(bed.store.db, inquiry, { page: "/contactUs", ack: false, now: T0 });
    expect(await claimDueMails(bed.store.db, { now: T0 })).toHaveLength(1);
    expect(await claimDueMails(bed.store.db, { now: new Date(T0.getTime() + OUTBOX_CLAIM_MS - 1) })).toHaveLength(0);
    const [again] = await claimDueMails(bed.store.db, { now: new Date(T0.getTime() + OUTBOX_CLAIM_MS) });
    expect(again).toMatchObject({ kind: "studio", attempts: 2 });
  });
});

describe("a round", () => {
  it("hands its untried rows back before its claim could run out under a slow mail server", async () => {
    for (let i = 0; i < 5; i++) await storeInquiry(bed.store.db, inquiry, { page: "/contactUs", ack: false, now: T0 });
    let now = T0.getTime();
    const SEND_MS = 30_000;
    const slowMailer: Mailer = {
      async send() {
        now += SEND_MS;
      },
      close() {},
    };
    const result = await runOutboxRound({ ...outbox(bed.store.db, () => new Date(now)), mailer: slowMailer });
    // A send starts only while OUTBOX_SEND_BUDGET_MS of the claim is left: at 0, 30 and 60 s of 120.
    expect(OUTBOX_CLAIM_MS - OUTBOX_SEND_BUDGET_MS).toBe(75_000);
    expect(result).toEqual({ claimed: 5, delivered: 3, failed: 0, released: 2 });
    const untried = (await mailRows(bed.store.db)).filter((r) => r.delivered_at === null);
    expect(untried).toMatchObject([
      { attempts: 0, claimed_until: null },
      { attempts: 0, claimed_until: null },
    ]);
    // Due again at once, for this worker's next round or any other.
    expect(await claimDueMails(bed.store.db, { now: new Date(now) })).toHaveLength(2);
  });
});

describe("the worker", () => {
  it("stops after the send in hand and hands the rest back: the next start sends each mail once, at once", async () => {
    const slow = await startSmtpSink({ acceptDelayMs: 200 });
    try {
      for (let i = 0; i < 10; i++)
        await storeInquiry(
          bed.store.db,
          { ...inquiry, message: `Inquiry number ${i}` },
          { page: "/contactUs", ack: false },
        );
      const first = startOutboxWorker({ ...outbox(bed.store.db, () => new Date(), slow.url), pollMs: 60_000 });
      await slow.waitForMails(1, 10_000);
      await first.stop();
      // The mail being sent when stop() was called may still arrive; nothing after it.
      const sentBeforeStop = slow.mails.length;
      expect(sentBeforeStop).toBeLessThanOrEqual(2);
      const waiting = (await mailRows(bed.store.db)).filter((r) => r.delivered_at === null);
      expect(waiting).toHaveLength(10 - sentBeforeStop);
      for (const row of waiting) expect(row).toMatchObject({ attempts: 0, claimed_until: null, last_error: null });

      const second = startOutboxWorker({ ...outbox(bed.store.db, () => new Date(), slow.url), pollMs: 60_000 });
      try {
        await slow.waitForMails(10, 20_000);
      } finally {
        await second.stop();
      }
      expect(
        await bed.store.db.selectFrom("mail_outbox").select("id").where("delivered_at", "is", null).execute(),
      ).toEqual([]);
      expect(new Set(slow.mails.map((m) => m.headers["message-id"])).size).toBe(10);
      expect(slow.mails).toHaveLength(10);
    } finally {
      await slow.stop();
    }
  });

  it("delivers a burst of 200 exactly once with two workers on two connections, and stops", async () => {
    for (let i = 0; i < 200; i++)
      await storeInquiry(
        bed.store.db,
        { ...inquiry, message: `Inquiry number ${i}` },
        { page: "/contactUs", ack: false },
      );
    const other = openDatabase(bed.store.dbFile);
    const workers = [
      startOutboxWorker({ ...outbox(bed.store.db, () => new Date()), pollMs: 50 }),
      startOutboxWorker({ ...outbox(other, () => new Date()), pollMs: 50 }),
    ];
    try {
      await bed.sink.waitForMails(200, 50_000);
      const pending = () =>
        bed.store.db.selectFrom("mail_outbox").select("id").where("delivered_at", "is", null).execute();
      for (let i = 0; i < 100 && (await pending()).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await pending()).toEqual([]);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await other.destroy();
    }
    const ids = bed.sink.mails.map((m) => m.headers["message-id"]);
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);
    const bodies = new Set(bed.sink.mails.map((m) => /Inquiry number (\d+)/.exec(m.text)?.[1]));
    expect(bodies.size).toBe(200);
  });

  it("sends a new inquiry without a nudge: queuing its mail wakes the sender, whose poll is an hour away", async () => {
    const asleep = Promise.withResolvers<void>();
    const worker = startOutboxWorker({
      ...outbox(bed.store.db, () => new Date()),
      pollMs: HOUR_MS,
      idle: asleep.resolve,
    });
    try {
      await asleep.promise;
      await storeInquiry(bed.store.db, inquiry, { page: "/contactUs", ack: false });
      await bed.sink.waitForMails(1, 10_000);
    } finally {
      await worker.stop();
    }
  });

  it("refuses to start, in one line naming them, while kinds of mail have no writer", () => {
    const inquiriesOnly = { ...outbox(bed.store.db, () => T0), writers: [inquiryMailWriters(mailWordsFor)] };
    expect(() => startOutboxWorker(inquiriesOnly)).toThrow(
      new UnhandledKindError(
        'mail: no handler for the kinds "gallery-ready", "selection-submitted", "expiry-reminder", "album-sent", "album-changes", "album-approved", "album-approved-client", "album-reminder"; register one before the worker starts',
      ),
    );
  });

  it("sends a new inquiry as soon as it is nudged, without waiting for the poll", async () => {
    const worker = startOutboxWorker({ ...outbox(bed.store.db, () => new Date()), pollMs: 60_000 });
    try {
      await new Promise((r) => setTimeout(r, 100));
      await storeInquiry(bed.store.db, inquiry, { page: "/contactUs", ack: false });
      worker.wake();
      await bed.sink.waitForMails(1, 10_000);
    } finally {
      await worker.stop();
    }
  });
});
