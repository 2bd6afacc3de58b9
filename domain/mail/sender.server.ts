// The outbox's sender: sends due mails from the outbox (outbox.server.ts) as background work
// (platform/background.server.ts runs the loop: claims, leases, backoff, wake, stop). Each kind
// of mail is written by the domain it is about, through the writer that domain registers (an
// inquiry's: domain/inquiries/mail.server.ts; a client gallery's: domain/galleries/mail.server.ts);
// the sender refuses to start, in one line naming the kind, while a kind has no writer (ADR 038).
//
// Each round claims due rows, marks each delivered as soon as the SMTP server accepts it, and
// reschedules a failure with exponential backoff. Pending rows survive restarts because they are
// only rows. A round ends early, handing its untried rows back, when the worker stops (so a
// restart neither cuts a send in half nor strands the rest until their claim runs out) and before
// its claim could run out under a slow mail server (so no other sender can be sending the same
// row). What is the sender's own: an unreachable server (or a 421) ends the round's sending, and
// the first mail that gets through after an outage makes the mails it held back due at once.
import {
  type BackgroundWorker,
  backoffDelayMs,
  handlerPerKind,
  runRound,
  startWorker,
  type Work,
} from "../../platform/background.server.ts";
import type { Database } from "../../platform/db/db.server.ts";
import { logger } from "../../platform/logger.server.ts";
import { publicOrigin } from "../../platform/public-origin.server.ts";
import { MINUTE_MS, SECOND_MS } from "../../platform/time.ts";
import {
  type ClaimedMail,
  claimDueMails,
  dueNowAfterError,
  MAIL_KINDS,
  MAIL_QUEUE,
  type MailClaim,
  type MailKind,
  markDelivered,
  markFailed,
  OUTBOX_BATCH_SIZE,
  OUTBOX_CLAIM_MS,
  type OutboxMail,
  releaseClaims,
} from "./outbox.server.ts";
import { isServerLevelError, type MailAddresses, type Mailer, type OutgoingMail } from "./smtp.server.ts";
import type { StudioNameIn } from "./words.ts";

/**
 * A send is started only while at least this much of the round's claim is left: the slowest
 * send (SMTP timeouts, smtp.server.ts) then still ends before another sender could claim the row.
 */
export const OUTBOX_SEND_BUDGET_MS = 45 * SECOND_MS;
/** How often an idle sender looks for due rows (queuing a mail wakes it at once). */
export const OUTBOX_POLL_MS = 5 * SECOND_MS;
/** Retries double from the base delay up to this. */
export const RETRY_MAX_DELAY_MS = 10 * MINUTE_MS;
/** How long shutdown waits for a send in flight before closing the connection under it. */
const STOP_WAIT_MS = 5 * SECOND_MS;
/** Starts the error of every mail that failed because the server could not be reached at all. */
const SERVER_AWAY = "the mail server was unreachable:";
/** The sender's name in log lines and in the error at start. */
const WORK_NAME = "mail";

export function retryDelayMs(attempts: number, baseMs: number): number {
  return backoffDelayMs(attempts, { baseMs, maxMs: RETRY_MAX_DELAY_MS });
}

/** What every mail is written with, read once per round. */
export interface MailContext {
  /** Where mail goes and comes from. */
  addresses: MailAddresses;
  /** The studio's name in the mail's language. */
  studioName: StudioNameIn;
  /** The start of a link to the site (a gallery's link in its mails). */
  origin: string;
}

/** One claimed mail, written once the round knows its context. */
export type Letter = (context: MailContext) => OutgoingMail;

/** An outbox mail of kind K. */
type MailOfKind<K extends MailKind> = OutboxMail & { kind: K };

/** How the mails of one or more kinds are written, by the domain they are about. */
export interface MailWriter<M extends OutboxMail> {
  /**
   * Reads what these claimed mails are about, in one go for a round, and gives each its letter.
   * A mail whose subject is gone gets none and is not sent (its row goes with its subject: the
   * outbox's references cascade).
   */
  letters(db: Database, mails: readonly (M & MailClaim)[]): Promise<Map<number, Letter>>;
  /** Queues the mails that fall due by the calendar (a gallery's link about to expire), before each claim. */
  queueDue?(db: Database, now: Date): Promise<unknown>;
}

/** The writers a domain registers, by kind (one writer may write several kinds). */
export type MailWriters = { [K in MailKind]?: MailWriter<MailOfKind<K>> };

export interface OutboxOptions {
  db: Database;
  mailer: Mailer;
  /** Each kind's writer, from the domains that own the kinds. */
  writers: readonly MailWriters[];
  /** Where mail goes and comes from; read each round, so a changed studio address applies at once. */
  addresses: () => Promise<MailAddresses | undefined>;
  /** The studio's names, read each round like the addresses. */
  studioName: () => Promise<StudioNameIn>;
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

/** A claimed mail with its letter. */
type SendableMail = ClaimedMail & { letter: Letter };

/** What a log line says the mail was about. */
function about(mail: OutboxMail) {
  return "inquiryId" in mail ? { inquiry: mail.inquiryId } : { gallery: mail.galleryId };
}

/** The outbox as background work (platform/background.server.ts): what a round of mails does. */
function outboxWork(options: OutboxOptions): Work<SendableMail> {
  const { db, mailer, retryBaseMs, now = () => new Date(), origin = () => publicOrigin() } = options;
  const byKind = handlerPerKind<MailKind, MailWriter<OutboxMail>>(WORK_NAME, MAIL_KINDS, options.writers);
  const writers = [...new Set(byKind.values())];

  /** The claimed mails with their letters, each writer reading its mails' subjects once. */
  async function withLetters(claimed: ClaimedMail[]): Promise<SendableMail[]> {
    const letters = new Map<number, Letter>();
    for (const writer of writers) {
      const mine = claimed.filter((mail) => byKind.get(mail.kind) === writer);
      if (mine.length > 0) for (const [id, letter] of await writer.letters(db, mine)) letters.set(id, letter);
    }
    return claimed.flatMap((mail) => {
      const letter = letters.get(mail.id);
      return letter ? [{ ...mail, letter }] : [];
    });
  }

  return {
    name: WORK_NAME,
    queue: {
      async claim(lease) {
        // Mails that fall due by the calendar become rows here, so they are sent like the rest.
        for (const writer of writers) await writer.queueDue?.(db, now());
        return withLetters(await claimDueMails(db, lease));
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
      const context = addresses && { addresses, studioName: await options.studioName(), origin: origin() };
      /** Set once the server proved unreachable: the rest of the round is not tried. */
      let serverDown: string | undefined;
      let skipped = 0;
      return {
        async run(mail) {
          if (serverDown) throw new NotTriedError(serverDown);
          if (!context)
            throw new Error(
              "no recipient: set one in the admin's settings, INQUIRY_TO, or the studio's e-mail address",
            );
          try {
            await mailer.send(mail.letter(context));
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
  const mails = await dueNowAfterError(db, SERVER_AWAY, now);
  if (mails > 0) logger.info({ mails }, "mail server reachable again; the mails held by its outage are due now");
}

/**
 * Starts the sender: queuing a mail wakes it, otherwise it looks every `pollMs`. Stopping it
 * finishes the send in flight (waiting 5 s at most), hands back the rest of the round, then
 * closes the mailer. Throws before starting anything while a kind has no writer.
 */
export function startOutboxWorker(options: OutboxOptions & { pollMs?: number; idle?: () => void }): BackgroundWorker {
  const worker = startWorker({
    ...outboxWork(options),
    pollMs: options.pollMs ?? OUTBOX_POLL_MS,
    stopWaitMs: STOP_WAIT_MS,
    wakeOn: MAIL_QUEUE,
    idle: options.idle,
  });
  return {
    wake: () => worker.wake(),
    async stop() {
      await worker.stop();
      options.mailer.close();
    },
  };
}
