import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "#tests/helpers/test-store.ts";
import { importDemoIfEmpty } from "./import.server.ts";
import { DEMO_BANNER_FILES, DEMO_PHOTOS_PER_SHOOT } from "./studio.ts";

const SPEC_IDS = {
  wedding: [1, 2, 3, 101],
  babyShoot: [21, 22, 23, 24, 25, 102],
  motherhood: [41, 42, 43, 44, 45],
  outdoor: [61, 62, 63, 64, 103],
};
const LOCATION_PATTERN: Record<string, RegExp> = {
  wedding: /^Wedding in [A-Z]/,
  babyShoot: /^Baby shoot in [A-Z]/,
  motherhood: /^motherhood in [A-Z]/,
  outdoor: /^Out door shoot in [A-Z]/,
};
const DEMO_IMAGE_COUNT = 32 + DEMO_BANNER_FILES.length;

class SimulatedKill extends Error {}

/**
 * The import encodes 38 photos into every variant: about 30 s on a quiet 2-core machine, several
 * times that beside a browser suite. A generous limit for this file only; speed is in the bench.
 */
const DEMO_IMPORT_TIMEOUT_MS = 300_000;

describe("demo import", { timeout: DEMO_IMPORT_TIMEOUT_MS }, () => {
  let store: TestStore;
  const lines: string[] = [];
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("stops half way when the process dies, leaving no half-written asset", async () => {
    const dying = (line: string) => {
      lines.push(line);
      if (lines.length === 12) throw new SimulatedKill("killed");
    };
    await expect(importDemoIfEmpty(store, dying)).rejects.toThrow(SimulatedKill);
    const state = await store.db
      .selectFrom("app_state")
      .select("value")
      .where("key", "=", "demo_import")
      .executeTakeFirst();
    expect(state?.value).toBe("started");
    expect(await store.db.selectFrom("shoots").select("id").execute()).toEqual([]);
    // Every asset row that exists has all its variants.
    const assets = await store.db.selectFrom("assets").select("id").execute();
    expect(assets.length).toBe(12);
    for (const { id } of assets) {
      const variants = await store.db.selectFrom("asset_variants").select("key").where("asset_id", "=", id).execute();
      expect(variants.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("finishes the job on the next start, reusing what was done", async () => {
    lines.length = 0;
    expect(await importDemoIfEmpty(store, (line) => lines.push(line))).toBe("imported");
    expect(lines[0]).toMatch(/^Resuming the demo import/);
    expect(lines).toContain(
      `Importing demo studio: ${DEMO_IMAGE_COUNT}/${DEMO_IMAGE_COUNT} images (03-sunset-over-hills.jpg, portrait crop)`,
    );
    expect(await store.db.selectFrom("assets").select("id").execute()).toHaveLength(DEMO_IMAGE_COUNT);
  });

  it("builds the spec's collections, ids, groups and location patterns", async () => {
    const collections = await store.db
      .selectFrom("collections")
      .select(["id", "slug", "name"])
      .orderBy("position")
      .execute();
    expect(collections.map((c) => c.name)).toEqual(["Wedding", "Baby Shoot", "Motherhood", "Outdoor"]);
    for (const c of collections) {
      const shoots = await store.db
        .selectFrom("shoots")
        .select(["id", "location", "status"])
        .where("collection_id", "=", c.id)
        .orderBy("id")
        .execute();
      expect(shoots.map((s) => s.id)).toEqual(SPEC_IDS[c.slug as keyof typeof SPEC_IDS]);
      for (const s of shoots) {
        expect(s.location).toMatch(LOCATION_PATTERN[c.slug] as RegExp);
        expect(s.status).toBe("published");
      }
    }
    const stories = await store.db
      .selectFrom("shoots")
      .select("id")
      .where("is_story", "=", 1)
      .orderBy("story_position")
      .execute();
    expect(stories.map((s) => s.id)).toEqual([101, 102, 103]);
    const perShoot = await store.db
      .selectFrom("photos")
      .select(({ fn }) => ["shoot_id", fn.countAll<number>().as("n")])
      .groupBy("shoot_id")
      .execute();
    expect(perShoot).toHaveLength(20);
    expect(new Set(perShoot.map((r) => r.n))).toEqual(new Set([DEMO_PHOTOS_PER_SHOOT]));
  });

  it("gives six banner slides a portrait crop for phones", async () => {
    const slides = await store.db
      .selectFrom("banner_slides")
      .innerJoin("assets as d", "d.id", "banner_slides.desktop_asset_id")
      .innerJoin("assets as m", "m.id", "banner_slides.mobile_asset_id")
      .select(["d.width as dw", "d.height as dh", "m.width as mw", "m.height as mh"])
      .orderBy("position")
      .execute();
    expect(slides).toHaveLength(6);
    for (const s of slides) {
      expect(s.dw).toBeGreaterThan(s.dh);
      expect(s.mh).toBeGreaterThan(s.mw);
    }
  });

  it("uses plainly sample contact details in Coimbatore", async () => {
    const s = await store.db.selectFrom("studio_settings").selectAll().executeTakeFirstOrThrow();
    expect(s.locality).toBe("Coimbatore");
    expect(JSON.parse(s.phones)).toHaveLength(3);
    expect(JSON.parse(s.emails)[0]).toMatch(/@[a-z-]+\.example$/);
    expect(s.street_address).toMatch(/demo address/);
  });

  it("does nothing on a later start", async () => {
    lines.length = 0;
    expect(await importDemoIfEmpty(store, (line) => lines.push(line))).toBe("already-done");
    expect(lines).toEqual([]);
  });
});

describe("demo import on a studio's own database", () => {
  it("leaves a database that already has content alone", async () => {
    const store = await createTestStore();
    try {
      await store.db.insertInto("collections").values({ slug: "portraits", name: "Portraits", position: 0 }).execute();
      await store.db
        .insertInto("shoots")
        .values({ id: 7, collection_id: 1, title: "Own work", status: "draft" })
        .execute();
      expect(await importDemoIfEmpty(store, () => {})).toBe("studio-has-content");
      expect(await store.db.selectFrom("assets").select("id").execute()).toEqual([]);
    } finally {
      await store.cleanup();
    }
  });
});
