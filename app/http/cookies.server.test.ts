// Every cookie goes through React Router's createCookie, signed with APP_SECRET's secrets: the
// attributes each is sent with, a value read back only when a listed secret signed it and it has
// its shape, a rotation that keeps what the old secret signed, and the bare session ids issued
// before the cookies were signed.
import { afterEach, describe, expect, it } from "vitest";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import {
  deviceCookie,
  galleryPinCookie,
  sessionCookie,
  sessionCookieHeader,
  sessionIdOf,
  visitorCookie,
} from "./cookies.server.ts";

const OLD = "old-secret-that-is-long-enough-0123456789";
const NEW = "new-secret-that-is-long-enough-9876543210";
const ID = "abcdefghijklmnopqrstuvwxyz012345";

afterEach(restoreEnv);

/** A request carrying the cookie a Set-Cookie header gave. */
function withCookie(setCookie: string, url = "http://studio.test/admin/shoots"): Request {
  return new Request(url, { headers: { Cookie: setCookie.slice(0, setCookie.indexOf(";")) } });
}

describe("cookies", () => {
  it("are HttpOnly, SameSite=Lax, scoped to their path, expiring, and Secure over TLS only", async () => {
    setEnv({ APP_SECRET: OLD });
    const plain = await sessionCookie.write(new Request("http://studio.test/admin/login"), ID);
    expect(plain).toMatch(/^nila_admin=[^;]+; Max-Age=2592000; Path=\/admin; HttpOnly; SameSite=Lax$/);
    expect(await sessionCookie.write(new Request("https://studio.test/admin/login"), ID)).toMatch(/; Secure/);
    const token = "T".repeat(43);
    const gallery = await galleryPinCookie(token).write(new Request(`http://studio.test/g/${token}`), {
      gallery: 1,
      pin: "p".repeat(22),
    });
    expect(gallery).toMatch(
      new RegExp(`^nila_gallery=[^;]+; Max-Age=15552000; Path=/g/${token}; HttpOnly; SameSite=Lax$`),
    );
    const cleared = await visitorCookie(token).clear(new Request(`https://studio.test/g/${token}`));
    expect(cleared).toMatch(new RegExp(`^nila_visitor=; Max-Age=0; Path=/g/${token}; HttpOnly; Secure; SameSite=Lax$`));
  });

  it("read back only what a listed secret signed, in its shape", async () => {
    setEnv({ APP_SECRET: OLD });
    const written = await sessionCookie.write(new Request("http://studio.test/admin"), ID);
    expect(await sessionCookie.read(withCookie(written))).toBe(ID);
    const value = written.slice("nila_admin=".length, written.indexOf(";"));
    const tampered = `nila_admin=${value.slice(0, -2)}AA; x=1`;
    expect(await sessionCookie.read(withCookie(tampered))).toBeNull();
    expect(await sessionCookie.read(new Request("http://studio.test/admin"))).toBeNull();
    // Signed, but not a session id: no session.
    const device = await deviceCookie.write(new Request("http://studio.test/admin"), {
      account: 1,
      nonce: "n".repeat(22),
      issuedAtS: 1,
      password: "p".repeat(22),
    });
    const misnamed = device.replace(/^nila_device=/, "nila_admin=");
    expect(await sessionCookie.read(withCookie(misnamed))).toBeNull();
    expect(await deviceCookie.read(withCookie(device))).toMatchObject({ account: 1 });
  });

  it("keep what the old secret signed while it is still listed, and sign with the newest", async () => {
    setEnv({ APP_SECRET: OLD });
    const before = await sessionCookie.write(new Request("http://studio.test/admin"), ID);
    setEnv({ APP_SECRET: `${NEW},${OLD}` });
    expect(await sessionCookie.read(withCookie(before))).toBe(ID);
    const after = await sessionCookie.write(new Request("http://studio.test/admin"), ID);
    expect(after).not.toBe(before);
    setEnv({ APP_SECRET: NEW });
    expect(await sessionCookie.read(withCookie(before))).toBeNull();
    expect(await sessionCookie.read(withCookie(after))).toBe(ID);
  });

  it("still name a session by the bare id its cookie held before the cookies were signed, and nothing else", async () => {
    setEnv({ APP_SECRET: OLD });
    const bare = (cookie: string) => new Request("http://x/admin", { headers: { Cookie: cookie } });
    expect(await sessionIdOf(bare("a=1; nila_admin=abcdefghijklmnopqrst"))).toBe("abcdefghijklmnopqrst");
    expect(await sessionIdOf(bare("nila_admin=<script>"))).toBeNull();
    expect(await sessionIdOf(bare("nila_admin="))).toBeNull();
    expect(await sessionIdOf(bare(await sessionCookieHeader(ID)))).toBe(ID);
  });
});
