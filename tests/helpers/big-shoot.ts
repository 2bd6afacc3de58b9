// A wedding-sized shoot for the photo manager's browser test and `npm run bench`: `count`
// distinct small images (each its own colour and its number drawn in large digits, so a
// screenshot tells them apart), ingested through the media pipeline and appended to a new shoot
// through the domain layer, as an upload would leave them.
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { appendPhotos } from "#domain/catalog/photos.server.ts";
import { createShoot } from "#domain/catalog/shoots.server.ts";
import { PIPELINE_VERSION } from "#domain/media/constants.ts";
import { type IngestDeps, ingestImage } from "#domain/media/ingest.server.ts";
import { diskMediaStorage } from "#domain/media/storage.server.ts";
import { DATABASE_FILE_NAME, migrate, openDatabase } from "#platform/db/db.server.ts";
import { MIGRATIONS } from "#platform/db/migrations/index.server.ts";
import { templateDataDir } from "./data-dir-template.ts";

/** Small enough that ingest is quick (one rung of each format), big enough to read the number. */
export const BIG_SHOOT_WIDTH_PX = 96;
export const BIG_SHOOT_HEIGHT_PX = 64;
/** Degrees between successive hues: the golden angle, so neighbours never look alike. */
const HUE_STEP_DEG = 137.508;
const DIGITS = 4;
const DIGIT_WIDTH_PX = 16;
const DIGIT_HEIGHT_PX = 28;
const SEGMENT_PX = 4;
const DIGIT_GAP_PX = 4;

// Seven segments per digit, drawn as rectangles: no font is needed, so the bytes are the same on
// every machine. Segments: a top, b top right, c bottom right, d bottom, e bottom left,
// f top left, g middle.
const SEGMENTS_OF_DIGIT = ["abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc", "abcdefg", "abcdfg"];

function segmentRects(segments: string, x: number, y: number): string {
  const w = DIGIT_WIDTH_PX;
  const h = DIGIT_HEIGHT_PX;
  const s = SEGMENT_PX;
  const half = (h - s) / 2;
  const rects: Record<string, [number, number, number, number]> = {
    a: [0, 0, w, s],
    b: [w - s, 0, s, half + s],
    c: [w - s, half, s, half + s],
    d: [0, h - s, w, s],
    e: [0, half, s, half + s],
    f: [0, 0, s, half + s],
    g: [0, half, w, s],
  };
  return [...segments]
    .map((name) => {
      const [rx, ry, rw, rh] = rects[name] as [number, number, number, number];
      return `<rect x="${x + rx}" y="${y + ry}" width="${rw}" height="${rh}"/>`;
    })
    .join("");
}

/** The JPEG bytes of photo number `n` (1-based): a colour of its own and its number. */
export async function bigShootImage(n: number): Promise<Buffer> {
  const hue = (n * HUE_STEP_DEG) % 360;
  const digits = String(n % 10 ** DIGITS).padStart(DIGITS, "0");
  const textWidth = DIGITS * DIGIT_WIDTH_PX + (DIGITS - 1) * DIGIT_GAP_PX;
  const left = (BIG_SHOOT_WIDTH_PX - textWidth) / 2;
  const top = (BIG_SHOOT_HEIGHT_PX - DIGIT_HEIGHT_PX) / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${BIG_SHOOT_WIDTH_PX}" height="${BIG_SHOOT_HEIGHT_PX}">` +
    `<rect width="100%" height="100%" fill="hsl(${hue.toFixed(1)},70%,45%)"/><g fill="#fff">` +
    [...digits]
      .map((d, i) =>
        segmentRects(SEGMENTS_OF_DIGIT[Number(d)] as string, left + i * (DIGIT_WIDTH_PX + DIGIT_GAP_PX), top),
      )
      .join("") +
    "</g></svg>";
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A camera's file name: DSC_0001.jpg. */
export function bigShootFileName(n: number): string {
  return `DSC_${String(n).padStart(DIGITS, "0")}.jpg`;
}

/** Runs `work` over 0..count-1 with at most `limit` calls in flight; results in index order. */
async function mapBounded<T>(count: number, limit: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await work(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

export interface BigShoot {
  shootId: number;
  /** In the shoot's order: DSC_0001 first. */
  photoIds: number[];
}

/**
 * Makes a new draft shoot holding `count` distinct photos, DSC_0001.jpg to DSC_<count>.jpg in
 * that order. Without `collectionId` the shoot goes into the first collection, made if there is
 * none.
 */
export async function seedBigShoot(
  deps: IngestDeps,
  { count, title, collectionId }: { count: number; title: string; collectionId?: number },
): Promise<BigShoot> {
  const collection = collectionId ?? (await anyCollection(deps));
  const shootId = await createShoot(deps.db, { title, location: "", description: "", collectionId: collection });
  // One image in flight per core: sharp spreads each over its own threads as well, and the
  // machine is shared.
  const assetIds = await mapBounded(count, os.availableParallelism(), async (i) => {
    const n = i + 1;
    const { assetId } = await ingestImage(deps, await bigShootImage(n), bigShootFileName(n));
    return assetId;
  });
  const photoIds = await appendPhotos(deps.db, shootId, assetIds);
  return { shootId, photoIds };
}

async function anyCollection({ db }: IngestDeps): Promise<number> {
  const first = await db.selectFrom("collections").select("id").orderBy("position").executeTakeFirst();
  if (first) return first.id;
  const { id } = await db
    .insertInto("collections")
    .values({ slug: "big-shoot", name: "Big shoot", position: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Bump when seedBigShoot's output changes: a template made by older code is then never copied. */
const TEMPLATE_VERSION = 1;

/**
 * Fills the empty `dataDir` (database and media, as the server's DATA_DIR) with a big shoot, copied
 * from a template. 3,000 photos take 50 to 70 s through the pipeline on this 2-core machine, and
 * the browser tests and the bench each want a fresh store; so the template is made once with
 * seedBigShoot (the domain layer, nothing faked) under tmp/big-shoot/, keyed by everything that
 * shapes it (this file's version, the pipeline's, the migrations), and each use copies its
 * files (about 2 s). `made` says whether this call had to make the template.
 */
export async function bigShootDataDir(
  dataDir: string,
  { count, title }: { count: number; title: string },
): Promise<BigShoot & { made: boolean }> {
  const { value, made } = await templateDataDir(dataDir, {
    name: "big-shoot",
    key: [TEMPLATE_VERSION, PIPELINE_VERSION, Object.keys(MIGRATIONS), count, title],
    async make(dir) {
      const db = openDatabase(path.join(dir, DATABASE_FILE_NAME));
      try {
        await migrate(db);
        return await seedBigShoot({ db, storage: diskMediaStorage(dir) }, { count, title });
      } finally {
        // Closing the last connection folds the write-ahead log into the database file.
        await db.destroy();
      }
    },
  });
  return { ...value, made };
}
