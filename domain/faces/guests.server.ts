// A wedding guest's search (issue 31, ADR 044): a selfie in, their photos out. The selfie is read
// in memory, its face described by the model, and dropped: only the descriptor is kept, with the
// name the guest gave and when they consented, so their personal link finds their photos again
// (new uploads included) without a second selfie; "forget me" deletes it. A selfie the model
// cannot use (no face, several, too small, too dark, not an image) is refused in words the guest
// can act on. The photos found are read through the guest audience (galleries/guest-view).
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../../platform/db/db.server.ts";
import { ImageRejectedError, inspectSource } from "../media/pipeline.server.ts";
import type { FaceEngine } from "./engine.server.ts";
import { matchPhotos, moreLikeTheseProbes, type PhotoMatch } from "./matching.ts";
import type { FoundFace } from "./model-protocol.ts";
import {
  SELFIE_DARK_LUMA,
  SELFIE_MAIN_FACE_AREA_RATIO,
  SELFIE_MAX_BYTES,
  SELFIE_MESSAGES,
  SELFIE_MIN_FACE_PX,
  type SelfieRefusal,
} from "./selfie.ts";
import { deleteGuest, type GuestRecord, insertGuest, readGalleryFaces, readGuest, touchGuest } from "./store.server.ts";

export type SelfieResult =
  | { ok: true; descriptor: Float32Array }
  | { ok: false; reason: SelfieRefusal; message: string };

function refuse(reason: Exclude<SelfieRefusal, "not-image">): SelfieResult {
  return { ok: false, reason, message: SELFIE_MESSAGES[reason] };
}

/** The guest's face in the selfie: the largest, when it is clearly the only one that counts. */
function mainFace(faces: readonly FoundFace[]): FoundFace | "several" | null {
  const bySize = [...faces].sort((a, b) => b.w * b.h - a.w * a.h);
  const [first, second] = bySize;
  if (!first) return null;
  if (second && first.w * first.h < SELFIE_MAIN_FACE_AREA_RATIO * second.w * second.h) return "several";
  return first;
}

/** Reads a selfie (held in memory only) into its face's descriptor, or says why it cannot. */
export async function readSelfie(engine: FaceEngine, bytes: Uint8Array, fileName: string): Promise<SelfieResult> {
  if (bytes.byteLength > SELFIE_MAX_BYTES) return refuse("too-large");
  try {
    await inspectSource(bytes, fileName);
    const scan = await engine.find(bytes, fileName, "guest");
    const face = mainFace(scan.faces);
    if (face === null) return refuse(scan.meanLuma < SELFIE_DARK_LUMA ? "too-dark" : "no-face");
    if (face === "several") return refuse("several-faces");
    if (face.w * scan.width < SELFIE_MIN_FACE_PX) return refuse("too-small");
    return { ok: true, descriptor: face.descriptor };
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    return { ok: false, reason: "not-image", message: `That file cannot be used: ${error.reason}.` };
  }
}

/** A guest's personal link's token: 32 random bytes, URL-safe. Only its hash is stored. */
export function newGuestToken(): string {
  return randomBytes(32).toString("base64url");
}

export const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function guestTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The gallery's photos with this face, best first; `more`: "more like these" too. */
export async function findPhotosOf(
  db: Database,
  galleryId: number,
  descriptor: Float32Array,
  { more = false } = {},
): Promise<PhotoMatch[]> {
  const faces = await readGalleryFaces(db, galleryId);
  const probes = more ? moreLikeTheseProbes(descriptor, faces) : [descriptor];
  return matchPhotos(probes, faces);
}

/** Keeps a guest who consented (the descriptor of their selfie, never the selfie); their link's token. */
export async function registerGuest(
  db: Database,
  guest: { galleryId: number; name: string; descriptor: Float32Array; found: number },
): Promise<{ guestId: number; token: string }> {
  const token = newGuestToken();
  const guestId = await insertGuest(db, { ...guest, tokenHash: guestTokenHash(token) });
  return { guestId, token };
}

/** The guest a personal link names, of this gallery; null for any other token. */
export async function guestByToken(db: Database, galleryId: number, token: string): Promise<GuestRecord | null> {
  if (!GUEST_TOKEN_PATTERN.test(token)) return null;
  return readGuest(db, galleryId, guestTokenHash(token));
}

export { deleteGuest, touchGuest };
