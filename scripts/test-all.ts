// `npm test`: everything, in the order that fails fastest: lint, types, unit and integration
// tests (Vitest), the integration tests again on PostgreSQL beside the cluster drill, then the
// browser tests (Playwright in Chromium). Ends with one summary line.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { ensureChromium } from "./ensure-chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, "tmp/test-reports");
fs.mkdirSync(reports, { recursive: true });

function step(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

ensureChromium();
let passed = 0;
let failed = 0;
let ok = step("Lint and format (Biome)", "npx", ["biome", "check", "."]);
ok = step("Type check", "npm", ["run", "typecheck", "--silent"]) && ok;
ok = step("Build", "node", ["scripts/ensure-build.ts"]) && ok;

/**
 * The cluster drill at the suite's size (scripts/cluster-drill.test.ts) runs beside the
 * integration suite on PostgreSQL, not in a run of its own: most of its two and a quarter minutes
 * is a wait (a killed instance's mail claims running out) that leaves the machine idle. It starts
 * its own PostgreSQL, so it needs neither run's database.
 */
const CLUSTER_DRILL_TEST = "scripts/cluster-drill.test.ts";
const vitestReport = path.join(reports, "vitest.json");
ok =
  step("Unit and integration tests (Vitest)", "npx", [
    "vitest",
    "run",
    "--exclude",
    CLUSTER_DRILL_TEST,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
  ]) && ok;
const vitest = readJson(vitestReport) as { numPassedTests: number; numFailedTests: number } | undefined;
passed += vitest?.numPassedTests ?? 0;
failed += vitest?.numFailedTests ?? 0;

const drillReport = path.join(reports, "vitest-cluster-drill.json");
const drillLog = path.join(reports, "cluster-drill.log");
const drillOutput = fs.openSync(drillLog, "w");
const drill = spawn(
  "npx",
  ["vitest", "run", CLUSTER_DRILL_TEST, "--reporter=default", "--reporter=json", `--outputFile.json=${drillReport}`],
  { cwd: root, stdio: ["ignore", drillOutput, drillOutput] },
);
const drillExit = once(drill, "exit");
console.log(
  `\n▶ The cluster drill (Vitest), beside the next step: its output goes to ${path.relative(root, drillLog)}`,
);

// The integration suite again on PostgreSQL, in a throwaway cluster (vitest.postgres.config.ts).
const postgresReport = path.join(reports, "vitest-postgres.json");
ok =
  step(
    "Integration tests on PostgreSQL (Vitest)",
    "npx",
    [
      "vitest",
      "run",
      "--config",
      "vitest.postgres.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${postgresReport}`,
    ],
    { TEST_DATABASE: "postgres" },
  ) && ok;
const onPostgres = readJson(postgresReport) as { numPassedTests: number; numFailedTests: number } | undefined;
passed += onPostgres?.numPassedTests ?? 0;
failed += onPostgres?.numFailedTests ?? 0;

const [drillCode] = await drillExit;
fs.closeSync(drillOutput);
console.log("\n▶ The cluster drill (Vitest) finished:");
process.stdout.write(fs.readFileSync(drillLog, "utf8"));
ok = drillCode === 0 && ok;
const drilled = readJson(drillReport) as { numPassedTests: number; numFailedTests: number } | undefined;
passed += drilled?.numPassedTests ?? 0;
failed += drilled?.numFailedTests ?? 0;

const playwrightReport = path.join(reports, "playwright.json");
const e2eOk = spawnSync("npx", ["playwright", "test", "--reporter=list,json"], {
  cwd: root,
  stdio: ["inherit", "inherit", "inherit"],
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
});
console.log("\n▶ Browser tests (Playwright) finished");
ok = e2eOk.status === 0 && ok;
const e2e = readJson(playwrightReport) as
  | { stats: { expected: number; unexpected: number; flaky: number } }
  | undefined;
passed += e2e?.stats.expected ?? 0;
failed += (e2e?.stats.unexpected ?? 0) + (e2e?.stats.flaky ?? 0);

if (!ok && failed === 0) failed = 1; // a failing lint, type check or build counts too
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
