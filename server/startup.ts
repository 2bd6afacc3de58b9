// What a start does before the site can answer: migrate the database, clear what a killed
// process left half-done (partial files, jobs it was doing), and import the demo studio into an
// empty database. And the background work beside the site (the job worker and the outbox's
// sender), each with its kinds' handlers: the server's lifecycle creates it, starts it once the
// data is ready and stops it at shutdown. Queuing work wakes the worker that does it (ADR 038).

import { mailWordsFor } from "../app/i18n/mail-words.server.ts";
import { albumMailWriters } from "../domain/albums/mail.server.ts";
import { importDemoIfEmpty } from "../domain/demo/import.server.ts";
import { sharedFaceEngine, stopSharedFaceEngine } from "../domain/faces/engine.server.ts";
import { faceJobHandlers } from "../domain/faces/indexing.server.ts";
import { galleryMailWriters } from "../domain/galleries/mail.server.ts";
import { inquiryMailWriters } from "../domain/inquiries/mail.server.ts";
import { inquirySettings, mailAddresses, studioNames } from "../domain/inquiries/settings.server.ts";
import { requeueInterruptedJobs } from "../domain/jobs/queue.server.ts";
import { type JobHandlers, startJobWorker } from "../domain/jobs/worker.server.ts";
import { type MailWriters, startOutboxWorker } from "../domain/mail/sender.server.ts";
import { smtpMailer } from "../domain/mail/smtp.server.ts";
import { getMediaStorage, type MediaStorage } from "../domain/media/storage.server.ts";
import { photoJobHandlers } from "../domain/processing/photo-worker.server.ts";
import type { BackgroundWorker } from "../platform/background.server.ts";
import { type Database, engineOf, getDb, migrate, whileLocked } from "../platform/db/db.server.ts";
import { readEnv } from "../platform/env.server.ts";
import { logger } from "../platform/logger.server.ts";
import { publicOriginWarning } from "../platform/public-origin.server.ts";
import { uploadFiles } from "./uploads.ts";

/** The lock the demo import holds across instances (platform/db: whileLocked). */
export const DEMO_IMPORT_LOCK = "studio:demo-import";

export async function prepareData(progress: (line: string) => void = (line) => logger.info(line)): Promise<void> {
  const env = readEnv();
  const originWarning = publicOriginWarning(env);
  if (originWarning) logger.warn(originWarning);
  const db = getDb();
  const applied = await migrate(db);
  if (applied.length > 0) logger.info({ migrations: applied }, "applied database migrations");
  const storage = getMediaStorage(env.dataDir);
  const swept = (await storage.public.sweepPartials()) + (await storage.originals.sweepPartials());
  if (swept > 0) logger.warn({ files: swept }, "removed partial files left by an interrupted write");
  // On SQLite one process owns the database: a job still running is a dead one's. Several
  // instances share PostgreSQL, and a running job there may be another's: its lease tells.
  if (engineOf(db) === "sqlite") {
    const requeued = await requeueInterruptedJobs(db);
    if (requeued > 0) logger.warn({ jobs: requeued }, "resuming jobs interrupted by a restart");
  }
  if (env.skipDemo) return;
  // Instances that start together on an empty database import the demo once: the others wait,
  // then find it done (or resume what a killed one left).
  const outcome = await whileLocked(db, DEMO_IMPORT_LOCK, () =>
    importDemoIfEmpty({ db, storage }, progress, env.demoPhotosDir),
  );
  if (outcome === "studio-has-content") logger.debug("database has content; demo import not needed");
}

/**
 * The mails' writers, one set per domain whose mails the outbox sends, each given the `mail`
 * catalogue's words in a language (issue 33): the domain writes none of its own.
 */
function mailWriters(storage: MediaStorage): MailWriters[] {
  return [inquiryMailWriters(mailWordsFor), galleryMailWriters(storage, mailWordsFor), albumMailWriters(mailWordsFor)];
}

/**
 * Starts the outbox's sender when SMTP_URL is set, for the caller to stop; otherwise says once
 * that mail is off and starts nothing (mails stay queued).
 */
function startMail(db: Database, storage: MediaStorage): BackgroundWorker | undefined {
  const settings = inquirySettings();
  if (!settings.smtpUrl) {
    logger.warn("mail is off (SMTP_URL is not set): inquiries are stored, not sent; `npm run inquiries` lists them");
    return undefined;
  }
  const worker = startOutboxWorker({
    db,
    mailer: smtpMailer(settings.smtpUrl),
    writers: mailWriters(storage),
    addresses: () => mailAddresses(db),
    studioName: () => studioNames(db),
    retryBaseMs: settings.retryBaseMs,
  });
  logger.info({ ackDefault: settings.ack }, "mail is on: inquiries and gallery mails are sent through the outbox");
  return worker;
}

export interface BackgroundWork {
  /**
   * Starts the workers (after prepareData): the job worker, and the outbox's sender when mail is
   * on. Throws, in one line naming it, when a kind of job or of mail has no handler.
   */
  start(): void;
  /** Stops them before the database closes: the job in hand and the send in flight finish first. */
  stop(): Promise<void>;
}

export function createBackgroundWork(dataDir = readEnv().dataDir): BackgroundWork {
  let workers: BackgroundWorker[] = [];
  let state: "new" | "started" | "stopped" = "new";
  return {
    start() {
      if (state !== "new") return;
      state = "started";
      const db = getDb();
      const uploads = uploadFiles(dataDir);
      const storage = getMediaStorage(dataDir);
      const { faceProcesses } = readEnv();
      const engine = sharedFaceEngine(faceProcesses);
      const jobHandlers: JobHandlers[] = [
        photoJobHandlers({ db, storage }, uploads),
        faceJobHandlers({ db, storage, engine }),
      ];
      // One faces loop per model process: each keeps one process busy.
      workers = [startJobWorker(db, jobHandlers, { loops: { faces: faceProcesses } })];
      const mail = startMail(db, storage);
      if (mail) workers.push(mail);
      uploads.sweepExpired().catch((error) => logger.warn({ err: error }, "could not sweep expired uploads"));
    },
    async stop() {
      state = "stopped";
      const running = workers;
      workers = [];
      await Promise.all(running.map((worker) => worker.stop()));
      await stopSharedFaceEngine();
    },
  };
}
