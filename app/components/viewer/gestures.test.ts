import { describe, expect, it } from "vitest";
import {
  DRAG_CLOSE_DISTANCE_PX,
  DRAG_CLOSE_FLICK_DISTANCE_PX,
  DRAG_CLOSE_FLICK_WINDOW_MS,
  FRAME_MS,
  PAN_FRICTION,
  THUMBNAILS_MIN_SCREEN_HEIGHT_PX,
  THUMBNAILS_MIN_SLIDES,
} from "./constants.ts";
import { dragCloses, galleryHash, glideSpeed, parseGalleryHash, thumbnailsAllowed } from "./gestures.ts";

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

describe("pan glide", () => {
  it("keeps PAN_FRICTION of its speed per frame", () => {
    expect(glideSpeed(10, FRAME_MS)).toBeCloseTo(10 * PAN_FRICTION);
    expect(glideSpeed(10, 3 * FRAME_MS)).toBeCloseTo(10 * PAN_FRICTION ** 3);
    expect(glideSpeed(10, 0)).toBe(10);
  });
});

describe("thumbnail strip", () => {
  it("needs enough photos and screen height", () => {
    expect(thumbnailsAllowed(THUMBNAILS_MIN_SLIDES, THUMBNAILS_MIN_SCREEN_HEIGHT_PX)).toBe(true);
    expect(thumbnailsAllowed(THUMBNAILS_MIN_SLIDES - 1, 2000)).toBe(false);
    expect(thumbnailsAllowed(20, THUMBNAILS_MIN_SCREEN_HEIGHT_PX - 1)).toBe(false);
  });
});
