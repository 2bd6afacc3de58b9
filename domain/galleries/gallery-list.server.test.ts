// The admin's list of galleries on a real SQLite file: counts, cover, link state, and a gallery
// leaving it for the trash and coming back.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import { updateGalleryAccess } from "./access-settings.server.ts";
import { setGalleryCover } from "./cover.server.ts";
import { addGallerySet, createGallery, revokeGalleryLink } from "./galleries.server.ts";
import { restoreGallery, trashGallery } from "./gallery-details.server.ts";
import { listGalleriesForAdmin } from "./gallery-list.server.ts";

describe("the admin's list of galleries", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store.cleanup());

  it("lists each gallery with its sets, live photos, cover, link state and whether it was sent", async () => {
    const id = await createGallery(store.db, { title: "Listed", clientName: "Anu", eventDate: "2026-01-10" });
    const a = await addGallerySet(store.db, id, "Nalangu");
    const b = await addGallerySet(store.db, id, "Reception");
    const assets = await insertAssets(store.db, 3, 100);
    const photos = await store.db
      .insertInto("photos")
      .values([
        { shoot_id: a, asset_id: assets[0] ?? 0, position: 0 },
        { shoot_id: a, asset_id: assets[1] ?? 0, position: 1024, deleted_at: "2026-01-01T00:00:00.000Z" },
        { shoot_id: b, asset_id: assets[2] ?? 0, position: 0 },
      ])
      .returning("id")
      .execute();
    const expired = await createGallery(store.db, { title: "Old" });
    await updateGalleryAccess(store.db, expired, {
      expiresOn: "2026-01-31",
      downloads: "off",
      watermarkText: "",
      watermarkPosition: "bottom-right",
      watermarkOpacity: 40,
    });
    const revoked = await createGallery(store.db, { title: "Revoked" });
    await revokeGalleryLink(store.db, revoked);

    const rows = await listGalleriesForAdmin(store.db, "2026-02-01");
    expect(rows.find((r) => r.id === id)).toEqual({
      id,
      title: "Listed",
      clientName: "Anu",
      eventDate: "2026-01-10",
      setCount: 2,
      photoCount: 2,
      access: "open",
      sentAt: null,
      cover: null,
    });
    await setGalleryCover(store.db, id, photos[2]?.id ?? 0);
    const withCover = (await listGalleriesForAdmin(store.db, "2026-02-01")).find((r) => r.id === id);
    expect(withCover?.cover).toMatchObject({ alt: "Cover photo of Listed", width: 3, height: 2 });
    expect(rows.find((r) => r.id === expired)?.access).toBe("expired");
    expect(rows.find((r) => r.id === revoked)?.access).toBe("revoked");

    // A gallery in the trash leaves the list and comes back when restored.
    await trashGallery(store.db, revoked);
    expect((await listGalleriesForAdmin(store.db, "2026-02-01")).map((r) => r.id)).not.toContain(revoked);
    expect(await restoreGallery(store.db, revoked)).toBe(true);
    expect(await restoreGallery(store.db, revoked)).toBe(false);
  });
});
