// The client gallery page's part of `npm run bench` (issue 15, "Performance"): "A 5,000-photo
// gallery's first screen on a phone: HTML under 100 KB, no more than about 40 KB gzip of
// JavaScript beyond the public pages', mobile Lighthouse performance and accessibility as on the
// public pages; scrolling loads the next photos without jank."
//
// On a fresh data directory (the demo studio, so the public pages are the real ones) a gallery of
// 5,000 photos in four sets with a PIN: a dozen demo photos processed with the gallery's own plan
// and copied (fixtures/gallery-fixture.ts copyAssets), so every photo has its own files and
// URLs with the real srcsets and bytes. Then, on the production server, past the PIN (its cookie):
// the first document's bytes, the scripts it names beyond `/`'s, the time of one next page of
// photos, a scripted scroll through the first set in Chromium at a phone's size (long tasks and
// photos loaded), and mobile Lighthouse of the gallery next to `/`. Figures only: the goals are
// printed beside them, never enforced (the byte budgets are, in tests/e2e/gallery-budget.spec.ts).
//
//   node scripts/bench/bench.ts --only=gallery-page [--lighthouse-runs=N] [--no-scroll] [--lighthouse-reports=DIR]
//   (N = 0 skips Lighthouse; DIR keeps each Lighthouse report)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { ingestImage, type VariantPlan } from "#domain/catalog/ingest.server.ts";
import { appendPhotos } from "#domain/catalog/photos.server.ts";
import { DEMO_PHOTOS_DIR, importDemoIfEmpty } from "#domain/demo/import.server.ts";
import { FIRST_SCREEN_PHOTOS, PHOTOS_PER_PAGE } from "#domain/galleries/client-types.ts";
import { addGallerySet, createGallery, readGallery, setGalleryPin } from "#domain/galleries/galleries.server.ts";
import { PIPELINE_VERSION } from "#domain/media/constants.ts";
import { planGalleryVariants } from "#domain/media/pipeline.server.ts";
import { diskMediaStorage } from "#domain/media/storage.server.ts";
import { CHROMIUM_ARGS } from "#fixtures/chromium.ts";
import { templateDataDir } from "#fixtures/data-dir-template.ts";
import { copyAssets } from "#fixtures/gallery-fixture.ts";
import { documentScripts, gzipBytes, type ScriptBytes, scriptBytes, scriptsBeyond } from "#fixtures/page-scripts.ts";
import { type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { DATABASE_FILE_NAME, migrate, openDatabase } from "#platform/db/db.server.ts";
import { MIGRATIONS } from "#platform/db/migrations/index.server.ts";
import { CHROMIUM_PATH, ensureChromium } from "../test/ensure-chromium.ts";
import { phoneFigures } from "./bench-gallery-phone.ts";
import { formatTable, printBenchmarkIndex, type RunResult, runLighthouseWithRetry } from "./bench-lighthouse.ts";
import { kb, median, ms } from "./figures.ts";

/** The wedding: 5,000 photos, here in four sets of a day's functions. */
const SETS = [
  { title: "Nichayathartham", photos: 1_500 },
  { title: "Muhurtham", photos: 1_500 },
  { title: "Reception", photos: 1_200 },
  { title: "Candid", photos: 800 },
] as const;
/** Issue 30's wedding, for the couple's phone: a big set between two small ones. */
const PHONE_SETS = [
  { title: "Mehendi", photos: 300 },
  { title: "Muhurtham", photos: 3_000 },
  { title: "Reception", photos: 300 },
] as const;
const PIN = "482190";
/** Distinct demo photos processed with the gallery's plan, then copied to 5,000. */
const TEMPLATE_PHOTOS = 12;
/** Bump when the demo studio's template would come out differently: older templates are then never copied. */
const DEMO_TEMPLATE_VERSION = 1;

const HTML_GOAL_BYTES = 100 * 1024;
const JS_BEYOND_PUBLIC_GOAL_GZIP_BYTES = 40 * 1024;
/** Next-page fetches timed, each at its own offset (never the same rows twice); the median is reported. */
const PAGE_FETCHES = 5;
const DEFAULT_LIGHTHOUSE_RUNS = 3;
const SERVER_READY_TIMEOUT_MS = 180_000;
const BYTES_PER_KB = 1024;

function goal(ok: boolean): string {
  return ok ? "meets the goal" : "MISSES the goal";
}

interface BenchGallery {
  token: string;
  sets: { id: number; title: string; photos: number }[];
}

interface Fixture extends BenchGallery {
  /** Issue 30's 3,600-photo gallery, for the couple's phone. */
  phone: BenchGallery;
}

/** The demo studio and the 5,000-photo gallery, in `dataDir`. */
export async function makeFixture(dataDir: string): Promise<Fixture> {
  let started = performance.now();
  const { made } = await templateDataDir(dataDir, {
    name: "demo-studio",
    key: [
      DEMO_TEMPLATE_VERSION,
      PIPELINE_VERSION,
      Object.keys(MIGRATIONS),
      fs.readFileSync(path.join(DEMO_PHOTOS_DIR, "manifest.json"), "utf8"),
    ],
    async make(dir) {
      const db = openDatabase(path.join(dir, DATABASE_FILE_NAME));
      try {
        await migrate(db);
        return await importDemoIfEmpty({ db, storage: diskMediaStorage(dir) }, () => {});
      } finally {
        await db.destroy();
      }
    },
  });
  console.log(
    made
      ? `  demo studio (the public pages to compare with) imported in ${ms(performance.now() - started)}, kept as a template for the next run`
      : `  demo studio (the public pages to compare with) copied from the template an earlier run made, in ${ms(performance.now() - started)}`,
  );
  const db = openDatabase(path.join(dataDir, DATABASE_FILE_NAME));
  try {
    await migrate(db);
    const deps = { db, storage: diskMediaStorage(dataDir) };
    started = performance.now();
    // Demo photos processed with a gallery's plan (without a watermark, as both galleries are),
    // then copied as many times as both galleries need.
    const plan: VariantPlan = (info) => planGalleryVariants(info, null);
    const templates: number[] = [];
    for (const file of fs
      .readdirSync(DEMO_PHOTOS_DIR)
      .filter((f) => f.endsWith(".jpg"))
      .slice(0, TEMPLATE_PHOTOS)) {
      // Re-encoded, so the bytes are not the demo asset's: the gallery's plan alone, as an upload to a gallery.
      const data = await sharp(path.join(DEMO_PHOTOS_DIR, file)).jpeg({ quality: 90 }).toBuffer();
      templates.push((await ingestImage(deps, data, file, undefined, plan)).assetId);
    }
    const wedding = await benchGallery(deps, templates, "Anitha weds Karthik", SETS, dataDir);
    const phone = await benchGallery(deps, templates, "Meena weds Arun", PHONE_SETS, dataDir);
    for (const made of [wedding, phone]) {
      const total = made.sets.reduce((sum, s) => sum + s.photos, 0);
      console.log(
        `  gallery: ${total.toLocaleString("en")} photos in ${made.sets.length} sets (${made.sets.map((s) => s.photos.toLocaleString("en")).join(" / ")}), a PIN`,
      );
    }
    console.log(
      `  ${templates.length} demo photos processed with a gallery's plan and copied, in ${ms(performance.now() - started)}`,
    );
    return { ...wedding, phone };
  } finally {
    await db.destroy();
  }
}

/** A gallery with a PIN and `sets` of copies of `templates`, each copy its own asset. */
async function benchGallery(
  deps: { db: ReturnType<typeof openDatabase>; storage: ReturnType<typeof diskMediaStorage> },
  templates: number[],
  title: string,
  setsWanted: readonly { title: string; photos: number }[],
  dataDir: string,
): Promise<BenchGallery> {
  const { db } = deps;
  const galleryId = await createGallery(db, {
    title,
    clientName: title.split(" ")[0] ?? title,
    eventDate: "2026-02-14",
    selectionLimit: 300,
  });
  await setGalleryPin(db, galleryId, PIN);
  const sets = [];
  for (const set of setsWanted) sets.push({ id: await addGallerySet(db, galleryId, set.title), ...set });
  const total = setsWanted.reduce((sum, s) => sum + s.photos, 0);
  const assetIds = await copyAssets(deps, templates, total, `bench-gallery-page:${title}:${dataDir}`);
  let next = 0;
  for (const set of sets) {
    const mine = assetIds.slice(next, next + set.photos);
    next += set.photos;
    // SQLite's statement variables: in slices.
    for (let from = 0; from < mine.length; from += 500) await appendPhotos(db, set.id, mine.slice(from, from + 500));
  }
  return { token: (await readGallery(db, galleryId))?.token ?? "", sets };
}

/**
 * Posts `form` to the gallery page as its own form would and returns `cookies` with those the
 * answer sets ("a=1; b=2", a Cookie header's value).
 */
async function postForm(
  server: ServerProcess,
  galleryUrl: string,
  cookies: string,
  form: Record<string, string>,
): Promise<string> {
  const response = await fetch(galleryUrl, {
    method: "POST",
    // The server refuses a form post from another origin.
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  const set = response.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  if (response.status !== 302 || set.length === 0) {
    throw new Error(`the gallery's ${form.intent ?? "PIN"} form answered HTTP ${response.status} without a cookie`);
  }
  return [cookies, ...set].filter(Boolean).join("; ");
}

async function getText(url: string, cookie?: string): Promise<string> {
  const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

function sumGzip(files: ScriptBytes[]): number {
  return files.reduce((sum, f) => sum + f.gzip, 0);
}

async function documentFigures(
  server: ServerProcess,
  galleryPath: string,
  cookies: { looking: string; choosing: string },
) {
  const home = await getText(`${server.url}/`);
  console.log(
    `First document of ${galleryPath.replace(/[\w-]{43}$/, "<token>")} past the PIN; goal under ${kb(HTML_GOAL_BYTES)} raw`,
  );
  let gallery = "";
  for (const [who, cookie] of [
    ["a client looking", cookies.looking],
    ["a person choosing (a heart form on each photo)", cookies.choosing],
  ] as const) {
    gallery = await getText(`${server.url}${galleryPath}`, cookie);
    const bytes = Buffer.byteLength(gallery);
    const photos = gallery.match(/<li[^>]*class="cg-item"/g)?.length ?? 0;
    console.log(
      `  ${who}: ${kb(bytes)} raw, ${kb(gzipBytes(Buffer.from(gallery)))} gzip (level 6, as the server compresses), ` +
        `${photos} photos: ${goal(bytes < HTML_GOAL_BYTES)}`,
    );
  }
  console.log(`  (/ for comparison: ${kb(Buffer.byteLength(home))} raw)`);

  const get = async (assetPath: string) =>
    new Uint8Array(await (await fetch(`${server.url}${assetPath}`)).arrayBuffer());
  const homeScripts = await scriptBytes(documentScripts(home), get);
  const galleryScripts = await scriptBytes(documentScripts(gallery), get);
  const beyondPaths = new Set(
    scriptsBeyond(
      galleryScripts.map((s) => s.path),
      homeScripts.map((s) => s.path),
    ),
  );
  const beyond = galleryScripts.filter((s) => beyondPaths.has(s.path));
  const beyondGzip = sumGzip(beyond);
  console.log("JavaScript the documents name (gzip level 9, as the build's precompressed copies)");
  console.log(`  /: ${homeScripts.length} files, ${kb(sumGzip(homeScripts))}`);
  console.log(`  gallery: ${galleryScripts.length} files, ${kb(sumGzip(galleryScripts))}`);
  console.log(
    `  beyond the public pages' (in the gallery's list, not in /'s): ${beyond.length} files, ${kb(beyondGzip)}; ` +
      `goal at most about ${kb(JS_BEYOND_PUBLIC_GOAL_GZIP_BYTES)}: ${goal(beyondGzip <= JS_BEYOND_PUBLIC_GOAL_GZIP_BYTES)}`,
  );
  for (const s of [...beyond].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`    ${s.path.padEnd(44)} ${kb(s.gzip).padStart(9)} gzip (${kb(s.raw)} raw)`);
  }
  return { homeScripts: homeScripts.map((s) => s.path) };
}

async function nextPageFigures(server: ServerProcess, galleryPath: string, cookie: string, setId: number) {
  const times: number[] = [];
  let body = "";
  let photos = 0;
  for (let i = 0; i < PAGE_FETCHES; i++) {
    const offset = FIRST_SCREEN_PHOTOS + i * PHOTOS_PER_PAGE;
    const started = performance.now();
    const response = await fetch(`${server.url}${galleryPath}/photos?set=${setId}&offset=${offset}`, {
      headers: { Cookie: cookie },
    });
    body = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`next page: HTTP ${response.status}`);
    photos = (JSON.parse(body) as { photos: unknown[] }).photos.length;
  }
  console.log(
    `Next page of photos (GET ${galleryPath.replace(/[\w-]{43}$/, "<token>")}/photos?set=&offset=, ${photos} photos)`,
  );
  console.log(
    `  median ${ms(median(times))} over ${PAGE_FETCHES} offsets (${times.map(ms).join(", ")}); ` +
      `${kb(Buffer.byteLength(body))} of JSON raw, ${kb(gzipBytes(Buffer.from(body)))} gzip`,
  );
}

function lighthouseTable(results: RunResult[]): void {
  const pages = [...new Set(results.map((r) => r.page))];
  const num = (value: number | null | undefined, digits = 0) =>
    value === null || value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits);
  const rows = pages.map((page) => {
    const runs = results.filter((r) => r.page === page && !r.error);
    const mid = (pick: (r: RunResult) => number | null | undefined) =>
      median(runs.flatMap((r) => (pick(r) === null || pick(r) === undefined ? [] : [pick(r) as number])));
    return [
      page,
      `${runs.length}/${results.filter((r) => r.page === page).length}`,
      num(mid((r) => r.scores.performance)),
      num(mid((r) => r.scores.accessibility)),
      runs.map((r) => num(r.scores.performance)).join(" "),
      num(mid((r) => r.lcpMs)),
      num(mid((r) => r.tbtMs)),
      num(
        mid((r) => r.cls),
        3,
      ),
      num(mid((r) => r.bytes.document) / BYTES_PER_KB, 1),
      num(mid((r) => r.bytes.script) / BYTES_PER_KB, 1),
      num(mid((r) => r.bytes.image) / BYTES_PER_KB, 1),
      num(mid((r) => r.bytes.total) / BYTES_PER_KB, 1),
    ];
  });
  console.log(
    formatTable(
      ["Page", "Runs", "Perf", "A11y", "Perf runs", "LCP ms", "TBT ms", "CLS", "doc KB", "script", "image", "total KB"],
      rows,
      1,
    ),
  );
  for (const r of results) {
    for (const problem of [r.error, ...r.failedRequests.map((f) => `request failed: ${f}`)].filter(Boolean)) {
      console.log(`  note: ${r.page}: ${problem}`);
    }
  }
}

async function lighthouseFigures(server: ServerProcess, galleryPath: string, cookie: string, runs: number) {
  const label = galleryPath.replace(/[\w-]{43}$/, "<token>");
  console.log(
    `Mobile Lighthouse (its default emulation and simulated throttling), median of ${runs} runs each, alternating`,
  );
  const results: RunResult[] = [];
  for (let run = 0; run < runs; run++) {
    results.push(await runLighthouseWithRetry(`${server.url}/`, "/", "mobile"));
    results.push(await runLighthouseWithRetry(`${server.url}${galleryPath}`, label, "mobile", { Cookie: cookie }));
  }
  lighthouseTable(results);
  printBenchmarkIndex(results);
  console.log(`  goal: the gallery's performance and accessibility as /'s`);
}

export async function runGalleryPageBench(): Promise<void> {
  const runsArg = process.argv.find((a) => a.startsWith("--lighthouse-runs="));
  const lighthouseRuns = runsArg ? Number(runsArg.split("=")[1]) : DEFAULT_LIGHTHOUSE_RUNS;
  ensureChromium();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-gallery-page-"));
  let server: ServerProcess | undefined;
  try {
    console.log("Client gallery page: 5,000 photos on a phone");
    const fixture = await makeFixture(dataDir);
    server = await startServer(dataDir, { LOG_LEVEL: "warn" });
    await server.waitUntilReady(SERVER_READY_TIMEOUT_MS);
    const galleryPath = `/g/${fixture.token}`;
    const galleryUrl = `${server.url}${galleryPath}`;
    const looking = await postForm(server, galleryUrl, "", { pin: PIN });
    // A person choosing: what the rest measures, the page at its heaviest (a form on each photo).
    const cookie = await postForm(server, galleryUrl, looking, { intent: "enter", name: "Anitha", pin: "2468" });
    // One untimed request each first: the measured ones do not pay for the server's first-request work.
    await getText(`${server.url}/`);
    await getText(galleryUrl, cookie);
    const { homeScripts } = await documentFigures(server, galleryPath, { looking, choosing: cookie });
    const firstSet = fixture.sets[0];
    if (!firstSet) throw new Error("the gallery has no set");
    await nextPageFigures(server, galleryPath, cookie, firstSet.id);

    if (process.argv.includes("--no-scroll")) {
      console.log("The phone's journey: skipped (--no-scroll)");
    } else {
      const phonePath = `/g/${fixture.phone.token}`;
      const phoneUrl = `${server.url}${phonePath}`;
      const phoneCookie = await postForm(server, phoneUrl, await postForm(server, phoneUrl, "", { pin: PIN }), {
        intent: "enter",
        name: "Meena",
        pin: "1357",
      });
      await phoneSection(server, phonePath, phoneCookie, fixture.phone.sets, homeScripts);
    }

    if (lighthouseRuns > 0) await lighthouseFigures(server, galleryPath, cookie, lighthouseRuns);
    else console.log("Lighthouse: skipped (--lighthouse-runs=0)");
    console.log();
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** The couple's phone in the 3,600-photo gallery, and the scripts it loaded beyond the public pages'. */
async function phoneSection(
  server: ServerProcess,
  galleryPath: string,
  cookie: string,
  sets: Fixture["sets"],
  homeScripts: string[],
) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const { scripts } = await phoneFigures(browser, server.url, galleryPath, cookie, sets);
    const loadedBeyond = scriptsBeyond(scripts, homeScripts);
    const get = async (assetPath: string) =>
      new Uint8Array(await (await fetch(`${server.url}${assetPath}`)).arrayBuffer());
    console.log(
      `  scripts Chromium loaded by the end of the scroll: ${scripts.length}; beyond /'s document list: ${loadedBeyond.length} files, ` +
        `${kb(sumGzip(await scriptBytes(loadedBeyond, get)))} gzip`,
    );
  } finally {
    await browser.close();
  }
}
