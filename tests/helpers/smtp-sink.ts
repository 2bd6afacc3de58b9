// A real SMTP server (the smtp-server package) in the test process that keeps every message it
// accepts; it can be stopped and started again on the same port to play a mail outage, and
// answer slowly, like a relay, to let a sender be killed while a message is in flight.
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  text: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /**
   * With commitOnlyWhileConnected: messages whose sender had gone when the answer was due, so
   * they were never accepted (nor kept in `mails`).
   */
  readonly discarded: number;
  /** Stops listening (connections are refused) until start() is called again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

/** Undoes quoted-printable soft breaks and escapes; plain 7-bit bodies pass through. */
function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() !== "quoted-printable") return body;
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes);
}

export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const text = decodeBody(raw.slice(split + 4), headers["content-transfer-encoding"]).replace(/\r\n/g, "\n");
  return { headers, text };
}

export interface SmtpSinkOptions {
  /** 0: any free port. */
  port?: number;
  /** false: bind a port, then refuse connections until start(). */
  listening?: boolean;
  /** Wait this long before accepting each message, like a slow relay (so a restart can land mid-delivery). */
  acceptDelayMs?: number;
  /** How long stop() lets open connections finish before cutting them (smtp-server's default is 30 s). */
  closeTimeoutMs?: number;
  /**
   * Like a relay that takes responsibility for a message only by answering "250 OK": a message
   * whose connection closed before its (delayed) answer is dropped, not kept. Without it (the
   * default) every message received in full is kept, even one whose sender left meanwhile.
   */
  commitOnlyWhileConnected?: boolean;
}

export async function startSmtpSink({
  port = 0,
  listening = true,
  acceptDelayMs = 0,
  closeTimeoutMs,
  commitOnlyWhileConnected = false,
}: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  /** Sessions whose connection has closed (smtp-server's onClose), for commitOnlyWhileConnected. */
  const closedSessions = new Set<string>();
  let discarded = 0;
  let server: SMTPServer | undefined;
  let boundPort = port;

  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      ...(closeTimeoutMs === undefined ? {} : { closeTimeout: closeTimeoutMs }),
      onClose(session) {
        if (commitOnlyWhileConnected) closedSessions.add(session.id);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const accept = () => {
            if (closedSessions.has(session.id)) {
              // Nobody is left to answer: the sender never heard "accepted", so it is not.
              discarded++;
              callback(new Error("the connection closed before the message was accepted"));
              return;
            }
            const { headers, text } = parseMail(Buffer.concat(chunks).toString("utf8"));
            mails.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              headers,
              text,
            });
            callback();
          };
          if (acceptDelayMs > 0) setTimeout(accept, acceptDelayMs);
          else accept();
        });
      },
    });
    const current = server;
    // A sender that vanishes in the middle of a message (a killed process) resets the
    // connection, which smtp-server reports as an error event: unheard, it would end the process.
    current.on("error", () => {});
    await new Promise<void>((resolve, reject) => {
      current.server.once("error", reject);
      current.listen(boundPort, "127.0.0.1", () => resolve());
    });
    boundPort = (current.server.address() as { port: number }).port;
  };

  const stop = async () => {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  // A sink that starts stopped still needs a port nobody else takes: bind once, then close.
  await start();
  if (!listening) await stop();

  return {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    mails,
    get discarded() {
      return discarded;
    },
    start,
    stop,
    async waitForMails(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return mails;
    },
  };
}
