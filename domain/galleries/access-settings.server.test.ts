// A gallery's access settings on a real SQLite file: the form (expiry, downloads, watermark),
// PINs as typed, the download PIN kept as a hash, and the studio's day a link expires by.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studioDay } from "#domain/catalog/studio-time.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { verifyPassword } from "../auth/password.server.ts";
import { checkPin, parseAccessForm, setGalleryDownloadPin } from "./access-settings.server.ts";
import { createGallery, readGallery } from "./galleries.server.ts";

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

/** The studio's day for these forms, and a gallery without a last day. */
const DAYS = { today: "2026-03-15", stored: null };

describe("access settings", () => {
  it("checks access settings: a real expiry day, a known downloads choice, an opacity in range", () => {
    const good = parseAccessForm(
      formOf({
        expiresOn: "2026-03-31",
        downloads: "web",
        watermarkText: " Nila ",
        watermarkPosition: "center",
        watermarkOpacity: "40",
      }),
      DAYS,
    );
    expect(good).toEqual({
      ok: true,
      value: {
        expiresOn: "2026-03-31",
        downloads: "web",
        watermarkText: "Nila",
        watermarkPosition: "center",
        watermarkOpacity: 40,
      },
    });
    const bad = parseAccessForm(
      formOf({
        expiresOn: "31/03/2026",
        downloads: "all",
        watermarkText: "",
        watermarkPosition: "middle",
        watermarkOpacity: "101",
      }),
      DAYS,
    );
    expect(bad.ok === false && Object.keys(bad.errors).sort()).toEqual(
      ["downloads", "expiresOn", "watermarkOpacity", "watermarkPosition"].sort(),
    );
  });

  it("refuses a last day that has passed, unless it is the one already stored", () => {
    const fields = { downloads: "web", watermarkText: "", watermarkPosition: "center", watermarkOpacity: "40" };
    const past = parseAccessForm(formOf({ ...fields, expiresOn: "2026-03-14" }), DAYS);
    expect(past).toMatchObject({
      ok: false,
      errors: {
        expiresOn: expect.stringMatching(/^That day has passed \(today is 2026-03-15\)\. Choose today or a later day/),
      },
      values: { expiresOn: "2026-03-14" },
    });
    expect(parseAccessForm(formOf({ ...fields, expiresOn: "2026-03-15" }), DAYS)).toMatchObject({ ok: true });
    expect(parseAccessForm(formOf({ ...fields, expiresOn: "" }), DAYS)).toMatchObject({ ok: true });
    // An expired gallery's downloads can still be changed without moving its last day.
    const kept = parseAccessForm(formOf({ ...fields, expiresOn: "2026-03-01" }), { ...DAYS, stored: "2026-03-01" });
    expect(kept).toMatchObject({ ok: true, value: { expiresOn: "2026-03-01" } });
  });

  it("takes a PIN of 4 to 64 characters", () => {
    expect(checkPin("482")).toMatchObject({ ok: false });
    expect(checkPin(" 4821 ")).toEqual({ ok: true, pin: "4821" });
    expect(checkPin("x".repeat(65))).toMatchObject({ ok: false });
  });

  it("counts days in the studio's time zone", () => {
    const lateUtc = new Date("2026-03-31T20:00:00Z");
    expect(studioDay("UTC", lateUtc)).toBe("2026-03-31");
    expect(studioDay("Asia/Kolkata", lateUtc)).toBe("2026-04-01");
  });
});

describe("the download PIN in the studio's database", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store.cleanup());

  it("keeps only the hash of a download PIN", async () => {
    const id = await createGallery(store.db, { title: "Download PIN" });
    await setGalleryDownloadPin(store.db, id, "9090");
    const { download_pin_hash } = await store.db
      .selectFrom("client_galleries")
      .select("download_pin_hash")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(download_pin_hash).not.toContain("9090");
    expect(await verifyPassword("9090", download_pin_hash ?? "")).toBe(true);
    await setGalleryDownloadPin(store.db, id, null);
    expect((await readGallery(store.db, id))?.hasDownloadPin).toBe(false);
  });
});
