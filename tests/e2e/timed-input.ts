// Mouse and touch input whose timing the test sets. Each event goes through the DevTools
// protocol (Input.dispatchMouseEvent / Input.dispatchTouchEvent) with an explicit timestamp,
// which Chromium gives the page as the event's `timeStamp`. A gesture is then exactly as quick
// or as slow as the test says, however long a busy machine takes to deliver it; the viewer times
// its gestures by those timestamps (app/components/viewer/gestures.ts).
import type { CDPSession, Page } from "@playwright/test";

export interface Point {
  x: number;
  y: number;
}

/** A point of a gesture, `at` ms after the gesture began. */
export interface Step extends Point {
  at: number;
}

export interface TimedInput {
  /** Press at the first step, move through the others, release at the last. */
  mouseDrag(steps: readonly Step[]): Promise<void>;
  /** Clicks at `point`, the presses `at` ms after the gesture began (e.g. [0, 100]: a double click). */
  mouseClicks(point: Point, at: readonly number[]): Promise<void>;
  /** Taps at `point`, `at` ms after the gesture began. */
  taps(point: Point, at: readonly number[]): Promise<void>;
}

/** How long a click or tap is held. */
const PRESS_MS = 40;
/** Gestures are at least this far apart, as a person's are: one never makes half of a double
    click with the one before. */
const GESTURE_GAP_MS = 1000;

export async function timedInput(page: Page): Promise<TimedInput> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  /** The latest timestamp sent (s since the epoch). */
  let latest = 0;
  /** Starts a gesture now, or a gesture gap after the last one, and gives its events' timestamps
      (which may then run ahead of the clock: the browser takes them as they are). */
  const begin = () => {
    const start = Math.max(Date.now() / 1000, latest + GESTURE_GAP_MS / 1000);
    return (ms: number) => {
      const at = start + ms / 1000;
      latest = Math.max(latest, at);
      return at;
    };
  };
  const mouse = (
    type: "mouseMoved" | "mousePressed" | "mouseReleased",
    { x, y }: Point,
    timestamp: number,
    pressed: boolean,
    clickCount = 1,
  ) =>
    cdp.send("Input.dispatchMouseEvent", {
      type,
      x,
      y,
      timestamp,
      button: type === "mouseMoved" && !pressed ? "none" : "left",
      buttons: pressed ? 1 : 0,
      clickCount,
    });

  return {
    async mouseDrag(steps) {
      const time = begin();
      const [first, ...rest] = steps;
      const last = steps.at(-1);
      if (!first || !last) throw new Error("a drag needs steps");
      await mouse("mouseMoved", first, time(first.at), false);
      await mouse("mousePressed", first, time(first.at), true);
      for (const step of rest) await mouse("mouseMoved", step, time(step.at), true);
      await mouse("mouseReleased", last, time(last.at), false);
    },

    async mouseClicks(point, at) {
      const time = begin();
      await mouse("mouseMoved", point, time(at[0] ?? 0), false);
      for (const [i, pressAt] of at.entries()) {
        await mouse("mousePressed", point, time(pressAt), true, i + 1);
        await mouse("mouseReleased", point, time(pressAt + PRESS_MS), false, i + 1);
      }
    },

    async taps(point, at) {
      const time = begin();
      for (const pressAt of at) {
        await cdp.send("Input.dispatchTouchEvent", {
          type: "touchStart",
          touchPoints: [{ ...point, id: 1 }],
          timestamp: time(pressAt),
        });
        await cdp.send("Input.dispatchTouchEvent", {
          type: "touchEnd",
          touchPoints: [],
          timestamp: time(pressAt + PRESS_MS),
        });
      }
    },
  };
}

/** Evenly spaced steps from `from` to `to` over `durationMs` (the first at 0). */
export function straightSteps(from: Point, to: Point, durationMs: number, count: number): Step[] {
  return Array.from({ length: count + 1 }, (_, i) => ({
    x: from.x + ((to.x - from.x) * i) / count,
    y: from.y + ((to.y - from.y) * i) / count,
    at: (durationMs * i) / count,
  }));
}
