// Runs the production server (`node server/main.ts`) as a child process on a free port.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import path from "node:path";
import { testPostgresUrl } from "./postgres.ts";
import { testDatabaseTarget } from "./test-store.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

/**
 * Servers started here that have not exited. A test that times out never reaches its stop(),
 * and its server would outlive the test run, holding a port and a core: they are killed when
 * this process ends, however the tests went.
 */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** The exit code, once the process has exited (by itself or after stop()). */
  exited: Promise<number | null>;
  output(): string;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  waitUntilReady(timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A key for the servers of a run on PostgreSQL, which needs one set (ADR 033); any 32 characters. */
export const TEST_APP_SECRET = "test-secret-for-servers-on-postgresql-0123456789";

/**
 * On a run on PostgreSQL, the database that goes with `dataDir` (the test's own, if it opened
 * one there first; else a new, empty one the server migrates) and the key several instances
 * share. Nothing on SQLite: the server keeps both in DATA_DIR.
 */
export async function databaseEnv(dataDir: string): Promise<Record<string, string>> {
  if (!testPostgresUrl()) return {};
  return { DATABASE_URL: await testDatabaseTarget(dataDir, { migrated: false }), APP_SECRET: TEST_APP_SECRET };
}

export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  { cwd = ROOT, nodeArgs = [] }: { cwd?: string; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  // A caller may pin PORT (e.g. to start a second copy on a port that is taken), or set it,
  // HOST or LOG_LEVEL to a bad value to see the start refused.
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, "server/main.ts")], {
    // The server loads .env from its working directory (a test may start it in another one).
    cwd,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      ...(await databaseEnv(dataDir)),
      ...env,
      PORT: port,
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const url = `http://127.0.0.1:${port}`;

  const poll = async (check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before ${what}:\n${output}`);
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}:\n${output}`);
  };

  return {
    url,
    child,
    exited,
    output: () => output,
    waitForOutput: (pattern, timeoutMs = 60_000) => poll(() => pattern.test(output), timeoutMs, String(pattern)),
    waitUntilReady: (timeoutMs = 90_000) =>
      poll(
        async () => {
          try {
            return (await fetch(`${url}/healthz`)).status === 200;
          } catch {
            return false;
          }
        },
        timeoutMs,
        "readiness",
      ),
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
