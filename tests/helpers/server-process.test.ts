// The server helper's safety net: a server a test started and never stopped (the test timed
// out) dies with the test process instead of running on.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

const GONE_WITHIN_MS = 10_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

it("kills a server left running when the process that started it exits", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-orphan-"));
  const pid = 0;
  try {
    const helper = path.join(import.meta.dirname, "server-process.ts");
    // A process that starts a server, waits until it is ready and quiet (nothing more to log,
    // so a closed pipe cannot end it), and exits without stopping it, printing its pid.
    const script = `const { startServer } = await import(${JSON.stringify(helper)});
      const server = await startServer(${JSON.stringify(dataDir)}, { DEMO_CONTENT: "off", LOG_LEVEL: "warn" });
      await server.waitUntilReady();
      console.log(server.child.pid);
      process.exit(0);`;
    const pid = Number(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }).trim(),
    );
    expect(pid).toBeGreaterThan(0);
    const deadline = Date.now() + GONE_WITHIN_MS;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid)).toBe(false);
  } finally {
    // Were it to fail, the server it found must not outlive this test either.
    if (pid > 0 && alive(pid)) process.kill(pid, "SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
});
