// What a mouse, pen or finger does on the photo shown, handled on our own slide element
// (photo-slide.tsx): a double click or tap zooms, a single click on the backdrop closes after the
// double-click window, a vertical drag closes at our thresholds (the photo follows it and settles
// back when it does not close), and while zoomed a drag pans and glides on, two fingers pinch
// and the wheel zooms. A horizontal drag is the library's swipe: its events go on to it.
// Every gesture is timed by its events' own timestamps (rules in gestures.ts).
import type { PointerEvent as ReactPointerEvent, WheelEvent as ReactWheelEvent } from "react";
import {
  CLICK_MOVE_TOLERANCE_PX,
  DOUBLE_CLICK_WINDOW_MS,
  DRAG_CLOSE_DISTANCE_PX,
  FADE_ANIMATION_MS,
  PAN_SPEED_SAMPLE_MS,
  ZOOM_MIN_SCALE,
} from "./constants.ts";
import { dragCloses, isDoubleClick, type Point, releaseSpeed, type Sample, wheelZoom } from "./gestures.ts";
import type { ZoomController } from "./zoom.ts";

/** The most a drag dims the photo, at the full closing distance. */
const DRAG_MAX_DIMMING = 0.5;
/** Our photo element: a click on it is not a click on the backdrop. */
const PHOTO_SELECTOR = ".viewer-photo";

interface Press {
  pointerId: number;
  start: Sample;
  last: Sample;
  /** Recent positions, for the speed of a released pan. */
  track: Sample[];
  /** null until the press moves past the click tolerance; then what it became. */
  kind: null | "pull" | "pan" | "other";
  /** The second press of a double click (it has zoomed already). */
  second: boolean;
  /** Pressed beside the photo (later events of the press all target the slide, which captures them). */
  onBackdrop: boolean;
}

export interface PhotoGestures {
  /** For the current slide's element. */
  handlers: {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => void;
    onWheel: (event: ReactWheelEvent<HTMLElement>) => void;
  };
  /** The viewer is going: no close may come after it. */
  dispose: () => void;
}

interface Options {
  zoom: ZoomController;
  close: () => void;
  reducedMotion: () => boolean;
}

const sample = (event: { clientX: number; clientY: number; timeStamp: number }): Sample => ({
  x: event.clientX,
  y: event.clientY,
  at: event.timeStamp,
});

/** A point of the event from the centre of the element (the view). */
function fromCentre(element: HTMLElement, point: Point): Point {
  const box = element.getBoundingClientRect();
  return { x: point.x - (box.left + box.width / 2), y: point.y - (box.top + box.height / 2) };
}

function setPull(element: HTMLElement, offset: number) {
  const dimming = DRAG_MAX_DIMMING * Math.min(Math.abs(offset) / DRAG_CLOSE_DISTANCE_PX, 1);
  element.style.translate = offset === 0 ? "" : `0 ${Math.round(offset)}px`;
  element.style.opacity = offset === 0 ? "" : `${1 - dimming}`;
}

export function createPhotoGestures({ zoom, close, reducedMotion }: Options): PhotoGestures {
  let press: Press | null = null;
  /** Every pointer down on the photo, for a pinch. */
  const pointers = new Map<number, Point>();
  let pinch: { distance: number; level: number } | null = null;
  /** When the last press that may begin a double click went down. */
  let firstPressAt = Number.NEGATIVE_INFINITY;
  let pendingClose: number | undefined;

  const cancelPendingClose = () => {
    window.clearTimeout(pendingClose);
    pendingClose = undefined;
  };
  const releasePull = (element: HTMLElement, offset: number) => {
    setPull(element, 0);
    if (offset !== 0 && !reducedMotion()) {
      element.animate([{ translate: `0 ${offset}px` }, { translate: "0 0" }], {
        duration: FADE_ANIMATION_MS,
        easing: "ease-out",
      });
    }
  };
  const pinchDistance = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) : 1;
  };

  const handlers: PhotoGestures["handlers"] = {
    onPointerDown(event) {
      const element = event.currentTarget;
      zoom.stopGlide();
      cancelPendingClose();
      if (event.pointerType === "mouse" && event.button !== 0) return;
      // The first finger (or the mouse): no other pointer is down, whatever was missed before.
      if (event.isPrimary) {
        pointers.clear();
        pinch = null;
      }
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size === 2) {
        // A second finger: a pinch, not a drag, and none of the library's swipe (below).
        event.stopPropagation();
        if (press?.kind === "pull") releasePull(element, press.last.y - press.start.y);
        press = null;
        firstPressAt = Number.NEGATIVE_INFINITY;
        pinch = { distance: pinchDistance(), level: zoom.getLevel() };
        return;
      }
      if (pointers.size > 2) return;
      try {
        // Moves and the release come here even off the slide, like the library's own swipe.
        element.setPointerCapture(event.pointerId);
      } catch {
        // Not an active pointer (nothing to capture).
      }
      const at = sample(event);
      const second = isDoubleClick(firstPressAt, at.at);
      firstPressAt = second ? Number.NEGATIVE_INFINITY : at.at;
      if (second) zoom.toggle(fromCentre(element, at));
      const onBackdrop = !(event.target as Element).closest?.(PHOTO_SELECTOR);
      press = { pointerId: event.pointerId, start: at, last: at, track: [at], kind: null, second, onBackdrop };
    },

    onPointerMove(event) {
      const element = event.currentTarget;
      if (pointers.has(event.pointerId)) pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pinch && pointers.size >= 2) {
        // The library's swipe must not see a pinch's fingers: once a pinch has zoomed back to
        // the fit, swiping is allowed again, and a finger still spreading or closing sideways
        // would move to another photo.
        event.stopPropagation();
        const [a, b] = [...pointers.values()];
        if (a && b) {
          const middle = fromCentre(element, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
          zoom.zoomTo((pinch.level * pinchDistance()) / pinch.distance, middle);
        }
        return;
      }
      if (!press || event.pointerId !== press.pointerId) return;
      const now = sample(event);
      const dx = now.x - press.start.x;
      const dy = now.y - press.start.y;
      if (press.kind === null) {
        if (Math.hypot(dx, dy) < CLICK_MOVE_TOLERANCE_PX) return;
        // Moved: not a click, nor the first half of a double click.
        firstPressAt = Number.NEGATIVE_INFINITY;
        if (zoom.getLevel() > ZOOM_MIN_SCALE) press.kind = "pan";
        else press.kind = Math.abs(dy) > Math.abs(dx) ? "pull" : "other";
      }
      if (press.kind === "pan") zoom.panBy(now.x - press.last.x, now.y - press.last.y);
      else if (press.kind === "pull") setPull(element, dy);
      press.last = now;
      press.track = [...press.track.filter((s) => now.at - s.at <= PAN_SPEED_SAMPLE_MS), now];
    },

    onPointerUp(event) {
      const element = event.currentTarget;
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinch = null;
      if (!press || event.pointerId !== press.pointerId) return;
      const { kind, start, last, track, second, onBackdrop } = press;
      press = null;
      const end = sample(event);
      if (kind === "pull") {
        const dy = end.y - start.y;
        if (dragCloses(dy, end.at - start.at)) close();
        else releasePull(element, dy);
      } else if (kind === "pan") {
        zoom.panBy(end.x - last.x, end.y - last.y);
        const speed = releaseSpeed(track, end);
        zoom.glide(speed.x, speed.y);
      } else if (kind === null && !second && onBackdrop) {
        // A click on the backdrop closes, unless a second click within the window makes it a
        // double click, which zooms.
        pendingClose = window.setTimeout(() => {
          pendingClose = undefined;
          close();
        }, DOUBLE_CLICK_WINDOW_MS);
      }
    },

    onPointerCancel(event) {
      pointers.delete(event.pointerId);
      if (pointers.size < 2) pinch = null;
      if (!press || event.pointerId !== press.pointerId) return;
      if (press.kind === "pull") releasePull(event.currentTarget, 0);
      press = null;
    },

    onWheel(event) {
      const element = event.currentTarget;
      zoom.stopGlide();
      if (Math.abs(event.deltaY) > Math.abs(event.deltaX)) {
        zoom.zoomTo(wheelZoom(zoom.getLevel(), event.deltaY), fromCentre(element, sample(event)));
      } else if (zoom.getLevel() > ZOOM_MIN_SCALE) {
        // Sideways while zoomed pans, rather than being the library's swipe to the next photo.
        event.stopPropagation();
        zoom.panBy(-event.deltaX, 0);
      }
    },
  };

  return {
    handlers,
    dispose() {
      cancelPendingClose();
      zoom.stopGlide();
    },
  };
}
