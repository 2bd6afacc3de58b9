// The studio's "people" view of a gallery (issue 31): its faces grouped by person, so every photo
// of the grandmother is one click. Leader clustering: faces in order of the detector's confidence
// (a clear face starts a person before a blurred one), each joining the person whose centre is
// nearest within PERSON_DISTANCE, or starting a new one; a person's centre is the mean of its
// faces. One pass, faces × people comparisons at most: the centres sit in one flat array, and a
// comparison stops as soon as its partial sum passes the nearest centre found so far, which most
// do within a few dozen of the 128 numbers (`npm run bench -- --only=faces` times 20,000 faces).
import { DESCRIPTOR_LENGTH } from "./descriptor.ts";
import { type FaceOf, MATCH_DISTANCE } from "./matching.ts";

/** A face joins a person whose centre is closer than this (the match threshold: one rule for "the same person"). */
export const PERSON_DISTANCE = MATCH_DISTANCE;

/** How often (in numbers of a descriptor) a comparison checks whether it can stop. */
const EARLY_EXIT_STRIDE = 8;

export interface Person<F extends FaceOf> {
  /** The person's clearest face (the first that started it). */
  face: F;
  faces: F[];
  /** Distinct photos, in the order their faces joined. */
  photoIds: number[];
}

export function groupPeople<F extends FaceOf & { score: number }>(faces: readonly F[]): Person<F>[] {
  const ordered = [...faces].sort((a, b) => b.score - a.score || a.id - b.id);
  const people: { person: Person<F>; photos: Set<number> }[] = [];
  // Person p's centre is centres[p * DESCRIPTOR_LENGTH ...], the mean of sums over its faces.
  let centres = new Float32Array(64 * DESCRIPTOR_LENGTH);
  let sums = new Float64Array(64 * DESCRIPTOR_LENGTH);
  const limit = PERSON_DISTANCE * PERSON_DISTANCE;
  for (const face of ordered) {
    const d = face.descriptor;
    let nearest = -1;
    let nearestSquared = limit;
    for (let p = 0; p < people.length; p++) {
      const at = p * DESCRIPTOR_LENGTH;
      let squared = 0;
      for (let i = 0; i < DESCRIPTOR_LENGTH; i += EARLY_EXIT_STRIDE) {
        for (let j = i; j < i + EARLY_EXIT_STRIDE; j++) {
          const diff = (d[j] as number) - (centres[at + j] as number);
          squared += diff * diff;
        }
        if (squared >= nearestSquared) break;
      }
      if (squared < nearestSquared) {
        nearest = p;
        nearestSquared = squared;
      }
    }
    if (nearest < 0) {
      nearest = people.length;
      if ((nearest + 1) * DESCRIPTOR_LENGTH > centres.length) {
        const grownCentres = new Float32Array(centres.length * 2);
        grownCentres.set(centres);
        centres = grownCentres;
        const grownSums = new Float64Array(sums.length * 2);
        grownSums.set(sums);
        sums = grownSums;
      }
      people.push({ person: { face, faces: [], photoIds: [] }, photos: new Set() });
    }
    const entry = people[nearest] as (typeof people)[number];
    entry.person.faces.push(face);
    if (!entry.photos.has(face.photoId)) {
      entry.photos.add(face.photoId);
      entry.person.photoIds.push(face.photoId);
    }
    const at = nearest * DESCRIPTOR_LENGTH;
    const n = entry.person.faces.length;
    for (let i = 0; i < DESCRIPTOR_LENGTH; i++) {
      sums[at + i] = (sums[at + i] as number) + (d[i] as number);
      centres[at + i] = (sums[at + i] as number) / n;
    }
  }
  return people
    .map(({ person }) => person)
    .sort((a, b) => b.photoIds.length - a.photoIds.length || a.face.id - b.face.id);
}
