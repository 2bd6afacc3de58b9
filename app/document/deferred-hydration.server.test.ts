import { describe, expect, it } from "vitest";
import { BANNER_INTERVAL_MS } from "../components/banner-slideshow.tsx";
import { BANNER_SLIDESHOW_ISLAND } from "../islands/banner-slideshow.ts";
import { ISLAND_EXPORTS } from "../islands/island-exports.ts";
import { BOOT_SCRIPT_ID, deferHydration } from "./deferred-hydration.server.ts";
import { SETTLED_GLOBAL } from "./early-actions.ts";

// The shape React Router 8's <Scripts> renders, cut down.
const DOCUMENT =
  '<html><head><link rel="preload" as="image" fetchPriority="high" href="/a.avif"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n1"/></head><body><main>Photos</main>' +
  '<script nonce="n1">window.__reactRouterContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");</script>' +
  "</body></html>";

describe("deferHydration", () => {
  const html = deferHydration(DOCUMENT, "n1", "paint");

  it("takes out the module preloads, leaving other preloads and the classic scripts", () => {
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain('<link rel="preload" as="image" fetchPriority="high" href="/a.avif"/>');
    expect(html).toContain('<script nonce="n1">window.__reactRouterContext = {};</script>');
  });

  it("keeps the module script's text, inert, for the loader to start after the first paint", () => {
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    expect(html).toContain(
      `<script nonce="n1" type="text/plain" id="${BOOT_SCRIPT_ID}">import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");</script>`,
    );
    const loader = /<script nonce="n1">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(loader).toContain('["/assets/entry.js","/assets/root.js"]');
    expect(loader).toContain('"first-contentful-paint"');
    expect(html.indexOf(loader)).toBeGreaterThan(html.indexOf(`id="${BOOT_SCRIPT_ID}"`));
  });

  it("on intent, starts the modules at a marked element's touch and only fetches them ahead after load", () => {
    const intent = deferHydration(DOCUMENT, "n1", "intent");
    const loader = /<script nonce="n1">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(intent)?.[1] ?? "";
    expect(loader).not.toContain("afterFirstPaint(start)");
    expect(html).toContain("afterFirstPaint(start)");
    expect(loader).toContain('link("prefetch",preloads[ahead++])');
    expect(loader).toContain('addEventListener("pointerdown",prepare,true)');
    expect(loader).toContain('addEventListener("focusin",prepare,true)');
    // The paint loader does not fetch ahead: it starts the modules themselves.
    expect(html).not.toContain('link("prefetch",preloads[ahead++])');
  });

  it("on load, starts the modules once the page has loaded and painted, not at its first paint, and fetches nothing ahead", () => {
    const load = deferHydration(DOCUMENT, "n1", "load");
    const loader = /<script nonce="n1">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(load)?.[1] ?? "";
    expect(loader).toContain('addEventListener("load",painted,{once:true})');
    expect(loader).toContain("afterLoadAndPaint(start)");
    expect(loader).not.toContain("afterFirstPaint(start)");
    expect(loader).not.toContain('link("prefetch",preloads[ahead++])');
  });

  it("fetches ahead only once the page has loaded and painted, and shares that moment with the islands", () => {
    const intent = deferHydration(DOCUMENT, "n1", "intent");
    const loader = /<script nonce="n1">(\(function\(\)\{[\s\S]*?)<\/script>/.exec(intent)?.[1] ?? "";
    expect(loader).toContain('"first-contentful-paint"');
    expect(loader).toContain('addEventListener("load",painted,{once:true})');
    expect(loader).toContain(`window.${SETTLED_GLOBAL}=afterLoadAndPaint`);
    expect(loader).toContain("afterLoadAndPaint(function(){\nwhenIdle(fetchAhead);");
  });

  it("adds a page's islands after the loader, each only where the page has one", () => {
    expect(deferHydration(DOCUMENT, "n1", "intent")).not.toContain(BANNER_SLIDESHOW_ISLAND);
    const withBanner = DOCUMENT.replace(
      "<main>Photos</main>",
      `<main><section data-island="${BANNER_SLIDESHOW_ISLAND}"></section></main>`,
    );
    const html = deferHydration(withBanner, "n1", "intent");
    const scripts = [...html.matchAll(/<script nonce="n1">([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    const island = scripts.at(-1) ?? "";
    expect(island).toContain(`document.querySelectorAll('[data-island="${BANNER_SLIDESHOW_ISLAND}"]')`);
    expect(island).toContain(
      `${ISLAND_EXPORTS}.runBannerSlideshow(element,window.${SETTLED_GLOBAL},${BANNER_INTERVAL_MS})`,
    );
    // The module, bundled and minified: its exports, no TypeScript, no comment.
    expect(island).toMatch(new RegExp(`^\\(function\\(\\)\\{var ${ISLAND_EXPORTS}=`));
    expect(island).not.toContain("//");
    expect(island.length).toBeLessThan(2500);
    expect(scripts.at(-2)).toContain(`window.${SETTLED_GLOBAL}=afterLoadAndPaint`);
  });

  it("leaves a document without React Router's module script as it was", () => {
    const plain = "<html><body><p>Nothing to hydrate</p></body></html>";
    expect(deferHydration(plain, "n1", "intent")).toBe(plain);
  });
});
