// The browser tests and the Lighthouse bench drive Debian's Chromium (no browser downloads
// exist on this network). Install it with apt when we can; otherwise say how.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { readScriptVariable } from "#platform/env.server.ts";

export const CHROMIUM_PATH = readScriptVariable("CHROMIUM_PATH") ?? "/usr/bin/chromium";

export function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("which", ["apt-get"]).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install Debian's package (sudo apt-get install chromium), or set CHROMIUM_PATH to a Chromium binary.`,
    );
    process.exit(1);
  }
  console.log("Installing Chromium for the browser tests (apt-get install chromium)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
}

if (import.meta.main) ensureChromium();
