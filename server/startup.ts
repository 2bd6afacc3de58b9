// What a start does before the site can answer: migrate the database, clear files a killed
// process left half-written, and import the demo studio into an empty database.

import { importDemoIfEmpty } from "../domain/demo/import.server.ts";
import { startInquiryMail, stopInquiryMail } from "../domain/inquiries/service.server.ts";
import { getMediaStorage } from "../domain/media/storage.server.ts";
import { getDb, migrate } from "../platform/db/db.server.ts";
import { readEnv } from "../platform/env.server.ts";
import { logger } from "../platform/logger.server.ts";
import { publicOriginWarning } from "../platform/public-origin.server.ts";
import { startPhotoProcessing, stopPhotoProcessing } from "./uploads.ts";

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
  if (env.skipDemo) return;
  const outcome = await importDemoIfEmpty({ db, storage }, progress);
  if (outcome === "studio-has-content") logger.debug("database has content; demo import not needed");
}

/** Starts what runs beside the site once it is ready: the inquiry outbox and the photo worker. */
export function startBackgroundWork(dataDir = readEnv().dataDir): void {
  startInquiryMail();
  startPhotoProcessing(dataDir);
}

/** Stops both at shutdown, before the database closes; the photo in hand is finished first. */
export async function stopBackgroundWork(): Promise<void> {
  await Promise.all([stopInquiryMail(), stopPhotoProcessing()]);
}
