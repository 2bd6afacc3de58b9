// A tap that lands before the page's script has run must do what the same tap does after.
// A public page's modules start only after its first paint (ADR 015), and on a slow phone
// that leaves seconds in which a thumbnail would be followed as the plain link it is (the
// raw photo file, leaving the site) and the phone bar's Back button would submit its no-JS
// form home. People tap exactly then.
//
// So the document carries a tiny listener (written by deferHydration, inline, before any
// module) for the elements marked here. It handles Back itself, completely; for a thumbnail
// or the showreel's play link it keeps the browser from following the link, notes what was
// asked for, marks the element as opening and starts the page's modules at once. Once the
// page has hydrated, the listener steps aside (markHydrated) and the component does what was
// asked (takeEarlyTap), as a click would have. A "prepare" element (the contact form) is only
// a reason to start the modules early: its clicks go through untouched.

export const EARLY_ACTION_ATTRIBUTE = "data-early";
export const EARLY_INDEX_ATTRIBUTE = "data-early-index";
/** Set on a thumbnail tapped before hydration, until its viewer opens (styled in app.css). */
export const EARLY_OPENING_ATTRIBUTE = "data-opening";

/** The window properties the inline listener and the app share. */
export const EARLY_TAP_GLOBAL = "__studioEarlyTap";
export const HYDRATED_GLOBAL = "__studioHydrated";
/** The loader's start(): the page's modules now (tests and tools call it; it runs once). */
export const HYDRATE_GLOBAL = "__studioHydrate";
/** The loader's afterLoadAndPaint(then): what a page's islands wait for before they move. */
export const SETTLED_GLOBAL = "__studioSettled";

/**
 * "viewer": a thumbnail, replayed as a click once hydrated; "video": the showreel's play link,
 * likewise; "back": the phone bar's Back, done by the listener; "prepare": something that works
 * without scripts but better with them (the contact form). Touching or focusing any marked
 * element starts the page's modules.
 */
export type EarlyAction = "viewer" | "video" | "back" | "prepare";

/** The actions the listener holds a click for, to be replayed once the page has hydrated. */
export const REPLAYED_ACTIONS: readonly EarlyAction[] = ["viewer", "video"];

/** The attributes that mark an element for the early listener. */
export function earlyAction(action: "back" | "prepare" | "video"): Record<string, string>;
export function earlyAction(action: "viewer", index: number): Record<string, string>;
export function earlyAction(action: EarlyAction, index?: number): Record<string, string> {
  return index === undefined
    ? { [EARLY_ACTION_ATTRIBUTE]: action }
    : { [EARLY_ACTION_ATTRIBUTE]: action, [EARLY_INDEX_ATTRIBUTE]: String(index) };
}

interface EarlyTap {
  path: string;
  action: EarlyAction;
  /** The element's data-early-index, as a number (NaN where it has none). */
  index: number;
}

type EarlyWindow = Window & { [EARLY_TAP_GLOBAL]?: EarlyTap; [HYDRATED_GLOBAL]?: boolean };

/** From now on React handles every tap; the early listener lets them through. */
export function markHydrated(): void {
  (window as EarlyWindow)[HYDRATED_GLOBAL] = true;
}

/**
 * The tap of `action` a visitor made on this page before it hydrated, once (the tap is used up
 * by whichever component asks first for its action): null if there was none.
 */
export function takeEarlyTap(action: EarlyAction, pathname: string): EarlyTap | null {
  const w = window as EarlyWindow;
  const tap = w[EARLY_TAP_GLOBAL];
  if (!tap || tap.action !== action) return null;
  delete w[EARLY_TAP_GLOBAL];
  for (const element of document.querySelectorAll(`[${EARLY_OPENING_ATTRIBUTE}]`)) {
    element.removeAttribute(EARLY_OPENING_ATTRIBUTE);
  }
  return tap.path === pathname ? tap : null;
}

/**
 * The photo (0-based) a visitor tapped on this page before it hydrated, once: null if none,
 * or if it is not one of this page's `count` photos.
 */
export function takeEarlyViewerTap(pathname: string, count: number): number | null {
  const index = takeEarlyTap("viewer", pathname)?.index ?? Number.NaN;
  return Number.isInteger(index) && index >= 0 && index < count ? index : null;
}

/**
 * Whether Back can go to the visitor's previous page of this site: they came from one (same
 * origin; the policy is same-origin, so the referrer is sent) and it is still in history.
 * The inline listener applies the same rule, written out in ES5 in deferred-hydration.
 */
export function cameFromThisSite(): boolean {
  if (window.history.length < 2 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}
