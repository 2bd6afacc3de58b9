import { describe, expect, it } from "vitest";
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
} from "./constants.ts";
import { galleryHash, parseGalleryHash } from "./deep-link.ts";
import {
  clampPan,
  clampZoom,
  dragCloses,
  glideDistance,
  glideSpeed,
  isDoubleClick,
  panForZoomAt,
  releaseSpeed,
  thumbnailsAllowed,
  wheelZoom,
} from "./gestures.ts";

describe("deep-link hashes", () => {
  it("are 1-based and read back to the same index", () => {
    expect(galleryHash(0)).toBe("#gallery-1");
    expect(parseGalleryHash(galleryHash(7), 8)).toBe(7);
  });

  it("name no photo when out of range or malformed", () => {
    for (const hash of ["", "#gallery-0", "#gallery-9", "#gallery-01", "#gallery-2x", "#galleries-2", "#gallery-"]) {
      expect(parseGalleryHash(hash, 8), hash).toBeNull();
    }
  });
});

describe("drag to close", () => {
  it("closes at the full distance however slow, up or down", () => {
    expect(dragCloses(DRAG_CLOSE_DISTANCE_PX, 10_000)).toBe(true);
    expect(dragCloses(-DRAG_CLOSE_DISTANCE_PX, 10_000)).toBe(true);
  });

  it("closes on a short flick only within its window", () => {
    expect(dragCloses(DRAG_CLOSE_FLICK_DISTANCE_PX, DRAG_CLOSE_FLICK_WINDOW_MS)).toBe(true);
    expect(dragCloses(DRAG_CLOSE_FLICK_DISTANCE_PX, DRAG_CLOSE_FLICK_WINDOW_MS + 1)).toBe(false);
    expect(dragCloses(DRAG_CLOSE_DISTANCE_PX - 1, DRAG_CLOSE_FLICK_WINDOW_MS + 1)).toBe(false);
  });

  it("does not close below the flick distance, however fast", () => {
    expect(dragCloses(DRAG_CLOSE_FLICK_DISTANCE_PX - 1, 0)).toBe(false);
  });
});

describe("double click", () => {
  it("is a second press within the window of the first", () => {
    expect(isDoubleClick(1000, 1000 + DOUBLE_CLICK_WINDOW_MS)).toBe(true);
    expect(isDoubleClick(1000, 1000 + DOUBLE_CLICK_WINDOW_MS + 1)).toBe(false);
    expect(isDoubleClick(Number.NEGATIVE_INFINITY, 1000)).toBe(false);
    expect(isDoubleClick(1000, 999)).toBe(false);
  });
});

describe("zoom", () => {
  it("stays between the limits and snaps to them", () => {
    expect(clampZoom(ZOOM_MAX_SCALE * 3)).toBe(ZOOM_MAX_SCALE);
    expect(clampZoom(ZOOM_MAX_SCALE - 0.005)).toBe(ZOOM_MAX_SCALE);
    expect(clampZoom(ZOOM_MIN_SCALE / 2)).toBe(ZOOM_MIN_SCALE);
    expect(clampZoom(1.234567)).toBe(1.23457);
  });

  it("follows the wheel: half the factor zooms in by half, at most 2x a step, down zooms out", () => {
    expect(wheelZoom(1, -WHEEL_ZOOM_FACTOR / 2)).toBe(1.5);
    expect(wheelZoom(1, -WHEEL_ZOOM_FACTOR * 10)).toBe(ZOOM_MAX_SCALE);
    expect(wheelZoom(1.5, WHEEL_ZOOM_FACTOR / 2)).toBe(1);
    expect(wheelZoom(ZOOM_MAX_SCALE, 200)).toBe(ZOOM_MIN_SCALE);
  });

  it("keeps the point under the pointer still", () => {
    const pan = { x: 30, y: -10 };
    const at = { x: 200, y: 120 };
    const next = panForZoomAt(pan, at, 1.5, 2);
    expect((at.x - next.x) / 2).toBeCloseTo((at.x - pan.x) / 1.5);
    expect((at.y - next.y) / 2).toBeCloseTo((at.y - pan.y) / 1.5);
  });

  it("pans a zoomed photo only as far as it covers the view, and never a fitted one", () => {
    const photo = { width: 1000, height: 500 };
    const view = { width: 1200, height: 800 };
    expect(clampPan({ x: 1000, y: -1000 }, photo, view, 2)).toEqual({ x: 400, y: -100 });
    expect(clampPan({ x: 50, y: 20 }, photo, view, 2)).toEqual({ x: 50, y: 20 });
    expect(clampPan({ x: 50, y: 20 }, photo, view, 1)).toEqual({ x: 0, y: 0 });
  });
});

describe("pan glide", () => {
  it("keeps PAN_FRICTION of its speed per frame", () => {
    expect(glideSpeed(10, FRAME_MS)).toBeCloseTo(10 * PAN_FRICTION);
    expect(glideSpeed(10, 3 * FRAME_MS)).toBeCloseTo(10 * PAN_FRICTION ** 3);
    expect(glideSpeed(10, 0)).toBe(10);
  });

  it("goes as far whatever the frame rate, and at most speed / -ln(PAN_FRICTION)", () => {
    const oneGo = glideDistance(10, 5 * FRAME_MS);
    const twoGoes = glideDistance(10, 2 * FRAME_MS) + glideDistance(glideSpeed(10, 2 * FRAME_MS), 3 * FRAME_MS);
    expect(twoGoes).toBeCloseTo(oneGo);
    expect(glideDistance(10, 0)).toBe(0);
    expect(glideDistance(10, 60_000)).toBeCloseTo(10 / -Math.log(PAN_FRICTION));
  });

  it("takes the speed of the last PAN_SPEED_SAMPLE_MS before the release, in px per frame", () => {
    const samples = [
      { x: 0, y: 0, at: 0 },
      { x: 100, y: 0, at: 1000 },
      { x: 110, y: 5, at: 1000 + PAN_SPEED_SAMPLE_MS / 2 },
    ];
    const release = { x: 140, y: 20, at: 1000 + PAN_SPEED_SAMPLE_MS };
    const speed = releaseSpeed(samples, release);
    expect(speed.x).toBeCloseTo((40 / PAN_SPEED_SAMPLE_MS) * FRAME_MS);
    expect(speed.y).toBeCloseTo((20 / PAN_SPEED_SAMPLE_MS) * FRAME_MS);
    expect(releaseSpeed([{ x: 0, y: 0, at: 0 }], { x: 50, y: 0, at: PAN_SPEED_SAMPLE_MS * 5 })).toEqual({ x: 0, y: 0 });
  });
});

describe("thumbnail strip", () => {
  it("needs enough photos and screen height", () => {
    expect(thumbnailsAllowed(THUMBNAILS_MIN_SLIDES, THUMBNAILS_MIN_SCREEN_HEIGHT_PX)).toBe(true);
    expect(thumbnailsAllowed(THUMBNAILS_MIN_SLIDES - 1, 2000)).toBe(false);
    expect(thumbnailsAllowed(20, THUMBNAILS_MIN_SCREEN_HEIGHT_PX - 1)).toBe(false);
  });
});
