// The outbox: sends due mails from the inquiry_mails table (an inquiry's, or since migration 0014
// a client gallery's: domain/galleries/mail.server.ts), as background work
// (platform/background.server.ts runs the loop: claims, leases, backoff, wake, stop). Each round
// claims rows in one UPDATE … RETURNING (atomic in SQLite, so no row is handed out twice, even
// across processes), marks each delivered as soon as the SMTP server accepts it, and reschedules
// a failure with exponential backoff. Pending rows survive restarts because they are only rows.
// A round ends early, handing its untried rows back, when the worker stops (so a restart neither
// cuts a send in half nor strands the rest until their claim runs out) and before its claim
// could run out under a slow mail server (so no other worker can be sending the same row). What
// is the outbox's own: an unreachable server (or a 421) ends the round's sending, and the first
// mail that gets through after an outage makes the mails it held back due at once.
import {
  type BackgroundWorker,
  backoffDelayMs,
  runRound,
  startWorker,
  type Work,
} from "../../platform/background.server.ts";
import { type Database, skippingLocked } from "../../platform/db/db.server.ts";
import type { GalleryMailKind, InquiryMailKind } from "../../platform/db/schema.server.ts";
import { logger } from "../../platform/logger.server.ts";
import { publicOrigin } from "../../platform/public-origin.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { readStudioRow } from "../catalog/read-model.server.ts";
import { DEFAULT_TIME_ZONE, studioDay } from "../catalog/studio-time.ts";
import {
  composeGalleryMail,
  type GalleryForMail,
  galleriesForMail,
  queueDueExpiryReminders,
} from "../galleries/mail.server.ts";
import {
  composeMail,
  type InquiryForMail,
  isServerLevelError,
  type MailAddresses,
  type Mailer,
} from "./mail.server.ts";

/** Rows claimed per round; a burst is worked through round after round. */
export const OUTBOX_BATCH_SIZE = 20;
/** A claim outlives the slowest send (SMTP timeouts are 10 s + 30 s) with room to spare. */
export const OUTBOX_CLAIM_MS = 2 * 60_000;
/**
 * A send is started only while at least this much of the round's claim is left: the slowest
 * send (see mail.server.ts) then still ends before another worker could claim the row.
 */
export const OUTBOX_SEND_BUDGET_MS = 45_000;
/** How often an idle worker looks for due rows (new inquiries wake it at once). */
export const OUTBOX_POLL_MS = 5_000;
/** Retries double from the base delay up to this. */
export const RETRY_MAX_DELAY_MS = 10 * 60_000;
/** How long shutdown waits for a send in flight before closing the connection under it. */
const STOP_WAIT_MS = 5_000;
const ERROR_MAX_CHARS = 500;
/** Starts the error of every mail that failed because the server could not be reached at all. */
const SERVER_AWAY = "the mail server was unreachable:";

export function retryDelayMs(attempts: number, baseMs: number): number {
  return backoffDelayMs(attempts, { baseMs, maxMs: RETRY_MAX_DELAY_MS });
}

interface Claim {
  id: number;
  attempts: number;
  /** The claim's end, which also tells this claim from a later one on the same row. */
  claimedUntil: string;
}

/** A claimed row: an inquiry's mail, or a client gallery's. */
export type ClaimedMail =
  | (Claim & { kind: InquiryMailKind; inquiry: InquiryForMail })
  | (Claim & { kind: GalleryMailKind; gallery: GalleryForMail });

/** What a log line says the mail was about. */
function about(mail: ClaimedMail) {
  return "inquiry" in mail ? { inquiry: mail.inquiry.id } : { gallery: mail.gallery.id };
}

export async function claimDueMails(
  db: Database,
  { now = new Date(), limit = OUTBOX_BATCH_SIZE, until = new Date(now.getTime() + OUTBOX_CLAIM_MS) } = {},
): Promise<ClaimedMail[]> {
  const at = toStoredTime(now);
  const claimedUntil = toStoredTime(until);
  const claimed = await db
    .updateTable("inquiry_mails")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), claimed_until: claimedUntil }))
    .where(
      "id",
      "in",
      skippingLocked(
        db,
        db
          .selectFrom("inquiry_mails")
          .select("id")
          .where("delivered_at", "is", null)
          .where("next_attempt_at", "<=", at)
          .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(limit),
      ),
    )
    .returning(["id", "kind", "attempts", "inquiry_id", "gallery_id", "list_id"])
    .execute();
  if (claimed.length === 0) return [];
  const inquiryIds = claimed.flatMap((c) => (c.inquiry_id === null ? [] : [c.inquiry_id]));
  const inquiries = inquiryIds.length
    ? await db.selectFrom("inquiries").selectAll().where("id", "in", inquiryIds).execute()
    : [];
  const byId = new Map(inquiries.map((i) => [i.id, i]));
  const { galleries, lists } = await galleriesForMail(db, claimed);
  return claimed
    .sort((a, b) => a.id - b.id)
    .flatMap((c): ClaimedMail[] => {
      const claim = { id: c.id, attempts: c.attempts, claimedUntil };
      if (c.kind === "studio" || c.kind === "ack") {
        const inquiry = c.inquiry_id === null ? undefined : byId.get(c.inquiry_id);
        return inquiry ? [{ ...claim, kind: c.kind, inquiry }] : [];
      }
      const gallery = c.gallery_id === null ? undefined : galleries.get(c.gallery_id);
      if (!gallery) return [];
      return [{ ...claim, kind: c.kind, gallery: { ...gallery, list: (c.list_id && lists.get(c.list_id)) || null } }];
    });
}

export async function markDelivered(db: Database, id: number, now = new Date()): Promise<void> {
  await db
    .updateTable("inquiry_mails")
    .set({ delivered_at: toStoredTime(now), claimed_until: null, last_error: null })
    .where("id", "=", id)
    .execute();
}

export async function markFailed(db: Database, id: number, error: string, nextAttemptAt: Date): Promise<void> {
  await db
    .updateTable("inquiry_mails")
    .set({
      last_error: error.slice(0, ERROR_MAX_CHARS),
      next_attempt_at: toStoredTime(nextAttemptAt),
      claimed_until: null,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * Hands claimed rows back untried: due again at once, their attempt not counted. Only rows
 * still under this claim (one that ran out may be another worker's by now).
 */
export async function releaseClaims(db: Database, mails: Pick<ClaimedMail, "id" | "claimedUntil">[]): Promise<void> {
  for (const mail of mails)
    await db
      .updateTable("inquiry_mails")
      .set((eb) => ({ attempts: eb("attempts", "-", 1), claimed_until: null }))
      .where("id", "=", mail.id)
      .where("claimed_until", "=", mail.claimedUntil)
      .where("delivered_at", "is", null)
      .execute();
}

export interface OutboxOptions {
  db: Database;
  mailer: Mailer;
  /** Where mail goes and comes from; read each round, so a changed studio address applies at once. */
  addresses: () => Promise<MailAddresses | undefined>;
  studioName: () => Promise<string>;
  retryBaseMs: number;
  now?: () => Date;
  /** The start of a gallery's link in its mails; the configured public origin by default. */
  origin?: () => string;
}

export interface RoundResult {
  claimed: number;
  delivered: number;
  failed: number;
  /** Handed back untried: the worker is stopping, or the claim was nearly spent. */
  released: number;
}

/** The outbox as background work (platform/background.server.ts): what a round of mails does. */
function outboxWork(options: OutboxOptions): Work<ClaimedMail> {
  const { db, mailer, retryBaseMs, now = () => new Date(), origin = () => publicOrigin() } = options;
  return {
    name: "inquiry mail",
    queue: {
      async claim(lease) {
        // Reminders before a gallery's link expires become rows here, so they are sent like the rest.
        const studio = await readStudioRow(db);
        await queueDueExpiryReminders(db, studioDay(studio?.time_zone ?? DEFAULT_TIME_ZONE, now()), now());
        return claimDueMails(db, lease);
      },
      release: (mails) => releaseClaims(db, mails),
      retry: (mail, error, at) => markFailed(db, mail.id, errorText(error), at),
    },
    batchSize: OUTBOX_BATCH_SIZE,
    leaseMs: OUTBOX_CLAIM_MS,
    itemBudgetMs: OUTBOX_SEND_BUDGET_MS,
    backoff: { baseMs: retryBaseMs, maxMs: RETRY_MAX_DELAY_MS },
    now,
    async round() {
      const addresses = await options.addresses();
      const studioName = await options.studioName();
      /** Set once the server proved unreachable: the rest of the round is not tried. */
      let serverDown: string | undefined;
      let skipped = 0;
      return {
        async run(mail) {
          if (serverDown) throw new NotTriedError(serverDown);
          if (!addresses)
            throw new Error(
              "no recipient: set one in the admin's settings, INQUIRY_TO, or the studio's e-mail address",
            );
          try {
            await mailer.send(
              "inquiry" in mail
                ? composeMail(mail.kind, mail.inquiry, addresses, studioName)
                : composeGalleryMail(mail, addresses, studioName, origin()),
            );
          } catch (caught) {
            // When the server itself is unreachable, the rest of this round would fail the same way.
            if (!isServerLevelError(caught)) throw caught;
            const error = `${SERVER_AWAY} ${errorText(caught)}`;
            serverDown = `not tried, ${error}`;
            throw new Error(error);
          }
          await markDelivered(db, mail.id, now());
          logger.info({ ...about(mail), kind: mail.kind, attempts: mail.attempts }, "mail delivered");
        },
        failed(mail, error, retryAt) {
          if (error instanceof NotTriedError) {
            skipped++;
            return;
          }
          logger.warn(
            {
              ...about(mail),
              kind: mail.kind,
              attempts: mail.attempts,
              nextAttemptAt: retryAt?.toISOString(),
              error: errorText(error),
            },
            "mail not delivered; will retry",
          );
        },
        async finish(result) {
          // One line for the rest of an outage's round, not one per mail.
          if (skipped > 0)
            logger.warn({ mails: skipped }, "mail server unreachable; the round's other mails wait for their retry");
          if (result.succeeded > 0 && !serverDown) await retryOutageMailsNow(db, now());
        },
      };
    },
  };
}

/** A mail a round did not try, because the server had already proved unreachable. */
class NotTriedError extends Error {}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Claims the due mails and tries each once. `stopping` is asked before each send: when it says
 * yes, the round ends and the rest is handed back for the next start.
 */
export async function runOutboxRound(
  options: OutboxOptions,
  { stopping = () => false }: { stopping?: () => boolean } = {},
): Promise<RoundResult> {
  const { claimed, succeeded, failed, released } = await runRound(outboxWork(options), stopping);
  return { claimed, delivered: succeeded, failed, released };
}

/**
 * The mail server takes mail again: the mails that only waited because it was away are due now,
 * rather than each at the end of its own backoff (up to RETRY_MAX_DELAY_MS after the outage).
 */
async function retryOutageMailsNow(db: Database, now: Date): Promise<void> {
  const { numUpdatedRows } = await db
    .updateTable("inquiry_mails")
    .set({ next_attempt_at: toStoredTime(now) })
    .where("delivered_at", "is", null)
    .where("next_attempt_at", ">", toStoredTime(now))
    .where("last_error", "like", `%${SERVER_AWAY}%`)
    .executeTakeFirst();
  if (numUpdatedRows > 0n)
    logger.info(
      { mails: Number(numUpdatedRows) },
      "mail server reachable again; the mails held by its outage are due now",
    );
}

/**
 * Starts the outbox's worker: a new inquiry wakes it, otherwise it looks every `pollMs`. Stopping
 * it finishes the send in flight (waiting 5 s at most), hands back the rest of the round, then
 * closes the mailer.
 */
export function startOutboxWorker(options: OutboxOptions & { pollMs?: number }): BackgroundWorker {
  const worker = startWorker({
    ...outboxWork(options),
    pollMs: options.pollMs ?? OUTBOX_POLL_MS,
    stopWaitMs: STOP_WAIT_MS,
  });
  return {
    wake: () => worker.wake(),
    async stop() {
      await worker.stop();
      options.mailer.close();
    },
  };
}
