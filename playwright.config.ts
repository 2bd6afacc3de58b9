import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL_PATH } from "./fixtures/chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;
const dataDir = path.resolve("tmp/e2e-data");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // A failed test runs once more, recording a trace (`use.trace`), and a test that passes only
  // then still fails the run: a flaky test is a defect, not a pass. Recording every test's trace
  // in case it fails cost a third of the browser tests' time on 2 cores (the screencast and
  // snapshots of each step): ADR 040.
  retries: 1,
  failOnFlakyTests: true,
  reporter: "list",
  timeout: 30_000,
  // How long a web-first assertion waits for the page to get there (not a measure of speed:
  // that is `npm run bench`); Playwright's 5 s is short for a busy 2-core machine.
  expect: { timeout: 10_000 },
  use: { baseURL, trace: "on-first-retry", screenshot: "only-on-failure" },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    // A fresh data directory each run, a copy of the demo studio's template (made first if the
    // code or the demo changed: fixtures/demo-data-dir.ts): the suite sees exactly the demo studio.
    command: `node scripts/test/browser-data.ts "${dataDir}" && node server/main.ts`,
    url: `${baseURL}/healthz`,
    // Every test posts from 127.0.0.1: a roomy contact-form limit keeps repeated runs apart
    // (the limit itself is tested in server/contact.test.ts).
    // One face model process: the guest tests search a few photos, and a second process would
    // only take memory and a core from the other tests.
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      INQUIRY_RATE_LIMIT: "100",
      FACE_PROCESSES: "1",
    },
    // Starting may include making that template (the demo import: 38 photos into every variant,
    // under a minute on a quiet 2-core machine, several on a busy one); copying it takes seconds.
    // A limit on starting, not a measure of it.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
  },
});
