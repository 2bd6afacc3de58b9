// Builds the production bundle when it is missing or older than any source file, so that
// `npm start` on a fresh clone (or after a pull) always serves the current code.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const stamp = path.join(root, "build/server/index.js");
const SOURCES = [
  "app",
  "domain",
  "platform",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const sources = Math.max(...SOURCES.map(newestMtime));
if (built < sources) {
  console.log(built === 0 ? "Building the site (first start)…" : "Sources changed since the last build; rebuilding…");
  // Always the production bundle: run from Vitest's setup, NODE_ENV is "test", and Vite would
  // then build React's development code (a 394 KB entry instead of 211 KB) for every later start.
  execFileSync("npx", ["react-router", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}
