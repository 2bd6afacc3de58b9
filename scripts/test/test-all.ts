// `npm test`: everything, in the order that fails fastest: lint, types, the build; then the unit
// and integration tests (Vitest) on SQLite, beside the same integration tests on PostgreSQL and
// the cluster drill; then the browser tests (Playwright in Chromium). What waits on a single
// thread or on timers has work beside it (ADR 037): the type check beside the build and the
// Vitest runs, the browser tests' data beside all of them. Ends with the name of every failed
// test, wherever it ran, and one summary line.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { ensureChromium } from "./ensure-chromium.ts";

const root = path.resolve(import.meta.dirname, "../..");
const reports = path.join(root, "tmp/test-reports");
fs.mkdirSync(reports, { recursive: true });

function step(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A run beside the one in the foreground: its output goes to a log, printed when it has ended. */
function beside(title: string, name: string, command: string, args: string[], env: Record<string, string> = {}) {
  const log = path.join(reports, `${name}.log`);
  const output = fs.openSync(log, "w");
  const child = spawn(command, args, {
    cwd: root,
    stdio: ["ignore", output, output],
    env: { ...process.env, ...env },
  });
  const exit = once(child, "exit");
  console.log(`\n▶ ${title}, beside the next step: its output goes to ${path.relative(root, log)}`);
  return async (): Promise<boolean> => {
    const [code] = await exit;
    fs.closeSync(output);
    console.log(`\n▶ ${title} finished:`);
    process.stdout.write(fs.readFileSync(log, "utf8"));
    return code === 0;
  };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string }[];
  }[];
}
interface PlaywrightSuite {
  file: string;
  specs?: { title: string; line: number; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
}

let passed = 0;
let failed = 0;
/** Every failed test, named where it ran: a log's tail then says what broke, wherever it was. */
const failures: string[] = [];

function countVitest(run: string, file: string): void {
  const report = readJson(file) as VitestReport | undefined;
  if (!report) return;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const result of report.testResults) {
    const where = path.relative(root, result.name);
    const tests = result.assertionResults.filter((t) => t.status === "failed");
    for (const t of tests) failures.push(`${run}: ${where} › ${t.fullName}`);
    // A file that failed before any of its tests (an import, a hook) has no failed test to name.
    if (result.status === "failed" && tests.length === 0) {
      failed += 1;
      failures.push(`${run}: ${where}: ${(result.message ?? "failed").split("\n")[0]}`);
    }
  }
}

function countPlaywright(file: string): void {
  const report = readJson(file) as PlaywrightReport | undefined;
  if (!report) return;
  passed += report.stats.expected;
  failed += report.stats.unexpected + report.stats.flaky;
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status === "unexpected" || t.status === "flaky") {
          failures.push(`browser (${t.status}): ${suite.file}:${spec.line} › ${spec.title}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
}

ensureChromium();
// The browser tests copy a demo studio and a 3,000-photo wedding from templates (about 56 and 67 s
// of CPU to make); made here, beside everything up to the browser tests, they use the cores the
// type check and the Vitest runs leave idle instead of holding up the browser tests.
const browserData = beside("The browser tests' data", "browser-data", "node", ["scripts/test/browser-data.ts"]);
// tsc runs on one thread: the build and the Vitest runs go on beside it.
const typeCheck = beside("Type check", "type-check", "npm", ["run", "typecheck", "--silent"]);
let ok = step("Lint and format (Biome)", "npx", ["biome", "check", "."]);
ok = step("Build", "node", ["scripts/build/ensure-build.ts"]) && ok;

/**
 * The Vitest runs wait as much as they compute (a server starting, a mailbox answering, a claim
 * running out): one at a time, each keeps this 2-core machine about 60 % busy. So the run on
 * PostgreSQL and the cluster drill go beside the run on SQLite. Each file starts its own servers,
 * data directories and databases on free ports, and each PostgreSQL run its own cluster, so they
 * share nothing but the build, which the step above has made current.
 */
const json = (name: string) => path.join(reports, `${name}.json`);
const vitestArgs = (name: string) => ["--reporter=default", "--reporter=json", `--outputFile.json=${json(name)}`];

const drill = beside("The cluster drill (Vitest)", "vitest-cluster-drill", "npx", [
  "vitest",
  "run",
  "--project",
  "cluster-drill",
  ...vitestArgs("vitest-cluster-drill"),
]);
// The integration suite again on PostgreSQL, in a throwaway cluster (vitest.postgres.config.ts).
const onPostgres = beside(
  "Integration tests on PostgreSQL (Vitest)",
  "vitest-postgres",
  "npx",
  ["vitest", "run", "--config", "vitest.postgres.config.ts", ...vitestArgs("vitest-postgres")],
  { TEST_DATABASE: "postgres" },
);
ok =
  step("Unit and integration tests on SQLite (Vitest)", "npx", [
    "vitest",
    "run",
    "--project",
    "shared-modules",
    "--project",
    "own-modules",
    ...vitestArgs("vitest"),
  ]) && ok;
countVitest("SQLite", json("vitest"));
ok = (await typeCheck()) && ok;
ok = (await onPostgres()) && ok;
countVitest("PostgreSQL", json("vitest-postgres"));
ok = (await drill()) && ok;
countVitest("cluster drill", json("vitest-cluster-drill"));

// A template that could not be made is made again by the browser tests' server (webServer), which
// then says why; the suite's verdict is theirs.
await browserData();
const playwrightReport = json("playwright");
const e2eOk = spawnSync("npx", ["playwright", "test", "--reporter=list,json"], {
  cwd: root,
  stdio: ["inherit", "inherit", "inherit"],
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
});
console.log("\n▶ Browser tests (Playwright) finished");
ok = e2eOk.status === 0 && ok;
countPlaywright(playwrightReport);

if (!ok && failed === 0) failed = 1; // a failing lint, type check or build counts too
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
