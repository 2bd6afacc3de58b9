// Client galleries on a real SQLite file: the private link (token, PIN, expiry, revocation),
// sets as shoots that never reach a public read, and a gallery made from a shoot.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, insertAssets, type TestStore } from "#fixtures/test-store.ts";
import { STUDIO } from "../catalog/audience.server.ts";
import { placePhotos } from "../catalog/photos.server.ts";
import { readShootPhotos, readShoots } from "../catalog/read-model.server.ts";
import { createShoot, getShootForEdit } from "../catalog/shoots.server.ts";
import {
  addGallerySet,
  checkGalleryPin,
  createGallery,
  createGalleryFromShoot,
  GALLERY_TOKEN_PATTERN,
  galleryAccess,
  galleryByToken,
  readGallery,
  readGallerySets,
  regenerateGalleryLink,
  revokeGalleryLink,
  setGalleryPin,
} from "./galleries.server.ts";
import { pendingRerenders } from "./rerender-requests.server.ts";

/** The portfolio shoot's Tamil title, which a gallery made from it gives its set. */
const PORTFOLIO_WEDDING_TA = "திருமணம்";

describe("client galleries", () => {
  let store: TestStore;
  let shootId: number;
  beforeAll(async () => {
    store = await createTestStore();
    const { id: collectionId } = await store.db
      .insertInto("collections")
      .values({ slug: "weddings", name: "Weddings", position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    shootId = await createShoot(store.db, {
      title: "Portfolio wedding",
      titleTa: PORTFOLIO_WEDDING_TA,
      location: "",
      description: "",
      collectionId,
    });
    const assets = await insertAssets(store.db, 3);
    await store.db
      .insertInto("photos")
      .values(assets.map((asset_id, i) => ({ shoot_id: shootId, asset_id, position: (2 - i) * 1024 })))
      .execute();
  });
  afterAll(() => store.cleanup());

  it("opens by its link's token only, until revoked; a new link replaces the old one", async () => {
    const id = await createGallery(store.db, {
      title: "Priya & Karthik",
      clientName: "Priya",
      eventDate: "2026-02-14",
    });
    const gallery = await readGallery(store.db, id);
    expect(gallery?.token).toMatch(GALLERY_TOKEN_PATTERN);
    expect((await galleryByToken(store.db, gallery?.token ?? ""))?.id).toBe(id);
    expect(await galleryByToken(store.db, "x".repeat(43))).toBeNull();
    expect(await galleryByToken(store.db, "' or 1=1 --")).toBeNull();

    await revokeGalleryLink(store.db, id);
    const revoked = await galleryByToken(store.db, gallery?.token ?? "");
    expect(revoked && galleryAccess(revoked, "2026-01-01")).toBe("revoked");

    const fresh = await regenerateGalleryLink(store.db, id);
    expect(fresh).not.toBe(gallery?.token);
    expect(await galleryByToken(store.db, gallery?.token ?? "")).toBeNull();
    const reopened = await galleryByToken(store.db, fresh);
    expect(reopened && galleryAccess(reopened, "2026-01-01")).toBe("open");
  });

  it("expires after its last day, in the studio's calendar", () => {
    const last = { expiresOn: "2026-03-31", revokedAt: null };
    expect(galleryAccess(last, "2026-03-31")).toBe("open");
    expect(galleryAccess(last, "2026-04-01")).toBe("expired");
    expect(galleryAccess({ expiresOn: null, revokedAt: null }, "2099-01-01")).toBe("open");
  });

  it("asks for its PIN only once one is set, and keeps only a hash", async () => {
    const id = await createGallery(store.db, { title: "PIN" });
    expect(await checkGalleryPin(store.db, id, "")).toBe(true);
    await setGalleryPin(store.db, id, "4821");
    expect((await readGallery(store.db, id))?.hasPin).toBe(true);
    const { pin_hash } = await store.db
      .selectFrom("client_galleries")
      .select("pin_hash")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(pin_hash).not.toContain("4821");
    expect(await checkGalleryPin(store.db, id, "4821")).toBe(true);
    expect(await checkGalleryPin(store.db, id, "4822")).toBe(false);
    await setGalleryPin(store.db, id, null);
    expect(await checkGalleryPin(store.db, id, "anything")).toBe(true);
  });

  it("keeps its sets in order, managed like shoots, and never among the portfolio's shoots", async () => {
    const id = await createGallery(store.db, { title: "Sets" });
    const nalangu = await addGallerySet(store.db, id, "Nalangu");
    const muhurtham = await addGallerySet(store.db, id, "Muhurtham");
    expect(await readGallerySets(store.db, id)).toEqual([
      { id: nalangu, title: "Nalangu", titleTa: null, position: 0 },
      { id: muhurtham, title: "Muhurtham", titleTa: null, position: 1 },
    ]);
    // Set ids come from the shoots' sequence: a set and a shoot never share a number.
    expect(nalangu).toBeGreaterThan(shootId);
    const portfolio = (await readShoots(store.db, STUDIO, { scope: "any" })).map((s) => s.id);
    expect(portfolio).not.toContain(nalangu);
    // Its admin page is the shoot page, which knows it as the gallery's set.
    expect((await getShootForEdit(store.db, nalangu))?.galleryId).toBe(id);
    expect((await getShootForEdit(store.db, shootId))?.galleryId).toBeNull();
    // The schema refuses to publish a set, whatever the code above it does.
    await expect(
      store.db.updateTable("shoots").set({ status: "published" }).where("id", "=", nalangu).execute(),
    ).rejects.toThrow(/CHECK constraint failed|violates check constraint/);
  });

  it("is made from a shoot: one set with the shoot's photos in its order, the shoot untouched", async () => {
    const before = await readShootPhotos(store.db, STUDIO, [shootId], { images: false });
    const id = await createGalleryFromShoot(store.db, shootId, { title: "From the shoot" });
    const [set] = await readGallerySets(store.db, id);
    // Named as the shoot is, in Tamil too (issue 33).
    expect([set?.title, set?.titleTa]).toEqual(["Portfolio wedding", PORTFOLIO_WEDDING_TA]);
    const copied = await readShootPhotos(store.db, STUDIO, [set?.id ?? 0], { images: false });
    expect(copied.map((p) => p.assetId)).toEqual(before.map((p) => p.assetId));
    // Its files are the shoot's public ladder: each photo is queued for the gallery's own plan.
    expect(await pendingRerenders(store.db, id)).toBe(copied.length);
    expect(copied.length).toBeGreaterThan(0);
    // Rearranging the set leaves the shoot as it was.
    const [first, , last] = copied;
    if (first && last) await placePhotos(store.db, set?.id ?? 0, [last.id], { before: first.id });
    expect((await readShootPhotos(store.db, STUDIO, [shootId], { images: false })).map((p) => p.id)).toEqual(
      before.map((p) => p.id),
    );
  });
});
