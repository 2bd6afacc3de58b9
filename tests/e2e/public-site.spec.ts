// Every public screen of the spec on the demo data, plus the budgets that do not vary between
// runs: image dimensions, no request to another host, first-load JavaScript, axe at two widths.
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Locator, Page } from "@playwright/test";
import { BANNER_INTERVAL_MS } from "#app/components/banner-slideshow.tsx";
import {
  AFTER_MAIN_IMAGE_ATTRIBUTE,
  MAIN_IMAGE_PENDING_ATTRIBUTE,
  MAIN_IMAGE_TIMING,
  MAIN_IMAGE_WAIT_MAX_MS,
} from "#app/document/main-image-first.ts";
import { expect, hydrated, imagesOf, isHydrated, PUBLIC_PAGES, test, untilHydrated, VIEWPORTS } from "./fixtures.ts";

/** React 19 and React Router 8 alone are about 115 KB; the budget for a page. */
const FIRST_LOAD_JS_BUDGET_KB = 130;

test.describe("home", () => {
  test("collections link to /gallery/ + the name without spaces; stories to /galleryList/{id}", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByRole("region", { name: "Browse By Collection" }).getByRole("link");
    await expect(cards).toHaveText(["Wedding", "Baby Shoot", "Motherhood", "Outdoor"]);
    expect(await cards.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/gallery/Wedding",
      "/gallery/BabyShoot",
      "/gallery/Motherhood",
      "/gallery/Outdoor",
    ]);
    const stories = page.getByRole("region", { name: "Recent Stories" }).getByRole("link");
    expect(await stories.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/galleryList/101",
      "/galleryList/102",
      "/galleryList/103",
    ]);
    await expect(stories.first()).toContainText("Lakshmi & Vignesh");
    await expect(stories.first()).toContainText("Wedding in Chennai");
  });

  // The page's clock is Playwright's and stands still while the test counts, so the 2000 ms are
  // measured exactly, whatever the machine's load does to timers. The page's modules are held
  // back: the slideshow runs before them (app/islands). Focus inside the banner pauses it too,
  // so the button is left (blurred) after each click: the pause must hold on its own.
  test("the banner fades to the next slide every 2000 ms and the pause button stops it, before any module", async ({
    page,
  }) => {
    // Fetched ahead once the page has loaded; refused here, so none of them can run.
    await page.route(/\/assets\/[^?]+\.js(\?|$)/, (route) => route.abort());
    const leave = async () => {
      await page.mouse.move(0, 800);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    };
    await page.clock.install();
    await page.goto("/");
    await page.getByRole("button", { name: "Pause slideshow" }).click();
    await leave();
    await page.clock.pauseAt(Date.now() + 60_000);
    const active = page.locator('.banner-slide[data-active="true"]');
    const stopped = await active.getAttribute("aria-label");
    await page.clock.runFor(BANNER_INTERVAL_MS * 3);
    await expect(active).toHaveAttribute("aria-label", stopped ?? "");
    await expect(page.getByRole("button", { name: "Play slideshow" })).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("button", { name: "Play slideshow" }).click();
    await leave();
    const next = (label: string | null) => `${(Number(label?.split(" ")[0]) % 6) + 1} of 6`;
    await page.clock.runFor(BANNER_INTERVAL_MS - 1);
    await expect(active).toHaveAttribute("aria-label", stopped ?? "");
    await page.clock.runFor(1);
    await expect(active).toHaveAttribute("aria-label", next(stopped));
    await expect(active).not.toHaveAttribute("aria-hidden");
    await expect(page.locator('.banner-slide[aria-hidden="true"][data-active="true"]')).toHaveCount(0);
    await page.clock.runFor(BANNER_INTERVAL_MS);
    await expect(active).toHaveAttribute("aria-label", next(next(stopped)));
    // Only the slides shown so far, and the one after, are displayed (and so loaded).
    await expect(page.locator(".banner-slide[data-shown]")).toHaveCount(
      Number(next(next(next(stopped))).split(" ")[0]),
    );
    expect(await isHydrated(page)).toBe(false);
  });

  test("after client-side navigation back home, React starts the slideshow, and stops it on leaving", async ({
    page,
  }) => {
    await page.goto("/about");
    await hydrated(page);
    await page.clock.install();
    await page.locator('header a[href="/"]').first().click();
    await expect(page).toHaveURL(/\/$/);
    await page.mouse.move(0, 800);
    const active = page.locator('.banner-slide[data-active="true"]');
    await expect(active).toHaveAttribute("aria-label", "1 of 6");
    await page.clock.runFor(BANNER_INTERVAL_MS);
    await expect(active).toHaveAttribute("aria-label", "2 of 6");
  });

  test("the banner does not autoplay for reduced motion, until the visitor presses play", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await page.mouse.move(0, 800);
    await page.clock.runFor(BANNER_INTERVAL_MS * 3);
    const active = page.locator('.banner-slide[data-active="true"]');
    await expect(active).toHaveAttribute("aria-label", "1 of 6");
    await expect(page.locator(".banner-slide[data-shown]")).toHaveCount(1);
    await page.getByRole("button", { name: "Play slideshow" }).click();
    await page.mouse.move(0, 800);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(page.getByRole("button", { name: "Pause slideshow" })).toHaveAttribute("aria-pressed", "false");
    await page.clock.runFor(BANNER_INTERVAL_MS);
    await expect(active).toHaveAttribute("aria-label", "2 of 6");
  });

  test("the video loads nothing from another host until asked, then the privacy-enhanced player", async ({
    page,
    offHostRequests,
  }) => {
    await page.goto("/");
    await page.getByRole("region", { name: "Our Showreel" }).scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(offHostRequests).toEqual([]);
    await expect(page.locator("iframe")).toHaveCount(0);
    await page.getByRole("link", { name: /Play the .* showreel/ }).click();
    const src = await page.locator("iframe").getAttribute("src");
    expect(src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?/);
    const params = new URL(src ?? "").searchParams;
    expect([params.get("autoplay"), params.get("mute"), params.get("rel")]).toEqual(["1", "1", "0"]);
  });
});

test.describe("gallery", () => {
  test("shows the first shoot large with its description and divider, the rest as linked cards", async ({ page }) => {
    await page.goto("/gallery/wedding");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wedding");
    const featured = page.locator(".featured-shoot");
    await expect(featured.getByRole("heading", { level: 2 })).toHaveText("Priya & Karthik");
    await expect(featured).toContainText("A temple wedding at dawn");
    await expect(featured.locator("hr.divider")).toHaveCount(1);
    const cards = page.locator(".card-grid .shoot-card");
    expect(await cards.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/galleryList/2",
      "/galleryList/3",
      "/galleryList/101",
    ]);
  });

  test("matches the collection case-insensitively, with one canonical URL", async ({ page }) => {
    for (const path of ["/gallery/BabyShoot", "/gallery/babyShoot", "/gallery/babyshoot"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/gallery\/babyShoot$/);
    }
    expect(await page.locator(".shoot-card, .featured-shoot").count()).toBe(6);
  });

  test("navigating between collections loads the new list", async ({ page }) => {
    await page.goto("/gallery/wedding");
    await page.getByRole("contentinfo").getByRole("link", { name: "Outdoor" }).click();
    await expect(page).toHaveURL(/\/gallery\/outdoor$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Outdoor");
    await expect(page.locator(".featured-shoot")).toContainText("Swathi & Hari");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("shoot", () => {
  test("shows every photo as a thumbnail linking to its large image", async ({ page }) => {
    await page.goto("/galleryList/1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Priya & Karthik");
    const links = page.locator(".photo-grid a");
    await expect(links).toHaveCount(6);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^\/media\/.+-\d+-[0-9a-f]{8}\.webp$/);
    }
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  });

  for (const path of ["/galleryList/999", "/galleryList/abc", "/gallery/nope", "/no/such/page"]) {
    test(`answers ${path} with a branded 404 leading back to the collections`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that page");
      await expect(page.locator(".error-links a")).toHaveText(["Wedding", "Baby shoot", "Motherhood", "Outdoor"]);
    });
  }
});

test.describe("about, contact, footer, search", () => {
  test("about shows the studio's text and photo", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Nila Studio");
    await expect(page.locator(".about-text p").first()).toContainText("Coimbatore");
    await expect(page.locator(".about img")).toHaveCount(1);
  });

  test("contact has the spec's texts, form fields and ways to reach the studio", async ({ page }) => {
    await page.goto("/contactUs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Just say hi !");
    await expect(page.getByText("Tell us more about you and we'll contact you soon :)")).toBeVisible();
    for (const label of ["Name", "Phone Number", "Email", "Message"])
      await expect(page.getByLabel(label)).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
    const info = page.getByRole("complementary", { name: "Contact information" });
    expect(await info.locator('a[href^="tel:"]').count()).toBe(3);
    await expect(info.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(info.getByText("Follow us")).toBeVisible();
    await expect(info.locator(".social-links a")).toHaveCount(3);
    await expect(info).toContainText("Coimbatore, Tamil Nadu");
  });

  test("the footer has Quick Links in order, contact details, credits and this year's copyright", async ({ page }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("navigation").getByRole("link")).toHaveText([
      "About",
      "Wedding",
      "Baby Shoot",
      "Motherhood",
      "Outdoor",
      "Contact",
    ]);
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(3);
    await expect(footer.getByRole("link", { name: "Photo credits" })).toHaveAttribute("href", "/credits");
    await expect(footer.locator(".copyright--long")).toHaveText(
      `© ${new Date().getFullYear()} Nila Studio. All rights reserved.`,
    );
    await page.setViewportSize(VIEWPORTS.phone);
    await expect(footer.locator(".copyright--long")).toBeHidden();
    await expect(footer.locator(".copyright--short")).toBeVisible();
  });

  test("credits name every demo photograph's author and licence", async ({ page }) => {
    await page.goto("/credits");
    await expect(page.locator(".credits-table tbody tr")).toHaveCount(32);
    await expect(page.locator(".credits-table")).toContainText("Aitzol Berasategi");
  });
});

test.describe("search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("finds published shoots by place, name and collection on a server-rendered page", async ({ page }) => {
    await page.goto("/search");
    await page.getByLabel("Names, places or collections").fill("madurai");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=madurai$/);
    await expect(page.locator(".shoot-card h2")).toHaveText(["Divya & Arun", "Anitha & Ramesh"]);
    await page.goto("/search?q=baby%20coonoor");
    await expect(page.locator(".shoot-card h2")).toHaveText(["Little Aarav"]);
    await page.goto("/search?q=zzzz");
    await expect(page.getByText(/Nothing matches/)).toBeVisible();
  });
});

test.describe("found and shared", () => {
  test("pages carry a canonical URL, Open Graph image and JSON-LD for the studio", async ({ page, baseURL }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`^${baseURL}/media/.+\\.jpg$`),
    );
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld).toMatchObject({
      "@type": "LocalBusiness",
      name: "Nila Studio",
      address: { addressLocality: "Coimbatore" },
    });
  });

  test("sitemap.xml lists pages with image entries and robots.txt points to it", async ({ request, baseURL }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/galleryList/101</loc>`);
    // Every public page, the credits page too, beside its Tamil twin.
    expect(sitemap).toContain(`<loc>${baseURL}/credits</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/ta/credits</loc>`);
    expect(sitemap).toMatch(/<image:loc>[^<]+\/media\/[^<]+\.jpg<\/image:loc>/);
    expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test.describe("budgets on every public page", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path}: sized images, no other host, first-load JS within budget, axe clean at 390 and 1440 px`, async ({
      page,
      request,
      offHostRequests,
      axeViolations,
    }) => {
      for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
        await page.setViewportSize(viewport);
        expect((await page.goto(path))?.status()).toBe(200);
        await page.waitForLoadState("networkidle");
        for (const image of await imagesOf(page)) expect(image.hasSize, image.alt).toBe(true);
        expect(await axeViolations(page), `axe at ${viewport.width} px`).toEqual([]);
      }
      expect(offHostRequests).toEqual([]);

      // A public page only fetches its modules ahead, once loaded and painted, for the first touch
      // that needs them (ADR 015); the home page's banner moves without them (app/islands).
      const started = await page.$$eval('link[rel="modulepreload"]', (els) => els.map((el) => el.getAttribute("href")));
      // Fetched ahead one file per idle moment: all the loader names, in the end.
      const named = await page.evaluate(() => {
        const loader = [...document.scripts].find((script) => script.text.includes("var preloads="));
        return (JSON.parse(/var preloads=(\[[^\]]*\])/.exec(loader?.text ?? "")?.[1] ?? "[]") as string[]).length;
      });
      expect(named).toBeGreaterThan(0);
      await expect.poll(() => page.locator('link[rel="prefetch"]').count()).toBe(named);
      const fetchedAhead = await page.$$eval('link[rel="prefetch"]', (els) => els.map((el) => el.getAttribute("href")));
      expect(started, "modules started at load").toEqual([]);
      const scripts = [...new Set([...started, ...fetchedAhead])];
      expect(scripts.length).toBeGreaterThan(0);
      let gzipped = 0;
      for (const src of scripts) gzipped += gzipSync(await (await request.get(src ?? "")).body()).byteLength;
      expect(gzipped / 1024).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    });
  }
});

/** Window widths on either side of each breakpoint the photographs' layouts have. */
const SIZES_WIDTHS_PX = [320, 412, 600, 700, 800, 901, 1024, 1100, 1280, 1440, 1920];
/** How much wider than drawn `sizes` may say an image is (a desktop scrollbar is in 100vw). */
const SIZES_SLACK_PX = 20;

test.describe("image sizes match the layout", () => {
  // `sizes` (app/utils/image-sizes.ts) is what the browser chooses a file by before the CSS has
  // run: too small and the photo is blurred, too large and a phone downloads a file for a
  // screen twice its width. Every photograph's `sizes`, evaluated at each width, is held to the
  // width the page's CSS really draws it at.
  for (const path of ["/", "/about", "/gallery/wedding", "/galleryList/1", "/search?q=madurai"]) {
    test(`${path}: every photograph's sizes is the width it is drawn at`, async ({ page }) => {
      await page.goto(path);
      // The lists below the first screen are drawn once the main image has (main-image-first.ts).
      await expect(page.locator(`html[${MAIN_IMAGE_PENDING_ATTRIBUTE}]`)).toHaveCount(0);
      // The sections below the first screen render late (content-visibility: auto). While one is
      // skipped, Chromium answers getBoundingClientRect for a photo in it with the box of the
      // width it was last rendered at (288 px, the 320 px layout, at a 412 px window, while its
      // list item had the new width). Rendered always here, each photo is measured as drawn.
      await page.evaluate(() => {
        for (const section of document.querySelectorAll<HTMLElement>(".renders-late")) {
          section.style.contentVisibility = "visible";
        }
      });
      const drawnWidths: string[] = [];
      for (const width of SIZES_WIDTHS_PX) {
        await page.setViewportSize({ width, height: 900 });
        const images = await page.$$eval("picture img", (imgs) =>
          (imgs as HTMLImageElement[]).flatMap((img) => {
            const sizes = img.parentElement?.querySelector("source")?.getAttribute("sizes");
            const drawn = img.getBoundingClientRect().width;
            // A logo's srcset is of densities (no sizes); a hidden slide is drawn at no width.
            if (!sizes || drawn === 0) return [];
            const [, , length] =
              sizes
                .split(/,(?![^(]*\))/)
                .map((part) => /^\s*(\([^)]*\))?\s*(.+?)\s*$/.exec(part) ?? [])
                .find(([, media]) => !media || matchMedia(media).matches) ?? [];
            const probe = document.createElement("div");
            probe.style.width = length ?? "0";
            document.body.append(probe);
            const said = probe.getBoundingClientRect().width;
            probe.remove();
            return [{ name: img.alt || img.currentSrc, drawn, said }];
          }),
        );
        expect(images.length, `photographs at ${width} px`).toBeGreaterThan(0);
        for (const { name, drawn, said } of images) {
          const at = `${name} at a ${width} px window: drawn ${drawn.toFixed(0)} px, sizes says ${said.toFixed(0)} px`;
          expect(said, at).toBeGreaterThanOrEqual(drawn - 1);
          expect(said, at).toBeLessThanOrEqual(drawn + SIZES_SLACK_PX);
        }
        drawnWidths.push(`${width}:${images[0]?.drawn.toFixed(0)}`);
      }
      // The layouts change across these widths: a grid goes from one column to several.
      expect(new Set(drawnWidths.map((entry) => entry.split(":")[1])).size).toBeGreaterThan(2);
    });
  }
});

test.describe("the fonts", () => {
  /** The font files the page fetched, by name without the build's hash. */
  const fontsOf = (page: Page) =>
    page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((name) => name.endsWith(".woff2"))
        .map((name) => name.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.woff2$/, ""))
        .sort(),
    );

  test("a page of plain text fetches only the two preloaded core subsets", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => document.fonts.ready);
    expect(await fontsOf(page)).toEqual(["cormorant-garamond-500-core", "jost-wght-core"]);
    // Both families are in use, from those files: the text is not left in a fallback face.
    const loaded = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family),
    );
    expect(loaded.sort()).toEqual(["Cormorant Garamond", "Jost"]);
  });

  test("a page with an accented name also fetches the whole Latin file for its letters", async ({ page }) => {
    await page.goto("/credits");
    await expect(page.locator("main")).toContainText("ä");
    await page.evaluate(() => document.fonts.ready);
    expect(await fontsOf(page)).toContain("jost-latin-wght-normal");
  });
});

test.describe("the page's JavaScript", () => {
  /** When each of the build's scripts was requested, from the page's resource timing. */
  const scriptTimes = (page: Page) =>
    page.evaluate(() => ({
      paintedAt: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      loadedAt: performance.getEntriesByType("navigation")[0]?.toJSON().loadEventEnd as number,
      scriptsFrom: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      ),
    }));

  /**
   * Waits until the page has fetched the build's scripts, then until the network is quiet. Not
   * networkidle alone: the page asks for them only after its load and the main image (ADR 035),
   * which on a busy machine can come more than networkidle's half second after the last request.
   */
  const untilScriptsFetched = async (page: Page) => {
    await page.waitForFunction(() =>
      performance
        .getEntriesByType("resource")
        .some((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname)),
    );
    await page.waitForLoadState("networkidle");
  };

  test("on the home page, is fetched once the page has loaded and painted, and not run", async ({ page }) => {
    await page.goto("/");
    await untilScriptsFetched(page);
    const { paintedAt, loadedAt, scriptsFrom } = await scriptTimes(page);
    expect(Number.isFinite(scriptsFrom)).toBe(true);
    expect(scriptsFrom).toBeGreaterThanOrEqual(Math.max(paintedAt, loadedAt));
    expect(await isHydrated(page)).toBe(false);
  });

  test("on a shoot, is fetched once the page has loaded and runs at the first touch of a thumbnail", async ({
    page,
  }) => {
    await page.goto("/galleryList/1");
    await untilScriptsFetched(page);
    const { loadedAt, scriptsFrom } = await scriptTimes(page);
    expect(Number.isFinite(scriptsFrom)).toBe(true);
    expect(scriptsFrom).toBeGreaterThanOrEqual(loadedAt);
    expect(await isHydrated(page)).toBe(false);

    // A pointer pressed on a thumbnail starts the page's modules; the click opens the viewer.
    const thumbnail = page.locator(".photo-grid a").first();
    await thumbnail.hover();
    await page.mouse.down();
    await untilHydrated(page);
    await page.mouse.up();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/galleryList/1");
  });

  test("on the contact page, runs when the visitor goes to the form", async ({ page }) => {
    await page.goto("/contactUs");
    await page.waitForLoadState("networkidle");
    expect(await isHydrated(page)).toBe(false);
    await page.getByLabel("Name").focus();
    await untilHydrated(page);
  });
});

test.describe("the page's main image comes first (document/main-image-first.ts)", () => {
  /** How late the main photo is answered: a slow connection, where the others would overtake it. */
  const MAIN_PHOTO_DELAY_MS = 600;

  /** The main photo's files on `path`, all named by its asset: a pattern for page.route. */
  async function mainPhotoFiles(page: Page, path: string) {
    const html = await (await page.request.get(path)).text();
    const tag = new RegExp(`<img [^>]*elementtiming="${MAIN_IMAGE_TIMING}"[^>]*>`).exec(html)?.[0] ?? "";
    const asset = /src="\/media\/\w+\/(\w+)-/.exec(tag)?.[1];
    expect(asset, `the main image of ${path}`).toBeTruthy();
    return new RegExp(`/media/\\w+/${asset}-`);
  }

  const pending = (page: Page) => page.locator(`html[${MAIN_IMAGE_PENDING_ATTRIBUTE}]`);
  const allLoaded = (images: Locator) =>
    images.evaluateAll((imgs) => (imgs as HTMLImageElement[]).every((i) => i.complete && i.naturalWidth > 0));

  test("on a phone, the cards below the wedding photo are asked for only once it has painted", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    const main = await mainPhotoFiles(page, "/gallery/wedding");
    await page.route(main, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, MAIN_PHOTO_DELAY_MS));
      await route.continue();
    });
    await page.goto("/gallery/wedding");
    await expect(pending(page)).toHaveCount(0);
    const cards = page.locator(`main [${AFTER_MAIN_IMAGE_ATTRIBUTE}] img`);
    await expect(cards.first()).toBeVisible();
    // Every card's photo (all within Chrome's lazy-load margin) loads, after the main one painted.
    await expect.poll(() => allLoaded(cards)).toBe(true);
    const { paintedAt, requestedAt } = await page.evaluate(
      async ({ name, list }) => {
        const painted = await new Promise<PerformanceEntry[]>((resolve) =>
          new PerformanceObserver((entries) => resolve(entries.getEntries())).observe({
            type: "element",
            buffered: true,
          }),
        );
        // The photo itself, not its placeholder (a data: URL in its background, painted first).
        const entry = painted.find((e) => {
          const timed = e as PerformanceEntry & { identifier: string; url: string };
          return timed.identifier === name && !timed.url.startsWith("data:");
        });
        const files = new Set(
          [...document.querySelectorAll<HTMLImageElement>(`main [${list}] img`)].map((img) => img.currentSrc),
        );
        return {
          paintedAt: (entry as (PerformanceEntry & { renderTime: number }) | undefined)?.renderTime ?? Number.NaN,
          requestedAt: performance
            .getEntriesByType("resource")
            .filter((e) => files.has(e.name))
            .map((e) => e.startTime),
        };
      },
      { name: MAIN_IMAGE_TIMING, list: AFTER_MAIN_IMAGE_ATTRIBUTE },
    );
    expect(paintedAt).toBeGreaterThanOrEqual(MAIN_PHOTO_DELAY_MS);
    expect(requestedAt.length).toBe(await cards.count());
    for (const at of requestedAt) expect(at).toBeGreaterThanOrEqual(paintedAt);
  });

  test("a main photo that fails lets them go at once; one that never comes, after the longest wait", async ({
    page,
  }) => {
    // The page's clock stands still: only the failure itself can end the first wait.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    const main = await mainPhotoFiles(page, "/");
    await page.route(main, (route) => route.abort());
    await page.goto("/");
    await expect(pending(page)).toHaveCount(0);

    const wedding = await mainPhotoFiles(page, "/gallery/wedding");
    let held: (() => Promise<void>) | undefined;
    await page.route(wedding, (route) => {
      held = () => route.abort();
    });
    await page.goto("/gallery/wedding", { waitUntil: "domcontentloaded" });
    await expect(pending(page)).toHaveCount(1);
    const cards = page.locator(`main [${AFTER_MAIN_IMAGE_ATTRIBUTE}] img`);
    await expect(cards.first()).toBeHidden();
    expect(await allLoaded(cards)).toBe(false);
    await page.clock.runFor(MAIN_IMAGE_WAIT_MAX_MS - 1);
    await expect(pending(page)).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(pending(page)).toHaveCount(0);
    await expect(cards.first()).toBeVisible();
    await held?.();
  });

  test.describe("without scripts", () => {
    test.use({ javaScriptEnabled: false });

    test("nothing waits: the lists show and their photos load", async ({ page }) => {
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto("/gallery/wedding");
      const cards = page.locator(`main [${AFTER_MAIN_IMAGE_ATTRIBUTE}] img`);
      await expect(cards.first()).toBeVisible();
      await expect.poll(() => allLoaded(cards)).toBe(true);
    });
  });
});

test.describe("a page kept for every visitor (ADR 004)", () => {
  test("still refuses a script injected into it, and still runs its own", async ({ page }) => {
    // As if a stored or reflected injection had reached the kept HTML: an inline script the
    // policy does not list by hash, and one by an attribute.
    await page.route("**/galleryList/1", async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        "</body>",
        `<script>document.title = "injected"</script><img src="/nothing.png" onerror="document.title = 'injected'"></body>`,
      );
      // route.fetch() hands back the decoded body: its length and encoding no longer apply.
      const { "content-length": _length, "content-encoding": _encoding, ...headers } = response.headers();
      await route.fulfill({ response, body, headers });
    });
    const violations: string[] = [];
    page.on(
      "console",
      (m) => m.type() === "error" && /Content Security Policy/i.test(m.text()) && violations.push(m.text()),
    );
    await page.goto("/galleryList/1");
    await hydrated(page);
    expect(await page.title()).not.toBe("injected");
    expect(violations.length).toBeGreaterThanOrEqual(2);
    // The page's own scripts ran: a thumbnail opens the viewer.
    await page.locator(".photo-grid a").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});

test.describe("the document's stylesheet", () => {
  test("is inline in the head with its hash in the policy, costs no request and outlives client navigation", async ({
    page,
  }) => {
    const stylesheetRequests: string[] = [];
    // CSP refusals and React's hydration mismatches both surface as console errors.
    const consoleErrors: string[] = [];
    page.on("request", (r) => r.resourceType() === "stylesheet" && stylesheetRequests.push(r.url()));
    page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
    page.on("pageerror", (e) => consoleErrors.push(e.message));
    const response = await page.goto("/about");
    const csp = (await response?.headerValue("content-security-policy")) ?? "";
    const body = (await response?.text()) ?? "";
    const css = /<style>([\s\S]*?)<\/style>/.exec(body)?.[1] ?? "";
    expect(css.length).toBeGreaterThan(1000);
    expect(csp).toContain(`'sha256-${createHash("sha256").update(css).digest("base64")}'`);
    const footerBackground = () =>
      page.locator("footer").evaluate((footer) => getComputedStyle(footer).backgroundColor);
    const styled = await footerBackground();
    expect(styled).not.toBe("rgba(0, 0, 0, 0)");

    // Client-side navigations re-render the document's head; the inline styles must stay.
    await page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "Wedding" }).click();
    await expect(page).toHaveURL(/\/gallery\/wedding$/i);
    await page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("heading", { name: "Just say hi !" })).toBeVisible();
    expect(await footerBackground()).toBe(styled);
    expect(await page.locator("head style").count()).toBe(1);
    expect(stylesheetRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
