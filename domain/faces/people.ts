// The studio's "people" view of a gallery (issue 31): its faces grouped by person, so every photo
// of the grandmother is one click. Leader clustering: faces in order of the detector's confidence
// (a clear face starts a person before a blurred one), each joining the person whose centre is
// nearest within PERSON_DISTANCE, or starting a new one; a person's centre is the mean of its
// faces. One pass, O(faces × people): `npm run bench` times it on a 20,000-face gallery.
import { distance } from "./descriptor.ts";
import { type FaceOf, MATCH_DISTANCE } from "./matching.ts";

/** A face joins a person whose centre is closer than this (the match threshold: one rule for "the same person"). */
export const PERSON_DISTANCE = MATCH_DISTANCE;

export interface Person<F extends FaceOf> {
  /** The person's clearest face (the first that started it). */
  face: F;
  faces: F[];
  /** Distinct photos, in the order their faces joined. */
  photoIds: number[];
}

export function groupPeople<F extends FaceOf & { score: number }>(faces: readonly F[]): Person<F>[] {
  const people: { person: Person<F>; centre: Float32Array; sum: Float64Array }[] = [];
  const ordered = [...faces].sort((a, b) => b.score - a.score || a.id - b.id);
  for (const face of ordered) {
    let nearest: (typeof people)[number] | undefined;
    let nearestDistance = PERSON_DISTANCE;
    for (const candidate of people) {
      const d = distance(face.descriptor, candidate.centre);
      if (d < nearestDistance) {
        nearest = candidate;
        nearestDistance = d;
      }
    }
    if (!nearest) {
      people.push({
        person: { face, faces: [face], photoIds: [face.photoId] },
        centre: Float32Array.from(face.descriptor),
        sum: Float64Array.from(face.descriptor),
      });
      continue;
    }
    const { person, centre, sum } = nearest;
    person.faces.push(face);
    if (!person.photoIds.includes(face.photoId)) person.photoIds.push(face.photoId);
    for (let i = 0; i < sum.length; i++) {
      sum[i] = (sum[i] as number) + (face.descriptor[i] as number);
      centre[i] = (sum[i] as number) / person.faces.length;
    }
  }
  return people
    .map(({ person }) => person)
    .sort((a, b) => b.photoIds.length - a.photoIds.length || a.face.id - b.face.id);
}
