import { describe, expect, it } from "vitest";
import { holdListsForMainImage } from "./main-image-first.server.ts";
import {
  AFTER_MAIN_IMAGE_ATTRIBUTE,
  MAIN_IMAGE_PENDING_ATTRIBUTE,
  MAIN_IMAGE_TIMING,
  MAIN_IMAGE_WAIT_MAX_MS,
} from "./main-image-first.ts";

const page = ({ main = true, list = true } = {}) =>
  "<html><head><style>p{}</style></head><body><main>" +
  (main ? `<img src="/a.jpg" alt="A" elementtiming="${MAIN_IMAGE_TIMING}"/>` : '<img src="/a.jpg" alt="A"/>') +
  (list ? `<ul ${AFTER_MAIN_IMAGE_ATTRIBUTE}=""><li><img src="/b.jpg" alt="B" loading="lazy"/></li></ul>` : "") +
  "</main></body></html>";

describe("holdListsForMainImage", () => {
  it("puts its script at the end of the head, before the body is parsed", () => {
    const html = holdListsForMainImage(page());
    const script = /<script>([\s\S]*?)<\/script><\/head><body>/.exec(html)?.[1] ?? "";
    expect(script).toContain(`root.setAttribute("${MAIN_IMAGE_PENDING_ATTRIBUTE}","")`);
    expect(script).toContain(`setTimeout(release,${MAIN_IMAGE_WAIT_MAX_MS})`);
    expect(script).toContain(`entry.identifier==="${MAIN_IMAGE_TIMING}"&&entry.url.indexOf("data:")!==0`);
    // The rest of the document is as it was.
    expect(html.replace(`<script>${script}</script>`, "")).toBe(page());
  });

  it("leaves a page alone that has no main image, or nothing waiting for one", () => {
    expect(holdListsForMainImage(page({ main: false }))).toBe(page({ main: false }));
    expect(holdListsForMainImage(page({ list: false }))).toBe(page({ list: false }));
  });

  it("is valid script once compacted (the compaction is safe for this script only)", () => {
    const script = /<script>([\s\S]*?)<\/script>/.exec(holdListsForMainImage(page()))?.[1] ?? "";
    expect(() => new Function(script)).not.toThrow();
  });
});
