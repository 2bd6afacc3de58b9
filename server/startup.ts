// What a start does before the site can answer: migrate the database, clear what a killed
// process left half-done (partial files, photo jobs it was processing), and import the demo
// studio into an empty database. And the background work beside the site (the inquiry outbox
// and the photo worker): the server's lifecycle creates it, starts it once the data is ready
// and stops it at shutdown; the app only wakes it.

import { importDemoIfEmpty } from "../domain/demo/import.server.ts";
import { startInquiryMail } from "../domain/inquiries/service.server.ts";
import { requeueInterruptedJobs } from "../domain/media/photo-jobs.server.ts";
import { startPhotoWorker } from "../domain/media/photo-worker.server.ts";
import { getMediaStorage } from "../domain/media/storage.server.ts";
import type { BackgroundWorker } from "../platform/background.server.ts";
import { engineOf, getDb, migrate, whileLocked } from "../platform/db/db.server.ts";
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
    if (requeued > 0) logger.warn({ jobs: requeued }, "resuming photo processing interrupted by a restart");
  }
  if (env.skipDemo) return;
  // Instances that start together on an empty database import the demo once: the others wait,
  // then find it done (or resume what a killed one left).
  const outcome = await whileLocked(db, DEMO_IMPORT_LOCK, () => importDemoIfEmpty({ db, storage }, progress));
  if (outcome === "studio-has-content") logger.debug("database has content; demo import not needed");
}

/** Tells a background worker that work arrived, so it looks now rather than at its next poll. */
export interface BackgroundWakers {
  /** An upload was queued for processing. */
  photos(): void;
  /** An inquiry's mails were stored. */
  outbox(): void;
}

export interface BackgroundWork {
  /** Usable from the start; a wake-up before `start()` or after `stop()` does nothing. */
  wake: BackgroundWakers;
  /** Starts the workers (after prepareData): the outbox when mail is on, and the photo worker. */
  start(): void;
  /** Stops them before the database closes: the photo in hand and the send in flight finish first. */
  stop(): Promise<void>;
}

export function createBackgroundWork(dataDir = readEnv().dataDir): BackgroundWork {
  let outbox: BackgroundWorker | undefined;
  let photos: BackgroundWorker | undefined;
  let state: "new" | "started" | "stopped" = "new";
  return {
    wake: {
      photos: () => photos?.wake(),
      outbox: () => outbox?.wake(),
    },
    start() {
      if (state !== "new") return;
      state = "started";
      const db = getDb();
      outbox = startInquiryMail(db);
      const uploads = uploadFiles(dataDir);
      photos = startPhotoWorker({ db, storage: getMediaStorage(dataDir) }, uploads);
      uploads.sweepExpired().catch((error) => logger.warn({ err: error }, "could not sweep expired uploads"));
    },
    async stop() {
      state = "stopped";
      const running = [outbox, photos];
      outbox = undefined;
      photos = undefined;
      await Promise.all(running.map((worker) => worker?.stop()));
    },
  };
}
