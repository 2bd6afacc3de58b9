// The door of a client gallery on a real SQLite file, as values: what a link opens to (unknown,
// expired on the studio's calendar, revoked, asking for its PIN, open) for a browser with the
// claims its signed cookies carry; the claims that a PIN or a person's name earns, each good for
// one gallery and one PIN only; the download PIN; and the throttle on wrong PINs. The cookies
// themselves are the HTTP adapter's (app/routes/galleries/access.server.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { hashPassword } from "../auth/password.server.ts";
import { studioDay } from "../catalog/studio-time.ts";
import {
  type AccessClaims,
  decideGalleryAccess,
  GALLERY_COOKIE_LIFETIME_MS,
  giveDownloadPin,
  giveGalleryPin,
  NO_CLAIMS,
  PIN_FAILURES_PER_15_MIN,
  throttledPin,
  visitorClaim,
} from "./access.server.ts";
import { createGallery, readGallery, revokeGalleryLink, setGalleryPin } from "./galleries.server.ts";
import { enterAsVisitor } from "./selections.server.ts";

const IST = "Asia/Kolkata";

describe("the gallery's door", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store.cleanup());

  async function gallery(pin: string | null, expiresOn: string | null = null) {
    const id = await createGallery(store.db, { title: "Door" });
    if (pin) await setGalleryPin(store.db, id, pin);
    if (expiresOn)
      await store.db.updateTable("client_galleries").set({ expires_on: expiresOn }).where("id", "=", id).execute();
    const record = await readGallery(store.db, id);
    if (!record) throw new Error("no gallery");
    return record;
  }
  async function readGalleryOrThrow(id: number) {
    const record = await readGallery(store.db, id);
    if (!record) throw new Error("no gallery");
    return record;
  }
  const decide = (token: string, claims: Partial<AccessClaims> = {}, now?: Date) =>
    decideGalleryAccess(store.db, { token, claims: { ...NO_CLAIMS, ...claims }, timeZone: IST, now });
  const stateOf = async (token: string, claims: Partial<AccessClaims> = {}, now?: Date) =>
    (await decide(token, claims, now)).state;
  const claimOf = async <C>(given: Promise<{ ok: true; claim: C } | { ok: false; message: string }>): Promise<C> => {
    const answer = await given;
    if (!answer.ok) throw new Error(answer.message);
    return answer.claim;
  };

  it("says which calendar day it is in the studio's zone", () => {
    // 20:00 UTC on the 31st is already the 1st in India.
    expect(studioDay(IST, new Date("2026-03-31T20:00:00Z"))).toBe("2026-04-01");
    expect(studioDay("UTC", new Date("2026-03-31T20:00:00Z"))).toBe("2026-03-31");
  });

  it("opens an unknown link to nothing, an expired or revoked one to the studio's page", async () => {
    expect(await decide("A".repeat(43))).toEqual({ state: "missing" });
    expect(await decide("../etc")).toEqual({ state: "missing" });
    const lastDay = await gallery(null, "2026-03-31");
    // The last day works until midnight in Coimbatore, not in London.
    expect(await stateOf(lastDay.token, {}, new Date("2026-03-31T18:00:00Z"))).toBe("open");
    expect(await decide(lastDay.token, {}, new Date("2026-03-31T19:00:00Z"))).toEqual({
      state: "closed",
      reason: "expired",
    });
    const revoked = await gallery(null);
    await revokeGalleryLink(store.db, revoked.id);
    expect(await decide(revoked.token)).toEqual({ state: "closed", reason: "revoked" });
  });

  it("asks for the PIN until this browser has given it; the claim opens only its own gallery, under its PIN", async () => {
    const locked = await gallery("4821");
    const other = await gallery("4821");
    expect(await stateOf(locked.token)).toBe("pin");
    expect(await giveGalleryPin(store.db, locked, "0000", "10.9.0.1")).toMatchObject({ ok: false, reason: "wrong" });
    const pin = await claimOf(giveGalleryPin(store.db, locked, "4821", "10.9.0.1"));
    expect(await stateOf(locked.token, { pin })).toBe("open");
    // The same PIN in another gallery: that gallery's claim is its own.
    expect(await stateOf(other.token, { pin })).toBe("pin");
    expect(await stateOf(locked.token, { pin: { ...pin, gallery: other.id } })).toBe("pin");
    // A new PIN asks everyone again.
    await setGalleryPin(store.db, locked.id, "9999");
    expect(await stateOf(locked.token, { pin })).toBe("pin");
  });

  it("knows the person from their claim in their gallery only", async () => {
    const open = await gallery(null);
    const other = await gallery(null);
    const entered = await enterAsVisitor(store.db, open.id, "Priya", "1234");
    if (!entered.ok) throw new Error(entered.error);
    const visitor = visitorClaim(open.id, entered.visitor.id);
    const gate = await decide(open.token, { visitor });
    expect(gate.state === "open" && gate.visitor?.name).toBe("Priya");
    const elsewhere = await decide(other.token, { visitor });
    expect(elsewhere.state === "open" && elsewhere.visitor).toBeNull();
    const nobody = await decide(open.token, { visitor: visitorClaim(open.id, entered.visitor.id + 100) });
    expect(nobody.state === "open" && nobody.visitor).toBeNull();
  });

  it("lets a browser download once it gave the download PIN, until the link or that PIN changes", async () => {
    const id = await createGallery(store.db, { title: "PIN for downloads" });
    await store.db.updateTable("client_galleries").set({ downloads: "web" }).where("id", "=", id).execute();
    const downloadsOf = async (claims: Partial<AccessClaims> = {}, now?: Date) => {
      const gate = await decide(record.token, claims, now);
      return gate.state === "open" ? gate.downloads : gate.state;
    };
    let record = await readGalleryOrThrow(id);
    expect(await downloadsOf()).toBe("open");
    await store.db
      .updateTable("client_galleries")
      .set({ download_pin_hash: await hashPassword("2468") })
      .where("id", "=", id)
      .execute();
    record = await readGalleryOrThrow(id);
    expect(await downloadsOf()).toBe("pin");
    expect(await giveDownloadPin(store.db, record, "", "192.0.2.7")).toMatchObject({ ok: false, reason: "empty" });
    expect(await giveDownloadPin(store.db, record, "1111", "192.0.2.7")).toMatchObject({ ok: false, reason: "wrong" });
    const download = await claimOf(giveDownloadPin(store.db, record, "2468", "192.0.2.7"));
    expect(await downloadsOf({ download })).toBe("open");
    // Its time counts: past the cookies' lifetime, or from the future, it is no claim.
    const later = new Date(download.issuedAtS * 1000 + GALLERY_COOKIE_LIFETIME_MS + 60_000);
    expect(await downloadsOf({ download }, later)).toBe("pin");
    expect(await downloadsOf({ download: { ...download, issuedAtS: download.issuedAtS + 3600 } })).toBe("pin");
    // A new download PIN asks again; downloads turned off offer nothing.
    await store.db
      .updateTable("client_galleries")
      .set({ download_pin_hash: await hashPassword("1357") })
      .where("id", "=", id)
      .execute();
    expect(await downloadsOf({ download })).toBe("pin");
    await store.db.updateTable("client_galleries").set({ downloads: "off" }).where("id", "=", id).execute();
    record = await readGalleryOrThrow(id);
    expect(await downloadsOf({ download })).toBe("off");
  });

  it(`throttles wrong PINs after ${PIN_FAILURES_PER_15_MIN} per gallery and address, the right one included`, async () => {
    const locked = await gallery("4821");
    for (let i = 1; i < PIN_FAILURES_PER_15_MIN; i++) {
      const wrong = await giveGalleryPin(store.db, locked, "0000", "10.0.0.1");
      expect(wrong).toMatchObject({ ok: false, reason: "wrong", triesLeft: PIN_FAILURES_PER_15_MIN - i });
      expect(wrong.ok || wrong.message).toContain("That PIN is not right.");
    }
    expect(await giveGalleryPin(store.db, locked, "0000", "10.0.0.1")).toMatchObject({
      ok: false,
      reason: "throttled",
    });
    const right = await giveGalleryPin(store.db, locked, "4821", "10.0.0.1");
    expect(right).toMatchObject({ ok: false, reason: "throttled", retryAfterS: expect.any(Number) });
    expect(right.ok || right.message).toMatch(/Too many wrong PINs .* try again in 15 minutes/);
    // Another address, a person's own PIN, and the download PIN in this gallery have their own allowance.
    expect((await giveGalleryPin(store.db, locked, "4821", "10.0.0.2")).ok).toBe(true);
    expect(await throttledPin("visitor", locked.id, "10.0.0.1", async () => true)).toEqual({ ok: true });
    expect(await throttledPin("download", locked.id, "10.0.0.1", async () => true)).toEqual({ ok: true });
  });
});
