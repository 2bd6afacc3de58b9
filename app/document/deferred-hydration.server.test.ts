import { describe, expect, it } from "vitest";
import { BOOT_SCRIPT_ID, deferHydration } from "./deferred-hydration.server.ts";

// The shape React Router 8's <Scripts> renders, cut down.
const DOCUMENT =
  '<html><head><link rel="preload" as="image" fetchPriority="high" href="/a.avif"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n1"/></head><body><main>Photos</main>' +
  '<script nonce="n1">window.__reactRouterContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");</script>' +
  "</body></html>";

describe("deferHydration", () => {
  const html = deferHydration(DOCUMENT, "n1");

  it("takes out the module preloads, leaving other preloads and the classic scripts", () => {
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="preload" as="image" fetchPriority="high" href="/a.avif"/>');
    expect(html).toContain('<script nonce="n1">window.__reactRouterContext = {};</script>');
  });

  it("keeps the module script's text, inert, for the loader to start after the first paint", () => {
    expect(html).not.toContain('type="module"');
    expect(html).toContain(
      `<script nonce="n1" type="text/plain" id="${BOOT_SCRIPT_ID}">import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");</script>`,
    );
    const loader = /<script nonce="n1">(\(function \(\) \{[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(loader).toContain('["/assets/entry.js","/assets/root.js"]');
    expect(loader).toContain('"first-contentful-paint"');
    expect(html.indexOf(loader)).toBeGreaterThan(html.indexOf(`id="${BOOT_SCRIPT_ID}"`));
  });

  it("leaves a document without React Router's module script as it was", () => {
    const plain = "<html><body><p>Nothing to hydrate</p></body></html>";
    expect(deferHydration(plain, "n1")).toBe(plain);
  });
});
