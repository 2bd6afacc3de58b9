// Studio settings against a real SQLite file and media folder: every field checked on the
// server with what was typed given back, social links (https, the network's own host), the
// image fields (chosen, uploaded through the pipeline, refused by name) and the public reads.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, FIXTURES_DIR, type TestStore } from "#fixtures/test-store.ts";
import type { AdminForm } from "../auth/admin-form.server.ts";
import { getAboutPage, getShowreel, getStudio } from "./public-pages.server.ts";
import { readSettings, SETTINGS_FIELDS, saveSettings } from "./settings.server.ts";
import { DEFAULT_TIME_ZONE } from "./studio-time.ts";

const PHOTO = fs.readFileSync(path.join(FIXTURES_DIR, "oriented-gps.jpg"));

const VALID = {
  name: "Nila Studio",
  tagline: "Light, kept",
  phones: "+91 98765 00001\n\n +91 98765 00002 ",
  emails: "hello@nila.example",
  locality: "Coimbatore",
  showreelVideoId: "aqz-KE-bpKQ",
  instagram: "https://www.instagram.com/nila.studio/",
  youtube: "",
  facebook: "https://facebook.com/nila.studio",
};

function parsed(values: Record<string, string | File>, oversized: AdminForm["oversized"] = []): AdminForm {
  const form = new FormData();
  for (const field of SETTINGS_FIELDS) form.set(field, "");
  form.set("timeZone", DEFAULT_TIME_ZONE); // the form's select always sends one
  form.set("albumReminderDays", "7"); // as the form shows it
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return { form, oversized };
}

describe("studio settings", () => {
  let store: TestStore;
  const deps = () => ({ db: store.db, storage: store.storage });
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("refuses bad input with a message per field and gives back what was typed", async () => {
    const result = await saveSettings(
      deps(),
      parsed({
        name: "",
        phones: "call me",
        emails: "a@b.co\nnot-an-address",
        showreelVideoId: "<script>",
        instagram: "http://www.instagram.com/nila",
        facebook: "https://facebook.com.evil.example/nila",
        youtube: "javascript:alert(1)",
        inquiryTo: "studio@nila.example\nnobody",
        inquiryAck: "maybe",
        timeZone: "Mars/Olympus_Mons",
        albumReminderDays: "61",
      }),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: {
        name: "The studio needs a name.",
        phones: expect.stringMatching(/phone number/),
        emails: "Each line must be an e-mail address.",
        showreelVideoId: expect.stringMatching(/video id/),
        instagram: expect.stringMatching(/https:\/\/ address of the studio's Instagram page/),
        facebook: expect.stringMatching(/Facebook/),
        youtube: expect.stringMatching(/YouTube/),
        inquiryTo: "Each line must be an e-mail address.",
        inquiryAck: expect.any(String),
        timeZone: "Choose a time zone from the list.",
        albumReminderDays: "Enter a whole number of days from 0 to 60 (0: never remind).",
      },
      values: {
        albumReminderDays: "61",
        phones: "call me",
        instagram: "http://www.instagram.com/nila",
        inquiryTo: "studio@nila.example\nnobody",
      },
    });
    expect(await getStudio(store.db)).toBeNull();
  });

  it("takes the album reminder's days as a whole number from 0 to 60, giving back what was typed otherwise", async () => {
    for (const typed of ["", "two weeks", "-1", "1.5", "61", "007"]) {
      const result = await saveSettings(deps(), parsed({ ...VALID, albumReminderDays: typed }));
      expect(result, typed).toMatchObject({
        ok: false,
        errors: { albumReminderDays: "Enter a whole number of days from 0 to 60 (0: never remind)." },
        values: { albumReminderDays: typed },
      });
    }
    expect(await getStudio(store.db)).toBeNull();
  });

  it("saves, and the public site reads it back: lists one per line, social links in the site's order", async () => {
    expect(await readSettings(store.db)).toMatchObject({
      values: { timeZone: "Asia/Kolkata", albumReminderDays: "7" },
    });
    const saved = parsed({
      ...VALID,
      inquiryTo: "a@nila.example\nb@nila.example",
      timeZone: "Europe/London",
      albumReminderDays: " 0 ",
    });
    expect(await saveSettings(deps(), saved)).toEqual({
      ok: true,
    });
    const studio = await getStudio(store.db);
    expect(studio).toMatchObject({
      name: "Nila Studio",
      tagline: "Light, kept",
      phones: ["+91 98765 00001", "+91 98765 00002"],
      emails: ["hello@nila.example"],
      address: { locality: "Coimbatore" },
      logo: null,
      socialLinks: [
        { network: "instagram", label: "Instagram", url: "https://www.instagram.com/nila.studio/" },
        { network: "facebook", label: "Facebook", url: "https://facebook.com/nila.studio" },
      ],
    });
    const { values } = await readSettings(store.db);
    expect(values).toMatchObject({
      phones: "+91 98765 00001\n+91 98765 00002",
      youtube: "",
      inquiryTo: "a@nila.example\nb@nila.example",
      inquiryAck: "",
      timeZone: "Europe/London",
      albumReminderDays: "0",
    });
  });

  it("keeps links to networks the form does not edit", async () => {
    const other = { network: "pinterest", label: "Pinterest", url: "https://www.pinterest.com/nila" };
    await store.db
      .updateTable("studio_settings")
      .set({ social_links: JSON.stringify([other]) })
      .execute();
    expect(await saveSettings(deps(), parsed({ ...VALID, facebook: "" }))).toEqual({ ok: true });
    expect((await getStudio(store.db))?.socialLinks.map((l) => l.network)).toEqual(["instagram", "pinterest"]);
  });

  it("uploads the logo, about photo and poster through the pipeline; the public pages show them", async () => {
    const file = (name: string) => new File([PHOTO], name, { type: "image/jpeg" });
    const result = await saveSettings(
      deps(),
      parsed({
        ...VALID,
        logoFile: file("logo.jpg"),
        aboutPhotoFile: file("about.jpg"),
        showreelPosterFile: file("poster.jpg"),
      }),
    );
    expect(result).toEqual({ ok: true });
    const { images } = await readSettings(store.db);
    expect(images.logo).toEqual(expect.any(Number));
    // The same bytes are one asset, whichever field sent them.
    expect(images.aboutPhoto).toBe(images.logo);
    const variants = await store.db
      .selectFrom("asset_variants")
      .select("key")
      .where("asset_id", "=", images.logo as number)
      .execute();
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) expect(await store.storage.public.has(v.key)).toBe(true);
    expect((await getStudio(store.db))?.logo?.alt).toBe("Nila Studio");
    expect((await getAboutPage(store.db))?.image).not.toBeNull();
    expect((await getShowreel(store.db))?.poster).not.toBeNull();
  });

  it("refuses a non-image and an oversized file by name, keeping the current image and every value typed", async () => {
    const before = await readSettings(store.db);
    const result = await saveSettings(
      deps(),
      parsed(
        {
          ...VALID,
          tagline: "A new tagline",
          logo: before.values.logo,
          logoFile: new File(["just some notes"], "notes.txt", { type: "text/plain" }),
          aboutPhoto: before.values.aboutPhoto,
        },
        [{ field: "aboutPhotoFile", fileName: "huge.tif" }],
      ),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: {
        logo: expect.stringMatching(/^notes\.txt: not an image/),
        aboutPhoto: expect.stringMatching(/^huge\.tif: too large \(the limit is 60\.0 MB\)/),
      },
      values: { tagline: "A new tagline", logo: before.values.logo },
    });
    expect((await readSettings(store.db)).values.tagline).toBe(VALID.tagline);
  });

  it("removes an image when None is chosen: the built-in logo comes back", async () => {
    expect(await saveSettings(deps(), parsed({ ...VALID, logo: "" }))).toEqual({ ok: true });
    expect((await getStudio(store.db))?.logo).toBeNull();
  });
});
