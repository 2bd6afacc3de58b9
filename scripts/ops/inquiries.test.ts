// `npm run inquiries` shows each inquiry with who sent it, from where, and each mail's state.
import { describe, expect, it } from "vitest";
import { formatInquiries } from "./inquiries.ts";

describe("formatInquiries", () => {
  it("lists delivered and pending mails with attempts, next try and the last error", () => {
    const text = formatInquiries([
      {
        id: 7,
        uid: "u",
        name: "Priya Raman",
        phone: "+91 98765 43210",
        email: "priya@example.com",
        message: "We are getting\nmarried in March.",
        page: "/galleryList/1",
        createdAt: "2026-03-01T10:00:00.000Z",
        handledAt: null,
        seenAt: null,
        mails: [
          {
            kind: "studio",
            attempts: 1,
            nextAttemptAt: "2026-03-01T10:00:00.000Z",
            lastError: null,
            deliveredAt: "2026-03-01T10:00:02.000Z",
          },
          {
            kind: "ack",
            attempts: 3,
            nextAttemptAt: "2026-03-01T10:04:00.000Z",
            lastError: "connect ECONNREFUSED",
            deliveredAt: null,
          },
        ],
      },
    ]);
    expect(text).toBe(
      [
        "#7  2026-03-01 10:00:00 UTC  Priya Raman  <priya@example.com>  +91 98765 43210  (from /galleryList/1)",
        "    to the studio: delivered 2026-03-01 10:00:02 UTC (1 attempt)",
        "    acknowledgement: pending, 3 attempts, next try 2026-03-01 10:04:00 UTC; last error: connect ECONNREFUSED",
        "    We are getting married in March.",
      ].join("\n"),
    );
    expect(formatInquiries([])).toBe("No inquiries yet.");
  });
});
