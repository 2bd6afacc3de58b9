// The faces module's tables (migration 0024, ADR 044): which photos were searched for faces, the
// faces found (box and descriptor), and the guests who searched with a selfie (their descriptor,
// never the selfie). All of a gallery's face data is here, so erasing it is this module's job
// and one place to check: deleteGalleryFaceData, deleteGuest, and the tables' cascades.
import type { Database } from "../../platform/db/db.server.ts";
import { toStoredTime } from "../../platform/time.ts";
import { descriptorFromBytes, descriptorToBytes } from "./descriptor.ts";
import type { FoundFace } from "./model-protocol.ts";

/** A face as the matching reads it. */
export interface StoredFace {
  id: number;
  photoId: number;
  descriptor: Float32Array;
}

/** A face with its place in its photo (the studio's people view). */
export interface PlacedFace extends StoredFace {
  x: number;
  y: number;
  w: number;
  h: number;
  score: number;
}

/** Rows per INSERT: well under SQLite's bound-parameter limit (8 columns a face). */
const INSERT_CHUNK = 100;

/**
 * Records a photo's search and its faces, in one transaction: a search done again (a job claimed
 * twice, a process killed after the model answered) replaces the first, never adds to it.
 */
export async function saveScan(
  db: Database,
  scan: { photoId: number; galleryId: number; faces: readonly FoundFace[] },
  now = Date.now(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("face_scans").where("photo_id", "=", scan.photoId).execute();
    await trx
      .insertInto("face_scans")
      .values({
        photo_id: scan.photoId,
        gallery_id: scan.galleryId,
        faces: scan.faces.length,
        scanned_at: toStoredTime(now),
      })
      .execute();
    for (let i = 0; i < scan.faces.length; i += INSERT_CHUNK) {
      const rows = scan.faces.slice(i, i + INSERT_CHUNK).map((face) => ({
        photo_id: scan.photoId,
        gallery_id: scan.galleryId,
        x: face.x,
        y: face.y,
        w: face.w,
        h: face.h,
        score: face.score,
        descriptor: descriptorToBytes(face.descriptor),
      }));
      await trx.insertInto("photo_faces").values(rows).execute();
    }
  });
}

/** Which of the gallery's photos have been searched. */
export async function scannedPhotoIds(db: Database, galleryId: number): Promise<Set<number>> {
  const rows = await db.selectFrom("face_scans").select("photo_id").where("gallery_id", "=", galleryId).execute();
  return new Set(rows.map((row) => row.photo_id));
}

/** How far the gallery's search has come: photos searched and faces found. */
export async function scanTotals(db: Database, galleryId: number): Promise<{ photos: number; faces: number }> {
  const row = await db
    .selectFrom("face_scans")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("photos"),
      eb.fn.coalesce(eb.fn.sum<number | string>("faces"), eb.lit(0)).as("faces"),
    ])
    .where("gallery_id", "=", galleryId)
    .executeTakeFirstOrThrow();
  return { photos: Number(row.photos), faces: Number(row.faces) };
}

/** Every face found in the gallery's photos (20,000 faces are 10 MB of descriptors). */
export async function readGalleryFaces(db: Database, galleryId: number): Promise<StoredFace[]> {
  const rows = await db
    .selectFrom("photo_faces")
    .select(["id", "photo_id", "descriptor"])
    .where("gallery_id", "=", galleryId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, photoId: row.photo_id, descriptor: descriptorFromBytes(row.descriptor) }));
}

/** Every face with its box (the studio's people view). */
export async function readPlacedFaces(db: Database, galleryId: number): Promise<PlacedFace[]> {
  const rows = await db
    .selectFrom("photo_faces")
    .select(["id", "photo_id", "descriptor", "x", "y", "w", "h", "score"])
    .where("gallery_id", "=", galleryId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    photoId: row.photo_id,
    descriptor: descriptorFromBytes(row.descriptor),
    x: row.x,
    y: row.y,
    w: row.w,
    h: row.h,
    score: row.score,
  }));
}

/** One face's box and photo, of this gallery. */
export async function readFace(db: Database, galleryId: number, faceId: number) {
  const row = await db
    .selectFrom("photo_faces")
    .select(["photo_id", "x", "y", "w", "h"])
    .where("gallery_id", "=", galleryId)
    .where("id", "=", faceId)
    .executeTakeFirst();
  return row ? { photoId: row.photo_id, x: row.x, y: row.y, w: row.w, h: row.h } : null;
}

/** Forgets these photos' searches and faces (a set closed to guests). */
export async function deletePhotoFaceData(db: Database, galleryId: number, photoIds: readonly number[]): Promise<void> {
  for (let i = 0; i < photoIds.length; i += 500) {
    await db
      .deleteFrom("face_scans")
      .where("gallery_id", "=", galleryId)
      .where("photo_id", "in", photoIds.slice(i, i + 500))
      .execute();
  }
}

/** Erases every face and every guest of the gallery (guest search turned off). */
export async function deleteGalleryFaceData(db: Database, galleryId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("photo_faces").where("gallery_id", "=", galleryId).execute();
    await trx.deleteFrom("face_scans").where("gallery_id", "=", galleryId).execute();
    await trx.deleteFrom("gallery_guests").where("gallery_id", "=", galleryId).execute();
  });
}

/** Everything the faces module holds about a gallery, counted (a test that erasing erases). */
export async function countGalleryFaceData(db: Database, galleryId: number) {
  const count = async (table: "face_scans" | "photo_faces" | "gallery_guests") => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("gallery_id", "=", galleryId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return { scans: await count("face_scans"), faces: await count("photo_faces"), guests: await count("gallery_guests") };
}

// --- Guests

export interface GuestRecord {
  id: number;
  galleryId: number;
  name: string;
  descriptor: Float32Array;
  found: number;
  consentedAt: string;
  createdAt: string;
  lastSeenAt: string;
}

export async function insertGuest(
  db: Database,
  guest: { galleryId: number; name: string; tokenHash: string; descriptor: Float32Array; found: number },
  now = Date.now(),
): Promise<number> {
  const at = toStoredTime(now);
  const row = await db
    .insertInto("gallery_guests")
    .values({
      gallery_id: guest.galleryId,
      name: guest.name,
      token_hash: guest.tokenHash,
      descriptor: descriptorToBytes(guest.descriptor),
      found: guest.found,
      consented_at: at,
      created_at: at,
      last_seen_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The guest whose personal link hashes to this, of this gallery. */
export async function readGuest(db: Database, galleryId: number, tokenHash: string): Promise<GuestRecord | null> {
  const row = await db
    .selectFrom("gallery_guests")
    .selectAll()
    .where("gallery_id", "=", galleryId)
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    galleryId: row.gallery_id,
    name: row.name,
    descriptor: descriptorFromBytes(row.descriptor),
    found: row.found,
    consentedAt: row.consented_at,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  };
}

/** A guest came back: when, and how many photos they found this time. */
export async function touchGuest(db: Database, guestId: number, found: number, now = Date.now()): Promise<void> {
  await db
    .updateTable("gallery_guests")
    .set({ found, last_seen_at: toStoredTime(now) })
    .where("id", "=", guestId)
    .execute();
}

/** Forgets a guest: their descriptor, name and link (their "forget me", or the studio's). */
export async function deleteGuest(db: Database, galleryId: number, guestId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("gallery_guests")
    .where("gallery_id", "=", galleryId)
    .where("id", "=", guestId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The gallery's guests for the studio: names and counts, newest first (never a face). */
export async function listGuests(db: Database, galleryId: number) {
  const rows = await db
    .selectFrom("gallery_guests")
    .select(["id", "name", "found", "created_at", "last_seen_at"])
    .where("gallery_id", "=", galleryId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    found: row.found,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  }));
}
