// The studio's "people" view of a gallery (issue 31): its faces grouped by person (people.ts),
// each person's photos, and a face cut out of its photo to show who a group is. Only the studio
// reads this (the admin's pages, behind its sign-in); a guest never sees a face or a group.
// Faces of photos in the trash are left out: the studio would make a list of photos it deleted.
import type { Database } from "../../platform/db/db.server.ts";
import { galleryAudience, STUDIO } from "../catalog/audience.server.ts";
import { widestVariant } from "../catalog/images.server.ts";
import { type PhotoLabel, readPhotoLabels } from "../catalog/sets.server.ts";
import { renderFaceCrop } from "../media/pipeline.server.ts";
import type { MediaStorage } from "../media/storage.server.ts";
import { groupPeople } from "./people.ts";
import { readFace, readPlacedFaces } from "./store.server.ts";

/** One person of the gallery: the faces taken for theirs and the live photos they are in. */
export interface GalleryPerson {
  /** Their clearest face: its crop shows them, and its id names them in an address. */
  faceId: number;
  faceIds: number[];
  /** Distinct live photos, in the order their faces joined. */
  photoIds: number[];
}

/**
 * Galleries' groupings as last made, by gallery, with the faces they were made from (their count
 * and highest id: faces are only added, with higher ids, or deleted, so the pair changes whenever
 * they do). Grouping a wedding's 20,000 faces takes about two seconds (ADR 044): the studio going
 * from person to person should not wait that long each time. A few galleries at most.
 */
const groupings = new Map<number, { version: string; people: GalleryPerson[] }>();
const GROUPINGS_KEPT = 4;

/** The gallery's people from its faces, most photographed first; only their live photos count. */
export async function galleryPeople(db: Database, galleryId: number): Promise<GalleryPerson[]> {
  const faces = await readPlacedFaces(db, galleryId);
  const version = `${faces.length}:${faces.reduce((max, f) => Math.max(max, f.id), 0)}`;
  let grouped = groupings.get(galleryId);
  if (grouped?.version !== version) {
    const people = groupPeople(faces).map((person) => ({
      faceId: person.face.id,
      faceIds: person.faces.map((face) => face.id),
      photoIds: person.photoIds,
    }));
    grouped = { version, people };
    groupings.delete(galleryId);
    groupings.set(galleryId, grouped);
    for (const oldest of groupings.keys()) if (groupings.size > GROUPINGS_KEPT) groupings.delete(oldest);
  }
  // A photo moved to the trash since leaves its people (and a person only in the trash goes).
  const labels = await readPhotoLabels(db, galleryAudience(galleryId), [...new Set(faces.map((f) => f.photoId))]);
  const live = new Set(labels.map((label) => label.photoId));
  const faceOf = new Map(faces.map((f) => [f.id, f.photoId]));
  return grouped.people
    .map((person) => ({
      faceId: person.faceId,
      faceIds: person.faceIds.filter((id) => live.has(faceOf.get(id) ?? -1)),
      photoIds: person.photoIds.filter((id) => live.has(id)),
    }))
    .filter((person) => person.photoIds.length > 0)
    .sort((a, b) => b.photoIds.length - a.photoIds.length || a.faceId - b.faceId);
}

/**
 * The person one of whose faces is `faceId`, and their place in the list (1: the most
 * photographed). An address names a person by their clearest face; any face of theirs finds
 * them, should new photos' faces have changed which is clearest.
 */
export function findPerson(people: readonly GalleryPerson[], faceId: number) {
  const index = people.findIndex((person) => person.faceIds.includes(faceId));
  return index < 0 ? null : { person: people[index] as GalleryPerson, rank: index + 1 };
}

/** A person's photos with their file names and sets, in the gallery's order. */
export function personPhotos(db: Database, galleryId: number, person: GalleryPerson): Promise<PhotoLabel[]> {
  return readPhotoLabels(db, galleryAudience(galleryId), person.photoIds);
}

/**
 * One of the gallery's faces cut out of its photo's widest stored variant (the one the face
 * search read) as a small WebP; null when the face is not the gallery's or its files are gone.
 */
export async function faceCrop(
  { db, storage }: { db: Database; storage: MediaStorage },
  galleryId: number,
  faceId: number,
): Promise<Buffer | null> {
  const face = await readFace(db, galleryId, faceId);
  if (!face) return null;
  const [label] = await readPhotoLabels(db, STUDIO, [face.photoId]);
  if (!label) return null;
  const file = await widestVariant(db, STUDIO, label.assetId, ["jpeg", "webp"]);
  if (!file || !(await storage.public.has(file.key))) return null;
  return renderFaceCrop(await storage.public.get(file.key), face);
}
