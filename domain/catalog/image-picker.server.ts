// The server half of the admin's image picker (components/admin/image-picker.tsx): one page of
// the studio's images at a time, searched here, grouped by shoot. A studio may hold 20,000
// images (several weddings of 3,000 to 5,000), so the page never carries them all: the picker
// asks for the next page (GET /admin/images) as the owner scrolls or searches.
import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../../platform/db/db.server.ts";
import type { DB } from "../../platform/db/schema.server.ts";
import { assetVisibleTo, PUBLIC, STUDIO } from "./audience.server.ts";
import { NO_SCRIPT_IMAGE_CHOICES } from "./image-choice.ts";
import { type ImagePage, OTHER_IMAGES_GROUP } from "./image-picker.ts";
import { loadStoredImages, toResponsiveImage } from "./images.server.ts";
import { MAX_QUERY_LENGTH } from "./search-limits.ts";

/** Thumbnails per answer: about four screens of a phone's grid, one fetch of small variants. */
export const IMAGE_PAGE_SIZE = 60;

export interface ImagePageQuery {
  /** Words that must each appear in the shoot's title or the file name (any case). */
  q?: string;
  /** How many images (in the picker's order) come before this page. */
  offset?: number;
  limit?: number;
  /** Only the photos of this collection's shoots (a collection's cover is one of them). */
  collectionId?: number;
}

/**
 * The title of the first live portfolio shoot (by id) the asset is a live photo of, within the
 * collection if given. Client galleries' sets are private: never a group here.
 */
export function shootTitleOf(eb: ExpressionBuilder<DB, "assets">, collectionId?: number) {
  let q = eb
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .select("shoots.title")
    .whereRef("photos.asset_id", "=", "assets.id")
    .where("photos.deleted_at", "is", null)
    .where("shoots.deleted_at", "is", null)
    .where("shoots.gallery_id", "is", null);
  if (collectionId !== undefined) q = q.where("shoots.collection_id", "=", collectionId);
  return q.orderBy("shoots.id").limit(1);
}

/** The query's words, lower-cased, each a LIKE pattern with its wildcards escaped. */
export function likePatterns(q: string): string[] {
  return q
    .slice(0, MAX_QUERY_LENGTH)
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "")
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * One page of images in the picker's order: by shoot title, "Other images" (in no shoot) last,
 * then by file name. Photos only client galleries hold are left out (they are private). Searching matches each word against the shoot's title or the file name.
 */
export async function findImagePage(db: Database, query: ImagePageQuery = {}): Promise<ImagePage> {
  const q = (query.q ?? "").trim();
  const offset = Math.max(0, Math.trunc(query.offset ?? 0));
  const limit = query.limit ?? IMAGE_PAGE_SIZE;
  const { collectionId } = query;
  const listed = db
    .selectFrom("assets")
    .select((eb) => ["assets.id", "assets.original_name", shootTitleOf(eb, collectionId).as("shoot_title")])
    // What the picker offers goes on public pages: only what the public may see.
    .where(assetVisibleTo(PUBLIC));
  let matching = db.selectFrom(listed.as("listed"));
  if (collectionId !== undefined) matching = matching.where("listed.shoot_title", "is not", null);
  for (const pattern of likePatterns(q)) {
    matching = matching.where((eb) =>
      eb.or([
        eb(sql`lower(listed.shoot_title)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(listed.original_name)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const [{ total }, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    matching
      .selectAll()
      .orderBy(sql`listed.shoot_title is null`)
      .orderBy("listed.shoot_title")
      .orderBy("listed.original_name")
      .orderBy("listed.id")
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  const images = await loadStoredImages(
    db,
    STUDIO,
    rows.map((r) => r.id),
  );
  const items = rows.flatMap((r) => {
    const stored = images.get(r.id);
    if (!stored) return [];
    // No alt text: the picker's button names the image (file name and shoot) beside it.
    const image = toResponsiveImage(stored, "");
    return [{ assetId: r.id, fileName: r.original_name, group: r.shoot_title ?? OTHER_IMAGES_GROUP, image }];
  });
  const next = offset + rows.length;
  return { q, offset, total: Number(total), nextOffset: next < Number(total) ? next : null, items };
}

// --- the image field before JavaScript (components/admin/image-field.tsx): a select of choices

/**
 * An image field's select: its asset id when it names an image the public may see, else null.
 * The field puts the image on a public page, so a client gallery's photo is no choice even when
 * its id is typed in by hand.
 */
export async function publicAssetId(db: Database, value: FormDataEntryValue | null): Promise<number | null> {
  const id = Number(value);
  if (typeof value !== "string" || value === "" || !Number.isSafeInteger(id) || id <= 0) return null;
  const row = await db
    .selectFrom("assets")
    .select("id")
    .where("id", "=", id)
    .where(assetVisibleTo(PUBLIC))
    .executeTakeFirst();
  return row ? row.id : null;
}

/**
 * The newest stored images (leaving out the private ones only client galleries hold) and those
 * chosen now, for the field's select, grouped by the portfolio shoot each belongs to (the first,
 * if several), shoots by title and "Other images" last, then by file name.
 */
export async function listImageChoices(db: Database, chosen: readonly (number | null)[] = []) {
  const newest = await db
    .selectFrom("assets")
    .select("id")
    .where(assetVisibleTo(PUBLIC))
    .orderBy("id", "desc")
    .limit(NO_SCRIPT_IMAGE_CHOICES)
    .execute();
  const ids = [...new Set([...newest.map((r) => r.id), ...chosen.filter((id): id is number => id !== null)])];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("assets")
    .select((eb) => [
      "assets.id",
      "assets.original_name",
      "assets.width",
      "assets.height",
      shootTitleOf(eb).as("shootTitle"),
    ])
    .where("assets.id", "in", ids)
    .execute();
  const choices = rows.map((r) => ({
    assetId: r.id,
    fileName: r.original_name,
    group: r.shootTitle ?? OTHER_IMAGES_GROUP,
    label: `${r.original_name} (${r.width} × ${r.height}${r.height > r.width ? ", portrait" : ""})`,
  }));
  const rank = (group: string) => (group === OTHER_IMAGES_GROUP ? 1 : 0);
  return choices.sort(
    (a, b) =>
      rank(a.group) - rank(b.group) ||
      a.group.localeCompare(b.group) ||
      a.label.localeCompare(b.label) ||
      a.assetId - b.assetId,
  );
}
export type ImageChoice = Awaited<ReturnType<typeof listImageChoices>>[number];

/** Thumbnails of the fields' current images, keyed by asset id (the field sets the alt text). */
export async function thumbnailsFor(db: Database, assetIds: readonly (number | null)[]) {
  const ids = assetIds.filter((id): id is number => id !== null);
  const images = await loadStoredImages(db, STUDIO, ids);
  return Object.fromEntries(
    ids.flatMap((id) => {
      const image = images.get(id);
      return image ? [[id, toResponsiveImage(image, "")]] : [];
    }),
  );
}
