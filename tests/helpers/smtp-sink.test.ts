// The mailbox's slow answer with a sender that goes away before it: kept by default, dropped
// when the mailbox commits a message only while its sender is still connected.
import { once } from "node:events";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";

/** Long enough for the sender to be gone before the answer is due. */
const ACCEPT_DELAY_MS = 300;
const MESSAGE = "Message-ID: <one@drill.example>\r\nSubject: hello\r\n\r\nHello.\r\n.\r\n";

let sink: SmtpSink | undefined;
afterEach(async () => {
  await sink?.stop();
  sink = undefined;
});

/** Sends one message over a raw connection and closes it before the mailbox answers the data. */
async function sendAndVanish(port: number): Promise<void> {
  const socket = net.connect({ host: "127.0.0.1", port });
  let received = "";
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString();
  });
  const answers = async (count: number) => {
    while (received.split("\r\n").filter((line) => /^\d{3} /.test(line)).length < count) await sleep(10);
  };
  await once(socket, "connect");
  await answers(1); // the greeting
  for (const [command, answered] of [
    ["EHLO drill.example", 2],
    ["MAIL FROM:<drill@drill.example>", 3],
    ["RCPT TO:<studio@drill.example>", 4],
    ["DATA", 5],
  ] as const) {
    socket.write(`${command}\r\n`);
    await answers(answered);
  }
  socket.write(MESSAGE);
  // The whole message is in; the answer is ACCEPT_DELAY_MS away. The sender dies now.
  await sleep(ACCEPT_DELAY_MS / 3);
  socket.destroy();
}

describe("the SMTP sink's slow answer when the sender has gone", () => {
  it("keeps the message by default", async () => {
    sink = await startSmtpSink({ acceptDelayMs: ACCEPT_DELAY_MS });
    await sendAndVanish(sink.port);
    await sink.waitForMails(1);
    expect(sink.mails[0]?.headers["message-id"]).toBe("<one@drill.example>");
    expect(sink.discarded).toBe(0);
  });

  it("with commitOnlyWhileConnected, drops it: nobody was told it was accepted", async () => {
    sink = await startSmtpSink({ acceptDelayMs: ACCEPT_DELAY_MS, commitOnlyWhileConnected: true });
    await sendAndVanish(sink.port);
    await sleep(ACCEPT_DELAY_MS * 2);
    expect(sink.mails).toEqual([]);
    expect(sink.discarded).toBe(1);
  });
});
