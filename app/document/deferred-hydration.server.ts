// A public page's JavaScript starts after its first contentful paint (ADR 015). The page is
// complete without it (server-rendered; links and forms work before hydration), and on a
// phone's connection the first photograph and the fonts should not share the bandwidth with
// 115 KB of framework code that changes nothing on screen.
//
// React Router's <Scripts> writes module preloads and one inline module script that imports
// the route modules and the client entry, with no option to wait. So the finished document is
// adjusted: the preloads are taken out, the module script is kept but made inert
// (type="text/plain"), and a small nonce'd script starts both once the browser reports the
// first contentful paint, or at once in a tab that is not being shown (it never paints), or
// at a tap that needs them (early-actions.ts).

import {
  EARLY_ACTION_ATTRIBUTE,
  EARLY_INDEX_ATTRIBUTE,
  EARLY_OPENING_ATTRIBUTE,
  EARLY_TAP_GLOBAL,
  HYDRATED_GLOBAL,
} from "./early-actions.ts";

/** Starts the page's modules anyway if no paint is reported by then (an empty page). */
export const HYDRATION_FALLBACK_MS = 3000;
export const BOOT_SCRIPT_ID = "rr-boot";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g;
/** React Router's module script; a public page's has no nonce (its policy is by hash: ADR 004). */
const BOOT_SCRIPT = /<script(?: nonce="([^"]*)")? type="module" async="">/;

/**
 * The early listener (see early-actions.ts), in ES5 like the rest of the loader: it must run on
 * any phone before any module. It calls the loader's start() for a thumbnail.
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
    event.preventDefault();
    var previous = document.querySelector("[${EARLY_OPENING_ATTRIBUTE}]");
    if (previous) previous.removeAttribute("${EARLY_OPENING_ATTRIBUTE}");
    target.setAttribute("${EARLY_OPENING_ATTRIBUTE}", "");
    window.${EARLY_TAP_GLOBAL} = { path: location.pathname, index: Number(target.getAttribute("${EARLY_INDEX_ATTRIBUTE}")) };
    start();
  }, true);`;

/** The loader, as the browser runs it, given the module URLs to preload once it starts. */
const loader = (preloads: string[]) => `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var boot = document.getElementById("${BOOT_SCRIPT_ID}");
    ${JSON.stringify(preloads).replaceAll("<", "\\u003c")}.forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      link.nonce = boot.nonce;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.nonce = boot.nonce;
    script.textContent = boot.textContent;
    document.body.appendChild(script);
  }
  ${earlyListener}
  if (document.visibilityState !== "visible") return start();
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf("paint") === -1) {
    // No paint timing: a frame callback, then a task, runs after the next paint.
    return requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  try {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: "paint", buffered: true });
  } catch (error) {
    return start();
  }
  document.addEventListener("visibilitychange", start, { once: true });
  setTimeout(start, ${HYDRATION_FALLBACK_MS});
})();`;

/** Rewrites a rendered document so its modules load after the first contentful paint. */
export function deferHydration(html: string, nonce: string): string {
  const boot = BOOT_SCRIPT.exec(html);
  if (!boot) return html;
  const preloads = Array.from(html.matchAll(MODULE_PRELOAD), (m) => m[1] as string);
  const nonceAttribute = (value: string | undefined) => (value ? ` nonce="${value}"` : "");
  const inert = `<script${nonceAttribute(boot[1])} type="text/plain" id="${BOOT_SCRIPT_ID}">`;
  const at = boot.index;
  const end = html.indexOf("</script>", at) + "</script>".length;
  const rewritten =
    html.slice(0, end).replace(boot[0], inert) +
    `<script${nonceAttribute(nonce)}>${loader(preloads)}</script>` +
    html.slice(end);
  return rewritten.replace(MODULE_PRELOAD, "");
}
