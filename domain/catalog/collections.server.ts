// The admin's edits to collections: name, description, order on the site, and the cover (a photo
// from one of the collection's shoots). The URL slug stays: links to /gallery/{slug} keep working.
// A name and a description each have an optional Tamil version (issue 33), empty meaning the
// Tamil pages show the English.
import type { Database } from "../../platform/db/db.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { STUDIO } from "./audience.server.ts";
import { NO_SCRIPT_IMAGE_CHOICES } from "./image-choice.ts";
import { tamilToStore } from "./localized.ts";
import { moveByOne, type Step } from "./move-by-one.server.ts";
import { readCollections, readShootPhotos, readShoots } from "./read-model.server.ts";
import { DESCRIPTION_MAX_LENGTH } from "./shoots.server.ts";

export const COLLECTION_NAME_MAX_LENGTH = 60;
/** A collection's description is a shoot's in length: a paragraph or two under its name. */
export const COLLECTION_DESCRIPTION_MAX_LENGTH = DESCRIPTION_MAX_LENGTH;

export async function listCollectionsWithCovers(db: Database) {
  const [collections, shoots] = await Promise.all([readCollections(db), readShoots(db, STUDIO, {})]);
  const photos = await readShootPhotos(
    db,
    STUDIO,
    shoots.map((s) => s.id),
    { images: false },
  );
  const shootOf = new Map(shoots.map((s) => [s.id, s]));
  // The select is the field before JavaScript runs: the newest photos, and the cover chosen now
  // (the picker searches them all).
  photos.sort((a, b) => b.assetId - a.assetId);
  const candidatesOf = (collectionId: number, coverAssetId: number | null) => {
    const inCollection = photos.filter((p) => shootOf.get(p.shootId)?.collection.id === collectionId);
    const newest = inCollection.slice(0, NO_SCRIPT_IMAGE_CHOICES);
    const cover = inCollection.find((p) => p.assetId === coverAssetId);
    return cover && !newest.includes(cover) ? [...newest, cover] : newest;
  };
  return collections.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    /** Its Tamil name; empty: not translated. */
    nameTa: c.name_ta ?? "",
    description: c.description,
    /** Its Tamil description; empty: not translated. */
    descriptionTa: c.description_ta ?? "",
    coverAssetId: c.cover_asset_id,
    /** Photos the cover may be chosen from: those in this collection's shoots. */
    candidates: candidatesOf(c.id, c.cover_asset_id).map((p) => {
      const shoot = shootOf.get(p.shootId) as (typeof shoots)[number];
      return {
        assetId: p.assetId,
        label: `${shoot.title}: ${p.fileName}`,
        shootTitle: shoot.title,
        fileName: p.fileName,
      };
    }),
  }));
}

/**
 * Renames a collection, and sets its Tamil name when given (empty clears it); returns an error
 * message for the field, or null when saved.
 */
export async function renameCollection(
  db: Database,
  id: number,
  rawName: string,
  rawNameTa?: string,
): Promise<string | null> {
  const name = rawName.trim();
  if (name === "") return "Give the collection a name.";
  if (name.length > COLLECTION_NAME_MAX_LENGTH) return `At most ${COLLECTION_NAME_MAX_LENGTH} characters.`;
  const nameTa = rawNameTa === undefined ? undefined : tamilToStore(rawNameTa);
  if (nameTa && nameTa.length > COLLECTION_NAME_MAX_LENGTH)
    return `The Tamil name: at most ${COLLECTION_NAME_MAX_LENGTH} characters.`;
  await db
    .updateTable("collections")
    .set({ name, ...(nameTa === undefined ? {} : { name_ta: nameTa }), updated_at: toStoredTime() })
    .where("id", "=", id)
    .execute();
  return null;
}

/**
 * Sets a collection's description (shown under its name on its page and in its card) and its
 * Tamil version (empty clears it); returns an error message for the field, or null when saved.
 * An empty description is allowed: the page then shows the name alone.
 */
export async function describeCollection(
  db: Database,
  id: number,
  rawDescription: string,
  rawDescriptionTa: string,
): Promise<{ field: "description" | "descriptionTa"; error: string } | null> {
  const description = rawDescription.trim();
  const descriptionTa = tamilToStore(rawDescriptionTa);
  if (description.length > COLLECTION_DESCRIPTION_MAX_LENGTH)
    return { field: "description", error: `At most ${COLLECTION_DESCRIPTION_MAX_LENGTH} characters.` };
  if (descriptionTa && descriptionTa.length > COLLECTION_DESCRIPTION_MAX_LENGTH)
    return {
      field: "descriptionTa",
      error: `The Tamil description: at most ${COLLECTION_DESCRIPTION_MAX_LENGTH} characters.`,
    };
  await db
    .updateTable("collections")
    .set({ description, description_ta: descriptionTa, updated_at: toStoredTime() })
    .where("id", "=", id)
    .execute();
  return null;
}

/** Moves a collection one place earlier (-1) or later (+1), renumbering all. */
export async function moveCollection(db: Database, id: number, step: Step): Promise<void> {
  await moveByOne(db, COLLECTIONS, id, step);
}

const COLLECTIONS = {
  read: async (trx: Database) => (await readCollections(trx)).map((c) => c.id),
  async write(trx: Database, ids: number[]) {
    const updated_at = toStoredTime();
    for (const [position, id] of ids.entries()) {
      await trx.updateTable("collections").set({ position, updated_at }).where("id", "=", id).execute();
    }
  },
};

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
  await db
    .updateTable("collections")
    .set({ cover_asset_id: assetId, updated_at: toStoredTime() })
    .where("id", "=", id)
    .execute();
  return true;
}
