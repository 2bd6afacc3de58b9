// Every timing, distance and threshold of the full-screen viewer (spec section 9, Viewer and
// Pan/zoom), in one place with its unit. The viewer and its browser tests both read these.

/** How long each photo stays up while the slideshow plays. */
export const SLIDESHOW_DELAY_MS = 3000;

/** A vertical drag at least this far closes the viewer, however slow. */
export const DRAG_CLOSE_DISTANCE_PX = 150;
/** A shorter vertical flick closes it too when it is at least this far... */
export const DRAG_CLOSE_FLICK_DISTANCE_PX = 35;
/** ...and released within this time of the press. */
export const DRAG_CLOSE_FLICK_WINDOW_MS = 350;
/** A press that moves less than this is a click or tap, not a drag. */
export const CLICK_MOVE_TOLERANCE_PX = 6;

/** A second click or tap within this time is a double click (zoom), not a single one. */
export const DOUBLE_CLICK_WINDOW_MS = 300;

/** The thumbnail strip needs at least this many photos... */
export const THUMBNAILS_MIN_SLIDES = 2;
/** ...and a screen at least this high. */
export const THUMBNAILS_MIN_SCREEN_HEIGHT_PX = 500;

/** Zoom limits: 1 is the photo fitted to the screen. */
export const ZOOM_MIN_SCALE = 1;
export const ZOOM_MAX_SCALE = 2;
/** Wheel distance for one zoom step: a smaller factor zooms faster. */
export const WHEEL_ZOOM_FACTOR = 42;
/** A zoom within this of a limit snaps to it. */
export const ZOOM_SNAP = 0.01;
/** The zoom buttons and the + and - keys zoom by this factor. */
export const ZOOM_STEP = ZOOM_MAX_SCALE / ZOOM_MIN_SCALE;
/** An arrow key pans a zoomed photo this far. */
export const PAN_KEY_STEP_PX = 50;
/** After a pan is released the photo glides on, keeping this share of its speed per frame. */
export const PAN_FRICTION = 0.82;
/** The glide is computed per frame of this length, whatever the display's rate. */
export const FRAME_MS = 1000 / 60;
/** The glide stops below this speed. */
export const PAN_GLIDE_MIN_SPEED_PX_PER_FRAME = 0.5;
/** A released pan's speed is measured over its last this much time. */
export const PAN_SPEED_SAMPLE_MS = 100;

/** Photos loaded on each side of the current one. */
export const PRELOAD_NEIGHBOURS = 1;
/** Thumbnails the strip shows on each side of the current one (the carousel keeps as many
    slides mounted, but loads only PRELOAD_NEIGHBOURS of them). */
export const STRIP_NEIGHBOURS = 3;
/** The strip's thumbnails and the space between them. */
export const STRIP_THUMBNAIL_WIDTH_PX = 96;
export const STRIP_THUMBNAIL_HEIGHT_PX = 64;
export const STRIP_GAP_PX = 8;
/** At most one move to another photo per this time, by key, button or swipe. */
export const NAVIGATION_THROTTLE_MS = 250;
/** The slide animation. */
export const SLIDE_ANIMATION_MS = NAVIGATION_THROTTLE_MS * 2;
/** The viewer's fade in and out. */
export const FADE_ANIMATION_MS = 250;
/** A zoom by double click, button or key (wheel and pinch follow the hand at once). */
export const ZOOM_ANIMATION_MS = SLIDE_ANIMATION_MS;

/** Keys, as KeyboardEvent.key values. */
export const CLOSE_KEYS: readonly string[] = ["Escape", "Delete", "Backspace"];
export const PREVIOUS_KEYS: readonly string[] = ["ArrowLeft", "ArrowUp", "PageUp"];
export const NEXT_KEYS: readonly string[] = ["ArrowRight", "ArrowDown", "PageDown"];
export const SLIDESHOW_KEY = " ";
export const THUMBNAILS_KEY = "t";
