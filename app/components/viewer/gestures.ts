// The viewer's rules as plain functions: when a drag closes, what is a double click, how the
// zoom follows the wheel and stays in bounds, how a released pan slows down, when the thumbnail
// strip may show. Kept free of React and the DOM so the rules are tested on their own
// (gestures.test.ts), and out of the shoot page's first load (its deep links are deep-link.ts).
// Times are those of the input events (Event.timeStamp), not of the moment they are handled, so
// a busy page measures a gesture as the hand made it.
import {
  DOUBLE_CLICK_WINDOW_MS,
  DRAG_CLOSE_DISTANCE_PX,
  DRAG_CLOSE_FLICK_DISTANCE_PX,
  DRAG_CLOSE_FLICK_WINDOW_MS,
  FRAME_MS,
  PAN_FRICTION,
  PAN_SPEED_SAMPLE_MS,
  THUMBNAILS_MIN_SCREEN_HEIGHT_PX,
  THUMBNAILS_MIN_SLIDES,
  WHEEL_ZOOM_FACTOR,
  ZOOM_MAX_SCALE,
  ZOOM_MIN_SCALE,
  ZOOM_SNAP,
} from "./constants.ts";

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** A pointer's position at a time (ms, Event.timeStamp). */
export interface Sample extends Point {
  at: number;
}

/** A vertical drag closes when it went far enough, or a shorter way quickly enough. */
export function dragCloses(offsetPx: number, elapsedMs: number): boolean {
  const distance = Math.abs(offsetPx);
  if (distance >= DRAG_CLOSE_DISTANCE_PX) return true;
  return distance >= DRAG_CLOSE_FLICK_DISTANCE_PX && elapsedMs <= DRAG_CLOSE_FLICK_WINDOW_MS;
}

/** A second press this soon after the first (both clicks or taps) makes a double click. */
export function isDoubleClick(firstPressAt: number, secondPressAt: number): boolean {
  const gap = secondPressAt - firstPressAt;
  return gap >= 0 && gap <= DOUBLE_CLICK_WINDOW_MS;
}

/** A zoom kept between the limits, snapped to a limit when within ZOOM_SNAP of it. */
export function clampZoom(zoom: number): number {
  if (zoom >= ZOOM_MAX_SCALE - ZOOM_SNAP) return ZOOM_MAX_SCALE;
  if (zoom <= ZOOM_MIN_SCALE + ZOOM_SNAP) return ZOOM_MIN_SCALE;
  return Math.round(zoom * 1e5) / 1e5;
}

/** The zoom after a wheel step: WHEEL_ZOOM_FACTOR px up zooms in 2x (at most 2x per step). */
export function wheelZoom(zoom: number, deltaY: number): number {
  return clampZoom(zoom * Math.min(1 + Math.abs(deltaY) / WHEEL_ZOOM_FACTOR, 2) ** -Math.sign(deltaY));
}

/**
 * The pan (the photo's centre from the view's centre, in screen px) that keeps the photo
 * covering the view where it is larger than the view, and centred where it is not.
 */
export function clampPan(pan: Point, photo: Size, view: Size, zoom: number): Point {
  const limit = (photoPx: number, viewPx: number) => Math.max(0, (photoPx * zoom - viewPx) / 2);
  const clamp = (value: number, max: number) => Math.min(max, Math.max(-max, value)) || 0;
  return { x: clamp(pan.x, limit(photo.width, view.width)), y: clamp(pan.y, limit(photo.height, view.height)) };
}

/** The pan that keeps the point `at` (from the view's centre) still while the zoom changes. */
export function panForZoomAt(pan: Point, at: Point, from: number, to: number): Point {
  return { x: at.x - ((at.x - pan.x) * to) / from, y: at.y - ((at.y - pan.y) * to) / from };
}

/** A released pan's speed (px per frame), over its last PAN_SPEED_SAMPLE_MS before `release`. */
export function releaseSpeed(samples: readonly Sample[], release: Sample): Point {
  const first = samples.find((s) => release.at - s.at <= PAN_SPEED_SAMPLE_MS);
  const elapsed = first ? release.at - first.at : 0;
  if (!first || elapsed <= 0) return { x: 0, y: 0 };
  return { x: ((release.x - first.x) / elapsed) * FRAME_MS, y: ((release.y - first.y) / elapsed) * FRAME_MS };
}

/** A gliding pan's speed after `elapsedMs`, losing (1 - PAN_FRICTION) of it every frame. */
export function glideSpeed(speedPxPerFrame: number, elapsedMs: number): number {
  return speedPxPerFrame * PAN_FRICTION ** (elapsedMs / FRAME_MS);
}

/** How far a glide has gone after `elapsedMs`: the sum of its slowing speed, whatever the frame rate. */
export function glideDistance(speedPxPerFrame: number, elapsedMs: number): number {
  const frames = elapsedMs / FRAME_MS;
  return (speedPxPerFrame * (1 - PAN_FRICTION ** frames)) / -Math.log(PAN_FRICTION);
}

/** The thumbnail strip shows only with enough photos and a tall enough screen. */
export function thumbnailsAllowed(photoCount: number, screenHeightPx: number): boolean {
  return photoCount >= THUMBNAILS_MIN_SLIDES && screenHeightPx >= THUMBNAILS_MIN_SCREEN_HEIGHT_PX;
}
