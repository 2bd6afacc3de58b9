// The admin's edits to collections: name, order on the site, and the cover (a photo from one
// of the collection's shoots). The URL slug stays: links to /gallery/{slug} keep working.
import type { Database } from "../../platform/db/db.server.ts";

export const COLLECTION_NAME_MAX_LENGTH = 60;

export async function listCollectionsWithCovers(db: Database) {
  const collections = await db
    .selectFrom("collections")
    .select(["id", "slug", "name", "cover_asset_id"])
    .orderBy("position")
    .orderBy("id")
    .execute();
  const photos = await db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select(["shoots.collection_id", "photos.asset_id", "shoots.title", "assets.original_name"])
    .where("photos.deleted_at", "is", null)
    .where("shoots.deleted_at", "is", null)
    .orderBy("shoots.id")
    .orderBy("photos.position")
    .execute();
  return collections.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    coverAssetId: c.cover_asset_id,
    /** Photos the cover may be chosen from: those in this collection's shoots. */
    candidates: photos
      .filter((p) => p.collection_id === c.id)
      .map((p) => ({ assetId: p.asset_id, label: `${p.title}: ${p.original_name}` })),
  }));
}

/** Renames a collection; returns an error message for the field, or null when saved. */
export async function renameCollection(db: Database, id: number, rawName: string): Promise<string | null> {
  const name = rawName.trim();
  if (name === "") return "Give the collection a name.";
  if (name.length > COLLECTION_NAME_MAX_LENGTH) return `At most ${COLLECTION_NAME_MAX_LENGTH} characters.`;
  await db.updateTable("collections").set({ name }).where("id", "=", id).execute();
  return null;
}

/** Moves a collection one place earlier (-1) or later (+1), renumbering all. */
export async function moveCollection(db: Database, id: number, delta: -1 | 1): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ids = (await trx.selectFrom("collections").select("id").orderBy("position").orderBy("id").execute()).map(
      (r) => r.id,
    );
    const from = ids.indexOf(id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
    for (const [position, collectionId] of ids.entries()) {
      await trx.updateTable("collections").set({ position }).where("id", "=", collectionId).execute();
    }
  });
}

/** Sets the cover to a photo of one of the collection's shoots; false when it is not one. */
export async function setCollectionCover(db: Database, id: number, assetId: number): Promise<boolean> {
  const photo = await db
    .selectFrom("photos")
    .innerJoin("shoots", "shoots.id", "photos.shoot_id")
    .select("photos.id")
    .where("shoots.collection_id", "=", id)
    .where("photos.asset_id", "=", assetId)
    .where("photos.deleted_at", "is", null)
    .executeTakeFirst();
  if (!photo) return false;
  await db.updateTable("collections").set({ cover_asset_id: assetId }).where("id", "=", id).execute();
  return true;
}
