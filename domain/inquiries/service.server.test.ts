// What the action does with a submission: store a good one with its page and time, drop bots
// silently (honeypot, too fast, no or a forged token), refuse invalid input, limit per address.
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import { issueFillToken } from "./fill-token.server.ts";
import { FILL_TOKEN_FIELD, HONEYPOT_FIELD, INQUIRY_ERRORS } from "./rules.ts";
import { rateLimitKey, submitInquiry } from "./service.server.ts";
import { DUPLICATE_WINDOW_MS } from "./store.server.ts";

setEnv({
  APP_SECRET: "service-test-secret-long-enough-0123456789",
  INQUIRY_RATE_LIMIT: "3",
  INQUIRY_MIN_FILL_S: "3",
});
afterAll(restoreEnv);

const NOW = new Date("2026-03-01T10:00:00.000Z");
const FILLED_FOR_MS = 20_000;

let store: TestStore;
let address = 0;
beforeEach(async () => {
  store = await createTestStore();
  address++;
});
afterEach(() => store.cleanup());

function form(fields: Record<string, string>, { token = issueFillToken(NOW.getTime() - FILLED_FOR_MS) } = {}) {
  const data = new FormData();
  const all: Record<string, string> = {
    name: "Priya Raman",
    phoneNumber: "",
    email: "priya@example.com",
    message: "Hello, we would like a wedding shoot.",
    [FILL_TOKEN_FIELD]: token,
    ...fields,
  };
  for (const [key, value] of Object.entries(all)) data.set(key, value);
  return data;
}

const submit = (data: FormData, clientAddress = `192.0.2.${address}`) =>
  submitInquiry({ form: data, clientAddress, page: "/galleryList/21", db: store.db, now: NOW });

const countStored = async () => (await store.db.selectFrom("inquiries").select("id").execute()).length;

describe("submitInquiry", () => {
  it("stores a valid inquiry with its time and page, and queues the studio's mail", async () => {
    expect(await submit(form({}))).toEqual({ status: "sent" });
    const row = await store.db.selectFrom("inquiries").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Priya Raman",
      email: "priya@example.com",
      message: "Hello, we would like a wedding shoot.",
      page: "/galleryList/21",
      created_at: NOW.toISOString(),
    });
    const mails = await store.db.selectFrom("mail_outbox").selectAll().execute();
    expect(mails).toMatchObject([
      { kind: "studio", attempts: 0, next_attempt_at: NOW.toISOString(), delivered_at: null },
    ]);
  });

  it("stores the language of the contact page the visitor wrote from, English when none is said (issue 33)", async () => {
    expect(await submit(form({}))).toEqual({ status: "sent" });
    const tamil = { form: form({ message: "வணக்கம்" }), clientAddress: "192.0.2.251", page: "/ta/contact" };
    expect(await submitInquiry({ ...tamil, language: "ta", db: store.db, now: NOW })).toEqual({ status: "sent" });
    const rows = await store.db.selectFrom("inquiries").select(["page", "language"]).orderBy("id").execute();
    expect(rows).toEqual([
      { page: "/galleryList/21", language: "en" },
      { page: "/ta/contact", language: "ta" },
    ]);
  });

  it("stores an inquiry sent twice within minutes once, and the same words later again", async () => {
    expect(await submit(form({}))).toEqual({ status: "sent" });
    expect(await submit(form({}))).toEqual({ status: "sent" });
    expect(await countStored()).toBe(1);
    expect(await store.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(1);
    // A different message from the same visitor is a new inquiry.
    expect(await submit(form({ message: "And a baby shoot next spring?" }))).toEqual({ status: "sent" });
    expect(await countStored()).toBe(2);
    // The same words after the window are a new inquiry too.
    const later = new Date(NOW.getTime() + DUPLICATE_WINDOW_MS + 1000);
    const token = issueFillToken(later.getTime() - FILLED_FOR_MS);
    expect(
      await submitInquiry({
        form: form({}, { token }),
        clientAddress: "192.0.2.250",
        page: "/contactUs",
        db: store.db,
        now: later,
      }),
    ).toEqual({ status: "sent" });
    expect(await countStored()).toBe(3);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    expect(await submit(form({ [HONEYPOT_FIELD]: "https://spam.example" }))).toEqual({ status: "sent" });
    expect(await countStored()).toBe(0);
  });

  it("answers a too-fast, a missing and a forged token like a success and stores nothing", async () => {
    expect(await submit(form({}, { token: issueFillToken(NOW.getTime() - 1000) }))).toEqual({ status: "sent" });
    expect(await submit(form({}, { token: "" }))).toEqual({ status: "sent" });
    const forged = `${Math.floor((NOW.getTime() - FILLED_FOR_MS) / 1000)}.${"x".repeat(43)}`;
    expect(await submit(form({}, { token: forged }))).toEqual({ status: "sent" });
    expect(await countStored()).toBe(0);
  });

  it("asks to send again, with a fresh token and the values kept, when the form is a day old", async () => {
    const old = issueFillToken(NOW.getTime() - 25 * 60 * 60 * 1000);
    const outcome = await submit(form({}, { token: old }));
    expect(outcome).toMatchObject({ status: "expired", values: { name: "Priya Raman" } });
    expect(outcome.status === "expired" && outcome.fillToken).not.toBe(old);
    expect(await countStored()).toBe(0);
  });

  it("returns the errors and the typed values for invalid input, and stores nothing", async () => {
    const outcome = await submit(form({ email: "priya@", message: "" }));
    expect(outcome).toEqual({
      status: "invalid",
      errors: { email: INQUIRY_ERRORS.emailInvalid, message: INQUIRY_ERRORS.messageRequired },
      values: { name: "Priya Raman", phoneNumber: "", email: "priya@", message: "" },
    });
    expect(await countStored()).toBe(0);
  });

  it("limits accepted inquiries per client address; invalid tries do not count", async () => {
    await submit(form({ message: "" }));
    for (let i = 0; i < 3; i++)
      expect(await submit(form({ message: `Hello, shoot ${i}?` }))).toEqual({ status: "sent" });
    const limited = await submit(form({ message: "Hello, one more?" }));
    expect(limited).toMatchObject({ status: "rate-limited", values: { name: "Priya Raman" } });
    expect(limited.status === "rate-limited" && limited.retryAfterS).toBeGreaterThan(0);
    expect(await submit(form({}), "198.51.100.7")).toEqual({ status: "sent" });
    expect(await countStored()).toBe(4);
  });

  it("counts an IPv6 visitor's whole /64 as one address", async () => {
    for (const suffix of ["a", "b", "c"])
      expect(await submit(form({ message: `From ${suffix}` }), `2001:db8:5:6::${suffix}`)).toEqual({ status: "sent" });
    expect(await submit(form({ message: "From d" }), "2001:db8:5:6:ffff::d")).toMatchObject({ status: "rate-limited" });
    expect(await submit(form({ message: "From e" }), "2001:db8:5:7::e")).toEqual({ status: "sent" });
  });
});

describe("rateLimitKey", () => {
  it("keeps IPv4 addresses, unwraps IPv4-mapped ones and cuts IPv6 to its /64", () => {
    expect(rateLimitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitKey("2001:DB8:0005:6:1:2:3:4")).toBe("2001:db8:5:6::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("1::2:3:4:5:6:7")).toBe("1:0:2:3::/64");
    expect(rateLimitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("64:ff9b::198.51.100.1")).toBe("64:ff9b:0:0::/64");
    expect(rateLimitKey("unknown")).toBe("unknown");
  });
});
