// The Lighthouse part of `npm run bench`: starts the production server (`node server/main.ts`,
// on a free port with a fresh temporary data directory), then runs Lighthouse against a few
// pages, once with the mobile form factor (Lighthouse's default emulation and simulated
// throttling) and once with its desktop config, each run in a fresh headless Chromium with a
// fresh profile. Prints one aligned table: the four category scores, LCP, CLS, TBT and the
// bytes transferred by resource type. A page that does not answer 200 is still audited and is
// marked with its status code. Chromium is kept off the network: every host name but the
// loopback ones fails to resolve. Each page is audited again in Tamil (/ta/..., issue 33) with
// the mobile form factor, printed beside its English figures with the Tamil font's bytes.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, desktopConfig, type Flags, type Result } from "lighthouse";
import { pathIn } from "#app/i18n/languages.ts";
import { CHROMIUM_ARGS } from "#fixtures/chromium.ts";
import { documentScripts, gzipBytes, scriptBytes } from "#fixtures/page-scripts.ts";
import { freePort } from "#fixtures/server-process.ts";
import { CHROMIUM_PATH, ensureChromium } from "../test/ensure-chromium.ts";

const PAGES = ["/", "/gallery/wedding", "/galleryList/1", "/contactUs"];
const FORM_FACTORS = ["mobile", "desktop"] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];
/** The same pages in Tamil, on a phone only: the figures the issue holds them to (issue 33). */
const TAMIL_PAGES = PAGES.map((page) => pathIn("ta", page));
const TAMIL_FORM_FACTORS: readonly FormFactor[] = ["mobile"];
/** Every run, each Tamil page's after its English page's: the page, its form factors. */
const RUNS = PAGES.flatMap((page, i) => [
  { page, formFactors: FORM_FACTORS },
  { page: TAMIL_PAGES[i] ?? page, formFactors: TAMIL_FORM_FACTORS },
]);
const PLANNED_RUNS = RUNS.reduce((sum, run) => sum + run.formFactors.length, 0);
/** The Tamil face's file (app/styles/fonts/noto-sans-tamil-*.woff2, hashed by the build). */
const TAMIL_FONT_URL = /\/noto-sans-tamil-[^/]*\.woff2$/;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** The first start imports the demo photos (about 20 s here); allow for a slow machine. */
const SERVER_READY_TIMEOUT_MS = 180_000;
const SERVER_POLL_INTERVAL_MS = 250;
/** After SIGTERM, how long the server may take to drain before it gets SIGKILL. */
const SERVER_STOP_TIMEOUT_MS = 10_000;
/** Lighthouse's own wait for the page's load event (its default is 45 s). */
const PAGE_LOAD_TIMEOUT_MS = 45_000;
/** A hard cap on one Lighthouse run once Chromium is up; a run normally takes 7–15 s here. */
const RUN_TIMEOUT_MS = 120_000;
/** A run that fails (e.g. NO_NAVSTART, a trace Chromium did not record) is tried again, once. */
const ATTEMPTS_PER_RUN = 2;
/** How much of the server's output to keep for an error message. */
const SERVER_OUTPUT_KEPT_CHARS = 20_000;
const BYTES_PER_KB = 1024;
/**
 * `--lighthouse-reports=DIR` keeps each run's full report (its JSON) there, to see what a score
 * is made of: the LCP element, the main-thread breakdown, every request.
 */
const REPORTS_DIR = process.argv.find((a) => a.startsWith("--lighthouse-reports="))?.split("=")[1];

const root = path.resolve(import.meta.dirname, "../..");

const CHROMIUM_FLAGS = ["--headless", ...CHROMIUM_ARGS];

/** Resource types in the table, as Lighthouse's `resource-summary` audit names them. */
const RESOURCE_TYPES = ["document", "script", "stylesheet", "image", "font", "other"] as const;
type ResourceType = (typeof RESOURCE_TYPES)[number];

export interface RunResult {
  page: string;
  formFactor: FormFactor;
  /** The main document's HTTP status as Lighthouse saw it (undefined if it could not tell). */
  status?: number;
  /** Category scores, 0–100; null where Lighthouse could not score the category. */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs?: number;
  cls?: number;
  tbtMs?: number;
  bytes: Partial<Record<ResourceType | "total", number>>;
  /** Bytes transferred for the Tamil font's files (0: none requested). */
  tamilFontBytes?: number;
  /** Set when Lighthouse itself failed (the run threw, timed out, or reported a runtime error). */
  error?: string;
  /** Chromium did not start: the remaining runs would fail the same way. */
  chromiumFailed?: boolean;
  /** Why earlier attempts at this run failed, when it had to be tried again. */
  retriedAfter: string[];
  warnings: string[];
  erroredAudits: string[];
  /** Requests other than the main document that failed or answered 4xx/5xx. */
  failedRequests: string[];
  lighthouseVersion?: string;
  userAgent?: string;
  /** Lighthouse's measure of this machine's speed (about 1000 on a mid-range laptop of 2020). */
  benchmarkIndex?: number;
  seconds: number;
}

interface Server {
  url: string;
  stop(): Promise<void>;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), SERVER_STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function startProductionServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-SERVER_OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  const server = { url, stop: () => stopChild(child) };

  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await delay(SERVER_POLL_INTERVAL_MS);
  }
  await server.stop();
  throw new Error(`the server was not ready after ${SERVER_READY_TIMEOUT_MS / 1000} s:\n${output}`);
}

type TableItem = Record<string, unknown>;

function tableItems(lhr: Result, auditId: string): TableItem[] {
  const details = lhr.audits[auditId]?.details;
  if (!details || !("items" in details) || !Array.isArray(details.items)) return [];
  return details.items as TableItem[];
}

function summarize(lhr: Result, page: string, formFactor: FormFactor, seconds: number): RunResult {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return typeof value === "number" ? Math.round(value * 100) : null;
  };
  const metric = (id: string) => lhr.audits[id]?.numericValue;

  const bytes: RunResult["bytes"] = {};
  for (const item of tableItems(lhr, "resource-summary")) {
    const type = item.resourceType;
    const size = item.transferSize;
    if (typeof type !== "string" || typeof size !== "number") continue;
    // `third-party` cuts across the other types; `media` (audio, video) is counted as other here.
    if (type === "third-party") continue;
    const key: ResourceType | "total" =
      type === "total" || (RESOURCE_TYPES as readonly string[]).includes(type)
        ? (type as ResourceType | "total")
        : "other";
    bytes[key] = (bytes[key] ?? 0) + size;
  }

  const mainDocument = lhr.mainDocumentUrl ?? lhr.finalDisplayedUrl;
  const requests = tableItems(lhr, "network-requests");
  const documentRequest = requests.find((item) => item.url === mainDocument && item.resourceType === "Document");
  const status = typeof documentRequest?.statusCode === "number" ? documentRequest.statusCode : undefined;
  const failedRequests = requests
    .filter(
      (item) =>
        item !== documentRequest &&
        typeof item.statusCode === "number" &&
        (item.statusCode >= 400 || item.statusCode < 0),
    )
    .map(
      (item) =>
        `${item.statusCode === -1 ? "no response" : `HTTP ${item.statusCode}`} ${String(item.url).replace(new URL(lhr.finalDisplayedUrl).origin, "")}`,
    );

  const tamilFontBytes = requests
    .filter((item) => TAMIL_FONT_URL.test(String(item.url)))
    .reduce((sum, item) => sum + (typeof item.transferSize === "number" ? item.transferSize : 0), 0);

  return {
    page,
    formFactor,
    status,
    tamilFontBytes,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: metric("largest-contentful-paint"),
    cls: metric("cumulative-layout-shift"),
    tbtMs: metric("total-blocking-time"),
    bytes,
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    retriedAfter: [],
    warnings: lhr.runWarnings.map(String),
    erroredAudits: Object.values(lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === "error")
      .map((audit) => `${audit.id} (${audit.errorMessage ?? "no message"})`),
    failedRequests,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    seconds,
  };
}

/**
 * One Lighthouse run of `url` in a fresh Chromium, tried again once if Lighthouse fails.
 * `extraHeaders` go with every request of the page (a private gallery's access cookie).
 */
export async function runLighthouseWithRetry(
  url: string,
  page: string,
  formFactor: FormFactor,
  extraHeaders?: Record<string, string>,
): Promise<RunResult> {
  const retriedAfter: string[] = [];
  let seconds = 0;
  for (let attempt = 1; ; attempt++) {
    const result = await runLighthouse(url, page, formFactor, extraHeaders);
    seconds += result.seconds;
    result.seconds = seconds;
    result.retriedAfter = retriedAfter;
    if (!result.error || result.chromiumFailed || attempt >= ATTEMPTS_PER_RUN) return result;
    retriedAfter.push(result.error);
  }
}

async function runLighthouse(
  url: string,
  page: string,
  formFactor: FormFactor,
  extraHeaders?: Record<string, string>,
): Promise<RunResult> {
  const started = performance.now();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-chromium-"));
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let timer: NodeJS.Timeout | undefined;
  const failed = (error: unknown, chromiumFailed = false): RunResult => ({
    page,
    formFactor,
    scores: { performance: null, accessibility: null, "best-practices": null, seo: null },
    bytes: {},
    error: error instanceof Error ? error.message : String(error),
    chromiumFailed,
    retriedAfter: [],
    warnings: [],
    erroredAudits: [],
    failedRequests: [],
    seconds: (performance.now() - started) / 1000,
  });
  try {
    try {
      chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: CHROMIUM_FLAGS,
        userDataDir,
        logLevel: "silent",
      });
    } catch (error) {
      return failed(
        `could not start Chromium (${CHROMIUM_PATH}): ${error instanceof Error ? error.message : error}`,
        true,
      );
    }
    const flags: Flags = {
      port: chrome.port,
      hostname: "127.0.0.1",
      logLevel: "error",
      output: "json",
      onlyCategories: [...CATEGORIES],
      maxWaitForLoad: PAGE_LOAD_TIMEOUT_MS,
      // Audit a 404 too (with a run warning) instead of giving up on it with null scores.
      ignoreStatusCode: true,
      extraHeaders,
    };
    const config: Config | undefined = formFactor === "desktop" ? desktopConfig : undefined;
    const run = lighthouse(url, flags, config);
    run.catch(() => {}); // A run still going when the timeout wins fails later; nothing to report then.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Lighthouse did not finish in ${RUN_TIMEOUT_MS / 1000} s`)),
        RUN_TIMEOUT_MS,
      );
    });
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error("Lighthouse returned no result");
    if (REPORTS_DIR) {
      fs.mkdirSync(REPORTS_DIR, { recursive: true });
      const name = `${page.replace(/[^a-z0-9]+/gi, "_")}-${formFactor}-${Date.now()}.json`;
      fs.writeFileSync(path.join(REPORTS_DIR, name), JSON.stringify(result.lhr));
    }
    return summarize(result.lhr, page, formFactor, (performance.now() - started) / 1000);
  } catch (error) {
    return failed(error);
  } finally {
    clearTimeout(timer);
    if (chrome) {
      const exited = chrome.process.exitCode === null ? once(chrome.process, "exit") : undefined;
      chrome.kill();
      await exited;
    }
    fs.rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * The machine's Lighthouse benchmarkIndex over these runs. Scores on a slow or busy machine read
 * lower (simulated throttling scales from this index), so the figures travel with it.
 */
export function printBenchmarkIndex(results: readonly Pick<RunResult, "benchmarkIndex">[]): void {
  const indexes = results
    .flatMap((r) => (r.benchmarkIndex === undefined ? [] : [r.benchmarkIndex]))
    .sort((a, b) => a - b);
  if (indexes.length === 0) return;
  const median = indexes[Math.floor(indexes.length / 2)] ?? 0;
  console.log(
    `  this machine's benchmarkIndex: median ${median.toFixed(0)} (${(indexes[0] ?? 0).toFixed(0)} to ${(indexes.at(-1) ?? 0).toFixed(0)} over ${indexes.length} runs)`,
  );
}

export function formatTable(header: string[], rows: string[][], leftAligned: number): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < leftAligned ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

function printResults(results: RunResult[]): void {
  const dash = "-";
  const num = (value: number | null | undefined, digits = 0) =>
    value === null || value === undefined ? dash : value.toFixed(digits);
  const kb = (value: number | undefined) => (value === undefined ? dash : (value / BYTES_PER_KB).toFixed(1));

  const header = [
    "Page",
    "Form",
    "Perf",
    "A11y",
    "BP",
    "SEO",
    "LCP ms",
    "CLS",
    "TBT ms",
    "doc KB",
    "script",
    "css",
    "image",
    "font",
    "other",
    "total KB",
    "ta font B",
  ];
  const rows = results.map((r) => {
    const marks = [
      r.status !== undefined && r.status !== 200 ? `(HTTP ${r.status})` : "",
      r.error ? "(error, see notes)" : "",
    ];
    return [
      [r.page, ...marks].filter(Boolean).join(" "),
      r.formFactor,
      ...CATEGORIES.map((category) => num(r.scores[category])),
      num(r.lcpMs),
      num(r.cls, 3),
      num(r.tbtMs),
      ...RESOURCE_TYPES.map((type) => kb(r.bytes[type])),
      kb(r.bytes.total),
      num(r.tamilFontBytes),
    ];
  });

  const first = results.find((r) => r.lighthouseVersion);
  const chromium = first?.userAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? "Chromium";
  console.log(
    `Lighthouse ${first?.lighthouseVersion ?? "?"} (${chromium}) on the production build; scores 0-100; ` +
      "transferred KB (1 KB = 1024 bytes)",
  );
  console.log(
    "  mobile: Lighthouse's default emulation (Moto G Power) and simulated throttling (slow 4G, 4x CPU); " +
      "desktop: its desktop config (simulated, no CPU slowdown)",
  );
  console.log(formatTable(header, rows, 2));
  printBenchmarkIndex(results);
  printEnglishBesideTamil(results);

  const notes: string[] = [];
  for (const r of results) {
    const label = `${r.page} ${r.formFactor}`;
    // The status warning repeats what the (HTTP nnn) mark says.
    for (const warning of r.warnings) if (!/Status code: \d+/.test(warning)) notes.push(`${label}: ${warning}`);
    for (const error of r.retriedAfter) notes.push(`${label}: tried again after: ${error}`);
    if (r.error) notes.push(`${label}: ${r.error}`);
    // After a runtime error most audits error too, for the same reason; list them otherwise.
    if (!r.error) for (const audit of r.erroredAudits) notes.push(`${label}: audit errored: ${audit}`);
    for (const request of r.failedRequests) notes.push(`${label}: request failed: ${request}`);
  }
  const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
  const planned = PLANNED_RUNS;
  const skipped =
    results.length < planned ? ` (${planned - results.length} skipped after Chromium failed to start)` : "";
  console.log(`  ${results.length} of ${planned} runs in ${seconds.toFixed(0)} s${skipped}`);
  if (notes.length > 0) console.log(`Notes:\n${notes.map((note) => `  ${note}`).join("\n")}`);
}

/**
 * Each page's mobile figures in English and in Tamil side by side (issue 33: the Tamil pages are
 * held to the English ones: performance at least 98, TBT at most 100 ms, CLS 0), with the bytes
 * of the Tamil font each transferred: none on an English page.
 */
function printEnglishBesideTamil(results: RunResult[]): void {
  const mobile = (page: string) => results.find((r) => r.page === page && r.formFactor === "mobile");
  const pair = (value: (r: RunResult) => number | null | undefined, digits: number, en?: RunResult, ta?: RunResult) =>
    [en, ta].map((r) => {
      const v = r ? value(r) : undefined;
      return v === null || v === undefined ? "-" : v.toFixed(digits);
    });
  const rows = PAGES.map((page, i) => {
    const en = mobile(page);
    const ta = mobile(TAMIL_PAGES[i] ?? page);
    return [
      `${page} | ${TAMIL_PAGES[i]}`,
      ...pair((r) => r.scores.performance, 0, en, ta),
      ...pair((r) => r.scores.accessibility, 0, en, ta),
      ...pair((r) => r.tbtMs, 0, en, ta),
      ...pair((r) => r.cls, 3, en, ta),
      ...pair((r) => r.lcpMs, 0, en, ta),
      ...pair((r) => (r.bytes.font === undefined ? undefined : r.bytes.font / BYTES_PER_KB), 1, en, ta),
      ...pair((r) => r.tamilFontBytes, 0, en, ta),
    ];
  });
  console.log("\nEnglish beside Tamil, mobile (issue 33: Tamil as English: Perf >= 98, TBT <= 100 ms, CLS 0)");
  console.log(
    formatTable(
      [
        "Page | Tamil",
        "Perf en",
        "ta",
        "A11y en",
        "ta",
        "TBT en",
        "ta",
        "CLS en",
        "ta",
        "LCP en",
        "ta",
        "font KB en",
        "ta",
        "Tamil font B en",
        "ta",
      ],
      rows,
      1,
    ),
  );
}

/**
 * What JavaScript each bench page loads, in KB gzip (issue 17): the inline scripts (the loader,
 * islands and React Router's data), the modules it runs at load, and the modules it only fetches
 * ahead for the visitor's first touch. Before issue 17 every public page ran its modules after
 * its first paint: 116 KB gzip on `/`.
 */
async function printFirstLoadScripts(baseUrl: string): Promise<void> {
  const rows: string[][] = [];
  for (const page of PAGES) {
    const html = await (await fetch(`${baseUrl}${page}`, { headers: { "Accept-Encoding": "identity" } })).text();
    const inline = [
      ...html.matchAll(
        /<script(?![^>]*\bsrc=)(?![^>]*type="(?:application\/ld\+json|text\/plain)")[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ]
      .map((m) => m[1] ?? "")
      .join("\n");
    const modules = await scriptBytes(
      documentScripts(html),
      async (path) => new Uint8Array(await (await fetch(`${baseUrl}${path}`)).arrayBuffer()),
    );
    const moduleKb = modules.reduce((sum, m) => sum + m.gzip, 0) / BYTES_PER_KB;
    // The loader of a page that starts its modules after the first paint calls afterFirstPaint(start).
    const runsAtLoad = html.includes("afterFirstPaint(start)");
    rows.push([
      page,
      (gzipBytes(Buffer.from(inline)) / BYTES_PER_KB).toFixed(1),
      (runsAtLoad ? moduleKb : 0).toFixed(1),
      (runsAtLoad ? 0 : moduleKb).toFixed(1),
    ]);
  }
  console.log("\nFirst-load JavaScript, KB gzip (before issue 17 every page ran its modules at load: 116 KB on /)");
  console.log(formatTable(["Page", "inline", "modules run at load", "fetched ahead, run at first touch"], rows, 2));
}

export async function runLighthouseBench(): Promise<void> {
  ensureChromium();
  console.log("\nLighthouse (starting the production server)…");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-lighthouse-"));
  let server: Server | undefined;
  const results: RunResult[] = [];
  try {
    server = await startProductionServer(dataDir);
    // One request per page first, so that the audited load does not pay for any first-request work.
    for (const { page } of RUNS) await (await fetch(`${server.url}${page}`)).arrayBuffer();
    runs: for (const { page, formFactors } of RUNS) {
      for (const formFactor of formFactors) {
        const result = await runLighthouseWithRetry(`${server.url}${page}`, page, formFactor);
        const retried = result.retriedAfter.length > 0 ? ", tried again" : "";
        console.log(
          `  ${page} ${formFactor}: ${result.seconds.toFixed(1)} s${retried}${result.error ? ", failed" : ""}`,
        );
        results.push(result);
        if (result.chromiumFailed) break runs;
      }
    }
    await printFirstLoadScripts(server.url);
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
  console.log();
  printResults(results);
  // Lighthouse's own verdict on a page (a runtime error in its report) is a result; a run that
  // produced no report at all means the bench is broken.
  if (results.length < PLANNED_RUNS || results.some((r) => r.lighthouseVersion === undefined)) {
    process.exitCode = 1;
  }
}
