// A public page's JavaScript does not hold up its first paint (ADR 015), and most pages need
// none of it until the visitor reaches for something: the page is complete without it
// (server-rendered; links and forms work before hydration). On a slow phone, 115 KB of
// framework code run at load blocks the main thread for longer than the page takes to show.
//
// React Router's <Scripts> writes module preloads and one inline module script that imports
// the route modules and the client entry, with no option to wait. So the finished document is
// adjusted: the preloads are taken out, the module script is kept but made inert
// (type="text/plain"), and a small script starts both: after the first contentful paint on a
// page that moves by itself, otherwise at the first touch of something that needs them
// (HydrationStart), and at once for a tap that must be replayed (early-actions.ts).

import { BANNER_INTERVAL_MS } from "../components/banner-slideshow.tsx";
import { GALLERY_HASH_PREFIX } from "../components/viewer/deep-link.ts";
import { BANNER_SLIDESHOW_ISLAND } from "../islands/banner-slideshow.ts";
import bannerSlideshow from "../islands/banner-slideshow.ts?island";
import { ISLAND_EXPORTS } from "../islands/island-exports.ts";
import {
  EARLY_ACTION_ATTRIBUTE,
  EARLY_INDEX_ATTRIBUTE,
  EARLY_OPENING_ATTRIBUTE,
  EARLY_TAP_GLOBAL,
  HYDRATE_GLOBAL,
  HYDRATED_GLOBAL,
  REPLAYED_ACTIONS,
  SETTLED_GLOBAL,
} from "./early-actions.ts";

/** Starts the page's modules anyway if no paint is reported by then (an empty page). */
export const HYDRATION_FALLBACK_MS = 3000;
export const BOOT_SCRIPT_ID = "rr-boot";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g;
/** React Router's module script; a public page's has no nonce (its policy is by hash: ADR 004). */
const BOOT_SCRIPT = /<script(?: nonce="([^"]*)")? type="module" async="">/;

/**
 * The early listener (see early-actions.ts), in ES5 like the rest of the loader: it must run on
 * any phone before any module. It calls the loader's start() for a tap it holds to replay.
 */
const earlyListener = `document.addEventListener("click", function (event) {
    if (window.${HYDRATED_GLOBAL} || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var target = event.target && event.target.closest ? event.target.closest("[${EARLY_ACTION_ATTRIBUTE}]") : null;
    if (!target) return;
    if (target.getAttribute("${EARLY_ACTION_ATTRIBUTE}") === "back") {
      // Only to a page of this site; otherwise the button's form goes home, as without scripts.
      if (history.length < 2 || !document.referrer) return;
      try {
        if (new URL(document.referrer).origin !== location.origin) return;
      } catch (error) {
        return;
      }
      event.preventDefault();
      history.back();
      return;
    }
    var action = target.getAttribute("${EARLY_ACTION_ATTRIBUTE}");
    if (${JSON.stringify(REPLAYED_ACTIONS)}.indexOf(action) === -1) return;
    event.preventDefault();
    var previous = document.querySelector("[${EARLY_OPENING_ATTRIBUTE}]");
    if (previous) previous.removeAttribute("${EARLY_OPENING_ATTRIBUTE}");
    target.setAttribute("${EARLY_OPENING_ATTRIBUTE}", "");
    window.${EARLY_TAP_GLOBAL} = {
      path: location.pathname,
      action: action,
      index: Number(target.getAttribute("${EARLY_INDEX_ATTRIBUTE}"))
    };
    start();
  }, true);`;

/**
 * When a page's modules start. "paint": after its first contentful paint (a page that moves
 * by itself: the home page's slideshow, a client's gallery). "load": once the page has loaded
 * and painted, its eager images with it (a page whose largest image must not share a phone's
 * connection and processor with the modules: the couple's album, whose first spread is large).
 * "intent": only when the visitor reaches for something that needs them (a [data-early]
 * element: a thumbnail, the contact form), the files fetched ahead once the page has loaded
 * (ADR 015). A route says "paint" or "load" in its handle (`hydrate`); "intent" is the default.
 */
export type HydrationStart = "paint" | "load" | "intent";

/** The loader, as the browser runs it, given the module URLs to preload once it starts. */
const loader = (preloads: string[], when: HydrationStart, islands: boolean) => `(function () {
  var started = false;
  var preloads = ${JSON.stringify(preloads).replaceAll("<", "\\u003c")};
  var boot = document.getElementById("${BOOT_SCRIPT_ID}");
  function link(rel, href) {
    var element = document.createElement("link");
    element.rel = rel;
    element.href = href;
    element.nonce = boot.nonce;
    document.head.appendChild(element);
  }
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      link("modulepreload", href);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.nonce = boot.nonce;
    script.textContent = boot.textContent;
    document.body.appendChild(script);
  }
  window.${HYDRATE_GLOBAL} = start;
  ${earlyListener}
  function prepare(event) {
    if (event.target && event.target.closest && event.target.closest("[${EARLY_ACTION_ATTRIBUTE}]")) start();
  }
  document.addEventListener("pointerdown", prepare, true);
  document.addEventListener("focusin", prepare, true);
  ${afterFirstPaint}
  ${when !== "paint" || islands ? afterLoadAndPaint : ""}
  ${when === "paint" ? startAfter("afterFirstPaint") : when === "load" ? startAfter("afterLoadAndPaint") : fetchAheadAfterLoad}
})();`;

/**
 * Calls `then` once the page has loaded and painted: when it fetches ahead, and what its
 * islands wait for before they move (SETTLED_GLOBAL). A page with neither goes without.
 */
const afterLoadAndPaint = `function afterLoadAndPaint(then) {
    function painted() {
      afterFirstPaint(then);
    }
    if (document.readyState === "complete") painted();
    else window.addEventListener("load", painted, { once: true });
  }
  window.${SETTLED_GLOBAL} = afterLoadAndPaint;`;

/**
 * Calls `then` once, after the page's first contentful paint is reported, or at the fallback
 * time if none is (an empty page). Without paint timing, a frame callback and then a task run
 * after the next paint.
 */
const afterFirstPaint = `function afterFirstPaint(callback) {
    var called = false;
    function then() {
      if (called) return;
      called = true;
      callback();
    }
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf("paint") === -1) {
      return requestAnimationFrame(function () {
        setTimeout(then, 0);
      });
    }
    try {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName("first-contentful-paint").length === 0) return;
        observer.disconnect();
        setTimeout(then, 0);
      }).observe({ type: "paint", buffered: true });
    } catch (error) {
      return then();
    }
    setTimeout(then, ${HYDRATION_FALLBACK_MS});
  }`;

/**
 * Starts the modules when `wait` calls back ("paint": afterFirstPaint; "load": afterLoadAndPaint),
 * or at once on a page opened in the background, which paints nothing until it is shown.
 */
const startAfter = (
  wait: "afterFirstPaint" | "afterLoadAndPaint",
) => `if (document.visibilityState !== "visible") return start();
  ${wait}(start);
  document.addEventListener("visibilitychange", start, { once: true });`;

/** How long a prefetch may wait for the main thread to be idle before it is sent anyway. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
/** Without requestIdleCallback (Safari), the gap between two prefetches. */
export const PREFETCH_FALLBACK_GAP_MS = 50;

/**
 * A viewer's deep link (#gallery-N) is a visitor asking for the viewer: the modules start at
 * once. Otherwise they are fetched into the HTTP cache once the page has loaded and painted,
 * not run: a later tap then waits for no network. Not for Save-Data. After the paint as well as
 * the load: a fast page's load event can come before its first paint (photos in the HTTP
 * cache, a quick network), and files fetched then compete with what the first paint shows. One
 * file per idle moment: a link costs the browser a few milliseconds to request, and the 16 of
 * the contact page in one task held the main thread for 48 ms here, which Lighthouse counts as
 * 190 ms on a slow phone.
 */
const fetchAheadAfterLoad = `function deepLinked() {
    return location.hash.indexOf("${GALLERY_HASH_PREFIX}") === 0;
  }
  if (deepLinked()) return start();
  window.addEventListener("hashchange", function () {
    if (deepLinked()) start();
  });
  var ahead = 0;
  function whenIdle(then) {
    if (window.requestIdleCallback) requestIdleCallback(then, { timeout: ${PREFETCH_IDLE_TIMEOUT_MS} });
    else setTimeout(then, ${PREFETCH_FALLBACK_GAP_MS});
  }
  function fetchAhead() {
    if (started || ahead >= preloads.length || (navigator.connection && navigator.connection.saveData)) return;
    link("prefetch", preloads[ahead++]);
    whenIdle(fetchAhead);
  }
  afterLoadAndPaint(function () {
    whenIdle(fetchAhead);
  });`;

/**
 * What runs before the page's modules, on the elements the server marked with data-island:
 * each island's code (bundled and minified at build: scripts/build/vite-islands.ts) goes into the
 * page after the loader, in a script of its own (newer syntax than the loader's; a browser that
 * cannot read it loses only the island). A page carries only the islands it has.
 */
const ISLANDS = [
  { name: BANNER_SLIDESHOW_ISLAND, source: bannerSlideshow, run: "runBannerSlideshow", argument: BANNER_INTERVAL_MS },
] as const;

function islandScripts(html: string): string {
  return ISLANDS.filter(({ name }) => html.includes(`data-island="${name}"`))
    .map(
      ({ name, source, run, argument }) =>
        `(function(){${source}document.querySelectorAll('[data-island="${name}"]').forEach(function(element){` +
        `${ISLAND_EXPORTS}.${run}(element,window.${SETTLED_GLOBAL},${JSON.stringify(argument)})})})();`,
    )
    .join("\n");
}

/**
 * The loader is in every document (a client's gallery keeps within 100 KB): its comment lines,
 * indentation and the spaces around punctuation go. Safe for this script only: it has no
 * regular expression and no string with a space or a comment marker in it.
 */
export function compactScript(js: string): string {
  return js
    .replace(/^\s*\/\/.*\n/gm, "")
    .replace(/\n\s+/g, "\n")
    .replace(/ *([{}();,=:<>|&!?+]) */g, "$1");
}

/** Rewrites a rendered document so its modules load after its first paint, or on intent. */
export function deferHydration(html: string, nonce: string, when: HydrationStart): string {
  const boot = BOOT_SCRIPT.exec(html);
  if (!boot) return html;
  const preloads = Array.from(html.matchAll(MODULE_PRELOAD), (m) => m[1] as string);
  const nonceAttribute = (value: string | undefined) => (value ? ` nonce="${value}"` : "");
  const inert = `<script${nonceAttribute(boot[1])} type="text/plain" id="${BOOT_SCRIPT_ID}">`;
  const at = boot.index;
  const end = html.indexOf("</script>", at) + "</script>".length;
  const islands = islandScripts(html);
  const rewritten =
    html.slice(0, end).replace(boot[0], inert) +
    `<script${nonceAttribute(nonce)}>${compactScript(loader(preloads, when, islands !== ""))}</script>` +
    (islands ? `<script${nonceAttribute(nonce)}>${islands}</script>` : "") +
    html.slice(end);
  return rewritten.replace(MODULE_PRELOAD, "");
}
