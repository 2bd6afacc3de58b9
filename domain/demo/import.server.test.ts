import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallDemoPhotos } from "#fixtures/small-demo.ts";
import { createTestStore, type TestStore } from "#fixtures/test-store.ts";
import { DEMO_LOGO_FILE, DEMO_PHOTOS_DIR, importDemoIfEmpty } from "./import.server.ts";
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
/** Every photo and every banner's portrait crop; the logo has a line of its own. */
const DEMO_IMAGE_COUNT = 32 + DEMO_BANNER_FILES.length;
/** The logo's PNG is its SVG drawn at this many times the SVG's own size. */
const LOGO_SCALE = 2;
/** The density (dpi) at which librsvg draws an SVG at its own size, one user unit a pixel. */
const SVG_NATIVE_DENSITY = 72;
/**
 * How far the PNG may stray from a fresh drawing of the SVG, as a mean per channel value (0-255):
 * enough for another librsvg's antialiasing, far too little for a changed drawing.
 */
const LOGO_MEAN_DIFFERENCE_LIMIT = 1;

class SimulatedKill extends Error {}

/** A limit on the whole import for a busy machine (not a measure of speed: that is the bench). */
const DEMO_IMPORT_TIMEOUT_MS = 300_000;

/** Wide enough for every rung a banner's portrait crop needs. */
const SMALL_PHOTO_WIDTH_PX = 640;

interface ManifestEntry {
  file: string;
  width: number;
  height: number;
  bytes: number;
}

describe("the demo's photographs", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(DEMO_PHOTOS_DIR, "manifest.json"), "utf8")) as ManifestEntry[];

  // The import below runs on small copies; the real files go through the pipeline whole where
  // they are used: the browser tests' demo studio is imported from them at every `npm test`.
  // What those runs cannot say clearly is which file broke: this reads each one's header.
  it("are the JPEGs the manifest describes", async () => {
    expect(manifest).toHaveLength(32);
    for (const entry of manifest) {
      const file = path.join(DEMO_PHOTOS_DIR, entry.file);
      expect(fs.statSync(file).size, entry.file).toBe(entry.bytes);
      const meta = await sharp(file).metadata();
      expect({ file: entry.file, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        file: entry.file,
        format: "jpeg",
        width: entry.width,
        height: entry.height,
      });
    }
  });
});

describe("demo import", { timeout: DEMO_IMPORT_TIMEOUT_MS }, () => {
  let store: TestStore;
  /**
   * Small photos under the demo's manifest, on both engines: what this file checks is what the
   * import writes (rows, variants, progress, resuming), the same for a 640 px photo as for a
   * 24 MP one, and encoding the real ones took about a minute of CPU on 2 cores (ADR 040).
   */
  let photosDir: string;
  const lines: string[] = [];
  beforeAll(async () => {
    store = await createTestStore();
    photosDir = await smallDemoPhotos(SMALL_PHOTO_WIDTH_PX);
  });
  afterAll(async () => {
    await store.cleanup();
    fs.rmSync(photosDir, { recursive: true, force: true });
  });

  it("stops half way when the process dies, leaving no half-written asset", async () => {
    const dying = (line: string) => {
      lines.push(line);
      if (lines.length === 12) throw new SimulatedKill("killed");
    };
    await expect(importDemoIfEmpty(store, dying, photosDir)).rejects.toThrow(SimulatedKill);
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
    expect(await importDemoIfEmpty(store, (line) => lines.push(line), photosDir)).toBe("imported");
    expect(lines[0]).toMatch(/^Resuming the demo import/);
    expect(lines).toContain(
      `Importing demo studio: ${DEMO_IMAGE_COUNT}/${DEMO_IMAGE_COUNT} images (03-sunset-over-hills.jpg, portrait crop)`,
    );
    expect(lines).toContain(`Importing demo studio: the logo (${path.basename(DEMO_LOGO_FILE)})`);
    expect(lines.at(-1)).toBe(`Demo studio ready: 4 collections, 20 shoots, ${DEMO_IMAGE_COUNT} images and the logo`);
    expect(await store.db.selectFrom("assets").select("id").execute()).toHaveLength(DEMO_IMAGE_COUNT + 1);
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

  it("describes every photo and slide in English and Tamil: the Tamil pages read their own alt texts (issue 33)", async () => {
    const TAMIL = /^[\u0B80-\u0BFF][\u0B80-\u0BFF\s-]*$/;
    const photos = await store.db.selectFrom("photos").select(["alt", "alt_ta"]).execute();
    const slides = await store.db.selectFrom("banner_slides").select(["alt", "alt_ta"]).execute();
    for (const { alt, alt_ta } of [...photos, ...slides]) {
      expect(alt).toMatch(/^[A-Z][a-z]/);
      expect(alt_ta, alt).toMatch(TAMIL);
    }
    expect(photos.find((p) => p.alt === "Sunset over hills")?.alt_ta).toBe("மலைகளின் மேல் சூரிய அஸ்தமனம்");
  });

  it("uses plainly sample contact details in Coimbatore", async () => {
    const s = await store.db.selectFrom("studio_settings").selectAll().executeTakeFirstOrThrow();
    expect(s.locality).toBe("Coimbatore");
    expect(JSON.parse(s.phones)).toHaveLength(3);
    expect(JSON.parse(s.emails)[0]).toMatch(/@[a-z-]+\.example$/);
    expect(s.street_address).toMatch(/demo address/);
  });

  it("gives the studio the drawn logo, processed into transparent variants", async () => {
    const s = await store.db.selectFrom("studio_settings").select("logo_asset_id").executeTakeFirstOrThrow();
    expect(s.logo_asset_id).not.toBeNull();
    const logo = await store.db
      .selectFrom("assets")
      .select(["id", "mime", "width", "height", "original_name"])
      .where("id", "=", s.logo_asset_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(logo).toMatchObject({ mime: "image/png", original_name: path.basename(DEMO_LOGO_FILE) });
    expect(logo.width).toBeGreaterThan(logo.height);
    const variants = await store.db
      .selectFrom("asset_variants")
      .select(["format", "key"])
      .where("asset_id", "=", logo.id)
      .execute();
    expect(new Set(variants.map((v) => v.format))).toEqual(new Set(["avif", "webp", "jpeg"]));
    // Its corners are see-through: the modern formats keep the alpha channel.
    for (const v of variants.filter((v) => v.format !== "jpeg")) {
      expect((await sharp(await store.storage.public.get(v.key)).metadata()).hasAlpha, v.key).toBe(true);
    }
  });

  it("does nothing on a later start", async () => {
    lines.length = 0;
    expect(await importDemoIfEmpty(store, (line) => lines.push(line), photosDir)).toBe("already-done");
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

describe("the demo logo", () => {
  // After changing the SVG, draw the PNG again:
  // node -e 'require("sharp")("demo/logo/nila-studio-logo.svg", { density: 144 }).png({ compressionLevel: 9 }).toFile("demo/logo/nila-studio-logo.png")'
  it("is the SVG drawn at twice its size", async () => {
    const svgFile = DEMO_LOGO_FILE.replace(/\.png$/, ".svg");
    const drawn = await sharp(fs.readFileSync(svgFile), { density: SVG_NATIVE_DENSITY * LOGO_SCALE })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const stored = await sharp(fs.readFileSync(DEMO_LOGO_FILE))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const svgSize = await sharp(fs.readFileSync(svgFile)).metadata();
    expect([stored.info.width, stored.info.height]).toEqual([svgSize.width * LOGO_SCALE, svgSize.height * LOGO_SCALE]);
    expect([drawn.info.width, drawn.info.height, drawn.info.channels]).toEqual([
      stored.info.width,
      stored.info.height,
      stored.info.channels,
    ]);
    let difference = 0;
    for (let i = 0; i < drawn.data.length; i++) difference += Math.abs((drawn.data[i] ?? 0) - (stored.data[i] ?? 0));
    expect(difference / drawn.data.length).toBeLessThan(LOGO_MEAN_DIFFERENCE_LIMIT);
  });
});
