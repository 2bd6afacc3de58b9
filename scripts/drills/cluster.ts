// Several instances of the site behind the balancer, on this machine, for the cluster drill and
// the bench: each instance is `node server/main.ts` (fixtures/server-process.ts) with a
// DATA_DIR of its own and the environment every instance shares (the database, the key, the
// bucket, the mail server), on a port it keeps when it is killed and started again; the
// balancer is nginx running docs/cluster/nginx.conf, the file the README shows, with this
// machine's ports in place of its example addresses.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { freePort, ROOT, type ServerProcess, startServer } from "#fixtures/server-process.ts";
import { makeTempDir } from "#fixtures/test-store.ts";
import { type Nginx, startNginx } from "./nginx.ts";

export const BALANCER_CONFIG = path.join(ROOT, "docs/cluster/nginx.conf");
/** An instance that is not ready this long after its start has failed to start (no demo import to do). */
const READY_TIMEOUT_MS = 120_000;

/** The upstream's `server` lines: an address, then the line's parameters. */
const UPSTREAM_SERVER = /^([ \t]*server[ \t]+)\d+\.\d+\.\d+\.\d+:\d+([ \t][^\n]*)\n/gm;
const LISTEN = /^([ \t]*listen[ \t]+)80;$/m;

/**
 * docs/cluster/nginx.conf with `instancePorts` on this machine as its upstream (each with the
 * parameters of the file's first server line) and `listenPort` on loopback as its address.
 */
export function balancerConfig(listenPort: number, instancePorts: readonly number[]): string {
  const file = fs.readFileSync(BALANCER_CONFIG, "utf8");
  const servers = [...file.matchAll(UPSTREAM_SERVER)];
  const first = servers[0];
  if (!first || !LISTEN.test(file)) {
    throw new Error(`${BALANCER_CONFIG} has no upstream server lines or no "listen 80;": update balancerConfig`);
  }
  const [, indent, parameters] = first;
  const ours = instancePorts.map((port) => `${indent}127.0.0.1:${port}${parameters}\n`).join("");
  let placed = false;
  return file
    .replace(UPSTREAM_SERVER, () => {
      // The first example line becomes ours; the others go.
      if (placed) return "";
      placed = true;
      return ours;
    })
    .replace(LISTEN, `$1127.0.0.1:${listenPort};`);
}

export interface Balancer {
  url: string;
  port: number;
  nginx: Nginx;
}

/** nginx on `port` (a free one by default) in front of the instances on `instancePorts`. */
export async function startBalancer(instancePorts: readonly number[], port?: number): Promise<Balancer> {
  const listenPort = port ?? (await freePort());
  const nginx = await startNginx(balancerConfig(listenPort, instancePorts), listenPort);
  return { url: `http://127.0.0.1:${listenPort}`, port: listenPort, nginx };
}

/** A key for the instances of one run (APP_SECRET is required on PostgreSQL: ADR 033). */
export function newAppSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The database URL one start of an instance connects with: `run` as PostgreSQL's
 * application_name, which the drill's bookkeeping in the database records beside each change.
 */
export function databaseUrlFor(databaseUrl: string, run: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set("application_name", run);
  return url.toString();
}

export interface Instance {
  /** "a", "b", ... */
  name: string;
  port: number;
  url: string;
  dataDir: string;
  /** This start's name: the instance's and how often it was started ("a-1", then "a-2"). */
  run: string;
  /** The process of the current start. */
  server(): ServerProcess;
  /** What each start printed, by its run name. */
  outputs(): { run: string; output: string }[];
  /** Kills the process at once (SIGKILL): no shutdown, no finished work, connections cut. */
  kill(): Promise<void>;
  /** Starts it again on the same port and DATA_DIR; resolves once it is ready. */
  restart(): Promise<void>;
  /** Stops it (SIGTERM, or SIGKILL if it is killed already) and removes its DATA_DIR. */
  stop(): Promise<void>;
}

/**
 * Starts the instance `name` with `env` (the variables every instance shares) and waits until
 * it is ready (`readyTimeoutMs`: longer for a first start that imports the demo). With
 * `databaseUrl`, each start connects under its own application_name (run).
 */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  { databaseUrl, readyTimeoutMs = READY_TIMEOUT_MS }: { databaseUrl?: string; readyTimeoutMs?: number } = {},
): Promise<Instance> {
  const port = await freePort();
  const dataDir = makeTempDir(`studio-cluster-${name}-`);
  let starts = 0;
  let current: ServerProcess | undefined;
  const runs: { run: string; process: ServerProcess }[] = [];
  const start = async () => {
    starts++;
    const run = `${name}-${starts}`;
    current = await startServer(dataDir, {
      ...env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrlFor(databaseUrl, run) } : {}),
      PORT: String(port),
    });
    runs.push({ run, process: current });
    try {
      await current.waitUntilReady(readyTimeoutMs);
    } catch (error) {
      await current.stop("SIGKILL");
      throw error;
    }
  };
  await start();
  const server = () => {
    if (!current) throw new Error(`instance ${name} has not started`);
    return current;
  };
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    get run() {
      return `${name}-${starts}`;
    },
    server,
    outputs: () => runs.map(({ run, process }) => ({ run, output: process.output() })),
    async kill() {
      await server().stop("SIGKILL");
    },
    restart: start,
    async stop() {
      await current?.stop("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
