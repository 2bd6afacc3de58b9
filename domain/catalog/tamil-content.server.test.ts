// The studio's own words in Tamil (issue 33), against a real database: what the admin saves and
// clears beside each English text, and what the public pages read back in each language: the
// Tamil where it was written, the English where it was not (never an empty text), the English
// page unchanged, and the same public rows whichever language asks (a draft stays hidden).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAsset, seedCollection } from "#fixtures/seed.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import type { AdminForm } from "../auth/admin-form.server.ts";
import { addBannerSlide, setBannerAltTa } from "./banners.server.ts";
import { COLLECTION_DESCRIPTION_MAX_LENGTH, describeCollection, renameCollection } from "./collections.server.ts";
import { setAltText } from "./photos.server.ts";
import {
  getAboutPage,
  getBannerSlides,
  getCollectionCards,
  getCollectionPage,
  getShootPage,
  getStudio,
  searchShoots,
} from "./public-pages.server.ts";
import { readSettings, SETTINGS_FIELDS, saveSettings } from "./settings.server.ts";
import { createShoot, getShootForEdit, parseShootForm, setShootStatus, updateShoot } from "./shoots.server.ts";
import { DEFAULT_TIME_ZONE } from "./studio-time.ts";

const VARIANTS = (["avif", "webp", "jpeg"] as const).map((format) => ({
  format,
  width: 3,
  height: 2,
  key: `v/tamil-${format}.${format}`,
  bytes: 1,
}));

function settingsForm(values: Record<string, string>): AdminForm {
  const form = new FormData();
  for (const field of SETTINGS_FIELDS) form.set(field, "");
  form.set("timeZone", DEFAULT_TIME_ZONE);
  form.set("albumReminderDays", "7");
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return { form, oversized: [] };
}

function formOf(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}

describe("the studio's words in Tamil", () => {
  let store: TestStore;
  let collectionId: number;
  let shootId: number;
  let draftId: number;
  let photoId: number;
  const deps = () => ({ db: store.db, storage: store.storage });

  beforeAll(async () => {
    store = await createTestStore();
    collectionId = await seedCollection(store.db, { slug: "wedding", name: "Wedding", description: "Vows" });
    shootId = await createShoot(store.db, {
      title: "Priya & Karthik",
      location: "Madurai",
      description: "At dawn",
      collectionId,
    });
    draftId = await createShoot(store.db, { title: "Draft", location: "", description: "", collectionId });
    await setShootStatus(store.db, shootId, "published");
    const assetId = await seedAsset(store.db, { variants: VARIANTS });
    const { id } = await store.db
      .insertInto("photos")
      .values({ shoot_id: shootId, asset_id: assetId, position: 0, alt: "The garland" })
      .returning("id")
      .executeTakeFirstOrThrow();
    photoId = id;
    expect(await addBannerSlide(store.db, { desktop: assetId, mobile: assetId, alt: "Hills at dawn" })).toBeNull();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("settings: saves the Tamil name, tagline and about text, the Tamil pages show them and the English pages do not", async () => {
    const english = { name: "Nila Studio", tagline: "Light, kept", aboutText: "We are a small team." };
    expect(
      await saveSettings(
        deps(),
        settingsForm({
          ...english,
          nameTa: " நிலா ஸ்டுடியோ ",
          taglineTa: "ஒளி, நினைவாக",
          aboutTextTa: "நாங்கள் ஒரு சிறிய குழு.",
        }),
      ),
    ).toEqual({ ok: true });
    expect((await readSettings(store.db)).values).toMatchObject({ nameTa: "நிலா ஸ்டுடியோ", aboutTitleTa: "" });
    expect(await getStudio(store.db, undefined, "ta")).toMatchObject({ name: "நிலா ஸ்டுடியோ", tagline: "ஒளி, நினைவாக" });
    expect(await getStudio(store.db, undefined, "en")).toMatchObject({ name: "Nila Studio", tagline: "Light, kept" });
    // No Tamil about title: the default one, in Tamil, around the Tamil name.
    expect(await getAboutPage(store.db, undefined, "ta")).toMatchObject({
      title: "நிலா ஸ்டுடியோ பற்றி",
      text: "நாங்கள் ஒரு சிறிய குழு.",
    });
    expect(await getAboutPage(store.db)).toMatchObject({ title: "About Nila Studio", text: "We are a small team." });

    // Cleared: the Tamil pages read the English again, not an empty text.
    expect(await saveSettings(deps(), settingsForm(english))).toEqual({ ok: true });
    const row = await store.db.selectFrom("studio_settings").select(["name_ta", "about_text_ta"]).executeTakeFirst();
    expect(row).toEqual({ name_ta: null, about_text_ta: null });
    expect(await getStudio(store.db, undefined, "ta")).toMatchObject({ name: "Nila Studio", tagline: "Light, kept" });
    expect(await getAboutPage(store.db, undefined, "ta")).toMatchObject({ text: "We are a small team." });
  });

  it("settings: a Tamil field is held to its English field's limit", async () => {
    const result = await saveSettings(deps(), settingsForm({ name: "Nila", taglineTa: "ஒ".repeat(121) }));
    expect(result).toMatchObject({ ok: false, errors: { taglineTa: "At most 120 characters." } });
  });

  it("collections: a Tamil name saved, shown on Tamil pages (the description falls back), and cleared", async () => {
    expect(await renameCollection(store.db, collectionId, "Wedding", " திருமணம் ")).toBeNull();
    expect((await getCollectionCards(store.db, "ta"))[0]).toMatchObject({
      name: "திருமணம்",
      description: "Vows",
      cover: null,
    });
    expect((await getCollectionCards(store.db, "en"))[0]?.name).toBe("Wedding");
    expect((await getShootPage(store.db, shootId, "ta"))?.collection.name).toBe("திருமணம்");
    // Renaming without a Tamil field (another form) keeps the Tamil name.
    expect(await renameCollection(store.db, collectionId, "Weddings")).toBeNull();
    expect((await getCollectionPage(store.db, "wedding", "ta"))?.name).toBe("திருமணம்");
    expect(await renameCollection(store.db, collectionId, "Wedding", "")).toBeNull();
    expect((await getCollectionPage(store.db, "wedding", "ta"))?.name).toBe("Wedding");
  });

  it("collections: a description and its Tamil version saved, each page reading its own, and cleared", async () => {
    expect(await describeCollection(store.db, collectionId, " Vows at dawn ", " விடியலில் மணவிழா ")).toBeNull();
    expect((await getCollectionPage(store.db, "wedding", "en"))?.description).toBe("Vows at dawn");
    expect((await getCollectionPage(store.db, "wedding", "ta"))?.description).toBe("விடியலில் மணவிழா");
    expect((await getCollectionCards(store.db, "ta"))[0]?.description).toBe("விடியலில் மணவிழா");
    // Too long in either language: refused, naming the field, and nothing changed.
    const long = "அ".repeat(COLLECTION_DESCRIPTION_MAX_LENGTH + 1);
    expect(await describeCollection(store.db, collectionId, "Vows", long)).toEqual({
      field: "descriptionTa",
      error: `The Tamil description: at most ${COLLECTION_DESCRIPTION_MAX_LENGTH} characters.`,
    });
    expect(
      await describeCollection(store.db, collectionId, "V".repeat(COLLECTION_DESCRIPTION_MAX_LENGTH + 1), ""),
    ).toEqual({
      field: "description",
      error: `At most ${COLLECTION_DESCRIPTION_MAX_LENGTH} characters.`,
    });
    expect((await getCollectionPage(store.db, "wedding", "ta"))?.description).toBe("விடியலில் மணவிழா");
    // The Tamil cleared: the Tamil page reads the English, never an empty text.
    expect(await describeCollection(store.db, collectionId, "Vows", "  ")).toBeNull();
    expect((await getCollectionPage(store.db, "wedding", "ta"))?.description).toBe("Vows");
  });

  it("shoots: the form saves the Tamil title, location and description, the Tamil page shows them, and clears them", async () => {
    const save = async (tamil: Record<string, string>) => {
      const parsed = await parseShootForm(
        store.db,
        formOf({
          title: "Priya & Karthik",
          location: "Madurai",
          description: "At dawn",
          collectionId: String(collectionId),
          ...tamil,
        }),
      );
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      await updateShoot(store.db, shootId, parsed.value);
    };
    await save({ titleTa: "பிரியா & கார்த்திக்", locationTa: "மதுரை", descriptionTa: "" });
    expect(await getShootForEdit(store.db, shootId)).toMatchObject({ titleTa: "பிரியா & கார்த்திக்", descriptionTa: null });
    expect(await getShootPage(store.db, shootId, "ta")).toMatchObject({
      title: "பிரியா & கார்த்திக்",
      location: "மதுரை",
      description: "At dawn",
    });
    expect(await getShootPage(store.db, shootId)).toMatchObject({ title: "Priya & Karthik", location: "Madurai" });
    // A search on the Tamil page finds the Tamil title; the draft stays hidden in either language.
    expect((await searchShoots(store.db, "கார்த்திக்", "ta")).map((s) => [s.id, s.title])).toEqual([
      [shootId, "பிரியா & கார்த்திக்"],
    ]);
    expect(await getShootPage(store.db, draftId, "ta")).toBeNull();
    await save({ titleTa: "", locationTa: "", descriptionTa: "" });
    expect(await getShootPage(store.db, shootId, "ta")).toMatchObject({
      title: "Priya & Karthik",
      location: "Madurai",
    });
  });

  it("photos and slides: a Tamil alt text saved, read on the Tamil pages, and cleared", async () => {
    expect(await setAltText(store.db, shootId, [photoId], "The garland", "மாலை")).toBe(1);
    expect((await getShootPage(store.db, shootId, "ta"))?.photos[0]?.image.alt).toBe("மாலை");
    expect((await getShootPage(store.db, shootId, "en"))?.photos[0]?.image.alt).toBe("The garland");
    // The English alone changed (a form without the Tamil field): the Tamil kept.
    expect(await setAltText(store.db, shootId, [photoId], "The jasmine garland")).toBe(1);
    expect((await getShootPage(store.db, shootId, "ta"))?.photos[0]?.image.alt).toBe("மாலை");
    expect(await setAltText(store.db, shootId, [photoId], "The jasmine garland", "")).toBe(1);
    expect((await getShootPage(store.db, shootId, "ta"))?.photos[0]?.image.alt).toBe("The jasmine garland");

    const [slide] = await getBannerSlides(store.db);
    expect(await setBannerAltTa(store.db, slide?.id ?? 0, " விடியலில் மலைகள் ")).toBeNull();
    expect((await getBannerSlides(store.db, "ta"))[0]?.desktop.alt).toBe("விடியலில் மலைகள்");
    expect((await getBannerSlides(store.db, "en"))[0]?.desktop.alt).toBe("Hills at dawn");
    expect(await setBannerAltTa(store.db, slide?.id ?? 0, "ம".repeat(201))).toMatch(/At most 200/);
    expect(await setBannerAltTa(store.db, slide?.id ?? 0, "")).toBeNull();
    expect((await getBannerSlides(store.db, "ta"))[0]?.mobile.alt).toBe("Hills at dawn");
  });
});
