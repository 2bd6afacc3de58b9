// The issue's inquiry drill, by hand, against a running server (`npm start`): runs a local SMTP
// server (the mailbox), posts N distinct inquiries the way a browser without JavaScript does,
// optionally stops the mailbox for a while in the middle, then compares what the server answered
// with its database and the mailbox: every accepted inquiry stored once and mailed once (with its
// Reply-To and every field), nothing stored or mailed for a refused one. Exits 1 on any mismatch.
//
//   npm run inquiry-drill -- --sink-only      # only the mailbox: try the form by hand, see each mail
//   SMTP_URL=smtp://127.0.0.1:2525 TRUST_PROXY=loopback npm start        # in another terminal
//   npm run inquiry-drill -- --count 200 --spread --outage-s 20 --accept-delay-ms 100
//
// Options: --url (default http://127.0.0.1:$PORT), --smtp-port (2525), --data-dir (the server's
// DATA_DIR, default $DATA_DIR or ./data; with DATABASE_URL set, that database is read instead), --count (200), --concurrency (8), --spread (each post
// comes from its own client address in X-Forwarded-For; the server must trust the proxy hop, e.g.
// TRUST_PROXY=loopback, else the per-address limit answers 429 after INQUIRY_RATE_LIMIT), --outage-s
// (stop the mailbox after a third of the posts, for this long), --accept-delay-ms (the mailbox
// answers each message this late, like a slow relay: restart the server meanwhile to test a
// restart mid-delivery; the drill needs the server only for the posts), --fill-s (how long to wait
// after loading the form, 3.5, above INQUIRY_MIN_FILL_S), --wait-s (how long to wait for the mail,
// 300). Automated in scripts/drills/inquiry-drill.test.ts.
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { inquiriesByMessageStart } from "#domain/inquiries/store.server.ts";
import { mailsOfInquiries } from "#domain/mail/outbox.server.ts";
import { type ReceivedMail, startSmtpSink } from "#fixtures/smtp-sink.ts";
import { databaseTarget, openDatabase } from "#platform/db/db.server.ts";
import { startEnv } from "#platform/env.server.ts";
import { benchmarkAddress, contactFormToken, type InquiryAnswer, postInquiry, visitorFields } from "./contact-form.ts";

const POLL_MS = 1_000;
/** After the last expected mail, a late duplicate would show up within this long. */
const DUPLICATE_GRACE_MS = 5_000;

const env = startEnv();
const { values } = parseArgs({
  options: {
    url: { type: "string", default: `http://127.0.0.1:${env.port}` },
    "smtp-port": { type: "string", default: "2525" },
    "data-dir": { type: "string", default: env.dataDir },
    count: { type: "string", default: "200" },
    concurrency: { type: "string", default: "8" },
    spread: { type: "boolean", default: false },
    "outage-s": { type: "string", default: "0" },
    "accept-delay-ms": { type: "string", default: "0" },
    "fill-s": { type: "string", default: "3.5" },
    "wait-s": { type: "string", default: "300" },
    "sink-only": { type: "boolean", default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function wholeNumber(name: keyof typeof values, min = 0): number {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number of at least ${min}.`);
  return n;
}

const smtpPort = wholeNumber("smtp-port", 1);
const count = wholeNumber("count", 1);
const concurrency = wholeNumber("concurrency", 1);
const outageMs = wholeNumber("outage-s") * 1000;
const fillMs = wholeNumber("fill-s") * 1000;
const waitMs = wholeNumber("wait-s") * 1000;
const origin = new URL(values.url).origin;

const sink = await startSmtpSink({
  port: smtpPort,
  acceptDelayMs: wholeNumber("accept-delay-ms"),
  // An outage should start at once, not after smtp-server's 30 s grace for open connections.
  closeTimeoutMs: 500,
});
console.log(`Mailbox: ${sink.url} (start the site with SMTP_URL=${sink.url})`);

if (values["sink-only"]) {
  let shown = 0;
  console.log("Showing each mail as it arrives; Ctrl-C ends.");
  for (;;) {
    await sleep(POLL_MS / 4);
    for (; shown < sink.mails.length; shown++) {
      const mail = sink.mails[shown] as ReceivedMail;
      console.log(`\n--- mail ${shown + 1} to ${mail.envelopeTo.join(", ")}`);
      for (const name of ["from", "to", "reply-to", "subject", "message-id", "auto-submitted"])
        if (mail.headers[name]) console.log(`${name}: ${mail.headers[name]}`);
      console.log(`\n${mail.text.trimEnd()}`);
    }
  }
}

// --- the burst --------------------------------------------------------------------------------

// The server's database: DATABASE_URL when it runs on PostgreSQL, else DATA_DIR's SQLite file.
const db = openDatabase(databaseTarget({ databaseUrl: env.databaseUrl, dataDir: path.resolve(values["data-dir"]) }));

const run = Date.now().toString(36);
const markerOf = (i: number) => `drill-${run}-${i}`;

const token = await contactFormToken(origin).catch((error: unknown) =>
  fail(error instanceof TypeError ? `No server at ${origin}.` : String((error as Error).message)),
);
await sleep(fillMs);

type Answer = InquiryAnswer;
const answers: Answer[] = [];

const post = (i: number): Promise<Answer> =>
  postInquiry(origin, token, i, markerOf(i), values.spread ? benchmarkAddress(i) : undefined);

let next = 0;
let outage: Promise<void> | undefined;
const started = Date.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const i = next++;
      if (outageMs > 0 && !outage && i >= count / 3) {
        outage = (async () => {
          console.log(`Mailbox stopped after ${i} posts, for ${outageMs / 1000} s.`);
          await sink.stop();
          await sleep(outageMs);
          await sink.start();
          console.log("Mailbox back.");
        })();
      }
      answers[i] = await post(i);
    }
  }),
);
const tally = Object.groupBy(answers, (a) => a);
// Accepted first, then the refusals, in a fixed order.
const kinds = Object.keys(tally).sort((a, b) => (a === "accepted" ? -1 : b === "accepted" ? 1 : a.localeCompare(b)));
console.log(
  `Posted ${count} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${kinds
    .map((a) => `${tally[a as Answer]?.length} ${a}`)
    .join(", ")}`,
);
if (tally["rate-limited"] && !values.spread)
  console.log(
    "  (429: INQUIRY_RATE_LIMIT inquiries per client address per hour. For a burst from one machine, start the site with TRUST_PROXY=loopback and pass --spread, or raise INQUIRY_RATE_LIMIT.)",
  );
await outage;

// --- what arrived -----------------------------------------------------------------------------

const accepted = answers.flatMap((a, i) => (a === "accepted" ? [markerOf(i)] : []));
const markerIn = (text: string) => new RegExp(`drill-${run}-\\d+`).exec(text)?.[0];

interface StoredRow {
  marker: string;
  /** The start of its acknowledgement's Message-ID (see mail.server.ts). */
  ackId: string;
  /** Outbox rows (the studio's mail, the acknowledgement when on) and how many are delivered. */
  mails: number;
  delivered: number;
}

/** The drill's inquiries as the server stored them, read through their owners (SQLite or PostgreSQL). */
async function storedRows(): Promise<StoredRow[]> {
  const rows = await inquiriesByMessageStart(db, `drill-${run}-`);
  const mailsOf = Map.groupBy(
    await mailsOfInquiries(
      db,
      rows.map((r) => r.id),
    ),
    (m) => m.inquiryId,
  );
  return rows.map((r) => {
    const mails = mailsOf.get(r.id) ?? [];
    return {
      marker: markerIn(r.message) ?? "",
      ackId: `<inquiry-${r.id}.${r.uid}.ack@`,
      delivered: mails.filter((m) => m.deliveredAt !== null).length,
      mails: mails.length,
    };
  });
}

const deadline = Date.now() + waitMs;
let lastReport = 0;
for (;;) {
  const rows = await storedRows();
  const undelivered = rows.filter((r) => r.delivered < r.mails).length;
  if (undelivered === 0) break;
  if (Date.now() > deadline) {
    console.log(`Gave up waiting after ${waitMs / 1000} s: ${undelivered} inquiries still have mail to send.`);
    break;
  }
  if (Date.now() - lastReport > 10_000) {
    console.log(`  waiting: ${undelivered} of ${rows.length} stored inquiries not yet mailed`);
    lastReport = Date.now();
  }
  await sleep(POLL_MS);
}
await sleep(DUPLICATE_GRACE_MS);

const isAck = (m: ReceivedMail) => m.headers["message-id"]?.includes(".ack@") ?? false;
// The mailbox may also get mail of earlier inquiries that were waiting for a retry.
const ours = sink.mails.filter((m) => !isAck(m) && markerIn(m.text));
const mailed = Map.groupBy(ours, (m) => markerIn(m.text) ?? "");
const rows = await storedRows();
const stored = Map.groupBy(rows, (r) => r.marker);
const ackIds = new Set(rows.map((r) => r.ackId));
const acks = Map.groupBy(
  sink.mails.filter((m) => isAck(m) && ackIds.has(m.headers["message-id"]?.replace(/ack@.*$/, "ack@") ?? "")),
  (m) => m.headers["message-id"],
);
const problems: string[] = [];
for (const marker of accepted) {
  const inDb = stored.get(marker)?.length ?? 0;
  const inBox = mailed.get(marker)?.length ?? 0;
  if (inDb !== 1) problems.push(`${marker}: accepted, stored ${inDb} times`);
  if (inBox !== 1) problems.push(`${marker}: accepted, mailed ${inBox} times`);
  const mail = mailed.get(marker)?.[0];
  const sent = visitorFields(Number(marker.split("-").at(-1)), marker);
  if (mail && mail.headers["reply-to"] !== sent.email)
    problems.push(`${marker}: Reply-To is ${mail.headers["reply-to"]}`);
  const fields = [
    `Name: ${sent.name}\n`,
    `Phone Number: ${sent.phoneNumber}\n`,
    `Email: ${sent.email}\n`,
    `${marker}: we would like a quote`,
  ];
  for (const field of fields)
    if (mail && !mail.text.includes(field)) problems.push(`${marker}: the body lacks "${field.trim()}"`);
}
const refused = new Set(answers.flatMap((a, i) => (a === "accepted" ? [] : [markerOf(i)])));
for (const marker of refused) {
  if (stored.has(marker)) problems.push(`${marker}: refused, yet stored`);
  if (mailed.has(marker)) problems.push(`${marker}: refused, yet mailed`);
}
for (const [id, copies] of acks)
  if (copies.length > 1) problems.push(`acknowledgement ${id} mailed ${copies.length} times`);

console.log(
  `Accepted ${accepted.length}; stored ${stored.size}; in the mailbox ${mailed.size} inquiries (${ours.length} mails to the studio, ${[...acks.values()].flat().length} acknowledgements; ${sink.mails.length - ours.length - [...acks.values()].flat().length} other mails).`,
);
if (problems.length === 0) console.log("OK: every accepted inquiry is stored once and mailed once.");
else console.log(`${problems.length} problems:\n  ${problems.slice(0, 50).join("\n  ")}`);
await sink.stop();
await db.destroy();
process.exit(problems.length === 0 ? 0 : 1);
