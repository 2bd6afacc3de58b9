// The cluster drill's judgement of "processed once" and "mailed once" from its ledger: which
// histories of claims it lets through and which it reports.
import { describe, expect, it } from "vitest";
import { type LedgerLine, rowHistory } from "./cluster-ledger.ts";

const JOB_ENDS = new Set(["done", "failed"]);

function lines(...steps: [process: string, kind: string][]): LedgerLine[] {
  return steps.map(([process, kind], i) => ({ at: new Date(i * 1000), process, rowId: 1, kind, attempts: 1 }));
}

describe("rowHistory", () => {
  it("one claim and its finish: processed once", () => {
    const history = rowHistory(lines(["a-1", "claim"], ["a-1", "renew"], ["a-1", "done"]), JOB_ENDS, new Set());
    expect(history).toEqual({ claims: 1, takenFromKilled: 0, finishes: 1, holder: undefined, problems: [] });
  });

  it("a failed attempt retried, on the same instance or another: one attempt at a time", () => {
    const history = rowHistory(
      lines(["a-1", "claim"], ["a-1", "retry"], ["b-1", "claim"], ["b-1", "done"]),
      JOB_ENDS,
      new Set(),
    );
    expect(history).toMatchObject({ claims: 2, takenFromKilled: 0, finishes: 1, problems: [] });
  });

  it("taken over from a killed instance that held it: allowed, and counted", () => {
    const history = rowHistory(lines(["a-1", "claim"], ["b-1", "claim"], ["b-1", "done"]), JOB_ENDS, new Set(["a-1"]));
    expect(history).toMatchObject({ claims: 2, takenFromKilled: 1, finishes: 1, problems: [] });
  });

  it("taken from a live instance (a restart queued it again under it): processed twice", () => {
    const history = rowHistory(
      lines(["c-1", "claim"], ["a-2", "requeue"], ["b-1", "claim"], ["b-1", "done"], ["c-1", "done"]),
      JOB_ENDS,
      new Set(["a-1"]),
    );
    expect(history.finishes).toBe(2);
    expect(history.problems).toEqual([
      "claimed by b-1 while c-1 held it",
      "done by c-1, which did not hold it (nobody did)",
    ]);
  });

  it("a mail delivered by an instance that had not claimed it, and a claim left open", () => {
    const mail = rowHistory(lines(["a-1", "delivered"]), new Set(["delivered"]), new Set());
    expect(mail.problems).toEqual(["delivered by a-1, which did not hold it (nobody did)"]);
    const held = rowHistory(lines(["b-1", "claim"]), new Set(["delivered"]), new Set());
    expect(held).toMatchObject({ holder: "b-1", finishes: 0, problems: [] });
  });
});
