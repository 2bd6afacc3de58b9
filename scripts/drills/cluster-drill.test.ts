// The cluster drill, small: its own PostgreSQL cluster, S3 test server, mailbox, three
// production instances and nginx from docs/cluster/nginx.conf; 20 inquiries with an instance
// killed mid-delivery, 30 photos with another killed a third of the way through. Most of its
// two-odd minutes is the wait for the killed instance's mail claims to run out (OUTBOX_CLAIM_MS).
import { describe, expect, it } from "vitest";
import { JOB_LEASE_MS } from "#domain/jobs/queue.server.ts";
import { OUTBOX_CLAIM_MS } from "#domain/mail/outbox.server.ts";
import { BODY_LIMITS } from "#server/limits.ts";
import { balancerConfig } from "./cluster.ts";
import { runClusterDrill } from "./cluster-drill.ts";

const PHOTOS = 30;
const INQUIRIES = 20;
/** How long the drill's mailbox takes to accept each message here (the drill's own default: 100). */
const SMALL_DRILL_ACCEPT_DELAY_MS = 1_000;
/** Setup and the phases take a minute or so on two busy cores; the mail claims' wait comes on top. */
const DRILL_TIMEOUT_MS = OUTBOX_CLAIM_MS + JOB_LEASE_MS + 4 * 60_000;

/** nginx's size syntax as bytes: 60m, 362m. */
function sizeBytes(value: string): number {
  const unit = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[value.slice(-1).toLowerCase()];
  return unit ? Number(value.slice(0, -1)) * unit : Number(value);
}

describe("the balancer's configuration (docs/cluster/nginx.conf)", () => {
  const config = balancerConfig(8080, [3001, 3002, 3003]);

  it("runs with this machine's instances and address in place of the example's", () => {
    // The upstream's server lines (an address each), not the "server {" block.
    expect(config.match(/^[ \t]*server[ \t]+[^{\s]+/gm)).toEqual([
      "    server 127.0.0.1:3001",
      "    server 127.0.0.1:3002",
      "    server 127.0.0.1:3003",
    ]);
    expect(config).toContain("listen 127.0.0.1:8080;");
    expect(config).not.toContain("10.0.0.");
  });

  it("lets through every body the app takes, the uploads' too, and leaves the refusals to it", () => {
    const [site, uploads] = [...config.matchAll(/client_max_body_size (\w+);/g)].map((m) => sizeBytes(m[1] ?? ""));
    expect(site).toBeGreaterThanOrEqual(BODY_LIMITS.adminForm.maxBytes);
    expect(uploads).toBeGreaterThanOrEqual(BODY_LIMITS.upload.maxBytes);
  });
});

describe("npm run cluster-drill", () => {
  it(
    `${PHOTOS} photos and ${INQUIRIES} inquiries through nginx with an instance killed in each: each once, in order, the pages answering`,
    async () => {
      const lines: string[] = [];
      const result = await runClusterDrill({
        photos: PHOTOS,
        inquiries: INQUIRIES,
        // A post wakes its instance's sender at once (ADR 038): at the drill's 100 ms a message,
        // 20 inquiries' 40 mails could all be out before the last post answers, and b would
        // hold none to be killed with. At a second each, sending outlasts the posting.
        acceptDelayMs: SMALL_DRILL_ACCEPT_DELAY_MS,
        // A stuck job is reported before the test's own timeout.
        stallMs: JOB_LEASE_MS + 60_000,
        log: (line) => lines.push(line),
      });
      const report = lines.join("\n");
      expect(result.problems, report).toEqual([]);
      expect(result.ok).toBe(true);
      // b was killed holding mails, which another instance sent; a was killed while photos uploaded.
      expect(result.kills.map((k) => k.process)).toEqual(["b-1", "a-1"]);
      expect(result.kills[0]?.heldMails, report).toBeGreaterThan(0);
      expect(result.inquiries.takenFromKilled, report).toBeGreaterThan(0);
      expect(result.photos).toMatchObject({
        sent: PHOTOS,
        refused: 0,
        arrived: PHOTOS,
        inOrder: true,
        jobsDone: PHOTOS,
      });
      expect(result.inquiries).toMatchObject({ posted: INQUIRIES, accepted: INQUIRIES, stored: INQUIRIES });
      expect(result.inquiries.mails).toBe(2 * INQUIRIES);
      expect(result.inquiries.copies - result.inquiries.resent).toBe(result.inquiries.mails);
      // The reader ran throughout, and nothing failed that was not in flight on a killed instance.
      expect(result.reader.requests, report).toBeGreaterThan(100);
      expect(result.reader.failed - result.reader.inFlightAtKill, report).toBe(0);
    },
    DRILL_TIMEOUT_MS,
  );
});
