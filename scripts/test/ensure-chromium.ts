// The browser tests drive Debian's Chromium headless shell, the benches its full browser (no
// browser downloads exist on this network; ADR 042). Install both with apt when we can;
// otherwise say how.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { CHROMIUM_HEADLESS_SHELL_PATH } from "#fixtures/chromium.ts";
import { readScriptVariable } from "#platform/env.server.ts";

export const CHROMIUM_PATH = readScriptVariable("CHROMIUM_PATH") ?? "/usr/bin/chromium";

/** Debian's packages, by the binary each puts in place. */
const PACKAGES = [
  { path: CHROMIUM_PATH, name: "chromium" },
  { path: CHROMIUM_HEADLESS_SHELL_PATH, name: "chromium-headless-shell" },
];

export function ensureChromium(): void {
  const missing = PACKAGES.filter((p) => !fs.existsSync(p.path));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name).join(" ");
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("which", ["apt-get"]).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${missing.map((p) => p.path).join(" and ")}. Install Debian's packages (sudo apt-get install ${names}), or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH to Chromium binaries.`,
    );
    process.exit(1);
  }
  console.log(`Installing Chromium for the browser tests and the bench (apt-get install ${names})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", ...missing.map((p) => p.name)], { stdio: "inherit", env });
}

if (import.meta.main) ensureChromium();
