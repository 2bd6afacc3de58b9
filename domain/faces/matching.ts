// Which photos hold a face: a brute-force scan of the gallery's descriptors (20,000 faces take a
// few milliseconds: `npm run bench` measures it, ADR 044), the best match per photo, closest
// first. "More like these" searches again with the faces the first search was surest of, which
// finds the guest in photos where they look less like their selfie (another angle, a turban).
import { distance } from "./descriptor.ts";

/**
 * Two faces closer than this are taken for one person (ADR 044: chosen from the measured
 * true- and false-match rates; at dlib's own 0.6, and at 0.5, different people of the model's
 * samples matched, 0.461 apart at the closest; 0.45 let 2 of 3,549 such pairs through).
 */
export const MATCH_DISTANCE = 0.45;
/** A first match this close is sure enough to search with in "more like these". */
export const SURE_MATCH_DISTANCE = 0.4;
/** "More like these" searches with at most this many of the surest matches besides the selfie. */
export const MORE_LIKE_THESE_FACES = 8;

export interface FaceOf {
  id: number;
  photoId: number;
  descriptor: Float32Array;
}

export interface PhotoMatch {
  photoId: number;
  /** The closest of the photo's faces to any probe. */
  distance: number;
}

/** Each photo with a face within `threshold` of a probe, closest first (ties by photo id). */
export function matchPhotos(
  probes: readonly Float32Array[],
  faces: readonly FaceOf[],
  threshold = MATCH_DISTANCE,
): PhotoMatch[] {
  const best = new Map<number, number>();
  for (const face of faces) {
    for (const probe of probes) {
      const d = distance(probe, face.descriptor);
      if (d >= threshold) continue;
      const known = best.get(face.photoId);
      if (known === undefined || d < known) best.set(face.photoId, d);
    }
  }
  return [...best]
    .map(([photoId, d]) => ({ photoId, distance: d }))
    .sort((a, b) => a.distance - b.distance || a.photoId - b.photoId);
}

/**
 * The probes for "more like these": the selfie, and the faces closest to it (one per photo,
 * at most MORE_LIKE_THESE_FACES, each within SURE_MATCH_DISTANCE).
 */
export function moreLikeTheseProbes(selfie: Float32Array, faces: readonly FaceOf[]): Float32Array[] {
  const sure = faces
    .map((face) => ({ face, d: distance(selfie, face.descriptor) }))
    .filter(({ d }) => d < SURE_MATCH_DISTANCE)
    .sort((a, b) => a.d - b.d);
  const probes = [selfie];
  const photos = new Set<number>();
  for (const { face } of sure) {
    if (probes.length > MORE_LIKE_THESE_FACES) break;
    if (photos.has(face.photoId)) continue;
    photos.add(face.photoId);
    probes.push(face.descriptor);
  }
  return probes;
}
