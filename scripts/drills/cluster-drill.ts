// The issue's cluster drill: several instances of the site on one database and one bucket behave
// as one site while instances are killed under them. It starts a throwaway PostgreSQL cluster,
// the S3 test server, an SMTP mailbox that answers slowly, three instances (a, b, c) and nginx
// in front of them (docs/cluster/nginx.conf), imports a demo studio with small photographs, and
// then, with a reader fetching the public pages through the balancer the whole time:
//
// 1. posts M inquiries through the balancer as a browser without JavaScript does, and once they
//    are all answered kills instance b (SIGKILL) while it holds mails it is sending, and starts
//    it again a few seconds later on the same port;
// 2. signs in as the owner, makes a shoot with the admin's form and uploads N photos to it over
//    tus through the balancer, killing instance a a third of the way through and starting it
//    again;
// 3. waits until every photo is processed and every mail delivered (a mail the killed b held
//    is claimed again once its claim runs out, OUTBOX_CLAIM_MS), then checks in the database,
//    in its ledger of who claimed what (scripts/drills/cluster-ledger.ts) and in the mailbox that every
//    photo arrived once, in the batch's order, processed once; every inquiry stored once and
//    mailed once; and that the public pages answered 2xx throughout but for requests in flight
//    on a killed instance. Prints a report; exits 1 on any mismatch.
//
// The inquiries go first so that their killed claims run out while the photos upload.
//
//   npm run cluster-drill                                   # 300 photos, 200 inquiries
//   npm run cluster-drill -- --photos 30 --inquiries 20     # what the test runs
//
// Options: --photos (300), --inquiries (200), --edge (the photos' size in pixels, 256),
// --readers (concurrent readers of the public pages, 2), --down-s (how long a killed instance
// stays down, 3), --accept-delay-ms (how long the mailbox takes to accept each message, 100),
// --stall-s (processing given up on after this long without progress: past a photo job's lease,
// so that a job a killed instance held can be claimed again). Needs PostgreSQL's server and
// nginx (Debian's postgresql and nginx-light; `.ci/run` installs them).
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { upsertUser } from "#domain/auth/users.server.ts";
import { namesStoredMoreThanOnce } from "#domain/catalog/assets.server.ts";
import { STUDIO } from "#domain/catalog/audience.server.ts";
import { readShootPhotos } from "#domain/catalog/read-model.server.ts";
import { importDemoIfEmpty } from "#domain/demo/import.server.ts";
import { messageIdFor } from "#domain/inquiries/mail.server.ts";
import { inquiriesByMessageStart } from "#domain/inquiries/store.server.ts";
import { JOB_LEASE_MS, jobProgress, uploadJobsOfShoot } from "#domain/jobs/queue.server.ts";
import { mailsOfInquiries, OUTBOX_CLAIM_MS } from "#domain/mail/outbox.server.ts";
import { s3Folder, s3MediaStorage } from "#domain/media/s3-store.server.ts";
import { keysIn } from "#domain/media/storage.server.ts";
import { onCluster, startPostgresCluster } from "#fixtures/postgres.ts";
import { startS3Server } from "#fixtures/s3-server.ts";
import { freePort } from "#fixtures/server-process.ts";
import { smallDemoPhotos } from "#fixtures/small-demo.ts";
import { startSmtpSink } from "#fixtures/smtp-sink.ts";
import { noisePng } from "#fixtures/test-store.ts";
import { type Database, migrate, openDatabase } from "#platform/db/db.server.ts";
import type { S3Settings } from "#platform/env.server.ts";
import { BlobUploadStore } from "#server/upload-store.ts";
import { UPLOAD_EXPIRY_MS } from "#server/uploads.ts";
import { createShootAsAdmin, pageCsrf, signIn } from "./admin-http.ts";
import { type Balancer, databaseUrlFor, type Instance, newAppSecret, startBalancer, startInstance } from "./cluster.ts";
import { installLedger, ledgerLines, rowHistories } from "./cluster-ledger.ts";
import { benchmarkAddress, contactFormToken, type InquiryAnswer, postInquiry } from "./contact-form.ts";
import { type BatchFile, uploadBatch } from "./tus-batch.ts";

export const PUBLIC_PAGES = ["/", "/gallery/wedding", "/galleryList/1", "/contactUs"] as const;
const INSTANCE_NAMES = ["a", "b", "c"] as const;
/** Wide enough for every public page's photographs, small enough to import in seconds. */
const DEMO_PHOTO_WIDTH_PX = 160;
const OWNER_EMAIL = "owner@drill.example";
const OWNER_PASSWORD = "a long enough drill password";
const MAIL_FROM = "Nila Studio <hello@nila.example>";
/** The instances accept a post this long after the form was loaded (INQUIRY_MIN_FILL_S). */
const MIN_FILL_S = 1;
/** The drill waits a little longer than that before posting. */
const FILL_WAIT_MS = MIN_FILL_S * 1000 + 200;
/** Posts in flight at once, as a burst of visitors. */
const POST_CONCURRENCY = 8;
/** A failed mail is tried again after this long (MAIL_RETRY_BASE_S), doubling. */
const MAIL_RETRY_BASE_S = 1;
/** How long the drill waits for instance b to be holding mails before it kills it anyway. */
const HOLD_WAIT_MS = 30_000;
const POLL_MS = 100;
/** A reader's pause between two pages: a busy site's visitors, not a load test. */
const READER_PAUSE_MS = 20;
/** A page that takes longer than this counts as failed. */
const READ_TIMEOUT_MS = 10_000;
/** After the last expected mail, a copy sent again would show up within this long. */
const DUPLICATE_GRACE_MS = 3_000;
/** Past a killed instance's claims running out, how long the mails may take to go. */
const MAIL_MARGIN_MS = 60_000;
const PROBLEMS_SHOWN = 30;
/** How server/upload-store.ts names an upload's description in the bucket: `<id>.info`. */
const UPLOAD_INFO_SUFFIX = ".info";
/** On problems, the last lines each instance wrote, each cut to this length. */
const OUTPUT_LINES_SHOWN = 15;
const OUTPUT_LINE_CHARS = 400;

export interface ClusterDrillOptions {
  photos: number;
  inquiries: number;
  /** The photos' width and height in pixels. */
  edgePx: number;
  readers: number;
  /** How long a killed instance stays down before it is started again. */
  downMs: number;
  /** How long the mailbox takes to accept each message, so that a kill lands mid-delivery. */
  acceptDelayMs: number;
  /** Processing counts as stuck after this long without one more photo done. */
  stallMs: number;
  log: (line: string) => void;
}

export const DEFAULT_OPTIONS: ClusterDrillOptions = {
  photos: 300,
  inquiries: 200,
  edgePx: 256,
  readers: 2,
  downMs: 3_000,
  acceptDelayMs: 100,
  stallMs: JOB_LEASE_MS + 60_000,
  log: (line) => console.log(line),
};

export interface Kill {
  instance: string;
  /** The process killed ("b-1"). */
  process: string;
  atMs: number;
  restartedAtMs: number;
  readyAtMs: number;
  /** Outbox mails it had claimed and not delivered when it was killed. */
  heldMails: number;
}

export interface ClusterDrillResult {
  ok: boolean;
  problems: string[];
  durationMs: number;
  kills: Kill[];
  photos: {
    sent: number;
    refused: number;
    /** Requests the uploader sent again after a failure (a killed instance's). */
    retries: number;
    arrived: number;
    inOrder: boolean;
    jobsDone: number;
    claims: number;
    takenFromKilled: number;
    /** Uploads left unfinished in the bucket: creations sent again after a kill, never written to. */
    unfinishedUploads: number;
  };
  inquiries: {
    posted: number;
    accepted: number;
    stored: number;
    mails: number;
    /** Copies in the mailbox (one per mail, but for mails sent again after a kill). */
    copies: number;
    /** Copies of a mail sent again because its sender was killed between the relay's OK and its note of it. */
    resent: number;
    /** Messages the mailbox never accepted because their sender was gone (killed) when it answered. */
    discarded: number;
    takenFromKilled: number;
  };
  reader: {
    requests: number;
    /** Answers other than 2xx, and requests without an answer. */
    failed: number;
    /** Of those, the ones in flight on an instance when it was killed. */
    inFlightAtKill: number;
    failures: string[];
  };
}

interface Read {
  page: string;
  startMs: number;
  endMs: number;
  outcome: string;
}

/** Fetches the public pages through the balancer until stopped, keeping every failed read. */
function startReader(origin: string, readers: number, clock: () => number) {
  let running = true;
  let requests = 0;
  const failures: Read[] = [];
  const loops = Array.from({ length: readers }, async (_, reader) => {
    for (let n = reader; running; n++) {
      const page = PUBLIC_PAGES[n % PUBLIC_PAGES.length] as string;
      const startMs = clock();
      let outcome = "ok";
      try {
        const response = await fetch(`${origin}${page}`, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
        await response.arrayBuffer();
        if (response.status < 200 || response.status > 299) outcome = `answered ${response.status}`;
      } catch (error) {
        outcome = `no answer (${String((error as Error).cause ?? (error as Error).message)})`;
      }
      requests++;
      if (outcome !== "ok") failures.push({ page, startMs, endMs: clock(), outcome });
      await sleep(READER_PAUSE_MS);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { requests, failures };
    },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Outbox rows `process` has claimed and not yet delivered or handed back. */
async function mailsHeldBy(db: Database, process: string): Promise<number> {
  const histories = rowHistories(await ledgerLines(db, "mail_outbox"), new Set(["delivered"]), new Set());
  return [...histories.values()].filter((h) => h.holder === process).length;
}

/**
 * The uploads still staged in the bucket's uploads/ folder once processing is over: a finished
 * one is removed by the photo worker, so one still there whose upload id has no job was never
 * queued; an unfinished one is a creation the uploader sent again elsewhere (it expires).
 */
async function stagedUploads(bucket: S3Settings, queued: ReadonlySet<string>) {
  const store = new BlobUploadStore(s3Folder(bucket, "uploads"), { expirationMs: UPLOAD_EXPIRY_MS });
  const finishedNotQueued: string[] = [];
  let unfinished = 0;
  for (const key of await keysIn(s3Folder(bucket, "uploads"))) {
    if (!key.endsWith(UPLOAD_INFO_SUFFIX)) continue;
    const upload = await store.getUpload(key.slice(0, -UPLOAD_INFO_SUFFIX.length));
    if (upload.size === undefined || upload.offset < upload.size) unfinished++;
    else if (!queued.has(upload.id)) finishedNotQueued.push(upload.metadata?.filename ?? upload.id);
  }
  return { finishedNotQueued, unfinished };
}

async function waitFor(deadlineMs: number, check: () => Promise<boolean>): Promise<boolean> {
  while (!(await check())) {
    if (Date.now() > deadlineMs) return false;
    await sleep(POLL_MS);
  }
  return true;
}

export async function runClusterDrill(given: Partial<ClusterDrillOptions> = {}): Promise<ClusterDrillResult> {
  const options = { ...DEFAULT_OPTIONS, ...given };
  const { log } = options;
  const started = Date.now();
  const clock = () => Date.now() - started;
  const at = () => seconds(clock());
  const problems: string[] = [];
  const kills: Kill[] = [];
  /** What was started, stopped in the reverse order however the drill ends. */
  const cleanups: (() => unknown)[] = [];
  const instances: Instance[] = [];

  try {
    // --- the cluster ---------------------------------------------------------------------------
    const postgres = await startPostgresCluster();
    cleanups.push(() => postgres.stop());
    await onCluster(postgres.url, `create database "studio"`);
    const databaseUrl = `${postgres.url}/studio`;
    const s3 = await startS3Server();
    cleanups.push(() => s3.stop());
    const sink = await startSmtpSink({ acceptDelayMs: options.acceptDelayMs, commitOnlyWhileConnected: true });
    cleanups.push(() => sink.stop());

    const db = openDatabase(databaseUrlFor(databaseUrl, "drill"));
    cleanups.push(() => db.destroy());
    await migrate(db);
    await installLedger(db);
    // The demo studio (every public page) with small photographs, imported here once: the
    // instances start on a studio that has content and import nothing.
    const photosDir = await smallDemoPhotos(DEMO_PHOTO_WIDTH_PX);
    cleanups.push(() => fs.rmSync(photosDir, { recursive: true, force: true }));
    await importDemoIfEmpty({ db, storage: s3MediaStorage(s3.settings()) }, () => {}, photosDir);
    await upsertUser(db, OWNER_EMAIL, OWNER_PASSWORD);

    const balancerPort = await freePort();
    const origin = `http://127.0.0.1:${balancerPort}`;
    const env = {
      APP_SECRET: newAppSecret(),
      ...s3.env(),
      SMTP_URL: sink.url,
      INQUIRY_TO: "studio@nila.example",
      MAIL_FROM,
      INQUIRY_ACK: "on",
      INQUIRY_MIN_FILL_S: String(MIN_FILL_S),
      MAIL_RETRY_BASE_S: String(MAIL_RETRY_BASE_S),
      // The balancer, and the drill in front of it, are on loopback: their X-Forwarded-For is believed.
      TRUST_PROXY: "loopback",
      PUBLIC_URL: origin,
      DEMO_CONTENT: "off",
      LOG_LEVEL: "warn",
    };
    const starts = await Promise.allSettled(INSTANCE_NAMES.map((name) => startInstance(name, env, { databaseUrl })));
    instances.push(...starts.flatMap((s) => (s.status === "fulfilled" ? [s.value] : [])));
    cleanups.push(() => Promise.all(instances.map((instance) => instance.stop())));
    for (const start of starts) if (start.status === "rejected") throw start.reason;
    const [a, b] = instances as [Instance, Instance, Instance];
    const balancer: Balancer = await startBalancer(
      instances.map((i) => i.port),
      balancerPort,
    );
    cleanups.push(() => balancer.nginx.stop());
    log(
      `Cluster: PostgreSQL at ${postgres.url}, the S3 test server at ${s3.endpoint}, a mailbox answering in ${options.acceptDelayMs} ms at ${sink.url}, instances ${instances.map((i) => `${i.name} :${i.port}`).join(", ")} behind nginx at ${origin} (ready at ${at()})`,
    );

    const reader = startReader(origin, options.readers, clock);
    let readerStopped = false;
    const stopReader = async () => {
      readerStopped = true;
      return reader.stop();
    };
    cleanups.push(async () => {
      if (!readerStopped) await reader.stop();
    });

    /** Kills the instance, keeps it down for downMs, starts it again and waits until it is ready. */
    const bounce = async (instance: Instance) => {
      const process = instance.run;
      const heldMails = await mailsHeldBy(db, process);
      const atMs = clock();
      await instance.kill();
      await sleep(options.downMs);
      const restartedAtMs = clock();
      await instance.restart();
      const kill = { instance: instance.name, process, atMs, restartedAtMs, readyAtMs: clock(), heldMails };
      kills.push(kill);
      log(
        `  ${process} killed at ${seconds(atMs)}${heldMails > 0 ? ` holding ${heldMails} mails it was sending` : ""}, started again at ${seconds(restartedAtMs)}, ready at ${seconds(kill.readyAtMs)}`,
      );
    };

    // --- 1. inquiries ----------------------------------------------------------------------------
    const stamp = Date.now().toString(36);
    const markerOf = (i: number) => `cluster-${stamp}-${i}`;
    const token = await contactFormToken(origin);
    await sleep(FILL_WAIT_MS);
    const answers: InquiryAnswer[] = [];
    let next = 0;
    const postStart = clock();
    await Promise.all(
      Array.from({ length: POST_CONCURRENCY }, async () => {
        while (next < options.inquiries) {
          const i = next++;
          // Each visitor from an address of its own, so the per-address limit does not bite.
          answers[i] = await postInquiry(origin, token, i, markerOf(i), benchmarkAddress(i));
        }
      }),
    );
    const accepted = answers.filter((a) => a === "accepted").length;
    log(
      `Inquiries: ${options.inquiries} posted through the balancer in ${seconds(clock() - postStart)}: ${accepted} accepted`,
    );
    for (const [i, answer] of answers.entries()) if (answer !== "accepted") problems.push(`inquiry ${i}: ${answer}`);
    // Mid-delivery: b is killed while it holds claimed mails (the mailbox is slow to accept).
    const holding = await waitFor(Date.now() + HOLD_WAIT_MS, async () => (await mailsHeldBy(db, b.run)) > 0);
    if (!holding)
      problems.push(`${b.run} held no mails within ${seconds(HOLD_WAIT_MS)}: it was not killed mid-delivery`);
    await bounce(b);

    // --- 2. uploads ------------------------------------------------------------------------------
    const cookie = await signIn(origin, OWNER_EMAIL, OWNER_PASSWORD);
    const shootId = await createShootAsAdmin(origin, cookie, `Cluster drill ${stamp}`);
    const csrf = await pageCsrf(origin, cookie, `/admin/shoots/${shootId}`);
    const width = String(options.photos).length;
    const files: BatchFile[] = Array.from({ length: options.photos }, (_, i) => ({
      name: `cluster-${String(i + 1).padStart(width, "0")}.png`,
      type: "image/png",
      data: noisePng(options.edgePx, options.edgePx, i),
    }));
    const megabytes = files.reduce((sum, f) => sum + f.data.byteLength, 0) / 1e6;
    const killAfter = Math.ceil(options.photos / 3);
    let uploaded = 0;
    let uploadBounce: Promise<void> | undefined;
    const uploadStart = clock();
    const results = await uploadBatch(files, {
      origin,
      shootId,
      sessionCookie: cookie,
      csrf,
      onFileDone: () => {
        uploaded++;
        if (uploaded === killAfter) uploadBounce = bounce(a);
      },
    }).catch((error: unknown) => {
      // The uploader gave up on a file after its retries: the checks below say what is missing.
      problems.push(`the uploader gave up: ${String((error as Error).message).split("\n")[0]}`);
      return [];
    });
    await uploadBounce;
    const refused = results.filter((r) => r.state === "refused");
    const retries = results.reduce((sum, r) => sum + r.retries, 0);
    log(
      `Uploads: ${options.photos} photos (${megabytes.toFixed(1)} MB) to shoot ${shootId} through the balancer in ${seconds(clock() - uploadStart)}, ${a.name} killed after ${killAfter}; ${retries} requests sent again by the uploader, ${refused.length} refused`,
    );
    for (const r of refused) problems.push(`upload ${r.name} refused: ${r.reason}`);

    // --- 3. settle -------------------------------------------------------------------------------
    let lastDone = -1;
    let lastProgressAt = Date.now();
    let progress = await jobProgress(db, shootId, 0);
    while (progress.queued + progress.running > 0) {
      if (progress.done !== lastDone) {
        lastDone = progress.done;
        lastProgressAt = Date.now();
      } else if (Date.now() - lastProgressAt > options.stallMs) {
        problems.push(
          `photo processing stuck for ${seconds(options.stallMs)}: ${progress.queued} queued, ${progress.running} running`,
        );
        break;
      }
      await sleep(POLL_MS * 5);
      progress = await jobProgress(db, shootId, 0);
    }
    log(`  photos processed by ${at()}: ${progress.done} done, ${progress.failed.length} failed`);
    for (const f of progress.failed) problems.push(`photo ${f.fileName} failed: ${f.reason}`);

    /** The drill's inquiries' mails, each with its inquiry's uid (its Message-ID is made of it). */
    const drillMails = async () => {
      const inquiries = await inquiriesByMessageStart(db, `cluster-${stamp}-`);
      const uidOf = new Map(inquiries.map((i) => [i.id, i.uid]));
      const mails = await mailsOfInquiries(
        db,
        inquiries.map((i) => i.id),
      );
      return mails.map((m) => ({ ...m, uid: uidOf.get(m.inquiryId) ?? "" }));
    };
    const lastKillMs = Math.max(...kills.map((k) => k.atMs));
    const mailDeadline = started + lastKillMs + OUTBOX_CLAIM_MS + MAIL_MARGIN_MS;
    const delivered = await waitFor(mailDeadline, async () =>
      (await drillMails()).every((m) => m.deliveredAt !== null),
    );
    if (!delivered)
      problems.push(`mails still undelivered ${seconds(OUTBOX_CLAIM_MS + MAIL_MARGIN_MS)} after the last kill`);
    log(`  mails delivered by ${at()} (a killed instance's claims run out after ${seconds(OUTBOX_CLAIM_MS)})`);
    await sleep(DUPLICATE_GRACE_MS);
    const read = await stopReader();

    // --- checks ----------------------------------------------------------------------------------
    const killed = new Set(kills.map((k) => k.process));

    // Photos: each once, in the batch's order; each job done once, by one process at a time.
    // The shoot is in its manual order (a new shoot's): by position, then id.
    const photos = await readShootPhotos(db, STUDIO, [shootId], { images: false });
    const sentNames = files.map((f) => f.name);
    const arrivedNames = photos.map((p) => p.fileName);
    // In order: each photo of the shoot comes later in the batch than the one before it.
    const sentIndex = new Map(sentNames.map((name, i) => [name, i]));
    const order = arrivedNames.map((name) => sentIndex.get(name) ?? -1);
    const inversion = order.findIndex((index, i) => i > 0 && index < (order[i - 1] as number));
    if (inversion > 0) {
      const pair = photos.slice(inversion - 1, inversion + 1);
      problems.push(
        `the photos are not in the batch's order: ${pair.map((p) => `${p.fileName} (position ${p.position})`).join(" before ")}`,
      );
    }
    const inOrder = inversion === -1;
    const twice = [...Map.groupBy(arrivedNames, (n) => n)].filter(([, copies]) => copies.length > 1);
    for (const [name, copies] of twice) problems.push(`photo ${name} is in the shoot ${copies.length} times`);
    const missing = sentNames.filter((n) => !arrivedNames.includes(n));
    for (const name of missing) problems.push(`photo ${name} never arrived`);
    if (new Set(photos.map((p) => p.assetId)).size !== photos.length) problems.push("two photos share one asset");
    for (const { originalName, count } of await namesStoredMoreThanOnce(db, "cluster-")) {
      problems.push(`${originalName} was stored as ${count} assets`);
    }

    const jobs = await uploadJobsOfShoot(db, shootId);
    const jobsDone = jobs.filter((j) => j.state === "done").length;
    if (jobs.length !== options.photos) problems.push(`${jobs.length} photo jobs for ${options.photos} uploads`);
    const staged = await stagedUploads(
      s3.settings(),
      new Set(jobs.flatMap((j) => (j.upload_id === null ? [] : [j.upload_id]))),
    );
    for (const name of staged.finishedNotQueued) {
      problems.push(`${name}: its upload is complete in the bucket but was never queued for processing`);
    }
    if (new Set(jobs.map((j) => j.photo_id)).size !== jobs.length) problems.push("two photo jobs made the same photo");
    for (const job of jobs) {
      if (job.state !== "done") problems.push(`job ${job.id} (${job.file_name}) ended ${job.state}`);
      if (job.attempts < 1) problems.push(`job ${job.id} (${job.file_name}) records no attempt`);
    }
    const jobHistories = rowHistories(await ledgerLines(db, "jobs"), new Set(["done", "failed"]), killed);
    let jobClaims = 0;
    let jobsTaken = 0;
    for (const job of jobs) {
      const history = jobHistories.get(job.id);
      jobClaims += history?.claims ?? 0;
      jobsTaken += history?.takenFromKilled ?? 0;
      if (history?.finishes !== 1)
        problems.push(`job ${job.id} (${job.file_name}) finished ${history?.finishes ?? 0} times`);
      for (const problem of history?.problems ?? []) problems.push(`job ${job.id} (${job.file_name}): ${problem}`);
    }

    // Inquiries: each accepted one stored once, each of its mails in the mailbox once by
    // Message-ID (or again only where its sender was killed after the relay's OK).
    const inquiryRows = await inquiriesByMessageStart(db, `cluster-${stamp}-`);
    const stored = Map.groupBy(inquiryRows, (r) => /^cluster-\w+-(\d+):/.exec(r.message)?.[1] ?? "");
    for (const [i, answer] of answers.entries()) {
      const times = stored.get(String(i))?.length ?? 0;
      if (answer === "accepted" && times !== 1) problems.push(`inquiry ${i}: accepted, stored ${times} times`);
    }
    const mails = await drillMails();
    // The studio's mail and the visitor's acknowledgement (INQUIRY_ACK=on).
    const mailsPerInquiry = 2;
    if (mails.length !== inquiryRows.length * mailsPerInquiry)
      problems.push(`${mails.length} outbox mails for ${inquiryRows.length} inquiries`);
    const copiesOf = Map.groupBy(sink.mails, (m) => m.headers["message-id"] ?? "");
    const mailHistories = rowHistories(await ledgerLines(db, "mail_outbox"), new Set(["delivered"]), killed);
    let copies = 0;
    let resent = 0;
    let mailsTaken = 0;
    for (const mail of mails) {
      const id = messageIdFor({ id: mail.inquiryId, uid: mail.uid }, mail.kind, MAIL_FROM);
      const count = copiesOf.get(id)?.length ?? 0;
      const history = mailHistories.get(mail.id);
      const taken = history?.takenFromKilled ?? 0;
      copies += count;
      mailsTaken += taken;
      if (count === 0) problems.push(`mail ${id} never reached the mailbox`);
      // A killed sender may have had the relay's OK without noting it: that one copy is sent again.
      else if (count - 1 > taken) problems.push(`mail ${id} reached the mailbox ${count} times`);
      else resent += count - 1;
      if (history?.finishes !== 1) problems.push(`mail ${id} was marked delivered ${history?.finishes ?? 0} times`);
      for (const problem of history?.problems ?? []) problems.push(`mail ${id}: ${problem}`);
    }

    // Public pages: 2xx throughout, but for a request in flight on an instance as it was killed.
    const inFlight = (r: Read) => kills.some((k) => r.startMs <= k.atMs && k.atMs <= r.endMs);
    const excused = read.failures.filter(inFlight);
    for (const r of read.failures.filter((f) => !inFlight(f))) {
      problems.push(`${r.page} ${r.outcome} at ${seconds(r.startMs)}`);
    }

    const result: ClusterDrillResult = {
      ok: problems.length === 0,
      problems,
      durationMs: clock(),
      kills,
      photos: {
        sent: options.photos,
        refused: refused.length,
        retries,
        arrived: photos.length,
        inOrder,
        jobsDone,
        claims: jobClaims,
        takenFromKilled: jobsTaken,
        unfinishedUploads: staged.unfinished,
      },
      inquiries: {
        posted: options.inquiries,
        accepted,
        stored: inquiryRows.length,
        mails: mails.length,
        copies,
        resent,
        discarded: sink.discarded,
        takenFromKilled: mailsTaken,
      },
      reader: {
        requests: read.requests,
        failed: read.failures.length,
        inFlightAtKill: excused.length,
        failures: read.failures.map((r) => `${r.page} ${r.outcome} at ${seconds(r.startMs)}`),
      },
    };
    report(result, log);
    if (!result.ok) logInstanceOutput(instances, log);
    return result;
  } catch (error) {
    logInstanceOutput(instances, log);
    throw error;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

/** What the instances wrote (warnings and errors: LOG_LEVEL=warn), for a drill that found problems. */
function logInstanceOutput(instances: readonly Instance[], log: (line: string) => void): void {
  for (const instance of instances) {
    for (const { run, output } of instance.outputs()) {
      const lines = output.trim().split("\n").filter(Boolean);
      if (lines.length === 0) continue;
      log(`${run} wrote (last ${Math.min(lines.length, OUTPUT_LINES_SHOWN)} of ${lines.length} lines):`);
      for (const line of lines.slice(-OUTPUT_LINES_SHOWN)) log(`  ${line.slice(0, OUTPUT_LINE_CHARS)}`);
    }
  }
}

function report(result: ClusterDrillResult, log: (line: string) => void): void {
  const { photos, inquiries, reader } = result;
  log("Checks");
  log(
    `  photos: ${photos.arrived} of ${photos.sent} in the shoot, ${photos.inOrder ? "in the batch's order" : "NOT in the batch's order"}; ${photos.jobsDone} jobs done; ${photos.claims} claims, ${photos.takenFromKilled} of them taking over a job a killed instance held; ${photos.unfinishedUploads} unfinished uploads left in the bucket (creations sent again)`,
  );
  log(
    `  inquiries: ${inquiries.accepted} accepted, ${inquiries.stored} stored; ${inquiries.mails} mails, ${inquiries.copies} copies in the mailbox (${inquiries.resent} sent again after a killed sender's unrecorded OK); ${inquiries.takenFromKilled} mails taken over from a killed instance, ${inquiries.discarded} never accepted because their sender was killed`,
  );
  log(
    `  public pages: ${reader.requests} requests through the balancer, ${reader.failed} not 2xx or unanswered (${reader.inFlightAtKill} in flight on an instance as it was killed)`,
  );
  for (const failure of reader.failures) log(`    ${failure}`);
  log(`Took ${seconds(result.durationMs)}.`);
  if (result.ok) {
    log("OK: every photo arrived once, in order, processed once; every inquiry stored once and mailed once.");
  } else {
    log(`${result.problems.length} problems:`);
    for (const problem of result.problems.slice(0, PROBLEMS_SHOWN)) log(`  ${problem}`);
    if (result.problems.length > PROBLEMS_SHOWN) log(`  … and ${result.problems.length - PROBLEMS_SHOWN} more`);
  }
}

function wholeNumber(value: string | undefined, name: string, min: number): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}.`);
    process.exit(2);
  }
  return n;
}

if (import.meta.main) {
  // Ctrl-C or a TERM ends the drill through process exit, so every helper's exit handler takes
  // down what it started (the instances, nginx, PostgreSQL, the S3 server).
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(1));
  const { values } = parseArgs({
    options: {
      photos: { type: "string", default: String(DEFAULT_OPTIONS.photos) },
      inquiries: { type: "string", default: String(DEFAULT_OPTIONS.inquiries) },
      edge: { type: "string", default: String(DEFAULT_OPTIONS.edgePx) },
      readers: { type: "string", default: String(DEFAULT_OPTIONS.readers) },
      "down-s": { type: "string", default: String(DEFAULT_OPTIONS.downMs / 1000) },
      "accept-delay-ms": { type: "string", default: String(DEFAULT_OPTIONS.acceptDelayMs) },
      "stall-s": { type: "string", default: String(DEFAULT_OPTIONS.stallMs / 1000) },
    },
  });
  const result = await runClusterDrill({
    photos: wholeNumber(values.photos, "photos", 3),
    inquiries: wholeNumber(values.inquiries, "inquiries", 1),
    edgePx: wholeNumber(values.edge, "edge", 16),
    readers: wholeNumber(values.readers, "readers", 1),
    downMs: wholeNumber(values["down-s"], "down-s", 0) * 1000,
    acceptDelayMs: wholeNumber(values["accept-delay-ms"], "accept-delay-ms", 0),
    stallMs: wholeNumber(values["stall-s"], "stall-s", 1) * 1000,
  });
  process.exit(result.ok ? 0 : 1);
}
