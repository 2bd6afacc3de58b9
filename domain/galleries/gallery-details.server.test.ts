// A gallery's details as the studio writes them, on a real SQLite file: the form (read, checked,
// what was typed kept), saving it, and emptying the trash of galleries for good.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPhotoToSet, makeSelectionList, seededJpeg } from "#fixtures/gallery-fixture.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { enqueueMail } from "../mail/outbox.server.ts";
import { addGallerySet, createGallery, readGallery } from "./galleries.server.ts";
import {
  emptyGalleryTrash,
  GALLERY_TITLE_MAX_LENGTH,
  parseGalleryForm,
  trashGallery,
  updateGallery,
} from "./gallery-details.server.ts";

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

const GOOD = {
  title: "  Priya & Karthik  ",
  titleTa: "  பிரியா & கார்த்திக்  ",
  clientName: "Priya",
  clientEmail: "priya@example.com",
  clientPhone: "+91 98765 43210",
  language: "ta",
  eventDate: "2026-02-14",
  selectionLimit: "300",
};

describe("the gallery's form", () => {
  it("reads a good form, trimmed, with an empty limit meaning none", () => {
    const parsed = parseGalleryForm(formOf(GOOD));
    expect(parsed).toEqual({
      ok: true,
      value: { ...GOOD, title: "Priya & Karthik", titleTa: "பிரியா & கார்த்திக்", selectionLimit: 300 },
    });
    const none = parseGalleryForm(
      formOf({ ...GOOD, selectionLimit: "", eventDate: "", clientEmail: "", titleTa: "   " }),
    );
    // An empty Tamil title is none (not translated): the client's Tamil pages show the English.
    expect(
      none.ok && [none.value.selectionLimit, none.value.eventDate, none.value.clientEmail, none.value.titleTa],
    ).toEqual([null, null, "", null]);
  });

  it("says what is wrong with each field and keeps what was typed", () => {
    const typed = {
      title: " ",
      // Held to the English title's limit.
      titleTa: "த".repeat(GALLERY_TITLE_MAX_LENGTH + 1),
      clientName: "Priya",
      clientEmail: "priya-at-example",
      clientPhone: "call me",
      // A language the catalogues have no words for.
      language: "fr",
      eventDate: "2026-02-30",
      selectionLimit: "0",
    };
    const parsed = parseGalleryForm(formOf(typed));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.values).toEqual(typed);
    expect(Object.keys(parsed.errors).sort()).toEqual(
      ["clientEmail", "clientPhone", "eventDate", "language", "selectionLimit", "title", "titleTa"].sort(),
    );
    expect(parsed.errors.title).toBe("Give the gallery a title.");
  });
});

describe("a gallery's details in the studio's database", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store.cleanup());

  it("saves a Tamil title and clears it again (issue 33)", async () => {
    const id = await createGallery(store.db, { title: "Priya & Karthik" });
    const save = async (titleTa: string) => {
      const parsed = parseGalleryForm(formOf({ ...GOOD, titleTa }));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      await updateGallery(store.db, id, parsed.value);
      return (await readGallery(store.db, id))?.titleTa;
    };
    expect(await save(" பிரியா & கார்த்திக் ")).toBe("பிரியா & கார்த்திக்");
    expect(await save("")).toBeNull();
  });

  it("empties trashed galleries for good, with their sets, photos, people, lists and mails; assets stay", async () => {
    const kept = await createGallery(store.db, { title: "Kept" });
    const gone = await createGallery(store.db, { title: "Gone" });
    const set = await addGallerySet(store.db, gone, "Reception");
    const photoId = await addPhotoToSet(store, set, await seededJpeg(4242, 120, 80), "DSC_1.jpg");
    const listId = await makeSelectionList(store.db, gone, "Anu", [photoId]);
    await enqueueMail(store.db, { kind: "selection-submitted", galleryId: gone, listId });
    await trashGallery(store.db, gone);
    const assetsBefore = await store.db.selectFrom("assets").select("id").execute();

    expect(await emptyGalleryTrash(store.db)).toBe(1);
    expect(await readGallery(store.db, gone)).toBeNull();
    expect(await readGallery(store.db, kept)).not.toBeNull();
    expect(await store.db.selectFrom("shoots").select("id").where("gallery_id", "=", gone).execute()).toEqual([]);
    expect(await store.db.selectFrom("photos").select("id").where("id", "=", photoId).execute()).toEqual([]);
    expect(await store.db.selectFrom("selection_lists").select("id").where("id", "=", listId).execute()).toEqual([]);
    expect(await store.db.selectFrom("gallery_visitors").select("id").where("gallery_id", "=", gone).execute()).toEqual(
      [],
    );
    expect(await store.db.selectFrom("mail_outbox").select("id").where("gallery_id", "=", gone).execute()).toEqual([]);
    expect(await store.db.selectFrom("assets").select("id").execute()).toEqual(assetsBefore);
    expect(await emptyGalleryTrash(store.db)).toBe(0);
  });

  it("saves the details", async () => {
    const id = await createGallery(store.db, { title: "Before" });
    const parsed = parseGalleryForm(formOf(GOOD));
    if (!parsed.ok) throw new Error("form");
    await updateGallery(store.db, id, parsed.value);
    const gallery = await readGallery(store.db, id);
    expect(gallery).toMatchObject({
      title: "Priya & Karthik",
      clientEmail: "priya@example.com",
      clientPhone: "+91 98765 43210",
      eventDate: "2026-02-14",
      selectionLimit: 300,
      hasDownloadPin: false,
    });
  });

  it("saves the client's language, English for a new gallery until the studio chooses (issue 33)", async () => {
    const id = await createGallery(store.db, { title: "Before" });
    expect((await readGallery(store.db, id))?.language).toBe("en");
    const save = async (language: string) => {
      const parsed = parseGalleryForm(formOf({ ...GOOD, language }));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      await updateGallery(store.db, id, parsed.value);
      return (await readGallery(store.db, id))?.language;
    };
    expect(await save("ta")).toBe("ta");
    expect(await save("en")).toBe("en");
    // A form without the choice is refused, not saved as English behind the studio's back.
    expect(parseGalleryForm(formOf({ ...GOOD, language: "" }))).toMatchObject({
      ok: false,
      errors: { language: "Choose English or Tamil." },
    });
  });
});
