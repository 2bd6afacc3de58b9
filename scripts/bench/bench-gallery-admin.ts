// The gallery admin's part of `npm run bench` (issue 30, item 15): "the gallery admin's first
// screen for a 3,000-photo gallery at 1440 px (HTML and JS bytes, time to first thumbnails)".
//
// On a fresh data directory holding the 3,000-photo shoot of the photo manager's bench
// (fixtures/big-shoot.ts), a client gallery made from it (its one set holds the 3,000 photos).
// Then, on the production server in Chromium at 1440 × 900, signed in, cold cache:
// /admin/galleries/{id}, its HTML (raw and gzip), the scripts the document names (gzip), and the
// time until the first of the set's thumbnails has painted. Before the workspace the gallery's
// page showed no set's photos (they were on the set's own page, /admin/shoots/{setId}): the
// bench then says so; it measures that second page in every run, which the studio had to open to
// see them before, and which is a reference for the machine's load at the time.
// Figures only, never enforced.
//
//   node scripts/bench/bench.ts --only=gallery-admin
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { upsertUser } from "#domain/auth/users.server.ts";
import { createGalleryFromShoot, readGallerySets } from "#domain/galleries/galleries.server.ts";
import { bigShootDataDir } from "#fixtures/big-shoot.ts";
import { VIEWPORTS } from "#fixtures/browser-page.ts";
import { CHROMIUM_ARGS } from "#fixtures/chromium.ts";
import { dropQueuedJobs } from "#fixtures/gallery-fixture.ts";
import { documentScripts, gzipBytes, scriptBytes } from "#fixtures/page-scripts.ts";
import { startServer } from "#fixtures/server-process.ts";
import { DATABASE_FILE_NAME, openDatabase } from "#platform/db/db.server.ts";
import { CHROMIUM_PATH, ensureChromium } from "../test/ensure-chromium.ts";
import { type FirstScreen, probeFirstThumbnail, readFirstScreen, signIn, warmUp } from "./bench-photo-manager.ts";
import { kb, median, ms } from "./figures.ts";

const PHOTOS = 3_000;
/** Cold loads of each page; the median is reported. */
const PAGE_LOADS = 3;
const PAGE_TIMEOUT_MS = 120_000;
/** After the load event, how long a page may still take to draw its first thumbnail (its scripts fetch the rest). */
const THUMBNAIL_GRACE_MS = 5_000;
const SERVER_READY_TIMEOUT_MS = 120_000;
const PROBE_POLL_MS = 100;
const RESOURCE_TIMING_ENTRIES = 20_000;
/** A set's photos, in the photo manager's grid (a listbox once it runs, an ordered list before). */
const THUMBNAIL_SELECTOR = ".pm img";
const LISTBOX_SELECTOR = '.pm [role="listbox"]';

type StorageState = Awaited<ReturnType<typeof signIn>>;

/** The document's bytes and the scripts it names, fetched as the browser would (signed in). */
async function documentBytes(browser: Browser, storageState: StorageState, url: string) {
  const context = await browser.newContext({ storageState });
  try {
    const html = await (await context.request.get(url, { timeout: PAGE_TIMEOUT_MS })).body();
    const scripts = await scriptBytes(documentScripts(html.toString("utf8")), async (p) =>
      (await context.request.get(new URL(p, url).href)).body(),
    );
    return {
      htmlRaw: html.byteLength,
      htmlGzip: gzipBytes(html),
      jsFiles: scripts.length,
      jsGzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
    };
  } finally {
    await context.close();
  }
}

/** One cold load: when its first set thumbnail painted (NaN: none did). */
async function loadOnce(browser: Browser, storageState: StorageState, url: string): Promise<FirstScreen> {
  const context = await browser.newContext({ storageState, viewport: VIEWPORTS.desktop });
  try {
    await context.addInitScript(probeFirstThumbnail, {
      selector: THUMBNAIL_SELECTOR,
      entries: RESOURCE_TIMING_ENTRIES,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    await page.goto(url, { waitUntil: "load", timeout: PAGE_TIMEOUT_MS });
    await page
      .waitForFunction(() => "firstThumbnailMs" in window, null, {
        timeout: THUMBNAIL_GRACE_MS,
        polling: PROBE_POLL_MS,
      })
      .catch(() => undefined);
    const figures = await page.evaluate(readFirstScreen, { thumbnail: THUMBNAIL_SELECTOR, listbox: LISTBOX_SELECTOR });
    return { ...figures, firstThumbnailMs: figures.firstThumbnailMs ?? Number.NaN };
  } finally {
    await context.close();
  }
}

/** Prints one page's figures; answers whether it showed the set's thumbnails. */
async function measurePage(browser: Browser, storageState: StorageState, url: string, label: string) {
  await warmUp(browser, storageState, url);
  const bytes = await documentBytes(browser, storageState, url);
  const loads: FirstScreen[] = [];
  for (let i = 0; i < PAGE_LOADS; i++) loads.push(await loadOnce(browser, storageState, url));
  const painted = loads.filter((l) => !Number.isNaN(l.firstThumbnailMs));
  console.log(`  ${label}`);
  console.log(`    HTML: ${kb(bytes.htmlRaw)} raw, ${kb(bytes.htmlGzip)} gzip`);
  console.log(`    JS the document names: ${bytes.jsFiles} files, ${kb(bytes.jsGzip)} gzip`);
  if (painted.length === 0) {
    console.log("    first thumbnail of the set: none on this page");
  } else {
    console.log(
      `    first thumbnail of the set painted: median ${ms(median(painted.map((l) => l.firstThumbnailMs)))} after navigation start ` +
        `(runs ${loads.map((l) => (Number.isNaN(l.firstThumbnailMs) ? "none" : ms(l.firstThumbnailMs))).join(", ")}); ` +
        `${painted[0]?.imgElements ?? 0} thumbnail img elements in the DOM`,
    );
  }
  console.log(`    DOMContentLoaded: median ${ms(median(loads.map((l) => l.domContentLoadedMs)))}`);
  return painted.length > 0;
}

export async function runGalleryAdminBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-gallery-admin-"));
  try {
    console.log(`Gallery admin: a client gallery of ${PHOTOS.toLocaleString("en")} photos in one set`);
    const { shootId } = await bigShootDataDir(dataDir, { count: PHOTOS, title: "A wedding" });
    const db = openDatabase(path.join(dataDir, DATABASE_FILE_NAME));
    const password = randomBytes(18).toString("base64url");
    let galleryId: number;
    let setId: number;
    try {
      await upsertUser(db, "bench@example.com", password);
      galleryId = await createGalleryFromShoot(db, shootId, { title: "A wedding", clientName: "Priya" });
      setId = (await readGallerySets(db, galleryId))[0]?.id as number;
      // The gallery's own sizes would be drawn by the worker for 3,000 photos while the page is
      // measured on a shared 2-core machine; the admin's grid shows the shoot's files either way.
      await dropQueuedJobs(db, "photo-rerender");
    } finally {
      await db.destroy();
    }
    ensureChromium();
    const server = await startServer(dataDir, { LOG_LEVEL: "warn" });
    let browser: Browser | undefined;
    try {
      await server.waitUntilReady(SERVER_READY_TIMEOUT_MS);
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      const storageState = await signIn(browser, server.url, password);
      console.log(
        `  in Chromium at ${VIEWPORTS.desktop.width} × ${VIEWPORTS.desktop.height}, production build, cold cache, ${PAGE_LOADS} loads each`,
      );
      const shown = await measurePage(
        browser,
        storageState,
        `${server.url}/admin/galleries/${galleryId}`,
        `/admin/galleries/${galleryId} (the gallery's first screen)`,
      );
      // Measured in the same run either way: where the set's photos were before the workspace,
      // and a reference for this machine's load at the time.
      await measurePage(
        browser,
        storageState,
        `${server.url}/admin/shoots/${setId}`,
        `/admin/shoots/${setId} (the set's own page${shown ? ", for reference" : ", where its photos were"})`,
      );
      console.log();
    } finally {
      await browser?.close();
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}
