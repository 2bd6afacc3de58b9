// The viewer's stylesheets, added as <link rel="stylesheet"> to built files when the viewer
// first loads. Our CSP allows stylesheets from our own origin but no <style> element without
// the page's nonce, which is how a bundler would otherwise inject a lazy module's CSS (Vite's
// development server does). The viewer opens once they have loaded, so it never shows unstyled.

import thumbnailsStylesUrl from "yet-another-react-lightbox/plugins/thumbnails.css?url";
import coreStylesUrl from "yet-another-react-lightbox/styles.css?url";
import viewerStylesUrl from "./viewer.css?url";

// Ours last: it overrides the library's defaults.
const STYLESHEETS = [coreStylesUrl, thumbnailsStylesUrl, viewerStylesUrl];

function addStylesheet(href: string): Promise<void> {
  const existing = document.head.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${href}"]`);
  if (existing?.sheet) return Promise.resolve();
  const link = existing ?? document.createElement("link");
  const loaded = new Promise<void>((resolve, reject) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => reject(new Error(`stylesheet ${href} failed to load`)), { once: true });
  });
  if (!existing) {
    link.rel = "stylesheet";
    link.href = href;
    document.head.append(link);
  }
  return loaded;
}

let stylesLoaded: Promise<void> | undefined;

export function loadViewerStyles(): Promise<void> {
  stylesLoaded ??= Promise.all(STYLESHEETS.map(addStylesheet)).then(
    () => undefined,
    (error: unknown) => {
      stylesLoaded = undefined;
      throw error;
    },
  );
  return stylesLoaded;
}
