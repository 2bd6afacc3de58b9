// The HTTP side of a gallery's door: the cookies a PIN or a name earns are read back into the
// claims the domain decides on, a forged or re-signed one is no claim, a refusal gets its status.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#domain/auth/password.server.ts";
import { decideGalleryAccess, giveDownloadPin, giveGalleryPin } from "#domain/galleries/access.server.ts";
import { createGallery, readGallery, setGalleryPin } from "#domain/galleries/galleries.server.ts";
import { enterAsVisitor } from "#domain/galleries/selections.server.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import {
  claimsOf,
  downloadPinGivenCookie,
  enteredCookie,
  leftCookie,
  pinGivenCookie,
  pinRefusalStatus,
} from "./access.server.ts";

const SECRET = "gallery-door-secret-long-enough-0123456789";

describe("the gallery's door over HTTP", () => {
  let store: TestStore;
  beforeAll(async () => {
    setEnv({ APP_SECRET: SECRET });
    store = await createTestStore();
  });
  afterAll(async () => {
    await store.cleanup();
    restoreEnv();
  });

  /** The browser's next request under the link, carrying the cookies these Set-Cookie headers gave. */
  const requestWith = (token: string, setCookies: string[]) =>
    new Request(`http://studio.test/g/${token}`, {
      headers: { Cookie: setCookies.map((c) => c.slice(0, c.indexOf(";"))).join("; ") },
    });

  it("reads back the PIN, the person and the download PIN as claims; a forged cookie is none", async () => {
    const id = await createGallery(store.db, { title: "Over HTTP" });
    await setGalleryPin(store.db, id, "4821");
    await store.db
      .updateTable("client_galleries")
      .set({ downloads: "web", download_pin_hash: await hashPassword("2468") })
      .where("id", "=", id)
      .execute();
    const gallery = await readGallery(store.db, id);
    if (!gallery) throw new Error("no gallery");
    const first = new Request(`http://studio.test/g/${gallery.token}`);
    const decide = async (request: Request) =>
      decideGalleryAccess(store.db, {
        token: gallery.token,
        claims: await claimsOf(request, gallery.token),
        timeZone: "Asia/Kolkata",
      });
    expect((await decide(first)).state).toBe("pin");

    const pin = await giveGalleryPin(store.db, gallery, "4821", "192.0.2.1");
    if (!pin.ok) throw new Error(pin.message);
    const pinCookie = await pinGivenCookie(first, gallery.token, pin.claim);
    expect(pinCookie).toMatch(
      new RegExp(`^nila_gallery=[^;]+; Max-Age=\\d+; Path=/g/${gallery.token}; HttpOnly; SameSite=Lax$`),
    );
    const entered = await enterAsVisitor(store.db, gallery.id, "Priya", "1234");
    if (!entered.ok) throw new Error(entered.error);
    const nameCookie = await enteredCookie(first, gallery, entered.visitor.id);
    const download = await giveDownloadPin(store.db, gallery, "2468", "192.0.2.1");
    if (!download.ok) throw new Error(download.message);
    const downloadCookie = await downloadPinGivenCookie(first, gallery.token, download.claim);

    const inside = await decide(requestWith(gallery.token, [pinCookie, nameCookie, downloadCookie]));
    expect(inside).toMatchObject({ state: "open", visitor: { name: "Priya" }, downloads: "open" });
    expect(await decide(requestWith(gallery.token, [pinCookie]))).toMatchObject({ visitor: null, downloads: "pin" });

    // A value changed by hand, or signed with another key, is no claim.
    const forged = pinCookie.replace(/=([^;]{6})/, "=AAAAAA");
    expect((await decide(requestWith(gallery.token, [forged]))).state).toBe("pin");
    setEnv({ APP_SECRET: "someone-elses-secret-long-enough-9876543210" });
    const foreign = await pinGivenCookie(first, gallery.token, pin.claim);
    setEnv({ APP_SECRET: SECRET });
    expect((await decide(requestWith(gallery.token, [foreign]))).state).toBe("pin");
    // Leaving forgets the person.
    expect(await leftCookie(first, gallery.token)).toMatch(/^nila_visitor=; Max-Age=0;/);
  });

  it("answers a refused PIN with its status", () => {
    const refusal = (reason: "empty" | "wrong" | "throttled") =>
      ({ ok: false, reason, message: "", triesLeft: 1, retryAfterS: 60 }) as Parameters<typeof pinRefusalStatus>[0];
    expect(pinRefusalStatus(refusal("throttled"), "gallery")).toBe(429);
    expect(pinRefusalStatus(refusal("wrong"), "gallery")).toBe(400);
    expect(pinRefusalStatus(refusal("wrong"), "visitor")).toBe(400);
    expect(pinRefusalStatus(refusal("wrong"), "download")).toBe(403);
    expect(pinRefusalStatus(refusal("empty"), "download")).toBe(400);
    expect(pinRefusalStatus(refusal("throttled"), "download")).toBe(429);
  });
});
