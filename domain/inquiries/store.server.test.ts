// The inbox's queries: newest first, filtered by handled state, paged by id; the handled flag;
// and each mail's delivery state as the admin shows it.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import {
  countUnseenInquiries,
  listInquiries,
  mailDelivery,
  markInquiriesSeen,
  type StoredMail,
  setInquiryHandled,
  storeInquiry,
} from "./store.server.ts";

let store: TestStore;
beforeEach(async () => {
  store = await createTestStore();
});
afterEach(() => store.cleanup());

const T0 = Date.parse("2026-03-01T10:00:00.000Z");
const MINUTE_MS = 60_000;

async function add(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await storeInquiry(
        store.db,
        { name: `Visitor ${i}`, phoneNumber: "", email: "", message: `Message ${i}` },
        { page: "/contactUs", ack: false, now: new Date(T0 + i * MINUTE_MS) },
      ),
    );
  }
  return ids;
}

describe("listInquiries", () => {
  it("lists newest first and pages on by the last id seen", async () => {
    const ids = await add(5);
    const first = await listInquiries(store.db, { limit: 2 });
    expect(first.map((i) => i.id)).toEqual([ids[4], ids[3]]);
    const second = await listInquiries(store.db, { limit: 2, beforeId: first.at(-1)?.id });
    expect(second.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    const last = await listInquiries(store.db, { limit: 2, beforeId: second.at(-1)?.id });
    expect(last.map((i) => i.id)).toEqual([ids[0]]);
  });

  it("filters open and handled inquiries, and all of them by default", async () => {
    const [a, b, c] = await add(3);
    await setInquiryHandled(store.db, b as number, true);
    const ids = async (filter?: "open" | "handled" | "all") =>
      (await listInquiries(store.db, { filter })).map((i) => i.id);
    expect(await ids("open")).toEqual([c, a]);
    expect(await ids("handled")).toEqual([b]);
    expect(await ids("all")).toEqual([c, b, a]);
    expect(await ids()).toEqual([c, b, a]);
  });
});

describe("setInquiryHandled", () => {
  it("stamps the time once, reopens, and reports whether anything changed", async () => {
    const [id] = (await add(1)) as [number];
    const at = new Date("2026-03-02T09:00:00.000Z");
    expect(await setInquiryHandled(store.db, id, true, at)).toBe(true);
    expect(await setInquiryHandled(store.db, id, true, new Date("2026-03-03T09:00:00.000Z"))).toBe(false);
    expect((await listInquiries(store.db))[0]?.handledAt).toBe(at.toISOString());
    expect(await setInquiryHandled(store.db, id, false)).toBe(true);
    expect((await listInquiries(store.db))[0]?.handledAt).toBeNull();
    expect(await setInquiryHandled(store.db, id, false)).toBe(false);
    expect(await setInquiryHandled(store.db, id + 100, true)).toBe(false);
  });
});

describe("unread inquiries", () => {
  it("are counted, and read once the inbox has shown them (the first time kept)", async () => {
    const ids = await add(3);
    expect(await countUnseenInquiries(store.db)).toBe(3);
    const shown = new Date(T0 + 10 * MINUTE_MS);
    await markInquiriesSeen(store.db, [ids[0] ?? 0, ids[2] ?? 0], shown);
    expect(await countUnseenInquiries(store.db)).toBe(1);
    await markInquiriesSeen(store.db, ids, new Date(T0 + 20 * MINUTE_MS));
    expect(await countUnseenInquiries(store.db)).toBe(0);
    const seen = (await listInquiries(store.db)).map((i) => [i.id, i.seenAt]);
    expect(seen).toEqual([
      [ids[2], shown.toISOString()],
      [ids[1], new Date(T0 + 20 * MINUTE_MS).toISOString()],
      [ids[0], shown.toISOString()],
    ]);
  });
});

describe("mailDelivery", () => {
  const mail: StoredMail = {
    kind: "studio",
    attempts: 0,
    nextAttemptAt: "2026-03-01T10:00:00.000Z",
    lastError: null,
    deliveredAt: null,
  };

  it("tells delivered, retrying, queued and mail-off apart", () => {
    const delivered = { ...mail, attempts: 2, deliveredAt: "2026-03-01T10:05:00.000Z" };
    expect(mailDelivery(delivered, { mailOn: true })).toEqual({
      state: "delivered",
      at: "2026-03-01T10:05:00.000Z",
      attempts: 2,
    });
    const failing = { ...mail, attempts: 3, lastError: "421 try later", nextAttemptAt: "2026-03-01T10:08:00.000Z" };
    expect(mailDelivery(failing, { mailOn: true })).toEqual({
      state: "retrying",
      attempts: 3,
      lastError: "421 try later",
      nextAttemptAt: "2026-03-01T10:08:00.000Z",
    });
    // Tried before mail was turned off: its history still shows.
    expect(mailDelivery(failing, { mailOn: false }).state).toBe("retrying");
    expect(mailDelivery(mail, { mailOn: true })).toEqual({ state: "queued" });
    expect(mailDelivery(mail, { mailOn: false })).toEqual({ state: "mail-off" });
  });
});
