// Writes a whole studio's catalog at once, as the demo import does: the settings row, the
// collections by slug, the shoots by id with their photos, and the banner slides. Every part is
// an upsert (or a replace), so an import killed half way and run again ends the same.
import type { Insertable } from "kysely";
import { type Database, inTransaction } from "../../platform/db/db.server.ts";
import type { ShootStatus, StudioSettingsTable } from "../../platform/db/schema.server.ts";

export interface CatalogSeed {
  settings: Omit<Insertable<StudioSettingsTable>, "id">;
  collections: { slug: string; name: string; description: string; coverAssetId: number | null }[];
  shoots: {
    id: number;
    collectionSlug: string;
    title: string;
    location: string;
    description: string;
    coverAssetId: number | null;
    storyPosition: number | null;
    status: ShootStatus;
    photos: { assetId: number; position: number; alt: string }[];
  }[];
  slides: { desktopAssetId: number; mobileAssetId: number; alt: string }[];
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
      const row = { slug: c.slug, name: c.name, description: c.description, position, cover_asset_id: c.coverAssetId };
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
          .values(s.photos.map((p) => ({ shoot_id: s.id, asset_id: p.assetId, position: p.position, alt: p.alt })))
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
