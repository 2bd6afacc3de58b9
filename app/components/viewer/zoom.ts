// The zoom and pan of the photo shown, our own (not the library's Zoom plugin, whose pan can
// only be driven by pointer events, so a released pan could not glide on with our friction).
// It moves one element of our own slide (photo-slide.tsx) with a CSS transform; the slide, the
// zoom buttons and the viewer read its level through subscribe/getLevel.
import {
  PAN_GLIDE_MIN_SPEED_PX_PER_FRAME,
  ZOOM_ANIMATION_MS,
  ZOOM_MAX_SCALE,
  ZOOM_MIN_SCALE,
  ZOOM_STEP,
} from "./constants.ts";
import { clampPan, clampZoom, glideDistance, glideSpeed, type Point, panForZoomAt, type Size } from "./gestures.ts";

/** The element that is zoomed, the photo's fitted size in it, and the size of the view. */
export interface ZoomTarget {
  element: HTMLElement;
  photo: Size;
  view: Size;
}

export interface ZoomController {
  getLevel: () => number;
  subscribe: (listener: () => void) => () => void;
  /** The current slide's element, and its sizes; a new element starts at the fit. */
  attach: (target: ZoomTarget) => void;
  /** The element is no longer the current slide's. */
  detach: (element: HTMLElement) => void;
  /** Zooms to `level` keeping the point `at` (from the view's centre) still. */
  zoomTo: (level: number, at?: Point, animate?: boolean) => void;
  /** A double click or tap: to the maximum at that point, or back to the fit. */
  toggle: (at: Point) => void;
  zoomIn: () => void;
  zoomOut: () => void;
  /** Moves a zoomed photo by (dx, dy) screen px, within bounds. */
  panBy: (dx: number, dy: number) => void;
  /** Lets a released pan glide on at (vx, vy) px per frame, slowing by PAN_FRICTION per frame. */
  glide: (vx: number, vy: number) => void;
  stopGlide: () => void;
}

export function createZoomController(reducedMotion: () => boolean): ZoomController {
  let level = ZOOM_MIN_SCALE;
  let pan: Point = { x: 0, y: 0 };
  let target: ZoomTarget | null = null;
  let animation: Animation | undefined;
  let glideFrame: number | undefined;
  const listeners = new Set<() => void>();

  const transform = () => `translate(${pan.x}px, ${pan.y}px) scale(${level})`;
  const apply = (animate: boolean) => {
    if (!target) return;
    const { element } = target;
    const from = animate ? getComputedStyle(element).transform : "";
    animation?.cancel();
    animation = undefined;
    element.style.transform = transform();
    if (animate && !reducedMotion()) {
      animation = element.animate([{ transform: from }, { transform: transform() }], {
        duration: ZOOM_ANIMATION_MS,
        easing: "ease-in-out",
      });
    }
  };
  const setLevel = (next: number) => {
    if (next === level) return;
    level = next;
    for (const listener of listeners) listener();
  };
  const stopGlide = () => {
    if (glideFrame !== undefined) cancelAnimationFrame(glideFrame);
    glideFrame = undefined;
  };
  /** Back to the fit, with nothing to zoom until the next photo is attached. */
  const reset = (element: HTMLElement) => {
    stopGlide();
    animation?.cancel();
    animation = undefined;
    element.style.transform = "";
    target = null;
    pan = { x: 0, y: 0 };
    setLevel(ZOOM_MIN_SCALE);
  };
  const zoomTo = (requested: number, at: Point = { x: 0, y: 0 }, animate = false) => {
    stopGlide();
    const next = clampZoom(requested);
    if (!target || next === level) return;
    pan = clampPan(panForZoomAt(pan, at, level, next), target.photo, target.view, next);
    setLevel(next);
    apply(animate);
  };

  return {
    getLevel: () => level,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach(next) {
      if (next.element === target?.element) {
        // The same photo, measured again (a resize): it stays zoomed, within the new bounds.
        target = next;
        const clamped = clampPan(pan, next.photo, next.view, level);
        if (clamped.x !== pan.x || clamped.y !== pan.y) {
          pan = clamped;
          apply(false);
        }
        return;
      }
      if (target) reset(target.element);
      target = next;
      apply(false);
    },
    detach(element) {
      if (element === target?.element) reset(element);
    },
    zoomTo,
    toggle(at) {
      if (level > ZOOM_MIN_SCALE) zoomTo(ZOOM_MIN_SCALE, undefined, true);
      else zoomTo(ZOOM_MAX_SCALE, at, true);
    },
    zoomIn: () => zoomTo(level * ZOOM_STEP, undefined, true),
    zoomOut: () => zoomTo(level / ZOOM_STEP, undefined, true),
    panBy(dx, dy) {
      if (!target || level <= ZOOM_MIN_SCALE) return;
      pan = clampPan({ x: pan.x + dx, y: pan.y + dy }, target.photo, target.view, level);
      apply(false);
    },
    glide(vx, vy) {
      stopGlide();
      if (Math.hypot(vx, vy) < PAN_GLIDE_MIN_SPEED_PX_PER_FRAME || reducedMotion()) return;
      const from = pan;
      const startedAt = performance.now();
      const step = (now: number) => {
        if (!target || level <= ZOOM_MIN_SCALE) return stopGlide();
        const elapsed = Math.max(0, now - startedAt);
        const moved = { x: from.x + glideDistance(vx, elapsed), y: from.y + glideDistance(vy, elapsed) };
        pan = clampPan(moved, target.photo, target.view, level);
        apply(false);
        const speed = Math.hypot(glideSpeed(vx, elapsed), glideSpeed(vy, elapsed));
        glideFrame = speed < PAN_GLIDE_MIN_SPEED_PX_PER_FRAME ? undefined : requestAnimationFrame(step);
      };
      glideFrame = requestAnimationFrame(step);
    },
    stopGlide,
  };
}
