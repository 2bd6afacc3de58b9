// The catalog's one read model: the studio row, collections, shoots with their collections, a
// shoot's photos with their images, and the banner slides. The public pages
// (public-pages.server.ts), the admin (shoots, photos, collections, banners, settings) and the
// content API all read these tables through here, so they agree on what is public, what is in
// the trash and in which order things come: by position, then by id (ADR 020), and a shoot's
// photos as the shoot says, by hand, by capture time or by file name (ADR 023). Each reader
// shapes the records for its own screen or response; nothing here knows about HTML or JSON.
import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from "kysely";
import type { Database } from "../../platform/db/db.server.ts";
import type {
  CaptureTime,
  CollectionsTable,
  DB,
  PhotoOrder,
  ShootStatus,
  StoredTime,
  StudioSettingsTable,
} from "../../platform/db/schema.server.ts";
import {
  type Audience,
  type PublicAudience,
  photoVisibleTo,
  type StudioAudience,
  shootVisibleTo,
} from "./audience.server.ts";
import { loadStoredImages, type StoredImage } from "./images.server.ts";
import { type ContentLanguage, inLanguage } from "./localized.ts";

// --- the studio row: one per studio, read at most once per request.

export type StudioRow = Selectable<StudioSettingsTable>;

export async function readStudioRow(db: Database): Promise<StudioRow | null> {
  return (await db.selectFrom("studio_settings").selectAll().where("id", "=", 1).executeTakeFirst()) ?? null;
}

/** One of the row's lists kept as JSON text (its phones, e-mails): an array, or none. */
export function jsonList<T>(text: string): T[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
}

/**
 * The studio's name in `language`: the Tamil one where it wrote one (migration 0027); the pages'
 * and the mails' alike.
 */
export function studioNameIn(row: Pick<StudioRow, "name" | "name_ta">, language: ContentLanguage): string {
  return inLanguage(language, row.name, row.name_ta);
}

/** The studio's phone numbers as its settings list them; none without a studio. */
export function studioPhones(row: StudioRow | null): string[] {
  return row ? jsonList<string>(row.phones) : [];
}

// --- collections

export type CollectionRecord = Selectable<CollectionsTable>;

/** Every collection, in the site's order. */
export async function readCollections(db: Database): Promise<CollectionRecord[]> {
  return db.selectFrom("collections").selectAll().orderBy("position").orderBy("id").execute();
}

// --- shoots, each with its collection

export interface ShootRecord {
  id: number;
  title: string;
  location: string;
  description: string;
  /** The Tamil versions (migration 0027); null or empty: not translated (localized.ts). */
  titleTa: string | null;
  locationTa: string | null;
  descriptionTa: string | null;
  /** The chosen cover; see shootCovers for the one shown. */
  coverAssetId: number | null;
  status: ShootStatus;
  /** How its photos are ordered (readShootPhotos applies it). */
  photoOrder: PhotoOrder;
  isStory: boolean;
  storyPosition: number | null;
  createdAt: StoredTime;
  updatedAt: StoredTime;
  deletedAt: StoredTime | null;
  /** A portfolio shoot's collection; null for a client gallery's set. */
  collection: { id: number; slug: string; name: string; nameTa: string | null } | null;
  /** A client gallery's set: its gallery and its place among the gallery's sets. */
  gallery: { id: number; position: number } | null;
}

export interface ShootQuery {
  /**
   * Which of the shoots the audience may see: live (the default: not in the trash), trashed, or
   * any. Only the studio sees the trash; for another audience the rule already means live.
   */
  scope?: "live" | "trashed" | "any";
  id?: number;
  collectionId?: number;
  /** Only the recent stories, in their order. */
  stories?: boolean;
  /** Every word in the title, the location or the collection's name (any case), English or Tamil. */
  words?: readonly string[];
  /**
   * Portfolio shoots only (the default), a gallery's sets only (by the gallery's id), or both. A
   * gallery's audience reads its own sets whatever this says.
   */
  kind?: "portfolio" | { galleryId: number } | "any";
  /** More conditions on a shoot and its collection (the content API's filters, in SQL). */
  where?: (eb: ExpressionBuilder<DB, "shoots" | "collections">) => Expression<SqlBool>;
  /** An order before the usual one (the content API's sort). */
  orderBy?: readonly { column: ShootColumn; descending: boolean }[];
  limit?: number;
  offset?: number;
}

/** Columns a shoot may be filtered or sorted on, its collection's included. */
export type ShootColumn =
  | "shoots.id"
  | "shoots.title"
  | "shoots.location"
  | "shoots.description"
  | "shoots.is_story"
  | "shoots.created_at"
  | "shoots.updated_at"
  | "collections.id"
  | "collections.name"
  | "collections.slug"
  | "collections.description";

/** A portfolio shoot: in a collection, never in a gallery. */
export type PortfolioShootRecord = ShootRecord & { collection: NonNullable<ShootRecord["collection"]>; gallery: null };

/** The shoots a query means, before the columns are chosen: readShoots and countShoots share it. */
function shootsWhere(db: Database, audience: Audience, query: ShootQuery) {
  let q = db
    .selectFrom("shoots")
    .leftJoin("collections", "collections.id", "shoots.collection_id")
    .where(shootVisibleTo(audience));
  const kind = audience.kind === "gallery" ? { galleryId: audience.galleryId } : (query.kind ?? "portfolio");
  if (kind === "portfolio") q = q.where("shoots.gallery_id", "is", null);
  else if (kind !== "any") q = q.where("shoots.gallery_id", "=", kind.galleryId);
  const scope = query.scope ?? "live";
  if (scope === "live") q = q.where("shoots.deleted_at", "is", null);
  if (scope === "trashed") q = q.where("shoots.deleted_at", "is not", null);
  if (query.id !== undefined) q = q.where("shoots.id", "=", query.id);
  if (query.collectionId !== undefined) q = q.where("shoots.collection_id", "=", query.collectionId);
  if (query.stories) q = q.where("shoots.is_story", "=", 1);
  for (const word of query.words ?? []) {
    const pattern = `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(shoots.title)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(shoots.location)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(collections.name)`, "like", sql`${pattern} escape '\\'`),
        // The Tamil versions too, so a search on a Tamil page finds what it shows.
        eb(sql`lower(shoots.title_ta)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(shoots.location_ta)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(collections.name_ta)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (query.where) q = q.where(query.where);
  return q;
}

/** How many shoots a query means, whatever its limit and offset. */
export async function countShoots(db: Database, audience: Audience, query: ShootQuery): Promise<number> {
  const row = await shootsWhere(db, audience, query)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Shoots by id; recent stories in their order; the trash with the latest deleted first; a
 * gallery's sets in their order. Portfolio shoots unless the query asks for sets.
 */
export async function readShoots(
  db: Database,
  audience: PublicAudience | StudioAudience,
  query: ShootQuery & { kind?: "portfolio" },
): Promise<PortfolioShootRecord[]>;
export async function readShoots(db: Database, audience: Audience, query: ShootQuery): Promise<ShootRecord[]>;
export async function readShoots(db: Database, audience: Audience, query: ShootQuery): Promise<ShootRecord[]> {
  let q = shootsWhere(db, audience, query).select([
    "shoots.id",
    "shoots.title",
    "shoots.location",
    "shoots.description",
    "shoots.title_ta",
    "shoots.location_ta",
    "shoots.description_ta",
    "shoots.cover_asset_id",
    "shoots.status",
    "shoots.photo_order",
    "shoots.is_story",
    "shoots.story_position",
    "shoots.created_at",
    "shoots.updated_at",
    "shoots.deleted_at",
    "collections.id as collection_id",
    "collections.slug as collection_slug",
    "collections.name as collection_name",
    "collections.name_ta as collection_name_ta",
    "shoots.gallery_id",
    "shoots.gallery_position",
  ]);
  for (const { column, descending } of query.orderBy ?? []) q = q.orderBy(column, descending ? "desc" : "asc");
  const kind = audience.kind === "gallery" ? "sets" : (query.kind ?? "portfolio");
  if (kind !== "portfolio" && kind !== "any") q = q.orderBy("shoots.gallery_position");
  if (query.stories) q = q.orderBy("shoots.story_position");
  if (query.scope === "trashed") q = q.orderBy("shoots.deleted_at", "desc");
  q = q.orderBy("shoots.id");
  if (query.limit !== undefined) q = q.limit(query.limit);
  if (query.offset !== undefined) q = q.offset(query.offset);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    location: r.location,
    description: r.description,
    titleTa: r.title_ta,
    locationTa: r.location_ta,
    descriptionTa: r.description_ta,
    coverAssetId: r.cover_asset_id,
    status: r.status,
    photoOrder: r.photo_order,
    isStory: r.is_story === 1,
    storyPosition: r.story_position,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    deletedAt: r.deleted_at,
    collection:
      r.collection_id !== null && r.collection_slug !== null && r.collection_name !== null
        ? { id: r.collection_id, slug: r.collection_slug, name: r.collection_name, nameTa: r.collection_name_ta }
        : null,
    gallery: r.gallery_id !== null ? { id: r.gallery_id, position: r.gallery_position ?? 0 } : null,
  }));
}

/** Each shoot's cover asset: the chosen cover, else its first photo. */
export async function shootCovers(
  db: Database,
  audience: Audience,
  shoots: readonly { id: number; coverAssetId: number | null }[],
): Promise<Map<number, number | null>> {
  // The first live photo of each shoot: lowest position, then id (positions are gapped and may
  // be negative after a move to the start, so "position 0" means nothing).
  const firstPhotos = shoots.length
    ? await db
        .selectFrom((eb) =>
          eb
            .selectFrom("photos")
            .innerJoin("shoots", "shoots.id", "photos.shoot_id")
            .select([
              "photos.shoot_id",
              "photos.asset_id",
              sql<number>`row_number() over (partition by photos.shoot_id order by photos.position, photos.id)`.as(
                "rank",
              ),
            ])
            .where(
              "photos.shoot_id",
              "in",
              shoots.map((s) => s.id),
            )
            .where("photos.deleted_at", "is", null)
            .where(photoVisibleTo(audience))
            .as("ranked"),
        )
        .select(["shoot_id", "asset_id"])
        .where("rank", "=", 1)
        .execute()
    : [];
  const fallback = new Map(firstPhotos.map((p) => [p.shoot_id, p.asset_id]));
  return new Map(shoots.map((s) => [s.id, s.coverAssetId ?? fallback.get(s.id) ?? null]));
}

// --- a shoot's photos, with their images

export interface PhotoRecord {
  id: number;
  shootId: number;
  assetId: number;
  alt: string;
  /** The alt text in Tamil (migration 0027); null or empty: not translated. */
  altTa: string | null;
  position: number;
  /** The name the file was uploaded under. */
  fileName: string;
  /** The size of the file as uploaded. */
  originalBytes: number;
  /** When the camera took it, its own wall clock (ADR 023); null when the file said nothing usable. */
  capturedAt: CaptureTime | null;
  /** The photo's size in pixels, as uploaded (its shape, even when asked without images). */
  width: number;
  height: number;
  /** Null when its variants are missing (see repair-media), or when asked without images. */
  image: StoredImage | null;
}

/**
 * File names compare as people read them: "IMG_2.jpg" before "IMG_10.jpg" (digits as numbers)
 * and "img_3.jpg" beside "IMG_3.jpg" (case aside; accents still count). This is done here after
 * the query rather than in SQL: SQLite has no such collation (NOCASE folds ASCII only, and digits
 * compare as text, so "IMG_10" < "IMG_2"), PostgreSQL's would be an ICU collation to create, and
 * Intl.Collator is ICU already, the same on every server. A shoot's photos are always read whole
 * (no LIMIT or paging), so sorting a 3,000-photo wedding in memory costs a few milliseconds.
 */
const FILE_NAME_ORDER = new Intl.Collator("en", { numeric: true, sensitivity: "accent" });
/** A capture time's wall clock; the camera's offset, when it wrote one, follows (ADR 023). */
const WALL_CLOCK_LENGTH = "YYYY-MM-DDTHH:MM:SS".length;

type Comparison = (a: PhotoRecord, b: PhotoRecord) => number;
const byName: Comparison = (a, b) => FILE_NAME_ORDER.compare(a.fileName, b.fileName) || a.id - b.id;
/**
 * By the camera's wall clock (fixed-width, so text order is time order), photos without a capture
 * time last; a burst within one second by file name, which cameras number in shooting order.
 */
const byCaptureTime: Comparison = (a, b) => {
  const at = a.capturedAt?.slice(0, WALL_CLOCK_LENGTH) ?? null;
  const bt = b.capturedAt?.slice(0, WALL_CLOCK_LENGTH) ?? null;
  if (at !== bt) {
    if (at === null) return 1;
    if (bt === null) return -1;
    return at < bt ? -1 : 1;
  }
  return byName(a, b);
};
const byPosition: Comparison = (a, b) => a.position - b.position || a.id - b.id;
const COMPARISON_OF: Record<PhotoOrder, Comparison> = { manual: byPosition, captured: byCaptureTime, name: byName };

/**
 * The photos of these shoots that are not in the trash, shoot by shoot (by id), each shoot's in
 * its photo_order: by hand (position, then id), by capture time (then file name, then id), or by
 * file name (then id). The order is worked out on every read, so a new upload takes its place
 * in it with nothing written.
 */
export async function readShootPhotos(
  db: Database,
  audience: Audience,
  shootIds: readonly number[],
  { images: withImages = true } = {},
): Promise<PhotoRecord[]> {
  if (shootIds.length === 0) return [];
  const rows = await db
    .selectFrom("photos")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .select([
      "photos.id",
      "photos.shoot_id",
      "photos.asset_id",
      "photos.alt",
      "photos.alt_ta",
      "photos.position",
      "assets.original_name",
      "assets.original_bytes",
      "assets.captured_at",
      "assets.width",
      "assets.height",
      "shoots.photo_order",
    ])
    .where("photos.shoot_id", "in", [...shootIds])
    .where("photos.deleted_at", "is", null)
    .where(photoVisibleTo(audience))
    // The manual order; a shoot in another order is sorted below.
    .orderBy("photos.shoot_id")
    .orderBy("photos.position")
    .orderBy("photos.id")
    .execute();
  const images = withImages
    ? await loadStoredImages(
        db,
        audience,
        rows.map((r) => r.asset_id),
      )
    : new Map<number, StoredImage>();
  const photos = rows.map<PhotoRecord>((r) => ({
    id: r.id,
    shootId: r.shoot_id,
    assetId: r.asset_id,
    alt: r.alt,
    altTa: r.alt_ta,
    position: r.position,
    fileName: r.original_name,
    originalBytes: r.original_bytes,
    capturedAt: r.captured_at,
    width: r.width,
    height: r.height,
    image: images.get(r.asset_id) ?? null,
  }));
  const orderOf = new Map(rows.map((r) => [r.shoot_id, COMPARISON_OF[r.photo_order]]));
  if ([...orderOf.values()].every((order) => order === byPosition)) return photos;
  return photos.sort((a, b) => a.shootId - b.shootId || (orderOf.get(a.shootId) ?? byPosition)(a, b));
}

// --- banner slides

export interface SlideRecord {
  id: number;
  alt: string;
  /** The alt text in Tamil (migration 0027); null or empty: not translated. */
  altTa: string | null;
  desktopAssetId: number;
  mobileAssetId: number;
  /** Null when missing, or when asked without images. */
  desktop: StoredImage | null;
  mobile: StoredImage | null;
  createdAt: string;
  updatedAt: string;
}

/** The home page's slides in their order: by position, then id. */
export async function readBannerSlides(
  db: Database,
  audience: Audience,
  { images: withImages = true } = {},
): Promise<SlideRecord[]> {
  const slides = await db.selectFrom("banner_slides").selectAll().orderBy("position").orderBy("id").execute();
  const images = withImages
    ? await loadStoredImages(
        db,
        audience,
        slides.flatMap((s) => [s.desktop_asset_id, s.mobile_asset_id]),
      )
    : new Map<number, StoredImage>();
  return slides.map((s) => ({
    id: s.id,
    alt: s.alt,
    altTa: s.alt_ta,
    desktopAssetId: s.desktop_asset_id,
    mobileAssetId: s.mobile_asset_id,
    desktop: images.get(s.desktop_asset_id) ?? null,
    mobile: images.get(s.mobile_asset_id) ?? null,
    createdAt: s.created_at,
    updatedAt: s.updated_at,
  }));
}
