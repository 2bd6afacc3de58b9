// Who receives inquiries and whether visitors are acknowledged: the admin's choice wins when
// it has made one; INQUIRY_TO / INQUIRY_ACK are the defaults, then the studio's first address.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { restoreEnv, setEnv } from "#tests/helpers/env.ts";
import { mailWriters } from "#tests/helpers/mail-writers.ts";
import { runOutboxRound } from "../mail/sender.server.ts";
import type { OutgoingMail } from "../mail/smtp.server.ts";
import { acknowledgeVisitors, inquiryRecipients, mailAddresses, studioNames } from "./settings.server.ts";
import { storeInquiry } from "./store.server.ts";

describe("inquiry recipients and acknowledgement", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
    await store.db
      .insertInto("studio_settings")
      .values({
        id: 1,
        name: "Nila",
        emails: JSON.stringify(["hello@nila.example"]),
        social_links: "[]",
        opening_hours: "",
        showreel_video_id: "",
        about_asset_id: null,
        showreel_poster_asset_id: null,
      })
      .execute();
  });
  afterEach(async () => {
    restoreEnv();
    await store.db.updateTable("studio_settings").set({ inquiry_to: "[]", inquiry_ack: null }).execute();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("falls back to the studio's first e-mail address, then INQUIRY_TO", async () => {
    setEnv({ INQUIRY_TO: undefined, INQUIRY_ACK: undefined, MAIL_FROM: undefined });
    expect(await inquiryRecipients(store.db)).toEqual(["hello@nila.example"]);
    setEnv({ INQUIRY_TO: "desk@nila.example" });
    expect(await mailAddresses(store.db)).toEqual({ studio: "desk@nila.example", from: "desk@nila.example" });
  });

  it("sends to the admin's addresses when it has set them, from MAIL_FROM or the first of them", async () => {
    setEnv({ INQUIRY_TO: "desk@nila.example" });
    await store.db
      .updateTable("studio_settings")
      .set({ inquiry_to: JSON.stringify(["a@nila.example", "b@nila.example"]) })
      .execute();
    expect(await mailAddresses(store.db)).toEqual({
      studio: "a@nila.example, b@nila.example",
      from: "a@nila.example",
    });
    setEnv({ MAIL_FROM: "Nila <mail@nila.example>" });
    expect((await mailAddresses(store.db))?.from).toBe("Nila <mail@nila.example>");
  });

  it("signs a mail with the studio's name in the mail's language: the Tamil where written, else the English", async () => {
    expect((await studioNames(store.db))("ta")).toBe("Nila");
    await store.db.updateTable("studio_settings").set({ name_ta: "நிலா" }).execute();
    const names = await studioNames(store.db);
    expect([names("en"), names("ta")]).toEqual(["Nila", "நிலா"]);
    await store.db.updateTable("studio_settings").set({ name_ta: null }).execute();
  });

  it("the outbox sends to the recipients the admin set, read at send time", async () => {
    setEnv({ INQUIRY_TO: "desk@nila.example" });
    const sent: OutgoingMail[] = [];
    const options = {
      db: store.db,
      mailer: { send: async (mail: OutgoingMail) => void sent.push(mail), close: () => undefined },
      writers: mailWriters(store.storage),
      addresses: () => mailAddresses(store.db),
      studioName: async () => () => "Nila",
      retryBaseMs: 1000,
    };
    const inquiry = { name: "Priya", phoneNumber: "", email: "", message: "A quote, please." };
    await storeInquiry(store.db, inquiry, { page: "/contactUs", ack: false });
    // Stored while INQUIRY_TO applied; the admin changes the recipients before it is sent.
    await store.db
      .updateTable("studio_settings")
      .set({ inquiry_to: JSON.stringify(["owner@nila.example"]) })
      .execute();
    await runOutboxRound(options);
    expect(sent.map((m) => m.to)).toEqual(["owner@nila.example"]);
  });

  it("acknowledges visitors as the admin chose, else as INQUIRY_ACK says", async () => {
    setEnv({ INQUIRY_ACK: undefined });
    expect(await acknowledgeVisitors(store.db)).toBe(false);
    setEnv({ INQUIRY_ACK: "on" });
    expect(await acknowledgeVisitors(store.db)).toBe(true);
    await store.db.updateTable("studio_settings").set({ inquiry_ack: 0 }).execute();
    expect(await acknowledgeVisitors(store.db)).toBe(false);
    setEnv({ INQUIRY_ACK: undefined });
    await store.db.updateTable("studio_settings").set({ inquiry_ack: 1 }).execute();
    expect(await acknowledgeVisitors(store.db)).toBe(true);
  });
});
