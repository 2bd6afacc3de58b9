// A page's main image (its LCP photo: the featured shoot, the first banner slide) comes first
// on the wire. The photo lists just below the first screen are lazy, but inside Chrome's
// lazy-load margin (1,250 px and more), so the browser asks for them at the first layout,
// before the main image has painted. Over HTTP/1.1 each of those photos gets a connection of
// its own and an equal share of a slow phone's bandwidth: on the wedding page three covers
// (77 KB) shared the first second with the 44 KB main photo and delayed it (devtools-throttled
// Lighthouse: LCP 1.99 s with them, 1.71 s without).
//
// So while a document says so (the attribute below on <html>, set by a tiny script in its
// head: main-image-first.server.ts), the lists marked with afterMainImage() are not rendered
// (content-visibility: hidden, app.css), which keeps their photos from loading; the script
// lifts it once the main image has painted, or after MAIN_IMAGE_WAIT_MAX_MS at most. Without
// scripts the attribute is never set and nothing waits.

/** On <html> while the main image has not painted yet. */
export const MAIN_IMAGE_PENDING_ATTRIBUTE = "data-main-image-pending";
/** On a list of photos below the first screen that waits for the main image. */
export const AFTER_MAIN_IMAGE_ATTRIBUTE = "data-after-main-image";
/** The main image's `elementtiming` name: Element Timing reports when it has painted. */
export const MAIN_IMAGE_TIMING = "main-image";
/** The longest the lists wait: a main image that never paints must not hide them. */
export const MAIN_IMAGE_WAIT_MAX_MS = 3000;

/** The attributes that make a list of photos wait for the page's main image. */
export function afterMainImage(): Record<string, string> {
  return { [AFTER_MAIN_IMAGE_ATTRIBUTE]: "" };
}
