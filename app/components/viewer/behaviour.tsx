// What the spec asks of the viewer beyond the library's own settings, added as a lightbox
// module (inside its controller) rather than by changing the library: closing by a vertical
// drag at our thresholds, telling a single click from a double one, one move per navigation
// throttle, a gliding pan with our friction, and '3 of 8' announced on every move.
import { createContext, type ReactNode, type RefObject, useContext, useEffect, useRef } from "react";
import { useController, useLightboxState, type ZoomRef } from "yet-another-react-lightbox";
import {
  CLICK_MOVE_TOLERANCE_PX,
  DOUBLE_CLICK_WINDOW_MS,
  DRAG_CLOSE_DISTANCE_PX,
  FADE_ANIMATION_MS,
  FRAME_MS,
  NAVIGATION_THROTTLE_MS,
  PAN_GLIDE_MIN_SPEED_PX_PER_FRAME,
  PAN_SPEED_SAMPLE_MS,
} from "./constants.ts";
import { dragCloses, glideSpeed } from "./gestures.ts";

export interface ViewerBehaviourContext {
  zoomRef: RefObject<ZoomRef | null>;
  /** When the viewer last moved to another photo (performance.now() time). */
  lastNavigationAt: RefObject<number>;
  reducedMotion: () => boolean;
}

export const BehaviourContext = createContext<ViewerBehaviourContext | null>(null);

/** The most a drag dims the photo, at the full closing distance. */
const DRAG_MAX_DIMMING = 0.5;

interface Press {
  pointerId: number;
  pointerType: string;
  x: number;
  y: number;
  at: number;
  /** null until the press moves past the click tolerance; then whether it is a vertical drag. */
  vertical: boolean | null;
  /** The second press of a double click. */
  second: boolean;
}

export function ViewerBehaviour({ children }: { children?: ReactNode }) {
  const context = useContext(BehaviourContext);
  if (!context) throw new Error("ViewerBehaviour must be inside BehaviourContext");
  const { containerRef, close } = useController();
  const { currentIndex, slides } = useLightboxState();
  const contextRef = useRef(context);
  contextRef.current = context;
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { zoomRef, lastNavigationAt, reducedMotion } = contextRef.current;
    const carousel = () => container.querySelector<HTMLElement>(".yarl__carousel");
    let press: Press | null = null;
    let pendingClick: number | undefined;
    let glide: { frame: number; pointerId: number; x: number; y: number } | null = null;
    // Recent pointer positions of a pan, for the speed at release.
    let track: { x: number; y: number; at: number }[] = [];

    const setPull = (offset: number) => {
      const dimming = DRAG_MAX_DIMMING * Math.min(Math.abs(offset) / DRAG_CLOSE_DISTANCE_PX, 1);
      container.style.setProperty("--yarl__pull_offset", `${Math.round(offset)}px`);
      container.style.setProperty("--yarl__pull_opacity", `${1 - dimming}`);
    };
    const releasePull = (offset: number) => {
      setPull(0);
      const node = carousel();
      if (node && offset !== 0 && !reducedMotion()) {
        node.animate([{ transform: `translate(0, ${offset}px)` }, { transform: "translate(0, 0)" }], {
          duration: FADE_ANIMATION_MS,
          easing: "ease-out",
        });
      }
    };

    const dispatchPointer = (type: string, pointerId: number, x: number, y: number) => {
      container.dispatchEvent(
        new PointerEvent(type, { pointerId, clientX: x, clientY: y, buttons: 1, bubbles: true, isPrimary: true }),
      );
    };
    const stopGlide = () => {
      if (!glide) return;
      cancelAnimationFrame(glide.frame);
      const { pointerId, x, y } = glide;
      glide = null;
      dispatchPointer("pointerup", pointerId, x, y);
    };
    // The Zoom plugin pans while a pointer is held; the glide keeps that pointer "held" with
    // synthetic moves that slow by PAN_FRICTION per frame, so the plugin keeps the photo in bounds.
    const startGlide = (pointerId: number, x: number, y: number, vx: number, vy: number) => {
      let last = performance.now();
      let speedX = vx;
      let speedY = vy;
      const step = (now: number) => {
        if (!glide) return;
        const frames = (now - last) / FRAME_MS;
        const nextX = glideSpeed(speedX, now - last);
        const nextY = glideSpeed(speedY, now - last);
        glide.x += ((speedX + nextX) / 2) * frames;
        glide.y += ((speedY + nextY) / 2) * frames;
        speedX = nextX;
        speedY = nextY;
        last = now;
        dispatchPointer("pointermove", pointerId, glide.x, glide.y);
        if (Math.hypot(speedX, speedY) < PAN_GLIDE_MIN_SPEED_PX_PER_FRAME) stopGlide();
        else glide.frame = requestAnimationFrame(step);
      };
      glide = { frame: requestAnimationFrame(step), pointerId, x, y };
    };

    const onPointerDown = (event: PointerEvent) => {
      if (!event.isTrusted) return;
      stopGlide();
      const second = pendingClick !== undefined;
      window.clearTimeout(pendingClick);
      pendingClick = undefined;
      const zoomed = (zoomRef.current?.zoom ?? 1) > 1;
      if (!event.isPrimary || event.button !== 0) {
        // A second finger: a pinch, not a drag.
        if (press?.vertical) releasePull(0);
        press = null;
        return;
      }
      if (!zoomed && performance.now() - lastNavigationAt.current < NAVIGATION_THROTTLE_MS) {
        // Too soon after the last move: the library does not see this press, so it cannot swipe.
        event.stopPropagation();
        return;
      }
      press = {
        pointerId: event.pointerId,
        pointerType: event.pointerType,
        x: event.clientX,
        y: event.clientY,
        at: event.timeStamp,
        vertical: null,
        second,
      };
      track = [{ x: event.clientX, y: event.clientY, at: event.timeStamp }];
    };

    const onPointerMove = (event: PointerEvent) => {
      if (!event.isTrusted) return;
      if (glide) {
        // The mouse moving after release must not steer the glide.
        event.stopPropagation();
        return;
      }
      if (!press || event.pointerId !== press.pointerId) return;
      track = [
        ...track.filter((p) => event.timeStamp - p.at < PAN_SPEED_SAMPLE_MS),
        { x: event.clientX, y: event.clientY, at: event.timeStamp },
      ];
      const dx = event.clientX - press.x;
      const dy = event.clientY - press.y;
      if (press.vertical === null) {
        if (Math.hypot(dx, dy) < CLICK_MOVE_TOLERANCE_PX) return;
        press.vertical = (zoomRef.current?.zoom ?? 1) <= 1 && Math.abs(dy) > Math.abs(dx);
      }
      if (press.vertical) setPull(dy);
    };

    const onPointerUp = (event: PointerEvent) => {
      if (!event.isTrusted || !press || event.pointerId !== press.pointerId) return;
      const { vertical, y, at, second } = press;
      press = null;
      const dy = event.clientY - y;
      if (vertical) {
        if (dragCloses(dy, event.timeStamp - at)) closeRef.current();
        else releasePull(dy);
        return;
      }
      if (vertical === false && (zoomRef.current?.zoom ?? 1) > 1 && !reducedMotion()) {
        const first = track[0];
        const elapsed = first ? event.timeStamp - first.at : 0;
        if (first && elapsed > 0) {
          const vx = ((event.clientX - first.x) / elapsed) * FRAME_MS;
          const vy = ((event.clientY - first.y) / elapsed) * FRAME_MS;
          if (Math.hypot(vx, vy) >= PAN_GLIDE_MIN_SPEED_PX_PER_FRAME) {
            // The plugin keeps panning while it has not seen the pointer go up.
            event.stopPropagation();
            startGlide(event.pointerId, event.clientX, event.clientY, vx, vy);
          }
        }
        return;
      }
      if (vertical !== null || second) return;
      const target = event.target as Element | null;
      if (target?.closest("button, .viewer-photo")) return;
      // A click on the backdrop closes, unless a second click within the window makes it a
      // double click, which the Zoom plugin turns into a zoom.
      pendingClick = window.setTimeout(() => {
        pendingClick = undefined;
        closeRef.current();
      }, DOUBLE_CLICK_WINDOW_MS);
    };

    const onPointerCancel = (event: PointerEvent) => {
      if (press && event.pointerId === press.pointerId && press.vertical) releasePull(0);
      if (press && event.pointerId === press.pointerId) press = null;
    };

    const options = { capture: true };
    container.addEventListener("pointerdown", onPointerDown, options);
    container.addEventListener("pointermove", onPointerMove, options);
    container.addEventListener("pointerup", onPointerUp, options);
    container.addEventListener("pointercancel", onPointerCancel, options);
    return () => {
      window.clearTimeout(pendingClick);
      if (glide) cancelAnimationFrame(glide.frame);
      container.removeEventListener("pointerdown", onPointerDown, options);
      container.removeEventListener("pointermove", onPointerMove, options);
      container.removeEventListener("pointerup", onPointerUp, options);
      container.removeEventListener("pointercancel", onPointerCancel, options);
    };
  }, [containerRef]);

  return (
    <>
      {children}
      <p className="viewer-visually-hidden" role="status">
        {slides.length > 0 ? `${currentIndex + 1} of ${slides.length}` : ""}
      </p>
    </>
  );
}
