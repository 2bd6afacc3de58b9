// The admin's reads and writes of shoots: the list, one shoot with its photos, create and
// edit, publish, stories, the cover, and the trash (deleted_at) with restore and empty.
import { sql } from "kysely";
import { z } from "zod";
import type { Database } from "../../platform/db/db.server.ts";
import type { ShootStatus } from "../../platform/db/schema.server.ts";
import { loadStoredImages, toResponsiveImage } from "./images.server.ts";
import type { FieldErrors, ShootField, ShootFormValues } from "./shoot-form.ts";
import type { ResponsiveImage } from "./types.ts";

export const TITLE_MAX_LENGTH = 120;
export const LOCATION_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 4000;

export const shootFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Give the shoot a title.")
    .max(TITLE_MAX_LENGTH, `At most ${TITLE_MAX_LENGTH} characters.`),
  location: z.string().trim().max(LOCATION_MAX_LENGTH, `At most ${LOCATION_MAX_LENGTH} characters.`),
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH, `At most ${DESCRIPTION_MAX_LENGTH} characters.`),
  collectionId: z.coerce.number().int().positive("Choose a collection."),
});

export type ShootForm = z.infer<typeof shootFormSchema>;

/** Reads and checks the shoot form; on failure gives a message per field and what was typed. */
export async function parseShootForm(
  db: Database,
  form: FormData,
): Promise<{ ok: true; value: ShootForm } | { ok: false; errors: FieldErrors; values: ShootFormValues }> {
  const values: ShootFormValues = {
    title: String(form.get("title") ?? ""),
    location: String(form.get("location") ?? ""),
    description: String(form.get("description") ?? ""),
    collectionId: String(form.get("collectionId") ?? ""),
  };
  const parsed = shootFormSchema.safeParse(values);
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ShootField;
      errors[field] ??= issue.message;
    }
  } else {
    const collection = await db
      .selectFrom("collections")
      .select("id")
      .where("id", "=", parsed.data.collectionId)
      .executeTakeFirst();
    if (!collection) errors.collectionId = "Choose a collection.";
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, value: parsed.data };
}

export async function listCollections(db: Database) {
  return db.selectFrom("collections").select(["id", "name"]).orderBy("position").execute();
}

export interface AdminShootRow {
  id: number;
  title: string;
  location: string;
  collection: string;
  status: ShootStatus;
  isStory: boolean;
  storyPosition: number | null;
  photoCount: number;
  deletedAt: string | null;
}

export async function listShoots(db: Database, { trashed }: { trashed: boolean }): Promise<AdminShootRow[]> {
  const rows = await db
    .selectFrom("shoots")
    .innerJoin("collections", "collections.id", "shoots.collection_id")
    .select([
      "shoots.id",
      "shoots.title",
      "shoots.location",
      "shoots.status",
      "shoots.is_story",
      "shoots.story_position",
      "shoots.deleted_at",
      "collections.name as collection",
      sql<number>`(select count(*) from photos where photos.shoot_id = shoots.id and photos.deleted_at is null)`.as(
        "photo_count",
      ),
    ])
    .where("shoots.deleted_at", trashed ? "is not" : "is", null)
    .orderBy(trashed ? "shoots.deleted_at" : "shoots.id", trashed ? "desc" : "asc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    location: r.location,
    collection: r.collection,
    status: r.status,
    isStory: r.is_story === 1,
    storyPosition: r.story_position,
    photoCount: r.photo_count,
    deletedAt: r.deleted_at,
  }));
}

export interface AdminPhoto {
  id: number;
  assetId: number;
  /** The name the file was uploaded under, so the studio can tell photos apart. */
  fileName: string;
  alt: string;
  position: number;
  image: ResponsiveImage | null;
}

export async function getShootForEdit(db: Database, id: number) {
  const shoot = await db.selectFrom("shoots").selectAll().where("id", "=", id).executeTakeFirst();
  if (!shoot) return null;
  const photos = await db
    .selectFrom("photos")
    .innerJoin("assets", "assets.id", "photos.asset_id")
    .select(["photos.id", "photos.asset_id", "photos.alt", "photos.position", "assets.original_name"])
    .where("photos.shoot_id", "=", id)
    .where("photos.deleted_at", "is", null)
    .orderBy("photos.position")
    .orderBy("photos.id")
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
    collectionId: shoot.collection_id,
    status: shoot.status,
    isStory: shoot.is_story === 1,
    storyPosition: shoot.story_position,
    coverAssetId: shoot.cover_asset_id,
    deletedAt: shoot.deleted_at,
    photos: photos.map<AdminPhoto>((p) => {
      const stored = images.get(p.asset_id);
      return {
        id: p.id,
        assetId: p.asset_id,
        fileName: p.original_name,
        alt: p.alt,
        position: p.position,
        image: stored ? toResponsiveImage(stored, p.alt) : null,
      };
    }),
  };
}

export type AdminShoot = NonNullable<Awaited<ReturnType<typeof getShootForEdit>>>;

const nowIso = () => new Date().toISOString();

export async function createShoot(db: Database, input: ShootForm): Promise<number> {
  // Shoot ids are public URLs (/galleryList/{id}) and never reused, so the next is max + 1.
  return db.transaction().execute(async (trx) => {
    const { max } = await trx
      .selectFrom("shoots")
      .select(sql<number | null>`max(id)`.as("max"))
      .executeTakeFirstOrThrow();
    const id = (max ?? 0) + 1;
    await trx
      .insertInto("shoots")
      .values({
        id,
        title: input.title,
        location: input.location,
        description: input.description,
        collection_id: input.collectionId,
      })
      .execute();
    return id;
  });
}

export async function updateShoot(db: Database, id: number, input: ShootForm): Promise<void> {
  await db
    .updateTable("shoots")
    .set({
      title: input.title,
      location: input.location,
      description: input.description,
      collection_id: input.collectionId,
      updated_at: nowIso(),
    })
    .where("id", "=", id)
    .execute();
}

export async function setShootStatus(db: Database, id: number, status: ShootStatus): Promise<void> {
  await db.updateTable("shoots").set({ status, updated_at: nowIso() }).where("id", "=", id).execute();
}

/** Marks or unmarks a recent story; a new story goes last. */
export async function setStory(db: Database, id: number, isStory: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let position: number | null = null;
    if (isStory) {
      const { max } = await trx
        .selectFrom("shoots")
        .select(sql<number | null>`max(story_position)`.as("max"))
        .where("is_story", "=", 1)
        .executeTakeFirstOrThrow();
      position = (max ?? 0) + 1;
    }
    await trx
      .updateTable("shoots")
      .set({ is_story: isStory ? 1 : 0, story_position: position, updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
  });
}

/** The stories in the order the home page shows them. */
export async function listStories(db: Database) {
  return db
    .selectFrom("shoots")
    .select(["id", "title", "status", "story_position"])
    .where("is_story", "=", 1)
    .where("deleted_at", "is", null)
    .orderBy("story_position")
    .orderBy("id")
    .execute();
}

/** Moves a story one place earlier (-1) or later (+1), renumbering all stories 1..n. */
export async function moveStory(db: Database, id: number, delta: -1 | 1): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ids = (
      await trx
        .selectFrom("shoots")
        .select("id")
        .where("is_story", "=", 1)
        .where("deleted_at", "is", null)
        .orderBy("story_position")
        .orderBy("id")
        .execute()
    ).map((r) => r.id);
    const from = ids.indexOf(id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
    for (const [index, storyId] of ids.entries()) {
      await trx
        .updateTable("shoots")
        .set({ story_position: index + 1 })
        .where("id", "=", storyId)
        .execute();
    }
  });
}

/** Sets the cover to one of the shoot's own photos' assets; false when it is not one. */
export async function setCover(db: Database, id: number, assetId: number): Promise<boolean> {
  const photo = await db
    .selectFrom("photos")
    .select("id")
    .where("shoot_id", "=", id)
    .where("asset_id", "=", assetId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!photo) return false;
  await db.updateTable("shoots").set({ cover_asset_id: assetId, updated_at: nowIso() }).where("id", "=", id).execute();
  return true;
}

export async function trashShoot(db: Database, id: number): Promise<void> {
  await db.updateTable("shoots").set({ deleted_at: nowIso() }).where("id", "=", id).execute();
}

/** False when the shoot is no longer in the trash (emptied meanwhile, perhaps from another tab). */
export async function restoreShoot(db: Database, id: number): Promise<boolean> {
  const result = await db
    .updateTable("shoots")
    .set({ deleted_at: null })
    .where("id", "=", id)
    .where("deleted_at", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Deletes the trashed shoots for good, with their photo rows. Assets (files and variants) stay:
 * the same bytes may be another shoot's photo, a cover or a banner.
 */
export async function emptyTrash(db: Database): Promise<number> {
  const result = await db.deleteFrom("shoots").where("deleted_at", "is not", null).executeTakeFirst();
  return Number(result.numDeletedRows);
}
