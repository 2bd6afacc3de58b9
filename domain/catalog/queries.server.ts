// The public site's reads. Each screen's loader calls one or two functions here; only
// published shoots outside the admin's trash are ever returned (IS_PUBLIC_SHOOT).
import { sql } from "kysely";
import type { Database } from "../../platform/db/db.server.ts";
import { publicMediaUrl } from "../media/storage.server.ts";
import { loadStoredImages, type StoredImage, toResponsiveImage } from "./images.server.ts";
import { MAX_SEARCH_RESULTS, MIN_SEARCH_LENGTH } from "./search-limits.ts";
import type {
  AboutPage,
  BannerSlide,
  CollectionCard,
  CollectionPage,
  ShootCard,
  ShootPage,
  Showreel,
  StudioInfo,
} from "./types.ts";

/** The one rule for what the public may see of a shoot: published, and not in the trash. */
export const IS_PUBLIC_SHOOT = sql<boolean>`shoots.status = 'published' and shoots.deleted_at is null`;
/** A photo in the admin's trash is not shown, even in a published shoot. */
export const IS_PUBLIC_PHOTO = sql<boolean>`photos.deleted_at is null`;

function jsonArray<T>(text: string): T[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
}

function imageOrNull(images: Map<number, StoredImage>, assetId: number | null, alt: string) {
  const stored = assetId === null ? undefined : images.get(assetId);
  return stored ? toResponsiveImage(stored, alt) : null;
}

export async function getStudio(db: Database): Promise<StudioInfo | null> {
  const s = await db.selectFrom("studio_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!s) return null;
  const images = await loadStoredImages(db, s.logo_asset_id === null ? [] : [s.logo_asset_id]);
  return {
    name: s.name,
    tagline: s.tagline,
    phones: jsonArray(s.phones),
    emails: jsonArray(s.emails),
    address: {
      street: s.street_address,
      locality: s.locality,
      region: s.region,
      postalCode: s.postal_code,
      country: s.country,
    },
    socialLinks: jsonArray(s.social_links),
    openingHours: s.opening_hours,
    logo: imageOrNull(images, s.logo_asset_id, s.name),
  };
}

export async function getBannerSlides(db: Database): Promise<BannerSlide[]> {
  const slides = await db.selectFrom("banner_slides").selectAll().orderBy("position").execute();
  const images = await loadStoredImages(
    db,
    slides.flatMap((s) => [s.desktop_asset_id, s.mobile_asset_id]),
  );
  return slides.flatMap((s) => {
    const desktop = images.get(s.desktop_asset_id);
    const mobile = images.get(s.mobile_asset_id);
    if (!desktop || !mobile) return [];
    return [{ id: s.id, desktop: toResponsiveImage(desktop, s.alt), mobile: toResponsiveImage(mobile, s.alt) }];
  });
}

export async function getCollectionCards(db: Database): Promise<CollectionCard[]> {
  const collections = await db.selectFrom("collections").selectAll().orderBy("position").execute();
  const images = await loadStoredImages(
    db,
    collections.flatMap((c) => (c.cover_asset_id === null ? [] : [c.cover_asset_id])),
  );
  return collections.map((c) => ({
    slug: c.slug,
    name: c.name,
    description: c.description,
    cover: imageOrNull(images, c.cover_asset_id, `${c.name} collection`),
  }));
}

type ShootRow = { id: number; title: string; location: string; description: string; cover_asset_id: number | null };

/** Each shoot's cover asset: the chosen cover, else its first photo (the content API shares this). */
export async function shootCoverAssetIds(
  db: Database,
  rows: readonly { id: number; cover_asset_id: number | null }[],
): Promise<Map<number, number | null>> {
  const firstPhotos = rows.length
    ? await db
        .selectFrom("photos")
        .select(["shoot_id", sql<number>`min(asset_id)`.as("asset_id")])
        .where(
          "shoot_id",
          "in",
          rows.map((r) => r.id),
        )
        .where("position", "=", 0)
        .where(IS_PUBLIC_PHOTO)
        .groupBy("shoot_id")
        .execute()
    : [];
  const fallback = new Map(firstPhotos.map((p) => [p.shoot_id, p.asset_id]));
  return new Map(rows.map((r) => [r.id, r.cover_asset_id ?? fallback.get(r.id) ?? null]));
}

/** Shoots as cards; a shoot without a chosen cover shows its first photo. */
async function toShootCards(db: Database, rows: ShootRow[]): Promise<ShootCard[]> {
  const covers = await shootCoverAssetIds(db, rows);
  const coverOf = (r: ShootRow) => covers.get(r.id) ?? null;
  const images = await loadStoredImages(
    db,
    rows.flatMap((r) => coverOf(r) ?? []),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    location: r.location,
    description: r.description,
    cover: imageOrNull(images, coverOf(r), `${r.title}, ${r.location}`),
  }));
}

const SHOOT_CARD_COLUMNS = [
  "shoots.id",
  "shoots.title",
  "shoots.location",
  "shoots.description",
  "shoots.cover_asset_id",
] as const;

export async function getRecentStories(db: Database): Promise<ShootCard[]> {
  const rows = await db
    .selectFrom("shoots")
    .select(SHOOT_CARD_COLUMNS)
    .where(IS_PUBLIC_SHOOT)
    .where("is_story", "=", 1)
    .orderBy("story_position")
    .orderBy("id")
    .execute();
  return toShootCards(db, rows);
}

/** A collection by its URL segment, case-insensitively (/gallery/BabyShoot is babyShoot). */
export async function getCollectionPage(db: Database, segment: string): Promise<CollectionPage | null> {
  const collection = await db
    .selectFrom("collections")
    .select(["id", "slug", "name", "description"])
    .where(sql<string>`lower(slug)`, "=", segment.toLowerCase())
    .executeTakeFirst();
  if (!collection) return null;
  const rows = await db
    .selectFrom("shoots")
    .select(SHOOT_CARD_COLUMNS)
    .where("collection_id", "=", collection.id)
    .where(IS_PUBLIC_SHOOT)
    .orderBy("id")
    .execute();
  return {
    slug: collection.slug,
    name: collection.name,
    description: collection.description,
    shoots: await toShootCards(db, rows),
  };
}

export async function getShootPage(db: Database, id: number): Promise<ShootPage | null> {
  const shoot = await db
    .selectFrom("shoots")
    .innerJoin("collections", "collections.id", "shoots.collection_id")
    .select([
      "shoots.id",
      "shoots.title",
      "shoots.location",
      "shoots.description",
      "collections.slug",
      "collections.name",
    ])
    .where("shoots.id", "=", id)
    .where(IS_PUBLIC_SHOOT)
    .executeTakeFirst();
  if (!shoot) return null;
  const photos = await db
    .selectFrom("photos")
    .select(["id", "asset_id", "alt"])
    .where("shoot_id", "=", id)
    .where(IS_PUBLIC_PHOTO)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const images = await loadStoredImages(
    db,
    photos.map((p) => p.asset_id),
  );
  return {
    id: shoot.id,
    title: shoot.title,
    location: shoot.location,
    description: shoot.description,
    collection: { slug: shoot.slug, name: shoot.name },
    photos: photos.flatMap((p) => {
      const stored = images.get(p.asset_id);
      if (!stored) return [];
      const largest = stored.variants.filter((v) => v.format === "webp").sort((a, b) => b.width - a.width)[0];
      return [{ id: p.id, image: toResponsiveImage(stored, p.alt), large: largest ? publicMediaUrl(largest.key) : "" }];
    }),
  };
}

export async function getAboutPage(db: Database): Promise<AboutPage | null> {
  const s = await db
    .selectFrom("studio_settings")
    .select(["name", "about_title", "about_text", "about_asset_id"])
    .executeTakeFirst();
  if (!s || s.about_text.trim() === "") return null;
  const images = await loadStoredImages(db, s.about_asset_id === null ? [] : [s.about_asset_id]);
  return {
    title: s.about_title || `About ${s.name}`,
    text: s.about_text,
    image: imageOrNull(images, s.about_asset_id, `At work with ${s.name}`),
  };
}

export async function getShowreel(db: Database): Promise<Showreel | null> {
  const s = await db
    .selectFrom("studio_settings")
    .select(["showreel_video_id", "showreel_poster_asset_id", "name"])
    .executeTakeFirst();
  if (!s?.showreel_video_id) return null;
  const images = await loadStoredImages(db, s.showreel_poster_asset_id === null ? [] : [s.showreel_poster_asset_id]);
  return {
    videoId: s.showreel_video_id,
    poster: imageOrNull(images, s.showreel_poster_asset_id, `${s.name} showreel`),
  };
}

/** Published shoots whose title, location or collection name contains every word of the query. */
export async function searchShoots(db: Database, query: string): Promise<ShootCard[]> {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (query.trim().length < MIN_SEARCH_LENGTH || words.length === 0) return [];
  let q = db
    .selectFrom("shoots")
    .innerJoin("collections", "collections.id", "shoots.collection_id")
    .select(SHOOT_CARD_COLUMNS)
    .where(IS_PUBLIC_SHOOT);
  for (const word of words) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(shoots.title)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(shoots.location)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(collections.name)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const rows = await q.orderBy("shoots.id").limit(MAX_SEARCH_RESULTS).execute();
  return toShootCards(db, rows);
}

export interface SitemapEntry {
  path: string;
  images: { url: string; title: string }[];
}

/** Every public page, with the images a search engine may index for it. */
export async function getSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const collections = await db.selectFrom("collections").select("slug").orderBy("position").execute();
  const shoots = await db.selectFrom("shoots").select(["id", "title"]).where(IS_PUBLIC_SHOOT).orderBy("id").execute();
  const photos = await db
    .selectFrom("photos")
    .innerJoin("asset_variants", (join) =>
      join.onRef("asset_variants.asset_id", "=", "photos.asset_id").on("asset_variants.format", "=", "jpeg"),
    )
    .select(["photos.shoot_id", "photos.alt", "asset_variants.key"])
    .where(IS_PUBLIC_PHOTO)
    .orderBy("photos.shoot_id")
    .orderBy("photos.position")
    .execute();
  const statics: SitemapEntry[] = ["/", "/about", "/contactUs"].map((path) => ({ path, images: [] }));
  return [
    ...statics,
    ...collections.map((c) => ({ path: `/gallery/${c.slug}`, images: [] })),
    ...shoots.map((s) => ({
      path: `/galleryList/${s.id}`,
      images: photos
        .filter((p) => p.shoot_id === s.id)
        .map((p) => ({ url: publicMediaUrl(p.key), title: p.alt || s.title })),
    })),
  ];
}
