// The door of a client gallery on a real SQLite file: what a link opens to (unknown, expired on
// the studio's calendar, revoked, asking for its PIN, open), the signed cookies that remember a
// PIN and a person for one gallery only, and the throttle on wrong PINs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { studioDay } from "../catalog/studio-time.ts";
import {
  GALLERY_ACCESS_COOKIE,
  galleryAccessCookie,
  galleryPinHash,
  PIN_FAILURES_PER_15_MIN,
  visitorCookie,
} from "./client-access.server.ts";
import { gateGallery, throttledPin, tryGalleryPin } from "./client-request.server.ts";
import { createGallery, readGallery, revokeGalleryLink, setGalleryPin } from "./galleries.server.ts";
import { enterAsVisitor } from "./selections.server.ts";

const IST = "Asia/Kolkata";

function requestWith(path: string, setCookies: string[] = []): Request {
  const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  return new Request(`http://127.0.0.1${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

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

  it("says which calendar day it is in the studio's zone", () => {
    // 20:00 UTC on the 31st is already the 1st in India.
    expect(studioDay(IST, new Date("2026-03-31T20:00:00Z"))).toBe("2026-04-01");
    expect(studioDay("UTC", new Date("2026-03-31T20:00:00Z"))).toBe("2026-03-31");
  });

  it("opens an unknown link to nothing, an expired or revoked one to the studio's page", async () => {
    const none = requestWith("/g/x");
    expect(await gateGallery(store.db, none, "A".repeat(43), IST)).toEqual({ state: "missing" });
    expect(await gateGallery(store.db, none, "../etc", IST)).toEqual({ state: "missing" });
    const lastDay = await gallery(null, "2026-03-31");
    // The last day works until midnight in Coimbatore, not in London.
    expect((await gateGallery(store.db, none, lastDay.token, IST, new Date("2026-03-31T18:00:00Z"))).state).toBe(
      "open",
    );
    expect(await gateGallery(store.db, none, lastDay.token, IST, new Date("2026-03-31T19:00:00Z"))).toEqual({
      state: "closed",
      reason: "expired",
    });
    const revoked = await gallery(null);
    await revokeGalleryLink(store.db, revoked.id);
    expect(await gateGallery(store.db, none, revoked.token, IST)).toEqual({ state: "closed", reason: "revoked" });
  });

  it("asks for the PIN until this browser has typed it; the cookie opens only its own gallery", async () => {
    const locked = await gallery("4821");
    const other = await gallery("4821");
    const path = `/g/${locked.token}`;
    expect((await gateGallery(store.db, requestWith(path), locked.token, IST)).state).toBe("pin");
    const pinHash = (await galleryPinHash(store.db, locked.id)) as string;
    const cookie = galleryAccessCookie(requestWith(path), locked, pinHash);
    expect(cookie).toMatch(
      new RegExp(`^${GALLERY_ACCESS_COOKIE}=[A-Za-z0-9_-]+; Path=${path}; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
    );
    expect((await gateGallery(store.db, requestWith(path, [cookie]), locked.token, IST)).state).toBe("open");
    expect((await gateGallery(store.db, requestWith(path, [cookie]), other.token, IST)).state).toBe("pin");
    // A new PIN asks everyone again.
    await setGalleryPin(store.db, locked.id, "9999");
    expect((await gateGallery(store.db, requestWith(path, [cookie]), locked.token, IST)).state).toBe("pin");
    // Over TLS the cookie is Secure.
    expect(galleryAccessCookie(new Request(`https://studio.example${path}`), locked, pinHash)).toContain("; Secure");
  });

  it("knows the person from their signed cookie in their gallery only", async () => {
    const open = await gallery(null);
    const other = await gallery(null);
    const entered = await enterAsVisitor(store.db, open.id, "Priya", "1234");
    if (!entered.ok) throw new Error(entered.error);
    const cookie = visitorCookie(requestWith("/"), open, entered.visitor.id);
    const gate = await gateGallery(store.db, requestWith(`/g/${open.token}`, [cookie]), open.token, IST);
    expect(gate.state === "open" && gate.visitor?.name).toBe("Priya");
    const elsewhere = await gateGallery(store.db, requestWith(`/g/${other.token}`, [cookie]), other.token, IST);
    expect(elsewhere.state === "open" && elsewhere.visitor).toBeNull();
    // A forged id with the MAC of another is no one.
    const value = cookie.split(";")[0]?.split("=")[1] ?? "";
    const raw = Buffer.from(value, "base64url");
    raw.writeUInt32BE(entered.visitor.id + 1, 0);
    const forged = `nila_visitor=${raw.toString("base64url")}`;
    const gateForged = await gateGallery(store.db, requestWith(`/g/${open.token}`, [forged]), open.token, IST);
    expect(gateForged.state === "open" && gateForged.visitor).toBeNull();
  });

  it(`throttles wrong PINs after ${PIN_FAILURES_PER_15_MIN} per gallery and address, the right one included`, async () => {
    const locked = await gallery("4821");
    for (let i = 1; i < PIN_FAILURES_PER_15_MIN; i++) {
      const wrong = await tryGalleryPin(store.db, locked, "0000", "10.0.0.1");
      expect(wrong).toMatchObject({ ok: false, status: 400 });
      expect(wrong.ok || wrong.message).toContain("That PIN is not right.");
    }
    expect(await tryGalleryPin(store.db, locked, "0000", "10.0.0.1")).toMatchObject({ ok: false, status: 429 });
    const right = await tryGalleryPin(store.db, locked, "4821", "10.0.0.1");
    expect(right).toMatchObject({ ok: false, status: 429 });
    expect(right.ok || right.message).toMatch(/Too many wrong PINs .* try again in 15 minutes/);
    // Another address, and a person's own PIN in this gallery, have their own allowance.
    expect(await tryGalleryPin(store.db, locked, "4821", "10.0.0.2")).toEqual({ ok: true });
    expect(await throttledPin("visitor", locked.id, "10.0.0.1", async () => true)).toEqual({ ok: true });
  });
});
