// Writes a whole studio's catalog at once, as the demo import does: the settings row, the
// collections by slug, the shoots by id with their photos, and the banner slides. Every part is
// an upsert (or a replace), so an import killed half way and run again ends the same.
import type { Insertable } from "kysely";
import { type Database, inTransaction } from "../../platform/db/db.server.ts";
import type { ShootStatus, StoredTime, StudioSettingsTable } from "../../platform/db/schema.server.ts";

export interface CatalogSeed {
  settings: Omit<Insertable<StudioSettingsTable>, "id">;
  collections: {
    slug: string;
    name: string;
    description: string;
    /** The Tamil versions (issue 33); left out: not translated. */
    nameTa?: string | null;
    descriptionTa?: string | null;
    coverAssetId: number | null;
  }[];
  shoots: {
    id: number;
    collectionSlug: string;
    title: string;
    location: string;
    description: string;
    /** The Tamil versions (migration 0027), where the seed has them. */
    titleTa?: string | null;
    locationTa?: string | null;
    descriptionTa?: string | null;
    coverAssetId: number | null;
    storyPosition: number | null;
    status: ShootStatus;
    photos: { assetId: number; position: number; alt: string; altTa?: string | null }[];
  }[];
  slides: { desktopAssetId: number; mobileAssetId: number; alt: string; altTa?: string | null }[];
}

export async function writeCatalog(db: Database, seed: CatalogSeed): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("studio_settings")
      .values({ id: 1, ...seed.settings })
      .onConflict((oc) => oc.column("id").doUpdateSet(seed.settings))
      .execute();

    const collectionIds = new Map<string, number>();
    for (const [position, c] of seed.collections.entries()) {
      const row = {
        slug: c.slug,
        name: c.name,
        description: c.description,
        name_ta: c.nameTa ?? null,
        description_ta: c.descriptionTa ?? null,
        position,
        cover_asset_id: c.coverAssetId,
      };
      const { id } = await trx
        .insertInto("collections")
        .values(row)
        .onConflict((oc) => oc.column("slug").doUpdateSet(row))
        .returning("id")
        .executeTakeFirstOrThrow();
      collectionIds.set(c.slug, id);
    }

    for (const s of seed.shoots) {
      const row = {
        collection_id: collectionIds.get(s.collectionSlug) ?? 0,
        title: s.title,
        location: s.location,
        description: s.description,
        title_ta: s.titleTa ?? null,
        location_ta: s.locationTa ?? null,
        description_ta: s.descriptionTa ?? null,
        cover_asset_id: s.coverAssetId,
        is_story: s.storyPosition !== null,
        story_position: s.storyPosition,
        status: s.status,
      };
      await trx
        .insertInto("shoots")
        .values({ id: s.id, ...row })
        .onConflict((oc) => oc.column("id").doUpdateSet(row))
        .execute();
      await trx.deleteFrom("photos").where("shoot_id", "=", s.id).execute();
      if (s.photos.length > 0) {
        await trx
          .insertInto("photos")
          .values(
            s.photos.map((p) => ({
              shoot_id: s.id,
              asset_id: p.assetId,
              position: p.position,
              alt: p.alt,
              alt_ta: p.altTa ?? null,
            })),
          )
          .execute();
      }
    }

    await trx.deleteFrom("banner_slides").execute();
    if (seed.slides.length > 0) {
      await trx
        .insertInto("banner_slides")
        .values(
          seed.slides.map((slide, position) => ({
            position,
            desktop_asset_id: slide.desktopAssetId,
            mobile_asset_id: slide.mobileAssetId,
            alt: slide.alt,
            alt_ta: slide.altTa ?? null,
          })),
        )
        .execute();
    }
  });
}

/** Whether the studio has any content of its own yet (shoots or settings): the demo never overwrites it. */
export async function catalogIsEmpty(db: Database): Promise<boolean> {
  const [shoot, settings] = await Promise.all([
    db.selectFrom("shoots").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("studio_settings").select("id").executeTakeFirst(),
  ]);
  return !shoot && !settings;
}

/**
 * A new collection at `position` (0 unless given); returns its id. The admin has no form
 * for a collection (the demo import makes them): this is the one way a test's, bench's or drill's
 * fixture makes one.
 */
export async function addCollection(
  db: Database,
  { slug, name, position = 0, description }: { slug: string; name: string; position?: number; description?: string },
): Promise<number> {
  const { id } = await db
    .insertInto("collections")
    .values({ slug, name, position, ...(description === undefined ? {} : { description }) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A shoot of a big fixture, with its own times so that sorting by them means something. */
export interface BulkShoot {
  id: number;
  collectionId: number;
  title: string;
  location: string;
  description: string;
  status: ShootStatus;
  createdAt: StoredTime;
  updatedAt: StoredTime;
  /** Its photos' assets in order: positions 0, 1, 2... */
  assetIds: readonly number[];
}

/** Shoots per statement: a shoot's columns times this stays far below SQLite's 32,766 parameters. */
const BULK_SHOOTS_PER_INSERT = 200;

/**
 * Writes thousands of new shoots with their photos in one transaction, a few hundred rows a
 * statement: the content API's bench seeds 5,000 this way in about a second, where writeCatalog's
 * upsert of each shoot would take one statement per row.
 */
export async function writeShoots(db: Database, shoots: readonly BulkShoot[]): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (let from = 0; from < shoots.length; from += BULK_SHOOTS_PER_INSERT) {
      const chunk = shoots.slice(from, from + BULK_SHOOTS_PER_INSERT);
      await trx
        .insertInto("shoots")
        .values(
          chunk.map((s) => ({
            id: s.id,
            collection_id: s.collectionId,
            title: s.title,
            location: s.location,
            description: s.description,
            cover_asset_id: null,
            is_story: 0,
            story_position: null,
            status: s.status,
            created_at: s.createdAt,
            updated_at: s.updatedAt,
          })),
        )
        .execute();
      const photos = chunk.flatMap((s) =>
        s.assetIds.map((asset_id, position) => ({ shoot_id: s.id, asset_id, position })),
      );
      if (photos.length > 0) await trx.insertInto("photos").values(photos).execute();
    }
  });
}
