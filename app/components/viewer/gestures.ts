// The viewer's rules as plain functions: deep-link hashes, when a drag closes, how a released
// pan slows down, when the thumbnail strip may show. Kept free of React and the DOM so the
// rules are tested on their own (gestures.test.ts).
import {
  DRAG_CLOSE_DISTANCE_PX,
  DRAG_CLOSE_FLICK_DISTANCE_PX,
  DRAG_CLOSE_FLICK_WINDOW_MS,
  FRAME_MS,
  GALLERY_HASH_PREFIX,
  PAN_FRICTION,
  THUMBNAILS_MIN_SCREEN_HEIGHT_PX,
  THUMBNAILS_MIN_SLIDES,
} from "./constants.ts";

/** The hash of the photo at a 0-based index: #gallery-1 for the first. */
export function galleryHash(index: number): string {
  return `${GALLERY_HASH_PREFIX}${index + 1}`;
}

/** The 0-based index a #gallery-N hash points at, or null when it names no photo. */
export function parseGalleryHash(hash: string, photoCount: number): number | null {
  if (!hash.startsWith(GALLERY_HASH_PREFIX)) return null;
  const digits = hash.slice(GALLERY_HASH_PREFIX.length);
  if (!/^[1-9]\d{0,5}$/.test(digits)) return null;
  const n = Number(digits);
  return n <= photoCount ? n - 1 : null;
}

/** A vertical drag closes when it went far enough, or a shorter way quickly enough. */
export function dragCloses(offsetPx: number, elapsedMs: number): boolean {
  const distance = Math.abs(offsetPx);
  if (distance >= DRAG_CLOSE_DISTANCE_PX) return true;
  return distance >= DRAG_CLOSE_FLICK_DISTANCE_PX && elapsedMs <= DRAG_CLOSE_FLICK_WINDOW_MS;
}

/** A gliding pan's speed after `elapsedMs`, losing (1 - PAN_FRICTION) of it every frame. */
export function glideSpeed(speedPxPerFrame: number, elapsedMs: number): number {
  return speedPxPerFrame * PAN_FRICTION ** (elapsedMs / FRAME_MS);
}

/** The thumbnail strip shows only with enough photos and a tall enough screen. */
export function thumbnailsAllowed(photoCount: number, screenHeightPx: number): boolean {
  return photoCount >= THUMBNAILS_MIN_SLIDES && screenHeightPx >= THUMBNAILS_MIN_SCREEN_HEIGHT_PX;
}
