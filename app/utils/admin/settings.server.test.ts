import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#tests/helpers/test-store.ts";
import { getStudio } from "../content/queries.server.ts";
import { readSettings, SETTINGS_FIELDS, saveSettings } from "./settings.server.ts";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const field of SETTINGS_FIELDS) data.set(field, values[field] ?? "");
  return data;
}

describe("studio settings", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("refuses bad input with a message per field and gives back what was typed", async () => {
    const result = await saveSettings(
      store.db,
      form({ name: "", phones: "call me", emails: "a@b.co\nnot-an-address", showreelVideoId: "<script>" }),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: {
        name: "The studio needs a name.",
        phones: expect.stringMatching(/phone number/),
        emails: "Each line must be an e-mail address.",
        showreelVideoId: expect.stringMatching(/video id/),
      },
      values: { phones: "call me", emails: "a@b.co\nnot-an-address" },
    });
    expect(await getStudio(store.db)).toBeNull();
  });

  it("saves, and the public site reads it back; lists are one per line", async () => {
    const result = await saveSettings(
      store.db,
      form({
        name: "Nila Studio",
        tagline: "Light, kept",
        phones: "+91 98765 00001\n\n +91 98765 00002 ",
        emails: "hello@nila.example",
        locality: "Coimbatore",
        showreelVideoId: "aqz-KE-bpKQ",
      }),
    );
    expect(result).toEqual({ ok: true });
    const studio = await getStudio(store.db);
    expect(studio).toMatchObject({
      name: "Nila Studio",
      tagline: "Light, kept",
      phones: ["+91 98765 00001", "+91 98765 00002"],
      emails: ["hello@nila.example"],
      address: { locality: "Coimbatore" },
    });
    expect((await readSettings(store.db)).phones).toBe("+91 98765 00001\n+91 98765 00002");
  });
});
