// The admin's reads and writes of shoots: the list, one shoot with its photos, create and
// edit, publish, stories, the cover, and the trash (deleted_at) with restore and empty.
import { sql } from "kysely";
import { z } from "zod";
import { fieldErrors } from "#platform/field-errors.ts";
import type { Database } from "../../platform/db/db.server.ts";
import type { ShootStatus, StoredTime } from "../../platform/db/schema.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { STUDIO } from "./audience.server.ts";
import { ADMIN_THUMBNAIL_MIN_WIDTH_PX, type Thumbnail, toThumbnail } from "./images.server.ts";
import type { Titles } from "./localized.ts";
import { moveByOne, type Step } from "./move-by-one.server.ts";
import { readCollections, readShootPhotos, readShoots } from "./read-model.server.ts";
import { type FieldErrors, SHOOT_FIELDS, type ShootField, type ShootFormValues } from "./shoot-form.ts";
import { tamilText } from "./tamil-field.server.ts";

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
  titleTa: tamilText(TITLE_MAX_LENGTH),
  locationTa: tamilText(LOCATION_MAX_LENGTH),
  descriptionTa: tamilText(DESCRIPTION_MAX_LENGTH),
  collectionId: z.coerce.number().int().positive("Choose a collection."),
});

export type ShootForm = z.infer<typeof shootFormSchema>;
type TamilFields = "titleTa" | "locationTa" | "descriptionTa";
/** A shoot to write: the form's fields; a Tamil one left out is left as it is (none, for a new shoot). */
export type ShootInput = Omit<ShootForm, TamilFields> & Partial<Pick<ShootForm, TamilFields>>;

/** Reads and checks the shoot form; on failure gives a message per field and what was typed. */
export async function parseShootForm(
  db: Database,
  form: FormData,
): Promise<{ ok: true; value: ShootForm } | { ok: false; errors: FieldErrors; values: ShootFormValues }> {
  const values = Object.fromEntries(SHOOT_FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as ShootFormValues;
  const parsed = shootFormSchema.safeParse(values);
  const errors: FieldErrors = parsed.success ? {} : fieldErrors<ShootField>(parsed.error);
  if (parsed.success) {
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

export async function listCollections(db: Database): Promise<{ id: number; name: string }[]> {
  return (await readCollections(db)).map((c) => ({ id: c.id, name: c.name }));
}

export interface AdminShootRow {
  id: number;
  title: string;
  location: string;
  /** The collection's name; empty for a set. */
  collection: string;
  /** A client gallery's set: its gallery's id (the gallery's title is the galleries' to read). */
  galleryId: number | null;
  status: ShootStatus;
  isStory: boolean;
  storyPosition: number | null;
  photoCount: number;
  deletedAt: StoredTime | null;
}

/**
 * The portfolio shoots not in the trash by id, or those in it with the latest deleted first. The
 * trash also lists client galleries' sets (`withSets`), each with its gallery's title.
 */
export async function listShoots(
  db: Database,
  { trashed, withSets = false }: { trashed: boolean; withSets?: boolean },
): Promise<AdminShootRow[]> {
  const shoots = await readShoots(db, STUDIO, {
    scope: trashed ? "trashed" : "live",
    kind: withSets ? "any" : "portfolio",
  });
  const counts = shoots.length
    ? await db
        .selectFrom("photos")
        .select(["shoot_id", (eb) => eb.fn.countAll<number>().as("count")])
        .where("deleted_at", "is", null)
        .groupBy("shoot_id")
        .execute()
    : [];
  const photoCount = new Map(counts.map((c) => [c.shoot_id, Number(c.count)]));
  return shoots.map((s) => ({
    id: s.id,
    title: s.title,
    location: s.location,
    collection: s.collection?.name ?? "",
    galleryId: s.gallery?.id ?? null,
    status: s.status,
    isStory: s.isStory,
    storyPosition: s.storyPosition,
    photoCount: photoCount.get(s.id) ?? 0,
    deletedAt: s.deletedAt,
  }));
}

export interface AdminPhoto {
  id: number;
  assetId: number;
  /** The name the file was uploaded under, so the studio can tell photos apart. */
  fileName: string;
  /** When the camera took it, its own wall clock, "2024-05-04T16:20:11" (ADR 023); null: unknown. */
  capturedAt: string | null;
  alt: string;
  /** Its Tamil version; empty: not translated (the Tamil pages read the English). */
  altTa: string;
  originalBytes: number;
  /** Null when its variants are missing (see repair-media). */
  thumbnail: Thumbnail | null;
}

/**
 * One shoot (drafts and trashed ones too) with its photos, for its admin page: a portfolio shoot
 * (with its collection) or a client gallery's set (with its gallery), which the same page manages.
 */
export async function getShootForEdit(db: Database, id: number) {
  const [shoot] = await readShoots(db, STUDIO, { scope: "any", id, kind: "any" });
  if (!shoot) return null;
  const photos = await readShootPhotos(db, STUDIO, [id]);
  return {
    id: shoot.id,
    title: shoot.title,
    location: shoot.location,
    description: shoot.description,
    /** The Tamil versions; null: not translated. */
    titleTa: shoot.titleTa,
    locationTa: shoot.locationTa,
    descriptionTa: shoot.descriptionTa,
    /** Null for a set. */
    collectionId: shoot.collection?.id ?? null,
    /** A set's gallery; null for a portfolio shoot. */
    galleryId: shoot.gallery?.id ?? null,
    status: shoot.status,
    photoOrder: shoot.photoOrder,
    isStory: shoot.isStory,
    storyPosition: shoot.storyPosition,
    coverAssetId: shoot.coverAssetId,
    deletedAt: shoot.deletedAt,
    photos: photos.map<AdminPhoto>((p) => ({
      id: p.id,
      assetId: p.assetId,
      fileName: p.fileName,
      capturedAt: p.capturedAt,
      alt: p.alt,
      altTa: p.altTa ?? "",
      originalBytes: p.originalBytes,
      thumbnail: p.image ? toThumbnail(p.image, ADMIN_THUMBNAIL_MIN_WIDTH_PX) : null,
    })),
  };
}

export type AdminShoot = NonNullable<Awaited<ReturnType<typeof getShootForEdit>>>;

/**
 * The id for a new shoot or set, inside the caller's transaction. Shoot ids are public URLs
 * (/galleryList/{id}) and never reused, so the next is max + 1.
 */
export async function nextShootId(trx: Database): Promise<number> {
  const { max } = await trx
    .selectFrom("shoots")
    .select(sql<number | null>`max(id)`.as("max"))
    .executeTakeFirstOrThrow();
  return (max ?? 0) + 1;
}

export async function createShoot(db: Database, input: ShootInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await nextShootId(trx);
    await trx
      .insertInto("shoots")
      .values({
        id,
        title: input.title,
        location: input.location,
        description: input.description,
        title_ta: input.titleTa,
        location_ta: input.locationTa,
        description_ta: input.descriptionTa,
        collection_id: input.collectionId,
      })
      .execute();
    return id;
  });
}

export async function updateShoot(db: Database, id: number, input: ShootInput): Promise<void> {
  await db
    .updateTable("shoots")
    .set({
      title: input.title,
      location: input.location,
      description: input.description,
      title_ta: input.titleTa,
      location_ta: input.locationTa,
      description_ta: input.descriptionTa,
      collection_id: input.collectionId,
      updated_at: toStoredTime(),
    })
    .where("id", "=", id)
    .execute();
}

/** A set's details: only its title (a set has no collection, location or story). */
export async function renameShoot(db: Database, id: number, { title, titleTa }: Titles): Promise<void> {
  await db
    .updateTable("shoots")
    .set({ title, title_ta: titleTa, updated_at: toStoredTime() })
    .where("id", "=", id)
    .execute();
}

export async function setShootStatus(db: Database, id: number, status: ShootStatus): Promise<void> {
  await db.updateTable("shoots").set({ status, updated_at: toStoredTime() }).where("id", "=", id).execute();
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
      .set({ is_story: isStory ? 1 : 0, story_position: position, updated_at: toStoredTime() })
      .where("id", "=", id)
      .execute();
  });
}

/** The stories in the order the home page shows them (drafts too, which it leaves out). */
export async function listStories(db: Database) {
  return (await readShoots(db, STUDIO, { stories: true })).map((s) => ({
    id: s.id,
    title: s.title,
    status: s.status,
  }));
}

/** The stories' order as the admin moves them: story_position 1..n. */
const STORIES = {
  read: async (trx: Database) => (await readShoots(trx, STUDIO, { stories: true })).map((s) => s.id),
  async write(trx: Database, ids: number[]) {
    for (const [index, id] of ids.entries()) {
      await trx
        .updateTable("shoots")
        .set({ story_position: index + 1 })
        .where("id", "=", id)
        .execute();
    }
  },
};

/** Moves a story one place earlier (-1) or later (+1), renumbering all stories 1..n. */
export async function moveStory(db: Database, id: number, step: Step): Promise<void> {
  await moveByOne(db, STORIES, id, step);
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
  await db
    .updateTable("shoots")
    .set({ cover_asset_id: assetId, updated_at: toStoredTime() })
    .where("id", "=", id)
    .execute();
  return true;
}

export async function trashShoot(db: Database, id: number): Promise<void> {
  await db.updateTable("shoots").set({ deleted_at: toStoredTime() }).where("id", "=", id).execute();
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
