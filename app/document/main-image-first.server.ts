// Writes the script that holds a page's below-the-fold photo lists until its main image has
// painted (why: main-image-first.ts). It goes at the end of the document's head, so the
// attribute is on <html> before the body is parsed and laid out: a list must not be rendered
// even once, or its photos are requested.
import { compactScript } from "./deferred-hydration.server.ts";
import {
  AFTER_MAIN_IMAGE_ATTRIBUTE,
  MAIN_IMAGE_PENDING_ATTRIBUTE,
  MAIN_IMAGE_TIMING,
  MAIN_IMAGE_WAIT_MAX_MS,
} from "./main-image-first.ts";

const HEAD_END = "</head>";

/**
 * In ES5, as the hydration loader: it runs on any phone. The main image has painted when
 * Element Timing says so (Chrome). Elsewhere, or for a main image that will not paint on this
 * screen (below the fold, hidden at this width), once it has loaded and a frame has passed.
 * A main image that fails lets the lists go at once. The same for every page: compacted once.
 */
const script = compactScript(`(function () {
  var root = document.documentElement;
  root.setAttribute("${MAIN_IMAGE_PENDING_ATTRIBUTE}", "");
  var released = false;
  function release() {
    if (released) return;
    released = true;
    root.removeAttribute("${MAIN_IMAGE_PENDING_ATTRIBUTE}");
  }
  setTimeout(release, ${MAIN_IMAGE_WAIT_MAX_MS});
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  var timed = types.indexOf("element") !== -1;
  if (timed) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          // Its placeholder (a data: URL in its background) is reported too, at the first paint.
          if (entry.identifier === "${MAIN_IMAGE_TIMING}" && entry.url.indexOf("data:") !== 0) release();
        });
      }).observe({ type: "element", buffered: true });
    } catch (error) {
      timed = false;
    }
  }
  function mainImage(event) {
    var target = event.target;
    return target && target.getAttribute && target.getAttribute("elementtiming") === "${MAIN_IMAGE_TIMING}";
  }
  document.addEventListener("load", function (event) {
    if (!mainImage(event)) return;
    var image = event.target;
    // Measured in the next frame, which lays the page out anyway: measured here, while the
    // page is still being parsed, it forced a layout of its own (30-70 ms on this machine).
    requestAnimationFrame(function () {
      var box = image.getBoundingClientRect();
      var onScreen = box.width > 0 && box.bottom > 0 && box.top < innerHeight;
      if (timed && onScreen) return;
      setTimeout(release, 0);
    });
  }, true);
  document.addEventListener("error", function (event) {
    if (mainImage(event)) release();
  }, true);
})();`);

/**
 * Adds the script to a document that has both a main image and a list marked to wait for it; any
 * other document is returned as it was. A public document's policy lists the script's hash (ADR
 * 004); a personal one's (a client's album) allows it by the request's `nonce`.
 */
export function holdListsForMainImage(html: string, nonce = ""): string {
  if (!html.includes(`${AFTER_MAIN_IMAGE_ATTRIBUTE}=""`) || !html.includes(`elementtiming="${MAIN_IMAGE_TIMING}"`)) {
    return html;
  }
  const at = html.indexOf(HEAD_END);
  if (at === -1) return html;
  const attributes = nonce ? ` nonce="${nonce}"` : "";
  return `${html.slice(0, at)}<script${attributes}>${script}</script>${html.slice(at)}`;
}
